/**
 * PII detection benchmark: `npm run bench:pii`.
 *
 * Runs domain/pii detect() (all five profiles) over the labelled evaluation set in data/pii-eval
 * (built by scripts/build-pii-eval.ts) and prints precision, recall and F2 per entity type and
 * overall, then throughput in MB/s of text on one core.
 *
 * Scoring is token-level, as in Presidio's evaluator (so the figures compare with its published
 * 0.618 F2): every word token ([letters/digits]+) gets the gold type of the span covering it (or
 * none) and the predicted type; a token is a true positive for a type when both agree, a false
 * positive for the predicted type and a false negative for the gold type when they differ.
 * Span-level exact-match figures are printed too (a stricter view).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detect, ENTITY_TYPES, type Finding, type Language, PROFILE_NAMES } from '../domain/pii';

interface Span {
  start: number;
  end: number;
  entityType: string;
}
interface Sample {
  id: string;
  language: Language;
  split: 'dev' | 'heldout' | 'tune';
  text: string;
  spans: Span[];
}

function loadFiles(dir: string, files: string[]): Sample[] {
  return files.flatMap((file) =>
    readFileSync(join(__dirname, '..', 'data', dir, `${file}.jsonl`), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Sample),
  );
}

type Counts = { tp: number; fp: number; fn: number };
const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0 });

function labelAt(spans: { start: number; end: number; entityType: string }[], start: number, end: number): string | null {
  for (const s of spans) if (start < s.end && s.start < end) return s.entityType;
  return null;
}

function f2(c: Counts): { p: number; r: number; f2: number } {
  const p = c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
  const r = c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
  const f = p + r === 0 ? 0 : (5 * p * r) / (4 * p + r);
  return { p, r, f2: f };
}

/** The old set (issue 5) and the outside set (issue 18, scripts/build-pii-eval-outside.ts). */
const oldSet = loadFiles('pii-eval', ['en', 'de', 'en-heldout', 'de-heldout']);
const outside = loadFiles('pii-eval-outside', ['en-tune', 'de-tune', 'en-heldout', 'de-heldout']);
const samples = [...oldSet, ...outside];
const opts = (language: Language) => ({ language, profiles: PROFILE_NAMES });
const errors: string[] = [];
/**
 * PII_BENCH_VERBOSE=1 lists every miss and false alarm of the old set and of the outside set's
 * TUNE part. The outside set's held-out part is only ever scored: its errors are never printed, so
 * nobody tunes on them by accident.
 */
const verbose = !!process.env.PII_BENCH_VERBOSE;
/** PII_BENCH_QUICK=1 skips the throughput runs (for quick accuracy checks). */
const quick = !!process.env.PII_BENCH_QUICK;

function get(m: Map<string, Counts>, k: string): Counts {
  let c = m.get(k);
  if (!c) {
    c = zero();
    m.set(k, c);
  }
  return c;
}

const outsideHeldout = (s: Sample) => s.id.includes('-heldout-') && outside.includes(s);

/** Token-level and span-level counts per entity type over a set of samples. */
function score(set: Sample[]): { tokens: Map<string, Counts>; spans: Map<string, Counts> } {
  const tokens = new Map<string, Counts>();
  const spans = new Map<string, Counts>();
  for (const s of set) {
    const predicted: Finding[] = detect(s.text, opts(s.language));
    const log = verbose && !outsideHeldout(s);
    const tokenRe = /[\p{L}\p{N}]+/gu;
    for (let m = tokenRe.exec(s.text); m !== null; m = tokenRe.exec(s.text)) {
      const gold = labelAt(s.spans, m.index, m.index + m[0].length);
      const pred = labelAt(predicted, m.index, m.index + m[0].length);
      if (gold && gold === pred) get(tokens, gold).tp++;
      else {
        if (pred) get(tokens, pred).fp++;
        if (gold) get(tokens, gold).fn++;
      }
    }
    for (const g of s.spans) {
      if (predicted.some((p) => p.start === g.start && p.end === g.end && p.entityType === g.entityType)) get(spans, g.entityType).tp++;
      else {
        get(spans, g.entityType).fn++;
        if (log) errors.push(`FN ${g.entityType} ${JSON.stringify(s.text.slice(g.start, g.end))} in ${s.id}: ${JSON.stringify(s.text)}`);
      }
    }
    for (const p of predicted) {
      if (!s.spans.some((g) => p.start === g.start && p.end === g.end && p.entityType === g.entityType)) {
        get(spans, p.entityType).fp++;
        if (log) errors.push(`FP ${p.entityType} ${JSON.stringify(p.text)} (${p.source} ${p.score}) in ${s.id}: ${JSON.stringify(s.text)}`);
      }
    }
  }
  return { tokens, spans };
}

