/**
 * The scanner: one combined scan and one entry point per check type.
 *
 *   const r = scanText(text, { source: 'document' });            // all five checks
 *   if (!r.passed) ... r.failed, r.checks[i].findings
 *   const inj = checkInjection(text);                             // one check
 *
 * Pipeline: normalise (canonical view + decoded hidden text) -> per view: tokenize (leetspeak
 * folded, lexicon classes, classifier features) -> phrase rules, pattern rules, suspicious words,
 * classifier windows -> ROT13 and spaced-out letters found while tokenizing become views too ->
 * size analysis on the original -> per check, the findings' weights combine as a noisy-or
 * (1 - prod(1 - w)); a check fails at FAIL_SCORE. Findings in hidden text (decoded, folded,
 * stripped of invisible characters) also count as injection: hiding an instruction is one.
 *
 * Pure and synchronous: no I/O after the classifier file is loaded (once, at first use).
 */
import modelFile from '../../data/security/classifier.json';
import { type ClassifierFile, type ClassifierModel, decodeModel, H, HEADS, sigmoid, windowsOf } from './classifier';
import { combine, fnv } from './hash';
import { IntTable } from './int-table';
import { LEXICON, maskOf, SUSPICIOUS } from './lexicon';
import { normalize, type View } from './normalize';
import { ASKED_MASK2, clauseHas, FIRST_STEP_UNION, FIRST_STEP_UNION2, IF_MASK, MATCHED, matchFrom, NEG_MASK, OURS_MASK2, SOMEONE_MASK2, PATTERN_RULES, PHRASE_RULES, PLEASE_MASK2, QUALIFY_MASK2, ruleWeight, YOU_MASK } from './rules';
import { analyseSize } from './size';
import { decisiveWeight, ruleMaxima, stackHeadOf, stackProbability } from './stack';
import { derivedViews } from './views';
import { FLAG_HOMOGLYPH, FLAG_INVISIBLE, FLAG_LEET, tokenize } from './tokens';
import { CHECK_TYPES, type CheckResult, type CheckType, FAIL_SCORE, type ScanOptions, type ScanResult, type ScanSource, type SecurityFinding } from './types';

export const SCANNER_VERSION = 'security-scan-1';

// Local bindings of hot imported names (imports are getter reads in the emitted CommonJS).
const HEADS_ = HEADS;
const H_ = H;
const RULES_ = PHRASE_RULES;
const PATTERNS_ = PATTERN_RULES;
const UNION1 = FIRST_STEP_UNION;
const UNION2 = FIRST_STEP_UNION2;
const NEG_ = NEG_MASK;
const PLEASE_ = PLEASE_MASK2;
const YOU_ = YOU_MASK;
const QUALIFY_ = QUALIFY_MASK2;
const match_ = matchFrom;
const combine_ = combine;
const tokenize_ = tokenize;
const sigmoid_ = sigmoid;
const DEFAULT_MAX_CHARS = 200_000;
const MAX_VIEWS = 64;
/** Classifier windows below this probability are not reported (they add nothing but noise). */
const CLASSIFIER_FLOOR = 0.2;
/** Below this classifier probability (0.5 is its threshold) the classifier doubts a check's rule findings. */
const CLASSIFIER_DOUBT = 0.1;
/** Rule findings at or above this weight are specific enough to count whatever the classifier says. */
const STRONG_RULE = 0.8;
// Phrase rules only: they read word classes, which the classifier reads too. Pattern rules read
// structure the classifier does not see (chat-template tokens, fake role lines, URLs).
const RULE_IDS = new Set<string>(PHRASE_RULES.map((r) => r.id));

let defaultModel: ClassifierModel | null = null;
export function getDefaultModel(): ClassifierModel {
  if (!defaultModel) defaultModel = decodeModel(modelFile as unknown as ClassifierFile);
  return defaultModel;
}

interface Ctx {
  original: string;
  source: ScanSource;
  want: Set<CheckType>;
  model: ClassifierModel | null;
  findings: Record<CheckType, SecurityFinding[]>;
  decoded: ScanResult['decoded'];
  /** Best classifier probability per head over all views (for the training script's calibration). */
  best: Float64Array;
  maxChars: number;
  /** Word tokens of the main view. */
  tokens: number;
}

