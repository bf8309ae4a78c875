/**
 * The tokenizer: one pass over a canonical view that finds word tokens, folds leetspeak per token
 * ("1gn0r3" -> "ignore", but "2024" stays a number), hashes each token without slicing the string,
 * gives it its lexicon classes (single words, then two- and three-token phrases), and emits the
 * classifier's features. It also notices what only word statistics reveal: segments written in
 * ROT13 (no stop words until rotated) and words spelled out letter by letter ("i g n o r e").
 */
import * as hash from './hash';
import * as lexicon from './lexicon';
import type { Lexicon } from './lexicon';
import type { IntTable } from './int-table';

// Local bindings: imported names are read through getters in the CommonJS the loaders emit, which
// costs a call per use in the loops below.
const { combine, fmix } = hash;
const FNV_OFFSET = hash.FNV_OFFSET;

export const FLAG_LEET = 1;
export const FLAG_HOMOGLYPH = 2;
export const FLAG_INVISIBLE = 4;

export interface Tokens {
  n: number;
  start: Int32Array;
  end: Int32Array;
  hash: Int32Array;
  /** Word classes, low and high halves (lexicon CLASS_LIST order). */
  mask: Int32Array;
  mask2: Int32Array;
  flags: Uint8Array;
  /** 1 when a sentence end (. ! ? or a line break) comes before this token. */
  boundary: Uint8Array;
  /** 1 when a clause starts at this token (a sentence end, or , ; : ( " before it). */
  clause: Uint8Array;
  /** Token ranges [from, to) that read as ROT13. */
  rot13: [number, number][];
  /** Token ranges [from, to) of letters spelled out one by one. */
  spaced: [number, number][];
}

/** Feature families the classifier uses (the model file names the set it was trained with). */
export const FEATURE_WORD = 1;
export const FEATURE_GRAM = 2;
export const FEATURE_BIGRAM = 4;
export const FEATURE_CLASS = 8;
export const FEATURE_PAIR = 16;
export const FEATURE_FLAG = 32;
/** The first word of each clause and its classes: imperatives ("show me ...") start clauses, descriptions ("secrets are ...") do not. */
export const FEATURE_START = 64;
/**
 * Per sentence, which word classes occur in it together (pairs, in any order and at any distance)
 * and whether one of its clauses starts with an imperative verb: who is addressed ("you", the
 * model) and what the instruction is about (instructions, secrets, a persona), not which words.
 * "ignore ... your ... instructions" and "your instructions ... should be ignored" share features;
 * "ignore the noise in the data" shares none of them.
 */
export const FEATURE_SENTENCE = 128;
export const ALL_FEATURES = 255;

/** Receives the classifier features of token `t`. */
export type FeatureSink = (t: number, feature: number) => void;

// Feature namespaces (xor-ed into hashes so a word and a class bit never share a feature).
const NS_WORD = 0x3a8f05c5;
const NS_GRAM = 0x5bd1e995;
const NS_BIGRAM = 0x1b873593;
const NS_CLASS = 0x68e31da4;
const NS_PAIR = 0x7feb352d;
const NS_FLAG = 0x2c1b3c6d;
const NS_START = 0x4f6cdd1d;
const NS_START_CLASS = 0x1b56c4e9;
const NS_SENT_ONE = 0x6a09e667;
const NS_SENT_PAIR = 0x3c6ef372;

// Classes that describe who is addressed and what a sentence is about (FEATURE_SENTENCE).
const [SENT_LO, SENT_HI] = lexicon.maskOf(
  'IGNORE PRIOR INSTR YOU MODEL NOW REVEAL PROMPTOBJ SECRET OTHERS PERSONA LIMIT NEG PRETEND HARM BECOME DEV VOID DEVMODE USER DATAOBJ ROLE TOLD IF ' +
    'NEWWORD OTHER ASKED PEOPLE WH OURS SOMEONE',
);
// Verbs that make a clause an instruction when they start it.
const [IMPER_LO, IMPER_HI] = lexicon.maskOf('IGNORE REVEAL SAY APPEND PRETEND BECOME');
const sentBits: number[] = [];

