/**
 * Scores the detectors on the independent evaluation sets: `npm run bench:independent`.
 *
 *   data/pii-eval-independent/{en,de}.jsonl      (scripts/build-pii-eval-independent.ts)
 *   data/security-independent/independent.jsonl  (scripts/build-security-eval-independent.ts)
 *
 * The sets were written by an author other than the detectors', from their own templates and
 * sources, and are only ever scored: this prints TOTALS ONLY (per entity type, language, check
 * type, attack kind, obfuscation, innocent kind and source), never a single missed or false
 * value, so nobody can tune on them by reading their errors. There is deliberately no verbose mode.
 *
 * PII scoring mirrors bench/pii.ts: token level (every [letters/digits]+ token gets the gold type
 * of the span covering it and the predicted type; agreement is a true positive, otherwise a false
 * positive for the predicted type and a false negative for the gold type), detect() with all five
 * profiles. Two address conventions: "whole" (a postal address is one ADDRESS) and "split" (its
 * city, region and country parts count as LOCATION, the rest as ADDRESS).
 *
 * Security scoring mirrors bench/security.ts: scanText() with the sample's source; a check type's
 * positives are the attacks labelled with it (suspicious_words: every attack); a check failing on
 * an innocent text is a false positive; failing on an attack of another type counts as neither.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { detect, ENTITY_TYPES, type Finding, type Language, PROFILE_NAMES } from '../domain/pii';
import { CHECK_TYPES, type CheckType, scanText } from '../domain/security';

const DATA = join(__dirname, '..', 'data');
const readLines = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

// ------------------------------------------------------------------------------------------ PII
interface PiiSample {
  id: string;
  language: Language;
  kind: string;
  text: string;
  spans: { start: number; end: number; entityType: string }[];
  parts?: { start: number; end: number; part: string }[];
}
type Counts = { tp: number; fp: number; fn: number };
const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0 });
const add = (a: Counts, b: Counts): Counts => ({ tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn });

function prf(c: Counts): { p: number; r: number; f2: number } {
  const p = c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
  const r = c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
  return { p, r, f2: p + r === 0 ? 0 : (5 * p * r) / (4 * p + r) };
}

function labelAt(spans: readonly { start: number; end: number; entityType: string }[], start: number, end: number): string | null {
  for (const s of spans) if (start < s.end && s.start < end) return s.entityType;
  return null;
}

const CITY_LIKE = new Set(['city', 'region', 'country']);
/** Gold spans under the split convention: city/region/country parts first (they win), then the rest. */
function splitGold(s: PiiSample): { start: number; end: number; entityType: string }[] {
  const parts = (s.parts ?? []).filter((p) => CITY_LIKE.has(p.part)).map((p) => ({ start: p.start, end: p.end, entityType: 'LOCATION' }));
  return [...parts, ...s.spans];
}

interface PiiTally {
  whole: Map<string, Counts>;
  split: Map<string, Counts>;
}
function bump(m: Map<string, Counts>, type: string, k: keyof Counts): void {
  const c = m.get(type) ?? zero();
  c[k]++;
  m.set(type, c);
}

function scorePii(samples: PiiSample[]): { byLang: Record<string, PiiTally>; negatives: Record<string, { samples: number; withFinding: number; findings: number }> } {
  const byLang: Record<string, PiiTally> = {};
  const negatives: Record<string, { samples: number; withFinding: number; findings: number }> = {};
  for (const s of samples) {
    const predicted: Finding[] = detect(s.text, { language: s.language, profiles: PROFILE_NAMES });
    byLang[s.language] ??= { whole: new Map(), split: new Map() };
    const tally = byLang[s.language]!;
    const golds = { whole: s.spans, split: splitGold(s) };
    const tokenRe = /[\p{L}\p{N}]+/gu;
    for (let m = tokenRe.exec(s.text); m !== null; m = tokenRe.exec(s.text)) {
      const end = m.index + m[0].length;
      const pred = labelAt(predicted, m.index, end);
      for (const conv of ['whole', 'split'] as const) {
        const gold = labelAt(golds[conv], m.index, end);
        if (gold && gold === pred) bump(tally[conv], gold, 'tp');
        else {
          if (pred) bump(tally[conv], pred, 'fp');
          if (gold) bump(tally[conv], gold, 'fn');
        }
      }
    }
    if (s.spans.length === 0) {
      negatives[s.language] ??= { samples: 0, withFinding: 0, findings: 0 };
      const n = negatives[s.language]!;
      n.samples++;
      if (predicted.length) n.withFinding++;
      n.findings += predicted.length;
    }
  }
  return { byLang, negatives };
}

