/**
 * Trains the security scanner's classifier and writes data/security/classifier.json.
 *
 *   npm run train:security        (deterministic: the same bytes on every run and machine)
 *
 * Data: data/security/train.jsonl, the other authors' files (every .jsonl in a directory
 * data/security/authored..., without their "incident_report" lines), and as innocent text only the project's prose
 * (data/security/prose-train.jsonl) and PII sentences. The held-out and dev parts are never read
 * here. Each prompt is normalised and decoded exactly as the scanner does (domain/security's own
 * normaliser, tokenizer and view expansion), cut into the scanner's windows, and every window is
 * labelled per head: a window covering the attack span is positive for the heads of the attack's
 * content (an override is injection, a DAN prompt jailbreak, "print your system prompt" data
 * extraction), a window outside it is negative, a window half in and half out is left out. For text
 * hidden by an encoding the decoded view carries the label; the encoded gibberish is left out.
 *
 * Window classifier: one logistic regression per head over hashed features (2^18 buckets), AdaGrad
 * with L2, a fixed number of epochs over a seeded shuffle; positives weighted up to balance the
 * classes. It is shipped without offsets (its raw probability is an input of the stacked decision).
 *
 * Stacked decision (domain/security/stack.ts), round 4: five folds; window model k is trained
 * without template-family fold k and document-type fold k and scans the prompts of its fold with
 * the full scanner: their rule findings and classifier probabilities are out-of-fold evidence. Per
 * check, a ridge logistic regression over that evidence (Newton's method) is fitted on it, and
 * scored out of fold as well (trained without the prompts of fold k, scoring fold k).
 *
 * Calibration (TRAIN_CALIB=family, the default): a coordinate search over the thresholds (per
 * check, for prompts and for documents and tool results) maximises out-of-fold recall at an
 * out-of-fold false-positive rate of at most OOF_MAX_FPR, on the same family folds.
 *
 * Round 5's option (TRAIN_CALIB=author; not the shipped file's): leave one author out. Three more
 * window models, each trained without one author (train.jsonl is the first author, each
 * data/security/authored... directory another), scan that author's prompts; the stacked model,
 * fitted without that author, scores them; a coordinate search over the thresholds (per check, for
 * prompts and for documents and tool results) and a length slope (long texts need more evidence)
 * maximises the left-out authors' recall at their false-positive rate of at most OOF_MAX_FPR.
 * Rounds 1-4 chose the thresholds on the family folds (TRAIN_CALIB=family), where every fold held
 * every author, and the FPR on authors the model never saw was three times the budget every round.
 * The shipped file holds the window model trained on everything, the stacked models fitted on all
 * the family-fold evidence, and the thresholds as logit offsets (with author folds, the length
 * slope too).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ClassifierFile, type ClassifierModel, decodeModel, encodeWeights, H, HEADS, windowsOf } from '../domain/security/classifier';
import { fnv } from '../domain/security/hash';
import { normalize, type View } from '../domain/security/normalize';
import { PATTERN_RULES } from '../domain/security/rules';
import { checkScore, collectEvidence, type Evidence, maximaOf } from '../domain/security/scan';
import { decisiveWeight, decodeStack, fixedInputs, lengthTerm, NF, stackProbability, STACK_FIXED, STACK_HEADS, type StackFile } from '../domain/security/stack';
import { ALL_FEATURES, FEATURE_GRAM, tokenize } from '../domain/security/tokens';
import { CHECK_TYPES, FAIL_SCORE, type ScanSource } from '../domain/security/types';
import { derivedViews } from '../domain/security/views';
import { mulberry32 as rng } from '../lib/seeded-random';

const BITS = 18;
const SHIFT = 32 - BITS;
const D = 1 << BITS;
const FOLDS = 5;
// Chosen by out-of-fold scoring on the training part (TRAIN_QUICK=1 prints it): character 4-grams
// memorised surface forms and hurt unseen families (data_extraction recall 0.64 -> 0.78 without
// them at 0.5% FPR); fewer epochs and stronger L2 keep the heads from overconfidence.
const EPOCHS = Number(process.env.TRAIN_EPOCHS ?? 3);
const LR = Number(process.env.TRAIN_LR ?? 0.05);
const L2 = Number(process.env.TRAIN_L2 ?? 1e-3);
const POS_CAP = Number(process.env.TRAIN_POSCAP ?? 4);
const FEATURES = Number(process.env.TRAIN_FEATURES ?? ALL_FEATURES & ~FEATURE_GRAM);
const SEED = 0x5ec0de;
// The out-of-fold false-positive budget: 2.21%, where round 3's search ended (its held-out FPR was
// about three times its out-of-fold one).
const OOF_MAX_FPR = Number(process.env.TRAIN_MAX_FPR ?? 0.0221);
const VERSION = 'sec-clf-2';
// The stacked decision: ridge strength, how many training prompts a rule must match to get an
// input of its own, Newton iterations (it converges in fewer).
const STACK_L2 = Number(process.env.TRAIN_STACK_L2 ?? 1);
const STACK_MIN_RULE = 5;
const STACK_ITERS = 30;
/**
 * Rules that stay decisive on their own (their hand-set weight is the check's score when it is
 * higher than the stacked model's): structure the classifier does not read and innocent text
 * rarely has. Chat-template tokens, fake role lines and headers, markdown images and links whose
 * URL carries data, Unicode tag characters and invisible characters inside words, text hidden by an
 * encoding or obfuscation that reads as an instruction, many fake compliant turns, optimisation
 * suffixes after a harmful request. Only matches whose weight alone fails a check
 * (DECISIVE_MIN) decide; weaker ones, and all phrase rules, are inputs of the stacked model.
 */