const clip = (s: string) => (s.length > 120 ? `${s.slice(0, 117)}...` : s);

function locate(ctx: Ctx, view: View, a: number, b: number): { start: number; end: number; evidence: string } {
  if (view.origin) {
    return { start: view.origin.start, end: view.origin.end, evidence: clip(`${view.origin.kind}: ${view.text.slice(a, b)}`) };
  }
  const start = view.map ? view.map[Math.min(a, view.map.length - 1)]! : a;
  const end = view.map ? (b >= view.map.length - 1 ? ctx.original.length : view.map[b]!) : b;
  return { start, end, evidence: clip(ctx.original.slice(start, end)) };
}

/** Evidence groups of findings (not reported): findings of one group count once, at their strongest. */
const groupOf = new WeakMap<SecurityFinding, string>();

function add(ctx: Ctx, check: CheckType, rule: string, view: View, a: number, b: number, weight: number, group?: string): void {
  if (!ctx.want.has(check) || weight <= 0) return;
  const f: SecurityFinding = { rule, ...locate(ctx, view, a, b), weight: Math.round(weight * 1000) / 1000 };
  if (group) groupOf.set(f, group);
  ctx.findings[check].push(f);
}

// Per-token classifier sums (int8 weights added up) and their prefix sums, reused between calls
// (grown when a text needs more).
let sums = new Int32Array(1024 * 3);
let prefix = new Float64Array(1024);

/** Phrase rules (as indices) by the class bits of their first step (bit index 0-63 -> rule indices). */
const RULES_BY_BIT: number[][] = Array.from({ length: 64 }, (_, bit) =>
  PHRASE_RULES.flatMap((r, i) => ((bit < 32 ? r.steps[0]!.m & (1 << bit) : r.steps[0]!.m2 & (1 << (bit - 32))) ? [i] : [])),
);
const seenRule = new Uint32Array(PHRASE_RULES.length);
let stamp = 0;
const startList: number[] = [];

/** Indices of the phrase rules that may start at a token with class masks (m, m2), each once, in rule order. */
function rulesStartingAt(m: number, m2: number): number[] {
  stamp++;
  startList.length = 0;
  for (let half = 0; half < 2; half++) {
    let x = half === 0 ? m : m2;
    while (x !== 0) {
      const low = x & -x;
      x ^= low;
      for (const k of RULES_BY_BIT[31 - Math.clz32(low) + (half << 5)]!) {
        if (seenRule[k] !== stamp) {
          seenRule[k] = stamp;
          startList.push(k);
        }
      }
    }
  }
  // Report in rule order, so results do not depend on which class bit came first. The lists are
  // short (a handful of rules): an insertion sort, not Array.sort and its comparator calls.
  for (let x = 1; x < startList.length; x++) {
    const v = startList[x]!;
    let y = x - 1;
    for (; y >= 0 && startList[y]! > v; y--) startList[y + 1] = startList[y]!;
    startList[y + 1] = v;
  }
  return startList;
}

/** Hashes of the first word of every suspicious_words entry. */
const SUSPICIOUS_FIRST = new IntTable(Object.keys(SUSPICIOUS).map((p) => [fnv(p.split(/[\s-]+/)[0]!), 1, 0] as [number, number, number]));