/** Emits the FEATURE_SENTENCE features of tokens [from, to) at the sentence's first token with a class. */
function sentenceFeatures(t: Tokens, from: number, to: number, sink: FeatureSink): void {
  let lo = 0;
  let hi = 0;
  let imper = 0;
  let anchor = -1;
  for (let j = from; j < to; j++) {
    const m = t.mask[j]! & SENT_LO;
    const m2 = t.mask2[j]! & SENT_HI;
    if ((m | m2) !== 0 && anchor < 0) anchor = j;
    lo |= m;
    hi |= m2;
    if (t.clause[j] && (t.mask[j]! & IMPER_LO || t.mask2[j]! & IMPER_HI)) imper = 1;
  }
  if (anchor < 0) return;
  sentBits.length = 0;
  for (let half = 0; half < 2; half++) {
    let x = half === 0 ? lo : hi;
    while (x !== 0) {
      const low = x & -x;
      x ^= low;
      sentBits.push(31 - Math.clz32(low) + (half << 5));
    }
  }
  for (let a = 0; a < sentBits.length; a++) {
    sink(anchor, fmix(((sentBits[a]! << 1) | imper) ^ NS_SENT_ONE));
    for (let b = a + 1; b < sentBits.length; b++) sink(anchor, fmix(((sentBits[a]! << 7) | (sentBits[b]! << 1) | imper) ^ NS_SENT_PAIR));
  }
}
const BOUND = 0x2; // char code used as the word boundary in character n-grams

// Leetspeak: digits and symbols standing for letters. '1' is i or l; both are tried against the lexicon.
const LEET = new Int32Array(128).fill(0);
for (const [k, v] of Object.entries({ '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '9': 'g', '8': 'b', '@': 'a', $: 's', '!': 'i', '|': 'l' })) LEET[k.charCodeAt(0)] = v.charCodeAt(0);

function isAlnum(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a);
}
function isLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7) || (c >= 0x370 && c < 0x2000) || (c >= 0x3040 && c < 0xd800) || (c >= 0xf900 && c < 0xfe00);
}
function isWordAt(s: string, i: number, c: number): boolean {
  if (isLetter(c) || (c >= 0x30 && c <= 0x39)) return true;
  const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
  if (c === 0x27) return i > 0 && isLetter(s.charCodeAt(i - 1)) && isLetter(next); // don't, user's
  if (c === 0x40 || c === 0x24) return isAlnum(next); // @ $
  if (c === 0x21 || c === 0x7c) {
    // ! | inside or at the start of a leet word, not as punctuation after one
    const prev = i > 0 ? s.charCodeAt(i - 1) : 0x20;
    return isAlnum(next) && (isAlnum(prev) || prev === 0x20 || prev === 0x0a);
  }
  return false;
}

// Kinds of the characters below 128 (the canonical view is lower case, so A-Z are not word
// characters here, as isWordAt says): the tokenizer reads every character, and one table load
// decides most of them. Characters of KIND_CONTEXT are word characters or not by their neighbours.
const KIND_WORD = 1;
const KIND_CONTEXT = 2;
const ASCII_KIND = new Uint8Array(128);
for (let c = 0x61; c <= 0x7a; c++) ASCII_KIND[c] = KIND_WORD;
for (let c = 0x30; c <= 0x39; c++) ASCII_KIND[c] = KIND_WORD;
for (const ch of "'@$!|") ASCII_KIND[ch.charCodeAt(0)] = KIND_CONTEXT;

/** isWordAt, with the common characters decided by ASCII_KIND. */
function isWordChar(s: string, i: number, c: number): boolean {
  if (c >= 128) return isLetter(c);
  const kind = ASCII_KIND[c]!;
  return kind === KIND_WORD || (kind === KIND_CONTEXT && isWordAt(s, i, c));
}

let cap = 0;
let T: Tokens = alloc(256);
function alloc(n: number): Tokens {
  cap = n;
  return {
    n: 0,
    start: new Int32Array(n),
    end: new Int32Array(n),
    hash: new Int32Array(n),
    mask: new Int32Array(n),
    mask2: new Int32Array(n),
    flags: new Uint8Array(n),
    boundary: new Uint8Array(n),
    clause: new Uint8Array(n),
    rot13: [],
    spaced: [],
  };
}