const DECISIVE = [
  ...(process.env.TRAIN_DECISIVE ?? [...PATTERN_RULES.map((r) => r.id), 'tag_characters', 'invisible_characters', 'bidi_override', 'many_shot', 'encoded_instruction', 'obfuscated_instruction', 'adversarial_suffix'].join(',')).split(','),
].filter(Boolean);
const DECISIVE_MIN = Number(process.env.TRAIN_DECISIVE_MIN ?? 0.5);

interface Sample {
  id: string;
  split?: string;
  carrier?: string;
  source: ScanSource;
  label: 'attack' | 'benign';
  kind: string;
  family: string;
  types: string[];
  obfuscation?: string;
  spans?: { start: number; end: number }[];
  text: string;
  /** Who wrote it (index into AUTHORS; set by the trainer). */
  author?: number;
}

const trainPath = join(__dirname, '..', 'data', 'security', 'train.jsonl');
const raw = readFileSync(trainPath);
const parse = (buf: Buffer): Sample[] =>
  buf
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Sample);
// Training prompts written by other authors (data/security/authored/*.jsonl, the second author's;
// data/security/authored2/*.jsonl, the third's; any data/security/authored*/ directory, same shape,
// split "train"): directories and files in name order, appended after train.jsonl.
const securityDir = join(__dirname, '..', 'data', 'security');
const authoredFiles = readdirSync(securityDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name.startsWith('authored'))
  .map((d) => d.name)
  .sort()
  .flatMap((d) =>
    readdirSync(join(securityDir, d))
      .filter((f) => f.endsWith('.jsonl'))
      .sort()
      .map((f) => `${d}/${f}`),
  );
const authoredRaw = authoredFiles.map((f) => readFileSync(join(securityDir, f)));
// Left out of training: "incident_report" lines quote a whole attack inside a report or lesson and
// are labelled innocent (the authored README says a trainer may relabel them). A quoted attack is
// neither a clean attack nor a clean innocent example (the same reason quoting passages are left out
// of the project prose); as innocent examples they taught the model to pass attacks in documents.
const AMBIGUOUS_KINDS = new Set((process.env.TRAIN_AMBIGUOUS ?? 'incident_report').split(',').filter(Boolean));
// Authors: train.jsonl is the first author's, each data/security/authored*/ directory another's
// (the project prose is a fourth "author" when TRAIN_PROSE_FOLD=1, below).
const AUTHORS = ['train.jsonl', ...new Set(authoredFiles.map((f) => f.split('/')[0]!))];
const withAuthor = (author: number) => (s: Sample): Sample => ({ ...s, author });
const samples: Sample[] = [
  ...parse(raw).map(withAuthor(0)),
  ...authoredFiles.flatMap((f, i) =>
    parse(authoredRaw[i]!)
      .filter((s) => (s.split === undefined || s.split === 'train') && !AMBIGUOUS_KINDS.has(s.kind))
      .map(withAuthor(AUTHORS.indexOf(f.split('/')[0]!))),
  ),
];

// ------------------------------------------------------------------ windows and labels

const INJECTION_KINDS = new Set(['override', 'role_hijack', 'fake_turn', 'indirect', 'mixed_language', 'flooding']);
const ENCODED = new Set(['base64', 'hex', 'rot13', 'tags', 'spaced', 'url_encoded']);
const SOURCES: ScanSource[] = ['prompt', 'document', 'tool'];

interface Example {
  sample: number;
  /** Fold of the sample's template family, and of its carrier document type (-1: none). */
  famFold: number;
  docFold: number;
  idx: Int32Array;
  cnt: Float32Array;
  src: number;
  /** per head: 1 or 0 (windows left out are not examples) */
  y: Int8Array;
  fold: number;
  /** The sample's author (-1: extra text that trains every fold model). */
  author: number;
}

function contentHeads(s: Sample): boolean[] {
  return [INJECTION_KINDS.has(s.kind), s.types.includes('jailbreak'), s.types.includes('data_extraction')];
}

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