function scanView(ctx: Ctx, view: View): void {
  const model = ctx.model;
  const text = view.text;
  const need = ((text.length >> 1) + 2) * H_;
  if (sums.length < need) sums = new Int32Array(need * 2);
  const s = sums;
  let sink: ((t: number, f: number) => void) | null = null;
  if (model && (ctx.want.has('injection') || ctx.want.has('jailbreak') || ctx.want.has('data_extraction'))) {
    const W = model.q;
    const shift = model.shift;
    s.fill(0, 0, need);
    sink = (t, f) => {
      const b = (f >>> shift) * H_;
      const o = t * H_;
      s[o] = s[o]! + W[b]!;
      s[o + 1] = s[o + 1]! + W[b + 1]!;
      s[o + 2] = s[o + 2]! + W[b + 2]!;
    };
  }
  const t = tokenize_(text, view.folded, sink, model?.features);
  const n = t.n;
  if (!view.origin) ctx.tokens = n;
  const strong: [number, number][] = []; // token ranges of strong findings (for obfuscation)
  let strongInView = false;

  // ---- phrase rules
  const masks = t.mask;
  const masks2 = t.mask2;
  for (let i = 0; i < n; i++) {
    const m = masks[i]!;
    const m2 = masks2[i]!;
    if (!(m & UNION1) && !(m2 & UNION2)) continue;
    // Only the rules whose first step can start at this token (indexed by class bit).
    const candidates = rulesStartingAt(m, m2);
    for (let ri = 0; ri < candidates.length; ri++) {
      const rule = RULES_[candidates[ri]!]!;
      if (!ctx.want.has(rule.check)) continue;
      const end = rule.steps.length === 1 ? i : match_(masks, masks2, rule.cross ? null : t.boundary, n, rule.steps, i + 1, 1);
      if (end < 0) continue;
      if (rule.negated && ((i > 0 && masks[i - 1]! & NEG_) || (i > 1 && masks[i - 2]! & NEG_))) continue;
      if (rule.imperative && !t.clause[i] && !(i > 0 && (masks2[i - 1]! & PLEASE_ || masks[i - 1]! & YOU_))) continue;
      if (rule.policy && (clauseHas(masks, masks2, t.clause, i, NEG_, 0) || spanHas(masks, i + 1, end, NEG_))) continue;
      if (rule.reported && clauseHas(masks, masks2, t.clause, i, IF_MASK, ASKED_MASK2 | SOMEONE_MASK2)) continue;
      if (rule.described && ((i > 0 && !t.boundary[i] && masks2[i - 1]! & OURS_MASK2) || (i + 1 < n && !t.boundary[i + 1] && masks2[i + 1]! & OURS_MASK2))) continue;
      if (rule.unqualified !== undefined) {
        MATCHED[0] = i;
        const at = MATCHED[rule.unqualified]!;
        if (at + 1 < n && masks2[at + 1]! & QUALIFY_ && !t.boundary[at + 1]) continue;
      }
      const w = ruleWeight(rule, ctx.source);
      add(ctx, rule.check, rule.id, view, t.start[i]!, t.end[end]!, w, rule.group);
      if (w >= 0.5) strong.push([i, end]);
    }
  }

  // ---- pattern rules
  let compliance = 0;
  let complianceAt = -1;
  let starts: number[] | null = null;
  for (const rule of PATTERNS_) {
    if (!ctx.want.has(rule.check)) continue;
    if (rule.gate && !gateOpen(text, rule.gate)) continue;
    const hits: RegExpExecArray[] = [];
    if (rule.lineStart) {
      starts ??= lineStarts(text);
      for (const at of starts) {
        rule.re.lastIndex = at;
        const m = rule.re.exec(text);
        if (m) hits.push(m);
      }
    } else {
      rule.re.lastIndex = 0;
      for (let m = rule.re.exec(text); m !== null; m = rule.re.exec(text)) {
        if (m[0].length === 0) rule.re.lastIndex++;
        hits.push(m);
      }
    }
    for (const m of hits) {
      if (rule.id === 'many_shot_compliance') {
        compliance++;
        if (complianceAt < 0) complianceAt = m.index;
        continue;
      }
      const w = rule.accept ? rule.accept(m) : ruleWeight(rule, ctx.source);
      if (w === null) continue;
      add(ctx, rule.check, rule.id, view, m.index, m.index + m[0].length, w);
      if (w >= 0.5) strongInView = true;
    }
  }
  if (compliance >= 3) {
    // Many fake assistant turns that comply: many-shot jailbreaking.
    add(ctx, 'jailbreak', 'many_shot', view, complianceAt, text.length, Math.min(0.95, 0.45 + 0.07 * compliance));
    strongInView = true;
  }

  // ---- optimisation-style gibberish after a request (adversarial suffixes)
  if (ctx.want.has('jailbreak')) {
    const suffix = gibberishLine(text);
    if (suffix) {
      let harm = false;
      for (let j = 0; j < n && !harm; j++) harm = (masks[j]! & HARM_MASK) !== 0;
      add(ctx, 'jailbreak', 'adversarial_suffix', view, suffix[0], suffix[1], harm ? 0.8 : 0.35);
      if (harm) strongInView = true;
    }
  }

  // ---- suspicious words (single words and two- or three-word phrases)
  if (ctx.want.has('suspicious_words')) {
    const sus = LEXICON.suspicious;
    for (let i = 0; i < n; i++) {
      // entries of one to five tokens; the longest match at a position wins. Most words start no
      // entry: a set of first words rules them out with one lookup.
      if (SUSPICIOUS_FIRST.find(t.hash[i]!) < 0) continue;
      let key = t.hash[i]! >>> 0;
      let hit = sus.get(key);
      let last = i;
      for (let len = 2; len <= 5 && i + len - 1 < n; len++) {
        key = combine_(key, t.hash[i + len - 1]! >>> 0);
        const p = sus.get(key);
        if (p) {
          hit = p;
          last = i + len - 1;
        }
      }
      if (hit) add(ctx, 'suspicious_words', `word:${hit[1]}`, view, t.start[i]!, t.end[last]!, hit[0]);
    }
  }

  // ---- classifier windows
  if (sink && model && n > 0) {
    const wins = windowsOf(n);
    const srcW = model.source[ctx.source];
    // Every head's best window is computed when any is wanted (the sums are there anyway): the
    // stacked model of each check reads all three, so one check alone scores as in a full scan.
    for (let h = 0; h < H_; h++) {
      const check = HEADS_[h]!;
      let best = -Infinity;
      let bestWin = 0;
      const scale = model.scale[h]!;
      // prefix sums of the per-token contributions: each window is one subtraction
      if (prefix.length < n + 1) prefix = new Float64Array(2 * n + 2);
      prefix[0] = 0;
      for (let j = 0; j < n; j++) prefix[j + 1] = prefix[j]! + s[j * H_ + h]!;
      for (let w = 0; w < wins.length; w++) {
        const [from, to] = wins[w]!;
        const z = model.bias[h]! + srcW[h]! + scale * (prefix[to]! - prefix[from]!);
        if (z > best) {
          best = z;
          bestWin = w;
        }
      }
      const p = sigmoid_(best);
      if (p > ctx.best[h]!) ctx.best[h] = p;
      if (p >= CLASSIFIER_FLOOR && ctx.want.has(check)) {
        const [from, to] = wins[bestWin]!;
        add(ctx, check, 'classifier', view, t.start[from]!, t.end[to - 1]!, p);
        if (p >= 0.5) strong.push([from, to - 1]);
      }
    }
  }

  // ---- hidden text: decoded views and de-obfuscated tokens
  if (view.origin && (strong.length > 0 || strongInView)) {
    // Text an encoding hid (base64, hex, percent, tag characters) is `encoded_instruction`; text
    // the tokenizer guessed was ROT13 or spelled out (word statistics, not an explicit encoding) is
    // `decoded_instruction`: short gibberish in tables and code reads as ROT13 now and then.
    const guessed = view.origin.kind === 'rot13' || view.origin.kind === 'spaced';
    add(ctx, 'injection', guessed ? 'decoded_instruction' : 'encoded_instruction', view, 0, text.length, 0.85);
  } else if (!view.origin && strong.length > 0) {
    let flagged = 0;
    let kinds = 0;
    for (const [a, b] of strong) {
      for (let j = a; j <= b; j++) {
        if (t.flags[j]) {
          flagged++;
          kinds |= t.flags[j]!;
        }
      }
    }
    if (flagged >= 2) {
      const how = [kinds & FLAG_LEET ? 'leetspeak' : '', kinds & FLAG_HOMOGLYPH ? 'homoglyphs' : '', kinds & FLAG_INVISIBLE ? 'invisible characters' : ''].filter(Boolean).join(', ');
      ctx.findings.injection.push({ rule: 'obfuscated_instruction', ...locate(ctx, view, t.start[strong[0]![0]]!, t.end[strong[0]![1]]!), evidence: `instruction written with ${how}`, weight: 0.8 });
    }
  }

  // ---- size analysis of the text as given (before the tokens are reused by nested views)
  if (!view.origin && ctx.want.has('size_analysis')) ctx.findings.size_analysis.push(...analyseSize(ctx.original, t, { maxChars: ctx.maxChars }));

  // ---- ROT13 segments and spaced-out letters become views of their own
  // (At most MAX_VIEWS decoded views per scan: a text made of many short letter runs must not
  // multiply the work.)
  for (const v of derivedViews(view, t, ctx.original)) {
    if (ctx.decoded.length >= MAX_VIEWS) break;
    ctx.decoded.push(v.origin!);
    scanView(ctx, v);
  }
}