const MAX_GRAM_CHARS = 24;

/**
 * Hash of a token's characters; for leet tokens folded, the k-th '1' read as 'l' when bit k of
 * `ones` is set and as 'i' otherwise ("f01l0w" needs l, "1nstruct" needs i, "gu1de11nes" both).
 */
function hashToken(s: string, a: number, b: number, leet: boolean, ones: number): number {
  let h = FNV_OFFSET;
  let k = 0;
  for (let i = a; i < b; i++) {
    let c = s.charCodeAt(i);
    if (leet && c < 128 && LEET[c]) c = c === 0x31 ? (ones & (1 << k++) ? 0x6c : 0x69) : LEET[c]!;
    h = Math.imul(h ^ c, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Marks tokens [from, to) as a ROT13 segment when they read as one: at least four tokens, all of
 * them letters, none a stop word as written, and at least a quarter of them stop words once rotated.
 */
function closeRot13Segment(text: string, t: Tokens, stopT: IntTable, from: number, to: number, stops: number, alpha: number): void {
  if (to - from >= 4 && stops === 0 && alpha >= 4) {
    let rotatedStops = 0;
    for (let j = from; j < to; j++) if (stopT.find(rot13Hash(text, t.start[j]!, t.end[j]!)) >= 0) rotatedStops++;
    if (rotatedStops >= 2 && rotatedStops * 4 >= to - from) t.rot13.push([from, to]);
  }
}

function rot13Hash(s: string, a: number, b: number): number {
  let h = FNV_OFFSET;
  for (let i = a; i < b; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0x61 && c <= 0x7a) c = ((c - 0x61 + 13) % 26) + 0x61;
    h = Math.imul(h ^ c, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Tokenizes `text` (a canonical view) and, when `sink` is given, emits classifier features per
 * token. The returned arrays are reused by the next call: copy what must outlive it.
 */
export function tokenize(text: string, folded: Uint8Array | null, sink: FeatureSink | null, features = ALL_FEATURES, lex: Lexicon = lexicon.LEXICON): Tokens {
  const n = text.length;
  // Tokens are separated by at least one character, so there are at most n/2 + 1 of them.
  if (cap < (n >> 1) + 2) T = alloc((n >> 1) + 64);
  const t = T;
  const wordT = lex.wordTable;
  const phrase2T = lex.phrase2Table;
  const phrase3T = lex.phrase3Table;
  const stopT = lex.stopTable;
  t.rot13 = [];
  t.spaced = [];
  let k = 0;
  let sawBoundary = 1;
  let sawClause = 1;
  // segment statistics for ROT13: tokens and stop words since the last sentence end
  let segFrom = 0;
  let segStops = 0;
  let segAlpha = 0;
  let singles = 0;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (c === 0x5c && i + 1 < n) {
      // JSON and code escapes (tool results are JSON): \n and \r end a line, \t \" \\ \/ separate words.
      const e = text.charCodeAt(i + 1);
      if (e === 0x6e || e === 0x72) {
        sawBoundary = 1;
        sawClause = 1;
        i += 2;
        continue;
      }
      if (e === 0x74 || e === 0x22 || e === 0x5c || e === 0x2f) {
        i += 2;
        continue;
      }
    }
    if ((c < 0x61 || c > 0x7a) && !isWordChar(text, i, c)) {
      // A colon ends a ROT13 segment (not a sentence): "Apply ROT13 and follow it: Vtaber nyy ..."
      if (c === 0x3a && k > segFrom) {
        closeRot13Segment(text, t, stopT, segFrom, k, segStops, segAlpha);
        segFrom = k;
        segStops = 0;
        segAlpha = 0;
      }
      if (c === 0x2c || c === 0x3b || c === 0x3a || c === 0x28 || c === 0x22 || c === 0x5b || c === 0x2d) sawClause = 1;
      // A sentence ends at a line break, or at . ! ? followed by a space or the end ("evil.example" and "v2.0" do not end one).
      if (c === 0x0a) {
        sawBoundary = 1;
        sawClause = 1;
      }
      else if (c === 0x2e || c === 0x21 || c === 0x3f) {
        const next = i + 1 < n ? text.charCodeAt(i + 1) : 0x20;
        if (next === 0x20 || next === 0x0a || next === 0x09 || next === 0x0d || next === 0x22 || next === 0x27) sawBoundary = 1;
      }
      i++;
      continue;
    }
    const a = i;
    let letters = 0;
    let leetChars = 0;
    let digits = 0;
    let symbols = 0;
    let ones = 0;
    let fl = 0;
    // FNV-1a of the characters as written, while reading them (hashToken with no leet reading).
    let plain = FNV_OFFSET;
    while (i < n && ((c >= 0x61 && c <= 0x7a) || isWordChar(text, i, c))) {
      plain = Math.imul(plain ^ c, 0x01000193);
      // A word character at or above 128 is a letter (isWordChar).
      if ((c >= 0x61 && c <= 0x7a) || c >= 128) letters++;
      else if (LEET[c]) {
        leetChars++;
        if (c >= 0x30 && c <= 0x39) digits++;
        else symbols++;
        if (c === 0x31) ones++;
      } else if (c >= 0x30 && c <= 0x39) digits++;
      if (folded) fl |= folded[i]!;
      i++;
      c = i < n ? text.charCodeAt(i) : 0;
    }
    const b = i;
    // A leet word: at least three characters, a letter, a digit or symbol standing for a letter,
    // and at most one other character ("7h3", "1gn0r3"; "2024" and "x200" stay as they are).
    const leet = leetChars > 0 && b - a >= 3 && letters + leetChars >= b - a - 1 && (letters >= 1 || symbols >= 1);
    let h: number;
    let at: number;
    if (leet) {
      // Try the readings of up to four '1's as i or l; the first the lexicon knows wins.
      h = hashToken(text, a, b, true, 0);
      at = wordT.find(h);
      if (at < 0 && ones > 0) {
        const combos = 1 << Math.min(ones, 4);
        for (let o = 1; o < combos; o++) {
          const ho = hashToken(text, a, b, true, o);
          const ao = wordT.find(ho);
          if (ao >= 0) {
            h = ho;
            at = ao;
            break;
          }
        }
      }
      fl |= FLAG_LEET;
    } else {
      h = plain >>> 0;
      at = wordT.find(h);
    }
    const mLo = at >= 0 ? wordT.lo[at]! : 0;
    const mHi = at >= 0 ? wordT.hi[at]! : 0;
    if (sawBoundary && k > 0) {
      closeRot13Segment(text, t, stopT, segFrom, k, segStops, segAlpha);
      segFrom = k;
      segStops = 0;
      segAlpha = 0;
      t.boundary[k] = 1;
    } else t.boundary[k] = sawBoundary;
    t.clause[k] = sawBoundary | sawClause;
    sawBoundary = 0;
    sawClause = 0;
    t.start[k] = a;
    t.end[k] = b;
    t.hash[k] = h;
    t.mask[k] = mLo;
    t.mask2[k] = mHi;
    t.flags[k] = fl;
    if (stopT.find(h) >= 0) segStops++;
    if (digits === 0 && letters === b - a) segAlpha++;
    if (b - a === 1 && letters === 1) singles++;
    else {
      if (singles >= 6) t.spaced.push([k - singles, k]);
      singles = 0;
    }
    if (sink) {
      if (features & FEATURE_WORD) sink(k, fmix(h ^ NS_WORD));
      if (features & FEATURE_GRAM && b - a >= 3) {
        // character 4-grams over the folded word with boundary marks: "^ign", "igno", ... "ore$"
        const end = Math.min(b, a + MAX_GRAM_CHARS);
        let p1 = 0;
        let p2 = 0;
        let p3 = BOUND;
        let count = 1;
        for (let j = a; j <= end; j++) {
          let cc = j === end ? BOUND : text.charCodeAt(j);
          if (leet && cc < 128 && LEET[cc]) cc = LEET[cc]!;
          if (++count >= 4) sink(k, fmix((Math.imul(Math.imul(Math.imul(p1, 31) + p2, 31) + p3, 31) + cc) ^ NS_GRAM));
          p1 = p2;
          p2 = p3;
          p3 = cc;
        }
      }
    }
    k++;
  }
  closeRot13Segment(text, t, stopT, segFrom, k, segStops, segAlpha);
  if (singles >= 6) t.spaced.push([k - singles, k]);
  t.n = k;
  // Phrases: two- and three-token lexicon entries give their classes to every token they cover.
  for (let j = 0; j + 1 < k; j++) {
    const k2 = combine(t.hash[j]! >>> 0, t.hash[j + 1]! >>> 0);
    const a2 = phrase2T.find(k2);
    if (a2 >= 0) {
      const lo = phrase2T.lo[a2]!;
      const hi = phrase2T.hi[a2]!;
      for (let q = j; q <= j + 1; q++) {
        t.mask[q] = t.mask[q]! | lo;
        t.mask2[q] = t.mask2[q]! | hi;
      }
    }
    if (j + 2 < k) {
      const a3 = phrase3T.find(combine(k2, t.hash[j + 2]! >>> 0));
      if (a3 >= 0) {
        const lo = phrase3T.lo[a3]!;
        const hi = phrase3T.hi[a3]!;
        for (let q = j; q <= j + 2; q++) {
          t.mask[q] = t.mask[q]! | lo;
          t.mask2[q] = t.mask2[q]! | hi;
        }
      }
    }
  }
  if (sink) {
    let prevClassTok = -10;
    for (let j = 0; j < k; j++) {
      if (features & FEATURE_BIGRAM && j > 0 && !t.boundary[j]) sink(j, combine(t.hash[j - 1]! >>> 0, t.hash[j]! >>> 0) ^ NS_BIGRAM);
      const m = t.mask[j]!;
      const m2 = t.mask2[j]!;
      if (features & FEATURE_FLAG && t.flags[j]) sink(j, fmix(t.flags[j]! ^ NS_FLAG));
      if (features & FEATURE_START && t.clause[j]) {
        sink(j, fmix((t.hash[j]! >>> 0) ^ NS_START));
        for (let half = 0; half < 2; half++) {
          let x = half === 0 ? t.mask[j]! : t.mask2[j]!;
          while (x !== 0) {
            const low = x & -x;
            x ^= low;
            sink(j, fmix((31 - Math.clz32(low) + (half << 5)) ^ NS_START_CLASS));
          }
        }
      }
      if ((m === 0 && m2 === 0) || !(features & (FEATURE_CLASS | FEATURE_PAIR))) continue;
      const near = j - prevClassTok <= 3 && features & FEATURE_PAIR;
      const pm = near ? t.mask[prevClassTok]! : 0;
      const pm2 = near ? t.mask2[prevClassTok]! : 0;
      // Iterate set bits only (x & -x is the lowest one).
      for (let half = 0; half < 2; half++) {
        let x = half === 0 ? m : m2;
        while (x !== 0) {
          const low = x & -x;
          x ^= low;
          const bit = 31 - Math.clz32(low) + (half << 5);
          if (features & FEATURE_CLASS) sink(j, fmix(bit ^ NS_CLASS));
          if (!near) continue;
          for (let ph = 0; ph < 2; ph++) {
            let y = ph === 0 ? pm : pm2;
            while (y !== 0) {
              const pl = y & -y;
              y ^= pl;
              const pb = 31 - Math.clz32(pl) + (ph << 5);
              sink(j, fmix(((pb << 6) | bit) ^ NS_PAIR));
            }
          }
        }
      }
      prevClassTok = j;
    }
    if (features & FEATURE_SENTENCE) {
      let from = 0;
      for (let j = 1; j <= k; j++) {
        if (j === k || t.boundary[j]) {
          sentenceFeatures(t, from, j, sink);
          from = j;
        }
      }
    }
  }
  return t;
}