function examplesOf(s: Sample, fold: number, sample: number, famFold = fold, docFold = -1, author = s.author ?? -1): Example[] {
  const out: Example[] = [];
  const heads = contentHeads(s);
  const spans = s.label === 'attack' ? (s.spans ?? [{ start: 0, end: s.text.length }]) : [];
  const norm = normalize(s.text);
  const queue: View[] = [norm.main, ...norm.decoded];
  while (queue.length) {
    const view = queue.shift()!;
    const perToken: number[][] = [];
    const t = tokenize(
      view.text,
      view.folded,
      (tok, f) => {
        let list = perToken[tok];
        if (!list) {
          list = [];
          perToken[tok] = list;
        }
        list.push(f >>> SHIFT);
      },
      FEATURES,
    );
    const n = t.n;
    const starts = Array.from(t.start.subarray(0, n));
    const ends = Array.from(t.end.subarray(0, n));
    queue.push(...derivedViews(view, t, s.text));
    for (const [from, to] of windowsOf(n)) {
      let ws: number;
      let we: number;
      if (view.origin) {
        ws = view.origin.start;
        we = view.origin.end;
      } else {
        ws = view.map ? view.map[starts[from]!]! : starts[from]!;
        const e = ends[to - 1]!;
        we = view.map ? view.map[Math.min(e, view.map.length - 1)]! : e;
      }
      let label = 0; // 0 negative, 1 positive, -1 left out
      for (const sp of spans) {
        const ov = overlap(ws, we, sp.start, sp.end);
        if (ov === 0) continue;
        if (!view.origin && s.obfuscation && ENCODED.has(s.obfuscation)) label = -1;
        else if (ov >= 0.5 * Math.min(we - ws, sp.end - sp.start)) label = 1;
        else if (label === 0) label = -1;
      }
      if (label === -1) continue;
      const counts = new Map<number, number>();
      for (let j = from; j < to; j++) for (const b of perToken[j] ?? []) counts.set(b, (counts.get(b) ?? 0) + 1);
      const keys = [...counts.keys()].sort((a, b) => a - b);
      const y = new Int8Array(H);
      for (let h = 0; h < H; h++) y[h] = label === 1 && heads[h] ? 1 : 0;
      out.push({ sample, famFold, docFold, idx: Int32Array.from(keys), cnt: Float32Array.from(keys.map((k) => counts.get(k)!)), src: SOURCES.indexOf(s.source), y, fold, author });
    }
  }
  return out;
}

// Out-of-fold scheme (TRAIN_CALIB):
// - "family": model k is trained without template-family fold k and without document-type fold k.
//   A prompt carried in a document is scored by the model of its document type's fold (so the
//   document type is unseen: new kinds of documents were the first held-out run's weak spot); other
//   prompts by the model of their family's fold. Every fold mixes every author.
// - "author": leave one author out. Model k is trained without author k's prompts and scores them,
//   so the stacked decision and the thresholds are fitted on how the classifier reads an author it
//   never saw (rounds 1-4: the held-out and unseen-author FPR was about three times the family
//   folds' out-of-fold FPR, because each family fold still held the same author's innocent text).
//   With TRAIN_PROSE_FOLD=1 the project prose is an author of its own (innocent only, scored).
// The default stays "family": the author-fold calibration (round 5) met its budget on the held-out
// part but lost more recall than it saved false positives on held-out and both unseen-author sets
// (docs/PERFORMANCE.md, "Round 5"), so the shipped file is round 4's.
const CALIB = process.env.TRAIN_CALIB ?? 'family';
if (CALIB !== 'family' && CALIB !== 'author') throw new Error(`TRAIN_CALIB: family or author, not ${CALIB}`);
const PROSE_FOLD = CALIB === 'author' && process.env.TRAIN_PROSE_FOLD === '1';
const prosePath = join(__dirname, '..', 'data', 'security', 'prose-train.jsonl');
const proseRaw = readFileSync(prosePath);
if (PROSE_FOLD) {
  AUTHORS.push('prose-train.jsonl');
  samples.push(...parse(proseRaw).map(withAuthor(AUTHORS.length - 1)));
}
const NFOLDS = CALIB === 'author' ? AUTHORS.length : FOLDS;
const famFoldOf = (s: Sample) => fnv(s.family) % FOLDS;
const docFoldOf = (s: Sample) => (s.carrier ? fnv(`doc:${s.carrier}`) % FOLDS : -1);
const foldOf = (s: Sample) => (CALIB === 'author' ? s.author! : s.carrier ? docFoldOf(s) : famFoldOf(s));
const examples: Example[] = [];
samples.forEach((s, i) => {
  examples.push(...examplesOf(s, foldOf(s), i, famFoldOf(s), docFoldOf(s)));
});
const inTraining = CALIB === 'author' ? (e: Example, k: number) => e.author !== k : (e: Example, k: number) => e.famFold !== k && e.docFold !== k;

// Extra innocent text for training only (never scored): the project's own PII evaluation sentences,
// English and German, full of names, accounts, passwords and addresses in ordinary requests. They
// train every fold model (fold -1) and count in no metric.
const piiDir = join(__dirname, '..', 'data', 'pii-eval');
const extraRaw: Buffer[] = [];
for (const f of ['en.jsonl', 'de.jsonl', 'en-heldout.jsonl', 'de-heldout.jsonl']) {
  const buf = readFileSync(join(piiDir, f));
  extraRaw.push(buf);
  for (const line of buf.toString('utf8').split('\n').filter(Boolean)) {
    const { id, text } = JSON.parse(line) as { id: string; text: string };
    examples.push(...examplesOf({ id, source: 'prompt', label: 'benign', kind: 'pii_sentence', family: 'pii', types: [], text }, -1, -1, -1, -1, -1));
  }
}

// Innocent English prose from the project's own documents (scripts/security-eval/prose.ts, a
// snapshot in data/security/prose-train.jsonl): long documents, tables and code written for people.
// Training text for every fold model, like the PII sentences; counted in no metric.
// (With TRAIN_PROSE_FOLD=1 it is a scored author instead, above.)
if (!PROSE_FOLD) for (const s of parse(proseRaw)) examples.push(...examplesOf(s, -1, -1, -1, -1, -1));

// ------------------------------------------------------------------ training

interface Trained {
  w: Float64Array;
  bias: Float64Array;
  src: Float64Array;
}