const HARM_MASK = maskOf('HARM')[0];

// Pattern rules share gate strings (":" opens five of them): each distinct gate is searched for
// once per view, and the answer kept until the next view.
const GATE_INDEX = new Map<string, number>();
for (const rule of PATTERN_RULES) for (const g of rule.gate ?? []) if (!GATE_INDEX.has(g)) GATE_INDEX.set(g, GATE_INDEX.size);
const GATE_IDS = new Map<readonly string[], Int32Array>(PATTERN_RULES.filter((r) => r.gate).map((r) => [r.gate!, Int32Array.from(r.gate!, (g) => GATE_INDEX.get(g)!)]));
/** Per gate: 0 not looked up in gateText yet, 1 present, 2 absent. */
const gateState = new Uint8Array(GATE_INDEX.size);
let gateText: string | null = null;

// Most gates are absent from most texts, and `includes` must read the whole text to say so. One
// pass marks the pairs of adjacent characters a text has (hashed to 16 bits); a gate with a pair
// the text lacks is absent without a search. A hash collision only costs the search.
const pairSeen = new Int32Array(2048);
const pairOf = (a: number, b: number) => (Math.imul(a, 0x9e37) ^ b) & 0xffff;
/** Per gate (GATE_INDEX order): the hashed pairs of its characters. */
const GATE_PAIRS = [...GATE_INDEX.keys()].map((g) => Int32Array.from({ length: Math.max(0, g.length - 1) }, (_, i) => pairOf(g.charCodeAt(i), g.charCodeAt(i + 1))));