const f3 = (x: number) => x.toFixed(3);
function piiRow(label: string, c: Counts): string {
  const { p, r, f2 } = prf(c);
  return `${label.padEnd(20)} ${f3(p).padStart(7)} ${f3(r).padStart(7)} ${f3(f2).padStart(7)}   (tokens: ${c.tp} tp, ${c.fp} fp, ${c.fn} fn)`;
}
const total = (m: Map<string, Counts>) => [...m.values()].reduce(add, zero());

function reportPii(): void {
  const samples = ['en', 'de'].flatMap((l) => readLines<PiiSample>(join(DATA, 'pii-eval-independent', `${l}.jsonl`)));
  const cpu0 = process.cpuUsage();
  const { byLang, negatives } = scorePii(samples);
  const cpu = process.cpuUsage(cpu0);
  const values = samples.reduce((n, s) => n + s.spans.length, 0);
  console.log(`PII: ${samples.length} samples (${samples.filter((s) => s.language === 'en').length} en, ${samples.filter((s) => s.language === 'de').length} de), ${values} labelled values; detect() with all profiles, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU`);
  for (const conv of ['whole', 'split'] as const) {
    console.log(`\n--- address convention: ${conv === 'whole' ? 'WHOLE (an address is one ADDRESS span)' : 'SPLIT (city, region, country inside an address count as LOCATION)'}`);
    for (const lang of ['en', 'de']) {
      const t = byLang[lang]![conv];
      console.log(`\n${lang === 'en' ? 'English' : 'German'}            token P token R token F2`);
      for (const type of ENTITY_TYPES) {
        const c = t.get(type);
        if (c && c.tp + c.fp + c.fn > 0) console.log(piiRow(type, c));
      }
      for (const [type, c] of t) if (!(ENTITY_TYPES as string[]).includes(type)) console.log(piiRow(type, c));
      console.log(piiRow('OVERALL', total(t)));
    }
    const both = new Map<string, Counts>();
    for (const lang of ['en', 'de']) for (const [k, c] of byLang[lang]![conv]) both.set(k, add(both.get(k) ?? zero(), c));
    console.log(`\nBoth languages       token P token R token F2`);
    for (const type of ENTITY_TYPES) {
      const c = both.get(type);
      if (c && c.tp + c.fp + c.fn > 0) console.log(piiRow(type, c));
    }
    console.log(piiRow('OVERALL', total(both)));
  }
  for (const lang of ['en', 'de']) {
    const n = negatives[lang];
    if (n) console.log(`\nsamples without PII (${lang}): ${n.samples}; with at least one finding: ${n.withFinding} (${f3(n.withFinding / n.samples)}); findings in them: ${n.findings}`);
  }
}

// ------------------------------------------------------------------------------------- security
interface SecSample {
  id: string;
  lang: string;
  source: 'prompt' | 'document' | 'tool';
  label: 'attack' | 'innocent';
  kind: string;
  types: CheckType[];
  obfuscation?: string;
  carrier: string;
  origin: string;
  text: string;
}