function train(set: Example[]): Trained {
  const w = new Float64Array(D * H);
  const g2 = new Float64Array(D * H);
  const bias = new Float64Array(H);
  const gb = new Float64Array(H);
  const src = new Float64Array(3 * H);
  const gs = new Float64Array(3 * H);
  // Positive weight per head: balance the classes (at most 4x).
  const posW = new Float64Array(H);
  for (let h = 0; h < H; h++) {
    let pos = 0;
    let neg = 0;
    for (const e of set) {
      if (e.y[h] === 1) pos++;
      else if (e.y[h] === 0) neg++;
    }
    posW[h] = pos ? Math.min(POS_CAP, Math.max(1, neg / pos)) : 1;
  }
  const order = set.map((_, i) => i);
  const r = rng(SEED);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const oi of order) {
      const e = set[oi]!;
      for (let h = 0; h < H; h++) {
        const y = e.y[h]!;
        if (y < 0) continue;
        let z = bias[h]! + src[e.src * H + h]!;
        for (let k = 0; k < e.idx.length; k++) z += w[e.idx[k]! * H + h]! * e.cnt[k]!;
        const p = 1 / (1 + Math.exp(-z));
        const g = (p - y) * (y === 1 ? posW[h]! : 1);
        if (g === 0) continue;
        for (let k = 0; k < e.idx.length; k++) {
          const at = e.idx[k]! * H + h;
          const gi = g * e.cnt[k]! + L2 * w[at]!;
          g2[at] = g2[at]! + gi * gi;
          w[at] = w[at]! - (LR * gi) / Math.sqrt(g2[at]! + 1e-8);
        }
        gb[h] = gb[h]! + g * g;
        bias[h] = bias[h]! - (LR * g) / Math.sqrt(gb[h]! + 1e-8);
        const sa = e.src * H + h;
        gs[sa] = gs[sa]! + g * g;
        src[sa] = src[sa]! - (LR * g) / Math.sqrt(gs[sa]! + 1e-8);
      }
    }
  }
  return { w, bias, src };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

function fileOf(m: Trained, offsets: { prompt: number[]; data: number[] }, training: Record<string, unknown>): ClassifierFile {
  const enc = encodeWeights(m.w, BITS);
  return {
    version: VERSION,
    bits: BITS,
    features: FEATURES,
    heads: [...HEADS],
    bias: Array.from(m.bias, round6),
    scale: enc.scale.map((x) => Number(x.toPrecision(8))),
    offset: { prompt: offsets.prompt.map(round6), data: offsets.data.map(round6) },
    source: {
      prompt: Array.from(m.src.subarray(0, H), round6),
      document: Array.from(m.src.subarray(H, 2 * H), round6),
      tool: Array.from(m.src.subarray(2 * H, 3 * H), round6),
    },
    weights: enc.weights,
    training: { ...training, nonZeroBuckets: enc.nonZero },
  };
}

// ------------------------------------------------------------------ out-of-fold calibration

function predict(m: Trained, e: Example, h: number): number {
  let z = m.bias[h]! + m.src[e.src * H + h]!;
  for (let k = 0; k < e.idx.length; k++) z += m.w[e.idx[k]! * H + h]! * e.cnt[k]!;
  return z;
}

if (process.env.TRAIN_QUICK) {
  // Classifier alone, out of fold: per head, recall at the threshold that keeps innocent FPR <= 0.5%.
  const best = samples.map(() => new Float64Array(H).fill(-Infinity));
  for (let k = 0; k < NFOLDS; k++) {
    const m = train(examples.filter((e) => inTraining(e, k)));
    for (const e of examples) if (e.fold === k && e.sample >= 0) for (let h = 0; h < H; h++) best[e.sample]![h] = Math.max(best[e.sample]![h]!, predict(m, e, h));
  }
  for (let h = 0; h < H; h++) {
    const neg = samples.map((s, i) => (s.label === 'benign' ? best[i]![h]! : null)).filter((x): x is number => x !== null).sort((a, b) => b - a);
    const thr = neg[Math.floor(neg.length * 0.005)]!;
    const pos = samples.map((s, i) => (contentHeads(s)[h] && s.label === 'attack' ? best[i]![h]! : null)).filter((x): x is number => x !== null);
    console.log(`${HEADS[h]}: OOF recall ${(pos.filter((z) => z > thr).length / pos.length).toFixed(3)} at innocent FPR 0.5% (threshold p=${(1 / (1 + Math.exp(-thr))).toFixed(3)})`);
  }
  process.exit(0);
}

console.log(`${samples.length} training prompts, ${examples.length} windows; training ${NFOLDS} fold models (${CALIB === 'author' ? `leave one author out: ${AUTHORS.join(', ')}` : 'template families and document types'})...`);
const ZERO = { prompt: [0, 0, 0], data: [0, 0, 0] };
const foldModels: ClassifierModel[] = [];
for (let k = 0; k < NFOLDS; k++) foldModels.push(decodeModel(fileOf(train(examples.filter((e) => inTraining(e, k))), ZERO, {})));

// ------------------------------------------------------------------ the stacked decision (domain/security/stack.ts)
//
// Every training prompt is scanned once by the classifier of its fold (one that never saw its
// family or document type): its rule findings and the classifier's window probabilities are the
// out-of-fold evidence the stacked model learns from. The stacked model is then itself scored out
// of fold (trained without the prompts of fold k, scoring fold k), and the thresholds are chosen on
// those scores.
const evidence: Evidence[] = samples.map((s) => collectEvidence(s.text, { source: s.source }, foldModels[foldOf(s)]!));
const sampleFold = samples.map(foldOf);