function notePairs(text: string): void {
  pairSeen.fill(0);
  let prev = text.length > 0 ? text.charCodeAt(0) : 0;
  for (let i = 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const h = pairOf(prev, c);
    pairSeen[h >>> 5] = pairSeen[h >>> 5]! | (1 << (h & 31));
    prev = c;
  }
}

/** False when a pair of the gate's characters is missing from the text notePairs read last. */
function pairsPresent(id: number): boolean {
  const pairs = GATE_PAIRS[id]!;
  for (let p = 0; p < pairs.length; p++) {
    const h = pairs[p]!;
    if (!(pairSeen[h >>> 5]! & (1 << (h & 31)))) return false;
  }
  return true;
}

/** True when `text` contains one of `gates` (the gate strings of a pattern rule). */
function gateOpen(text: string, gates: readonly string[]): boolean {
  if (text !== gateText) {
    gateText = text;
    gateState.fill(0);
    notePairs(text);
  }
  const ids = GATE_IDS.get(gates)!;
  for (let g = 0; g < gates.length; g++) {
    const id = ids[g]!;
    let state = gateState[id]!;
    if (state === 0) {
      state = pairsPresent(id) && text.includes(gates[g]!) ? 1 : 2;
      gateState[id] = state;
    }
    if (state === 1) return true;
  }
  return false;
}

/** True when a token in [from, to] has a class of m. */
function spanHas(masks: Int32Array, from: number, to: number, m: number): boolean {
  for (let j = from; j <= to; j++) if (masks[j]! & m) return true;
  return false;
}