const pct = (x: number) => x.toFixed(3);
const sum = (m: Map<string, Counts>) => [...m.values()].reduce((a, c) => ({ tp: a.tp + c.tp, fp: a.fp + c.fp, fn: a.fn + c.fn }), zero());
const row = (label: string, t: Counts, sp: Counts) => {
  const a = f2(t);
  const b = f2(sp);
  return `${label.padEnd(22)} ${pct(a.p).padStart(7)}  ${pct(a.r).padStart(7)}  ${pct(a.f2).padStart(8)} | ${pct(b.p).padStart(7)}  ${pct(b.r).padStart(7)}  ${pct(b.f2).padStart(7)}`;
};
const describe = (set: Sample[]) =>
  `${set.length} samples (${set.filter((s) => s.language === 'en').length} en, ${set.filter((s) => s.language === 'de').length} de), ${set.reduce((n, s) => n + s.spans.length, 0)} labelled values`;

// --- The old set (data/pii-eval): per type, then per split and language.
const all = score(oldSet);
console.log(`OLD SET (data/pii-eval, issue 5): ${describe(oldSet)}; ${oldSet.filter((s) => s.split === 'heldout').length} from held-out templates`);
console.log('');
console.log('entity type            token P  token R  token F2 | span P   span R   span F2');
for (const type of ENTITY_TYPES) console.log(row(type, get(all.tokens, type), get(all.spans, type)));
console.log(row('OVERALL', sum(all.tokens), sum(all.spans)));
console.log('');
for (const [label, filter] of [
  ['dev templates', (s: Sample) => s.split !== 'heldout'],
  ['held-out templates', (s: Sample) => s.split === 'heldout'],
  ['English', (s: Sample) => s.language === 'en'],
  ['German', (s: Sample) => s.language === 'de'],
] as const) {
  const r = score(oldSet.filter(filter));
  console.log(row(`OVERALL ${label}`.slice(0, 22), sum(r.tokens), sum(r.spans)));
}

// --- The outside set (data/pii-eval-outside): one table per part, types present in it only.
console.log(`\nOUTSIDE SET (data/pii-eval-outside, issue 18): ${describe(outside)}`);
const parts: [string, (s: Sample) => boolean][] = [
  ['English, tune part', (s) => s.language === 'en' && s.split === 'tune'],
  ['English, HELD-OUT part', (s) => s.language === 'en' && s.split === 'heldout'],
  ['German, tune part', (s) => s.language === 'de' && s.split === 'tune'],
  ['German, HELD-OUT part', (s) => s.language === 'de' && s.split === 'heldout'],
];
const overall: [string, Counts, Counts][] = [];
for (const [label, filter] of parts) {
  const set = outside.filter(filter);
  const r = score(set);
  console.log(`\n${label}: ${describe(set)}`);
  console.log('entity type            token P  token R  token F2 | span P   span R   span F2');
  for (const type of ENTITY_TYPES) {
    const t = get(r.tokens, type);
    if (t.tp + t.fp + t.fn === 0) continue;
    console.log(row(type, t, get(r.spans, type)));
  }
  console.log(row('OVERALL', sum(r.tokens), sum(r.spans)));
  overall.push([label, sum(r.tokens), sum(r.spans)]);
}
console.log('\nOUTSIDE SET, overall    token P  token R  token F2 | span P   span R   span F2');
for (const [label, t, sp] of overall) console.log(row(label, t, sp));
if (errors.length) console.log(`\n${[...new Set(errors)].join('\n')}`);
if (quick) process.exit(0);

// Throughput: one large text (the whole set joined, repeated to ~2 MB) and sentence by sentence.
// Measured as CPU time of this process (one thread), so other load on a shared machine does not
// count against it; wall-clock time is printed beside it.
function measure(run: () => number): { cpuSecs: number; wallSecs: number; bytes: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const bytes = run();
  const c = process.cpuUsage(c0);
  return { cpuSecs: (c.user + c.system) / 1e6, wallSecs: (performance.now() - t0) / 1000, bytes };
}
for (const lang of ['en', 'de'] as Language[]) {
  const joined = samples
    .filter((s) => s.language === lang)
    .map((s) => s.text)
    .join('\n');
  const big = joined.repeat(Math.ceil(2_000_000 / joined.length));
  detect(joined, opts(lang)); // warm up
  const m = measure(() => {
    detect(big, opts(lang));
    return Buffer.byteLength(big);
  });
  const mb = m.bytes / 1e6;
  console.log(`\nthroughput ${lang}: ${(mb / m.cpuSecs).toFixed(2)} MB/s per core (one ${mb.toFixed(1)} MB text: ${m.cpuSecs.toFixed(2)} s CPU, ${m.wallSecs.toFixed(2)} s wall)`);
}
{
  const m = measure(() => {
    let bytes = 0;
    for (let r = 0; r < 5; r++) {
      for (const s of samples) {
        detect(s.text, opts(s.language));
        bytes += Buffer.byteLength(s.text);
      }
    }
    return bytes;
  });
  console.log(`throughput per sentence: ${(m.bytes / 1e6 / m.cpuSecs).toFixed(2)} MB/s per core (${Math.round((samples.length * 5) / m.cpuSecs)} sentences/s of CPU)`);
}