// Rules alone (the hand-set weights as a noisy-or), for reference.
const rulesAloneFails = evidence.map((ev) => {
  const bare: Evidence = { ...ev, findings: Object.fromEntries(CHECK_TYPES.map((c) => [c, ev.findings[c].filter((f) => f.rule !== 'classifier')])) as Evidence['findings'] };
  return CHECK_TYPES.some((c) => checkScore(bare, c, null) >= FAIL_SCORE);
});
// TRAIN_AVG=macro (author folds only): recall and FPR are the mean over the authors (each left-out
// author counts the same, however many prompts it wrote); "pooled" counts prompts.
const AVG = CALIB === 'author' ? (process.env.TRAIN_AVG ?? 'pooled') : 'pooled';
const rateOf = (fails: boolean[]) => (AVG === 'macro' ? macroRateOf(fails) : pooledRateOf(fails));
const macroRateOf = (fails: boolean[]) => {
  const parts = AUTHORS.map((_, a) => pooledRateOf(fails, (s) => s.author === a));
  const withAttacks = parts.filter((p) => Number.isFinite(p.recall));
  return {
    recall: withAttacks.reduce((x, p) => x + p.recall, 0) / withAttacks.length,
    fpr: parts.reduce((x, p) => x + p.fpr, 0) / parts.length,
  };
};
const pooledRateOf = (fails: boolean[], inPart: (s: Sample, i: number) => boolean = () => true) => {
  let tp = 0;
  let attacks = 0;
  let fp = 0;
  let benign = 0;
  samples.forEach((s, i) => {
    if (!inPart(s, i)) return;
    if (s.label === 'attack') {
      attacks++;
      if (fails[i]) tp++;
    } else {
      benign++;
      if (fails[i]) fp++;
    }
  });
  return { recall: tp / attacks, fpr: fp / benign };
};
const rulesOnly = rateOf(rulesAloneFails);
console.log(`rules alone, out of fold: recall ${rulesOnly.recall.toFixed(4)}, FPR ${(100 * rulesOnly.fpr).toFixed(2)}%`);

// The other two checks (suspicious_words, size_analysis) keep their hand-set fusion.
const otherFails = evidence.map((ev) => checkScore(ev, 'suspicious_words', null) >= FAIL_SCORE || checkScore(ev, 'size_analysis', null) >= FAIL_SCORE);
const maxima = STACK_HEADS.map((head) => evidence.map((ev) => maximaOf(ev.findings[head])));
// A rule gets an input of its own when it matched at least STACK_MIN_RULE training prompts.
const ruleLists = STACK_HEADS.map((_, h) => {
  const count = new Map<string, number>();
  for (const m of maxima[h]!) for (const r of m.keys()) count.set(r, (count.get(r) ?? 0) + 1);
  return [...count.entries()].filter(([, c]) => c >= STACK_MIN_RULE).map(([r]) => r).sort();
});
/** Stacked inputs of sample i for head h. */
function rowOf(h: number, i: number, evs: Evidence[] = evidence, maxs: Map<string, number>[][] = maxima): Float64Array {
  const ids = ruleLists[h]!;
  const x = new Float64Array(NF + ids.length);
  const ev = evs[i]!;
  fixedInputs(h, ev.source, ev.best, maxs[h]![i]!, x);
  for (let r = 0; r < ids.length; r++) x[NF + r] = maxs[h]![i]!.get(ids[r]!) ?? 0;
  return x;
}
const rows = STACK_HEADS.map((_, h) => samples.map((_s, i) => rowOf(h, i)));
// TRAIN_STACK_EVIDENCE=family (author folds only): the stacked model is fitted on the family folds'
// evidence (as in round 4; the default), and only scored, for the thresholds, on the
// leave-one-author-out evidence. "author": fitted on the leave-one-author-out evidence too (it
// learned to trust the classifier less, logit weight 2.2 instead of 3.4, and ranked left-out
// authors worse: recall 0.42 against 0.52 at the same 2.2% budget without the length term).
const STACK_EVIDENCE = CALIB === 'author' ? (process.env.TRAIN_STACK_EVIDENCE ?? 'family') : 'family';
const fitRows = (() => {
  if (CALIB !== 'author' || STACK_EVIDENCE !== 'family') return rows;
  const famFold = (s: Sample) => (s.carrier ? docFoldOf(s) : famFoldOf(s));
  const famModels: ClassifierModel[] = [];
  for (let k = 0; k < FOLDS; k++) famModels.push(decodeModel(fileOf(train(examples.filter((e) => e.famFold !== k && e.docFold !== k)), ZERO, {})));
  const famEvidence = samples.map((s) => collectEvidence(s.text, { source: s.source }, famModels[famFold(s)]!));
  const famMaxima = STACK_HEADS.map((head) => famEvidence.map((ev) => maximaOf(ev.findings[head])));
  return STACK_HEADS.map((_, h) => samples.map((_s, i) => rowOf(h, i, famEvidence, famMaxima)));
})();
// Per head: innocent prompts are negatives, attacks labelled with the head's check positives;
// other attacks are left out (another check catches them; they are neither).
const targetOf = (h: number, s: Sample): number => (s.label === 'benign' ? 0 : s.types.includes(STACK_HEADS[h]!) ? 1 : -1);