/** Offsets where lines start: the text start, after a line break, after an escaped "\\n" (JSON). */
function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  for (let i = text.indexOf('\\n'); i >= 0; i = text.indexOf('\\n', i + 2)) out.push(i + 2);
  return out;
}
/** A run of two or more symbols of optimisation-found suffixes ("=}{", "](", "\\!--", "%%%"). */
const SYMBOL_CLUSTER = /[{}[\]()\\/*=<>|~^%&#`+@$!:]{2,}/g;

/**
 * A line with at least four clusters of two or more symbols ("=}{", "](", "\\!--", "%%%") and
 * words around them: the shape of optimisation-found suffixes. Returns the span from the line's
 * first cluster to its end, or null. The clusters are found by one regular expression (most texts
 * have none or a few); words are counted only on a line that has four.
 */
function gibberishLine(text: string): [number, number] | null {
  let lineStart = 0;
  let lineEnd = -1;
  let clusters = 0;
  let firstCluster = -1;
  SYMBOL_CLUSTER.lastIndex = 0;
  for (let m = SYMBOL_CLUSTER.exec(text); m !== null; m = SYMBOL_CLUSTER.exec(text)) {
    const at = m.index;
    if (at > lineEnd) {
      lineStart = text.lastIndexOf('\n', at) + 1;
      lineEnd = text.indexOf('\n', at);
      if (lineEnd < 0) lineEnd = text.length;
      clusters = 0;
      firstCluster = at;
    }
    if (++clusters === 4 && wordsIn(text, lineStart, lineEnd) >= 6) return [firstCluster, lineEnd];
  }
  return null;
}

/** Runs of letters (a-z, or any character from U+00C0 on) in text[from, to). */
function wordsIn(text: string, from: number, to: number): number {
  let words = 0;
  let inWord = false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    const letter = (c >= 0x61 && c <= 0x7a) || c >= 0xc0;
    if (letter && !inWord) words++;
    inWord = letter;
  }
  return words;
}

/**
 * A check's score: the strongest finding of each rule (or rule group) counts once, and distinct
 * rules combine as a noisy-or, 1 - prod(1 - w). A weak rule matching ten times is still weak;
 * two independent weak rules together are stronger than either. For suspicious_words each distinct
 * word or phrase is one piece of evidence; its weights are set so one strong phrase ("ignore
 * previous", "do anything now") or several weaker ones fail the check.
 */
function scoreOf(findings: SecurityFinding[], classifierP: number): number {
  const best = new Map<string, number>();
  // When the classifier, which reads the whole window (who is addressed, what about), is confident
  // the text is innocent, a phrase rule below STRONG_RULE counts at half weight: one such
  // rule no longer fails the check alone, two still do. Strong, specific rules always count.
  const doubt = classifierP < CLASSIFIER_DOUBT;
  for (const f of findings) {
    const key = groupOf.get(f) ?? f.rule;
    const w = doubt && f.weight < STRONG_RULE && RULE_IDS.has(f.rule) ? f.weight * 0.5 : f.weight;
    best.set(key, Math.max(best.get(key) ?? 0, w));
  }
  let q = 1;
  for (const w of best.values()) q *= 1 - Math.min(0.999, w);
  return 1 - q;
}

/**
 * Everything the scan found before the verdict: per check, every finding with its hand-set weight;
 * the window classifier's best probability per head; the number of word tokens. The training
 * script reads this to fit the stacked decision (stack.ts) on out-of-fold evidence.
 */
export interface Evidence {
  source: ScanSource;
  want: Set<CheckType>;
  findings: Record<CheckType, SecurityFinding[]>;
  decoded: ScanResult['decoded'];
  best: Float64Array;
  tokens: number;
}