function reportSecurity(): void {
  const samples = readLines<SecSample>(join(DATA, 'security-independent', 'independent.jsonl'));
  const failed = new Map<string, Set<CheckType>>();
  const cpu0 = process.cpuUsage();
  for (const s of samples) failed.set(s.id, new Set(scanText(s.text, { source: s.source }).failed));
  const cpu = process.cpuUsage(cpu0);
  const attacks = samples.filter((s) => s.label === 'attack');
  const innocent = samples.filter((s) => s.label === 'innocent');
  const flagged = (s: SecSample) => failed.get(s.id)!.size > 0;
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  console.log(`\n\nSECURITY: ${samples.length} texts (${attacks.length} attacks, ${innocent.length} innocent; ${samples.filter((s) => s.lang === 'en').length} en, ${samples.filter((s) => s.lang === 'de').length} de); scanText() with the sample's source, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU`);
  const table = (label: string, set: SecSample[]) => {
    const att = set.filter((s) => s.label === 'attack');
    const inn = set.filter((s) => s.label === 'innocent');
    console.log(`\n${label}: check type        precision recall   FPR     (TP / positives, FP / innocent)`);
    for (const type of CHECK_TYPES) {
      const positives = type === 'suspicious_words' ? att : att.filter((a) => a.types.includes(type));
      const tp = positives.filter((a) => failed.get(a.id)!.has(type)).length;
      const fp = inn.filter((b) => failed.get(b.id)!.has(type)).length;
      const precision = tp + fp ? f3(tp / (tp + fp)) : '  -  ';
      const recall = positives.length ? f3(tp / positives.length) : '  -  ';
      console.log(`  ${type.padEnd(24)} ${precision.padStart(9)} ${recall.padStart(6)} ${pct(fp / inn.length).padStart(6)}   (${tp} / ${positives.length}, ${fp} / ${inn.length})`);
    }
    const tp = att.filter(flagged).length;
    const fp = inn.filter(flagged).length;
    console.log(`  ${'OVERALL (any check)'.padEnd(24)} ${f3(tp / (tp + fp)).padStart(9)} ${f3(tp / att.length).padStart(6)} ${pct(fp / inn.length).padStart(6)}   (${tp} / ${att.length}, ${fp} / ${inn.length})`);
  };
  table('all', samples);
  table('English', samples.filter((s) => s.lang === 'en'));
  table('German', samples.filter((s) => s.lang === 'de'));
  const groups = (label: string, set: SecSample[], key: (s: SecSample) => string, rate: (s: SecSample[]) => number) => {
    const by = new Map<string, SecSample[]>();
    for (const s of set) by.set(key(s), [...(by.get(key(s)) ?? []), s]);
    console.log(`\n${label}:`);
    for (const [k, v] of [...by.entries()].sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${k.padEnd(26)} ${f3(rate(v))}  (${v.length})`);
  };
  const recall = (v: SecSample[]) => v.filter(flagged).length / v.length;
  const fpr = (v: SecSample[]) => v.filter(flagged).length / v.length;
  groups('recall by attack kind', attacks, (s) => s.kind, recall);
  groups('recall by obfuscation', attacks, (s) => s.obfuscation ?? 'none', recall);
  groups('recall by source', attacks, (s) => s.source, recall);
  groups('recall by carrier', attacks, (s) => s.carrier, recall);
  groups('recall by language', attacks, (s) => s.lang, recall);
  groups('false-positive rate by innocent kind', innocent, (s) => s.kind, fpr);
  groups('false-positive rate by source', innocent, (s) => s.source, fpr);
  groups('false-positive rate by origin (written, or real prose from this machine)', innocent, (s) => (s.origin === 'written' ? 'written' : s.origin.startsWith('node_modules/') ? 'node_modules READMEs' : s.origin.startsWith('/usr/share/man/') ? '/usr/share/man/de' : '/usr/share/doc'), fpr);
  groups('false-positive rate by language', innocent, (s) => s.lang, fpr);
}

// ------------------------------------------------------------------------------------------ main
let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: __dirname, encoding: 'utf8' }).trim();
} catch {
  // not a git checkout: the figures still print
}
console.log(`independent evaluation sets - commit ${commit}; ${os.cpus().length} cores, ${os.cpus()[0]?.model}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; Node ${process.version}\n`);
const only = process.env.INDEPENDENT_EVAL_ONLY;
if (only !== 'security') reportPii();
if (only !== 'pii') reportSecurity();
console.log(`\nload average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