/** Ridge logistic regression by Newton's method (deterministic; the bias is not penalised). */
function fitStack(xs: Float64Array[], ys: number[]): Float64Array {
  const d = xs[0]!.length;
  const w = new Float64Array(d);
  for (let iter = 0; iter < STACK_ITERS; iter++) {
    const g = new Float64Array(d);
    const hess = new Float64Array(d * d);
    for (let n = 0; n < xs.length; n++) {
      const x = xs[n]!;
      let z = 0;
      for (let a = 0; a < d; a++) z += w[a]! * x[a]!;
      const p = 1 / (1 + Math.exp(-z));
      const r = p - ys[n]!;
      const v = Math.max(p * (1 - p), 1e-6);
      for (let a = 0; a < d; a++) {
        const xa = x[a]!;
        if (xa === 0) continue;
        g[a] = g[a]! + r * xa;
        for (let b = a; b < d; b++) hess[a * d + b] = hess[a * d + b]! + v * xa * x[b]!;
      }
    }
    for (let a = 1; a < d; a++) {
      g[a] = g[a]! + STACK_L2 * w[a]!;
      hess[a * d + a] = hess[a * d + a]! + STACK_L2;
    }
    hess[0] = hess[0]! + 1e-6;
    for (let a = 0; a < d; a++) for (let b = 0; b < a; b++) hess[a * d + b] = hess[b * d + a]!;
    const step = solve(hess, g, d);
    let moved = 0;
    for (let a = 0; a < d; a++) {
      w[a] = w[a]! - step[a]!;
      moved = Math.max(moved, Math.abs(step[a]!));
    }
    if (moved < 1e-9) break;
  }
  return w;
}

/** Solves A x = b (A symmetric positive definite, d x d) by Cholesky. */
function solve(A: Float64Array, b: Float64Array, d: number): Float64Array {
  const L = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = A[i * d + j]!;
      for (let k = 0; k < j; k++) sum -= L[i * d + k]! * L[j * d + k]!;
      L[i * d + j] = i === j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / L[j * d + j]!;
    }
  }
  const y = new Float64Array(d);
  for (let i = 0; i < d; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= L[i * d + k]! * y[k]!;
    y[i] = sum / L[i * d + i]!;
  }
  const x = new Float64Array(d);
  for (let i = d - 1; i >= 0; i--) {
    let sum = y[i]!;
    for (let k = i + 1; k < d; k++) sum -= L[k * d + i]! * x[k]!;
    x[i] = sum / L[i * d + i]!;
  }
  return x;
}

const dot = (w: Float64Array, x: Float64Array) => {
  let z = 0;
  for (let a = 0; a < w.length; a++) z += w[a]! * x[a]!;
  return z;
};
function fitHead(h: number, keep: (i: number) => boolean): Float64Array {
  const xs: Float64Array[] = [];
  const ys: number[] = [];
  samples.forEach((s, i) => {
    const y = targetOf(h, s);
    if (y >= 0 && keep(i)) {
      xs.push(fitRows[h]![i]!);
      ys.push(y);
    }
  });
  return fitStack(xs, ys);
}
// Out-of-fold stacked logits (no offset) per head.
const oofZ = STACK_HEADS.map(() => new Float64Array(samples.length));
for (let k = 0; k < NFOLDS; k++) {
  for (let h = 0; h < H; h++) {
    const w = fitHead(h, (i) => sampleFold[i] !== k);
    samples.forEach((_s, i) => {
      if (sampleFold[i] === k) oofZ[h]![i] = dot(w, rows[h]![i]!);
    });
  }
}
const logit = (p: number) => Math.log(p / (1 - p));
const stackFileOf = (weights: Float64Array[], thresholds: number[], lengthSlope = 0): StackFile => ({
  rules: ruleLists,
  weights: weights.map((w) => Array.from(w, round6)),
  offset: { prompt: thresholds.slice(0, H).map((t) => round6(-logit(t))), data: thresholds.slice(H).map((t) => round6(-logit(t))) },
  decisive: [...DECISIVE].sort(),
  decisiveMin: DECISIVE_MIN,
  ...(lengthSlope ? { lengthSlope } : {}),
});
const decisiveModel = decodeStack(stackFileOf(STACK_HEADS.map(() => new Float64Array(NF)), [0.5, 0.5, 0.5, 0.5, 0.5, 0.5]));
const decisive = STACK_HEADS.map((head) => evidence.map((ev) => decisiveWeight(decisiveModel, ev.findings[head]) >= FAIL_SCORE));

// Length-aware decision (TRAIN_LENGTH=1, the default with TRAIN_CALIB=author): a long text has many
// windows, each a chance for the classifier to fail an innocent text, so the stacked logit must
// clear its threshold by lengthSlope * log2(tokens / WHOLE) more (stack.ts lengthTerm); the slope
// is searched with the thresholds. Left out, author folds had to buy the 2.2% budget with much
// stricter thresholds on everything (leave-one-author-out recall 0.52 instead of 0.61).
const LENGTH = (process.env.TRAIN_LENGTH ?? (CALIB === 'author' ? '1' : '0')) === '1';
const lenTerm = evidence.map((ev) => lengthTerm(ev.tokens));
let slope = 0;
/** thresholds: three for prompts, then three for documents and tool results. */
function failsAt(thresholds: number[], lengthSlope = slope): boolean[] {
  const cut = thresholds.map(logit);
  return samples.map((s, i) => {
    if (otherFails[i]) return true;
    const off = s.source === 'prompt' ? 0 : H;
    const more = lengthSlope * lenTerm[i]!;
    for (let h = 0; h < H; h++) if (oofZ[h]![i]! >= cut[off + h]! + more || decisive[h]![i]) return true;
    return false;
  });
}
const evaluate = (thresholds: number[]) => rateOf(failsAt(thresholds));