export function collectEvidence(text: string, opts: ScanOptions = {}, model: ClassifierModel | null = getDefaultModel()): Evidence {
  const want = new Set<CheckType>(opts.checkTypes?.length ? opts.checkTypes : CHECK_TYPES);
  const ctx: Ctx = {
    original: text,
    source: opts.source ?? 'prompt',
    want,
    model,
    findings: { injection: [], jailbreak: [], data_extraction: [], suspicious_words: [], size_analysis: [] },
    decoded: [],
    best: new Float64Array(H),
    maxChars: opts.maxChars ?? DEFAULT_MAX_CHARS,
    tokens: 0,
  };
  const norm = normalize(text);
  if (want.has('injection')) ctx.findings.injection.push(...norm.signals);
  scanView(ctx, norm.main);
  for (const v of norm.decoded) {
    if (ctx.decoded.length >= MAX_VIEWS) break;
    ctx.decoded.push(v.origin!);
    scanView(ctx, v);
  }
  return { source: ctx.source, want, findings: ctx.findings, decoded: ctx.decoded, best: ctx.best, tokens: ctx.tokens };
}

/** The strongest weight per rule (or rule group) of a check's findings, for the stacked model. */
export const maximaOf = (findings: readonly SecurityFinding[]): Map<string, number> => ruleMaxima(findings, (f) => groupOf.get(f));

/** A check's score from the evidence: the stacked model's where there is one, else the noisy-or fusion. */
export function checkScore(ev: Evidence, type: CheckType, model: ClassifierModel | null): number {
  const h = stackHeadOf(type);
  const findings = ev.findings[type];
  if (h >= 0 && model?.stack) {
    const p = stackProbability(model.stack, h, ev.source, ev.best, maximaOf(findings), ev.tokens);
    return Math.max(p, decisiveWeight(model.stack, findings));
  }
  return scoreOf(findings, h >= 0 && model ? ev.best[h]! : 1);
}

/** Runs the requested checks (default: all five) over `text`. */
export function scanText(text: string, opts: ScanOptions = {}, model: ClassifierModel | null = getDefaultModel()): ScanResult & { classifierBest: Record<string, number> } {
  const ev = collectEvidence(text, opts, model);
  const checks: CheckResult[] = [];
  for (const type of CHECK_TYPES) {
    if (!ev.want.has(type)) continue;
    const findings = dedupe(ev.findings[type]);
    const score = Math.round(checkScore(ev, type, model) * 1000) / 1000;
    checks.push({ type, passed: score < FAIL_SCORE, score, findings });
  }
  const failed = checks.filter((c) => !c.passed).map((c) => c.type);
  const score = checks.reduce((m, c) => Math.max(m, c.score), 0);
  return {
    passed: failed.length === 0,
    verdict: failed.length ? 'fail' : 'pass',
    score,
    failed,
    checks,
    decoded: ev.decoded,
    version: `${SCANNER_VERSION}+${model ? model.version : 'rules-only'}`,
    classifierBest: Object.fromEntries(HEADS.map((h, i) => [h, ev.best[i]!])),
  };
}

/** One finding per rule and span; the same rule matching overlapping spans counts once. */
function dedupe(fs: SecurityFinding[]): SecurityFinding[] {
  const out: SecurityFinding[] = [];
  const lastEnd = new Map<string, number>();
  const sorted = fs.slice().sort((a, b) => a.start - b.start || b.weight - a.weight);
  for (const f of sorted) {
    const end = lastEnd.get(f.rule);
    if (end !== undefined && f.start < end) continue;
    lastEnd.set(f.rule, f.end);
    out.push(f);
  }
  return out;
}

const one = (type: CheckType) => (text: string, opts: Omit<ScanOptions, 'checkTypes'> = {}): CheckResult => scanText(text, { ...opts, checkTypes: [type] }).checks[0]!;

/** Instruction overrides, role hijacking, fake turns and delimiters, instructions to a model in data, hidden text. */
export const checkInjection = one('injection');
/** Persona and developer-mode framings, hypothetical and fictional wrappers, many-shot patterns. */
export const checkJailbreak = one('jailbreak');
/** Attempts to reveal the system prompt, secrets or other users' data, and exfiltration through links and images. */
export const checkDataExtraction = one('data_extraction');
/** The weighted English and German lexicon. */
export const checkSuspiciousWords = one('suspicious_words');
/** Length, repetition, token flooding, share of non-text characters. */
export const checkSizeAnalysis = one('size_analysis');
