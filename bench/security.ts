/**
 * Security scanner benchmark: `npm run bench:security`.
 *
 * Runs scanText() of domain/security (all five checks) over the labelled set in data/security
 * (built by scripts/build-security-eval.ts) and prints, for the training, dev and held-out parts
 * separately: per check type precision, recall and false-positive rate on innocent prompts,
 * and the same for the overall verdict; recall per attack kind, obfuscation and language. Then
 * throughput: the time of a full scan of 4 KB of text, p50 and p99 on one core.
 *
 * Counting per check type: an attack counts for a check when the check is among the attack's
 * labelled types; a check failing on an innocent prompt is a false positive; a check failing on an
 * attack of another type is neither (the prompt is an attack; the verdict is right).
 *
 *   SECURITY_BENCH_ERRORS=train   also list a part's misses and false positives (train or dev; the
 *                                 held-out part is for measuring, not for reading errors)
 *   SECURITY_BENCH_SPLIT=train,dev  score these parts only ("unseen" names the unseen-author sets)
 *
 * Unseen authors: data/security/secauthor3/ and secauthor4/ were written by two more authors who
 * saw neither the scanner nor its data, and are kept out of training (the trainer reads only
 * train.jsonl, the authored* directories and the project prose). They are scored here as the
 * closest stand-in for an outside benchmark: other people's phrasing, not other templates of the
 * scanner's own author. Read totals only; their errors are not for tuning.
 *   SECURITY_BENCH_ITER=2000      scans per throughput sample
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { CHECK_TYPES, type CheckType, scanText } from '../domain/security';

interface Sample {
  id: string;
  split: 'train' | 'heldout' | 'dev';
  lang: string;
  source: 'prompt' | 'document' | 'tool';
  label: 'attack' | 'benign';
  kind: string;
  family: string;
  types: CheckType[];
  obfuscation?: string;
  text: string;
}

const dir = join(__dirname, '..', 'data', 'security');
const load = (split: string): Sample[] =>
  readFileSync(join(dir, `${split}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Sample);

const onlySplit = process.env.SECURITY_BENCH_SPLIT;
const showErrors = process.env.SECURITY_BENCH_ERRORS;
const splits = (['train', 'dev', 'heldout'] as const).filter((s) => !onlySplit || onlySplit.split(',').includes(s));

const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '  -  ');
const pct = (x: number) => `${(100 * x).toFixed(2)}%`;

function report(split: string, samples: Sample[], totalsOnly = false): void {
  const attacks = samples.filter((s) => s.label === 'attack');
  const benign = samples.filter((s) => s.label === 'benign');
  const results = new Map<string, { failed: Set<CheckType>; scores: Record<string, number> }>();
  for (const s of samples) {
    const r = scanText(s.text, { source: s.source });
    results.set(s.id, { failed: new Set(r.failed), scores: Object.fromEntries(r.checks.map((c) => [c.type, c.score])) });
  }
  console.log(`\n=== ${split}: ${samples.length} prompts (${attacks.length} attacks, ${benign.length} innocent)`);
  console.log('check type           precision  recall    FPR      (TP / positives, FP / innocent)');
  for (const type of CHECK_TYPES) {
    // suspicious_words is a lexicon over every kind of attack: all attacks are its positives.
    const positives = type === 'suspicious_words' ? attacks : attacks.filter((a) => a.types.includes(type));
    const tp = positives.filter((a) => results.get(a.id)!.failed.has(type)).length;
    const fp = benign.filter((b) => results.get(b.id)!.failed.has(type)).length;
    const precision = tp / (tp + fp);
    console.log(`${type.padEnd(20)} ${f3(precision).padStart(9)}  ${f3(tp / positives.length).padStart(6)}  ${pct(fp / benign.length).padStart(7)}   (${tp} / ${positives.length}, ${fp} / ${benign.length})`);
  }
  const tp = attacks.filter((a) => results.get(a.id)!.failed.size > 0).length;
  const fp = benign.filter((b) => results.get(b.id)!.failed.size > 0).length;
  console.log(`${'OVERALL'.padEnd(20)} ${f3(tp / (tp + fp)).padStart(9)}  ${f3(tp / attacks.length).padStart(6)}  ${pct(fp / benign.length).padStart(7)}   (${tp} / ${attacks.length}, ${fp} / ${benign.length})`);
  const groups = (key: (s: Sample) => string | undefined, set: Sample[], label: string) => {
    const by = new Map<string, Sample[]>();
    for (const s of set) {
      const k = key(s);
      if (k) by.set(k, [...(by.get(k) ?? []), s]);
    }
    const parts = [...by.entries()].sort().map(([k, v]) => {
      const hit = v.filter((s) => (results.get(s.id)!.failed.size > 0) === (s.label === 'attack')).length;
      return `${k} ${f3(hit / v.length)} (${v.length})`;
    });
    console.log(`${label}: ${parts.join(', ')}`);
  };
  // Totals only (the unseen-author sets): language and source, never the kinds, which would point
  // at what to tune.
  if (!totalsOnly) groups((s) => s.kind, attacks, 'recall by attack kind');
  if (!totalsOnly) groups((s) => s.obfuscation, attacks, 'recall by obfuscation');
  groups((s) => s.lang, attacks, 'recall by language');
  groups((s) => s.source, attacks, 'recall by source');
  if (!totalsOnly) groups((s) => s.kind, benign, 'innocent passed by kind');
  groups((s) => s.lang, benign, 'innocent passed by language');
  groups((s) => s.source, benign, 'innocent passed by source');
  if (showErrors === split && !totalsOnly) {
    for (const a of attacks) {
      const r = results.get(a.id)!;
      if (r.failed.size === 0) console.log(`MISS ${a.id} [${a.types}] ${JSON.stringify(r.scores)} ${JSON.stringify(a.text.slice(0, 300))}`);
      else {
        const missing = a.types.filter((t) => !r.failed.has(t));
        if (missing.length) console.log(`PART ${a.id} missing ${missing} ${JSON.stringify(r.scores)} ${JSON.stringify(a.text.slice(0, 200))}`);
      }
    }
    for (const b of benign) {
      const r = results.get(b.id)!;
      if (r.failed.size > 0) {
        const full = scanText(b.text, { source: b.source });
        const why = full.checks.filter((c) => !c.passed).flatMap((c) => c.findings.map((f) => `${c.type}:${f.rule}:${f.weight}:${JSON.stringify(f.evidence.slice(0, 60))}`));
        console.log(`FP ${b.id} ${why.join(' | ')} :: ${JSON.stringify(b.text.slice(0, 200))}`);
      }
    }
  }
}

const all: Record<string, Sample[]> = {};
for (const split of splits) {
  all[split] = load(split);
  report(split, all[split]!);
}

const UNSEEN_AUTHOR_DIRS = ['secauthor3', 'secauthor4'];
if (!onlySplit || onlySplit.split(',').includes('unseen')) {
  for (const d of UNSEEN_AUTHOR_DIRS) {
    const samples = readdirSync(join(dir, d))
      .filter((f) => f.endsWith('.jsonl'))
      .sort()
      .flatMap((f) => readFileSync(join(dir, d, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Sample));
    report(`unseen author (${d}, never trained on)`, samples, true);
  }
}

// ------------------------------------------------------------------ throughput: full scan of 4 KB
function fourKb(pool: Sample[], seed: number): string {
  let s = '';
  for (let i = seed % pool.length; s.length < 4096; i = (i + 7) % pool.length) s += `${pool[i]!.text}\n\n`;
  return s.slice(0, 4096);
}
// The texts of every part (scored or not: SECURITY_BENCH_SPLIT only chooses what is scored).
const pool = (['train', 'dev', 'heldout'] as const).flatMap((split) => all[split] ?? load(split));
const innocentPool = pool.filter((s) => s.label === 'benign' && s.source === 'document');
const attackPool = pool.filter((s) => s.label === 'attack');
const iters = Number(process.env.SECURITY_BENCH_ITER ?? 5000);
console.log(`\nmachine: ${os.cpus().length} cores, ${os.cpus()[0]?.model}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; Node ${process.version}`);
for (const [label, texts] of [
  ['innocent documents', Array.from({ length: 16 }, (_, i) => fourKb(innocentPool, i * 13))],
  ['mixed prompts with attacks', Array.from({ length: 16 }, (_, i) => fourKb(attackPool, i * 17))],
] as const) {
  for (const t of texts) scanText(t); // warm up
  for (let i = 0; i < 200; i++) scanText(texts[i % texts.length]!);
  // Wall time per scan, and the process's CPU time per scan (on a shared machine the wall clock
  // also counts time the scan waited for a core; CPU time does not).
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < iters; i++) {
    const t = texts[i % texts.length]!;
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    scanText(t);
    wall.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const q = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!.toFixed(3);
  console.log(`\nfull scan of 4 KB (${label}), ${iters} scans: wall p50 ${q(wall, 0.5)} ms, p90 ${q(wall, 0.9)} ms, p99 ${q(wall, 0.99)} ms; CPU p50 ${q(cpu, 0.5)} ms, p90 ${q(cpu, 0.9)} ms`);
}