// Author folds need stricter thresholds to meet the budget on unseen authors: three more candidates.
const CANDIDATES = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99, ...(CALIB === 'author' ? [0.995, 0.998, 0.999] : [])];
const SLOPES = [0, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3];
const floor = rateOf(failsAt(Array(2 * H).fill(0.999999)));
const allowedFpr = Math.max(OOF_MAX_FPR, floor.fpr + 0.002);
console.log(`decisive rules and the other checks alone, out of fold: recall ${floor.recall.toFixed(4)}, FPR ${(100 * floor.fpr).toFixed(2)}%; allowed FPR ${(100 * allowedFpr).toFixed(2)}%`);
const better = (a: { recall: number; fpr: number }, b: { recall: number; fpr: number }) => {
  const aOk = a.fpr <= allowedFpr;
  const bOk = b.fpr <= allowedFpr;
  if (aOk !== bOk) return aOk;
  return aOk ? a.recall > b.recall || (a.recall === b.recall && a.fpr < b.fpr) : a.fpr < b.fpr;
};
const NAMES = [...HEADS.map((h) => `${h} (prompts)`), ...HEADS.map((h) => `${h} (documents, tools)`)];
/** Coordinate search over the six thresholds at a fixed length slope. */
function searchThresholds(lengthSlope: number, log: boolean): { thresholds: number[]; best: { recall: number; fpr: number } } {
  const thresholds = (process.env.TRAIN_THRESHOLDS ?? '0.9,0.9,0.9,0.9,0.9,0.9').split(',').map(Number);
  let best = rateOf(failsAt(thresholds, lengthSlope));
  for (let round = 0; round < (process.env.TRAIN_THRESHOLDS ? 0 : 3); round++) {
    for (let h = 0; h < 2 * H; h++) {
      for (const c of CANDIDATES) {
        const trial = thresholds.slice();
        trial[h] = c;
        const res = rateOf(failsAt(trial, lengthSlope));
        if (better(res, best)) {
          best = res;
          thresholds[h] = c;
        }
      }
      if (log && (round === 0 || process.env.TRAIN_VERBOSE)) console.log(`  ${NAMES[h]}: threshold ${thresholds[h]} (out-of-fold recall ${best.recall.toFixed(4)}, FPR ${(100 * best.fpr).toFixed(2)}%)`);
    }
  }
  return { thresholds, best };
}
// With TRAIN_LENGTH=1 the thresholds are searched afresh for each length slope (a slope only pays
// with the thresholds relaxed at the same time) and the best pair is kept.
let { thresholds, best } = searchThresholds(0, !LENGTH);
if (LENGTH) {
  for (const c of SLOPES.slice(1)) {
    const res = searchThresholds(c, false);
    console.log(`  length slope ${c}: out-of-fold recall ${res.best.recall.toFixed(4)}, FPR ${(100 * res.best.fpr).toFixed(2)}% at thresholds ${res.thresholds.join(',')}`);
    if (better(res.best, best)) {
      ({ thresholds, best } = res);
      slope = c;
    }
  }
}
if (process.env.TRAIN_VERBOSE) {
  const saved = otherFails.slice();
  otherFails.fill(false);
  const r = evaluate(thresholds);
  otherFails.splice(0, otherFails.length, ...saved);
  console.log(`without suspicious_words and size_analysis: recall ${r.recall.toFixed(4)}, FPR ${(100 * r.fpr).toFixed(2)}%`);
}
{
  // Out of fold per author (with author folds: each scored by models that never saw it), and the
  // innocent FPR by source and by length (documents of many windows fail more often).
  const fails = failsAt(thresholds);
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  AUTHORS.forEach((name, a) => {
    const r = pooledRateOf(fails, (s) => s.author === a);
    const by = (f: (s: Sample) => boolean) => pct(pooledRateOf(fails, (s) => s.author === a && f(s)).fpr);
    console.log(`  ${name}: recall ${r.recall.toFixed(4)}, FPR ${pct(r.fpr)}; innocent FPR prompts ${by((s) => s.source === 'prompt')}, documents and tools ${by((s) => s.source !== 'prompt')}`);
  });
  const byLen = (lo: number, hi: number) => {
    const r = pooledRateOf(fails, (_s, i) => evidence[i]!.tokens > lo && evidence[i]!.tokens <= hi);
    return `${pct(r.fpr)} / ${r.recall.toFixed(3)}`;
  };
  if (process.env.TRAIN_VERBOSE) console.log(`  FPR / recall by tokens: <=36 ${byLen(0, 36)}, 37-150 ${byLen(36, 150)}, 151-400 ${byLen(150, 400)}, >400 ${byLen(400, 1e9)}`);
}
console.log(`stacked, out of fold: recall ${best.recall.toFixed(4)}, FPR ${(100 * best.fpr).toFixed(2)}% at thresholds ${thresholds.join(',')}${LENGTH ? `, length slope ${slope}` : ''}`);
if (process.env.TRAIN_EVAL_FILE) {
  // Another classifier file's stacked decision and thresholds (e.g. the shipped one), scored on this
  // run's out-of-fold evidence: with author folds, how that decision does on authors it never saw.
  const other = decodeStack((JSON.parse(readFileSync(process.env.TRAIN_EVAL_FILE, 'utf8')) as ClassifierFile).stack!);
  const fails = evidence.map((ev, i) => otherFails[i]! || STACK_HEADS.some((head, h) => Math.max(stackProbability(other, h, ev.source, ev.best, maxima[h]![i]!, ev.tokens), decisiveWeight(other, ev.findings[head])) >= FAIL_SCORE));
  const r = rateOf(fails);
  console.log(`${process.env.TRAIN_EVAL_FILE}'s decision on this run's out-of-fold evidence: recall ${r.recall.toFixed(4)}, FPR ${(100 * r.fpr).toFixed(2)}%`);
  AUTHORS.forEach((name, a) => {
    const ra = pooledRateOf(fails, (s) => s.author === a);
    console.log(`  ${name}: recall ${ra.recall.toFixed(4)}, FPR ${(100 * ra.fpr).toFixed(2)}%`);
  });
}
if (process.env.TRAIN_CURVE) {
  // The trade-off: one threshold for all six, out of fold.
  for (const t of [0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99]) {
    const r = evaluate(Array(2 * H).fill(t));
    console.log(`  all thresholds ${t}: recall ${r.recall.toFixed(4)}, FPR ${(100 * r.fpr).toFixed(2)}%`);
  }
}

if (process.env.TRAIN_DEBUG) {
  const fails = failsAt(thresholds);
  samples.forEach((s, i) => {
    const ev = evidence[i]!;
    const why = () =>
      STACK_HEADS.map((head, h) => `${head}:${(1 / (1 + Math.exp(-(oofZ[h]![i]! - logit(thresholds[(s.source === 'prompt' ? 0 : H) + h]!))))).toFixed(2)}[${[...maxima[h]![i]!].map(([r, w]) => `${r}=${w}`).join(',')}]`).join(' ');
    if (s.label === 'benign' && fails[i]) console.log(`OOF FP ${s.id} ${s.kind} ${why()} ${otherFails[i] ? 'OTHER' : ''} :: ${JSON.stringify(s.text.slice(0, 140))}`);
    if (s.label === 'attack' && !fails[i] && process.env.TRAIN_DEBUG === 'all') console.log(`OOF MISS ${s.id} ${s.kind} ${why()} best=${Array.from(ev.best, (p) => p.toFixed(2))} :: ${JSON.stringify(s.text.slice(0, 160))}`);
  });
  process.exit(0);
}

// ------------------------------------------------------------------ final model

const final = train(examples);
const stackWeights = STACK_HEADS.map((_, h) => fitHead(h, () => true));
if (process.env.TRAIN_VERBOSE) {
  STACK_HEADS.forEach((head, h) => {
    const names = [...STACK_FIXED, ...ruleLists[h]!];
    const counts = names.map((_, a) => {
      let pos = 0;
      let neg = 0;
      samples.forEach((s, i) => {
        if (a < NF || !rows[h]![i]![a]) return;
        const y = targetOf(h, s);
        if (y === 1) pos++;
        else if (y === 0) neg++;
      });
      return a < NF ? '' : ` (${pos}+/${neg}-)`;
    });
    console.log(`${head}: ${names.map((n, a) => `${n} ${stackWeights[h]![a]!.toFixed(2)}${counts[a]}`).join(', ')}`);
  });
}
const file = fileOf(final, ZERO, {
  data: 'data/security/train.jsonl',
  dataSha256: createHash('sha256').update(raw).digest('hex'),
  authored: authoredFiles.map((f) => `data/security/${f}`),
  authoredSha256: createHash('sha256').update(Buffer.concat(authoredRaw)).digest('hex'),
  prose: 'data/security/prose-train.jsonl',
  proseSha256: createHash('sha256').update(proseRaw).digest('hex'),
  extraNegatives: 'data/pii-eval/*.jsonl',
  extraNegativesSha256: createHash('sha256').update(Buffer.concat(extraRaw)).digest('hex'),
  prompts: samples.length,
  windows: examples.length,
  epochs: EPOCHS,
  learningRate: LR,
  l2: L2,
  folds: NFOLDS,
  foldScheme: CALIB === 'author' ? `model k leaves out author k (${AUTHORS.join(', ')}); thresholds: ${AVG} FPR over the left-out authors` : 'model k leaves out template-family fold k and document-type fold k',
  stack: { l2: STACK_L2, minRuleMatches: STACK_MIN_RULE, inputs: ruleLists.map((r) => NF + r.length) },
  thresholds: { prompt: thresholds.slice(0, H), data: thresholds.slice(H), ...(slope ? { lengthSlope: slope } : {}) },
  outOfFold: { recall: round6(best.recall), falsePositiveRate: round6(best.fpr) },
  rulesAloneOutOfFold: { recall: round6(rulesOnly.recall), falsePositiveRate: round6(rulesOnly.fpr) },
});
file.stack = stackFileOf(stackWeights, thresholds, slope);
const out = process.argv[2] ?? join(__dirname, '..', 'data', 'security', 'classifier.json');
writeFileSync(out, `${JSON.stringify(file, null, 1)}\n`);
console.log(`wrote ${out}: ${file.training.nonZeroBuckets} non-zero buckets, ${Buffer.byteLength(JSON.stringify(file))} bytes`);
