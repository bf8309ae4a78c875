import { COMMON_DE, COMMON_EN, nameSources, placeInfo } from '../gazetteer';
import type { Language } from '../entity-types';
import { F_ACRONYM, F_COMMON_DE, F_COMMON_EN, F_EVERYDAY, type Token, wordFeatures } from '../recognizers/names';

/** Scripts without capital letters: there a word's case says nothing. */
export const NO_CASE_SCRIPT = /^[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Thai}\p{Script=Devanagari}]/u;

/**
 * The tagger's features, shared by training (scripts/train-pii-tagger.ts) and detection
 * (tagger/model.ts), so both see exactly the same numbers.
 *
 * Every feature is a template number mixed with a value into one 32-bit hash; the model keeps one
 * weight row per hash bucket (the "hashing trick"): no feature strings are built per token. What
 * only depends on a word's spelling (its hashes, shape, lexicon memberships) is worked out once per
 * distinct spelling and cached, as names.ts does for the rules.
 */

/** FNV-1a over text[from, to), lower-cased per UTF-16 unit. */
function hashRange(text: string, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes a template id and a value into one well-spread 32-bit hash (murmur3's finaliser). */
export function mix(template: number, value: number): number {
  let h = Math.imul(template ^ 0x9e3779b9, 0x85ebca6b) ^ value;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A word's shape as a small number: case pattern (lower, Capitalised, UPPER, mIxed, no case),
 * digits, hyphen or apostrophe inside, length bucket, a single letter, a script without capitals.
 */
function shapeOf(text: string): number {
  let upper = 0;
  let lower = 0;
  let digit = 0;
  let joiner = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const cc = text.charCodeAt(i);
    if (cc >= 48 && cc <= 57) digit++;
    else if (c === '-' || c === "'" || c === '\u2019') joiner++;
    else if (c !== c.toLowerCase()) upper++;
    else if (c !== c.toUpperCase()) lower++;
  }
  const first = text[0];
  const firstUpper = first !== first.toLowerCase();
  let kase: number;
  if (upper === 0 && lower === 0) kase = digit ? 0 : 1; // digits only / a script without case
  else if (upper === 0) kase = 2;
  else if (lower === 0) kase = text.length === 1 ? 3 : 4;
  else if (firstUpper && upper === 1) kase = 5;
  else if (firstUpper) kase = 6;
  else kase = 7;
  const len = text.length <= 2 ? 0 : text.length <= 4 ? 1 : text.length <= 7 ? 2 : 3;
  return kase | (digit ? 8 : 0) | (joiner ? 16 : 0) | (len << 5);
}

const log2Bucket = (n: number) => (n <= 0 ? 0 : Math.min(15, 1 + Math.floor(Math.log2(n))));

/** What the features need to know about one spelling. */
export interface WordInfo {
  word: number;
  pre3: number;
  suf2: number;
  suf3: number;
  suf4: number;
  shape: number;
  /** names.ts word feature bits (lexicon memberships, title, everyday word ...). */
  lex: number;
  /** Buckets: in how many name lists, place kind and population, English frequency rank, German. */
  sources: number;
  place: number;
  common: number;
  cap: boolean;
  /**
   * Can carry a name in English / German text: capitalised (or in a script without case), no short
   * acronym and no everyday word. The tagger only reads the words near one (see model.ts).
   */
  carrierEn: boolean;
  carrierDe: boolean;
  /** The word's own features per language (ownFeatures()), worked out at first use. */
  ownEn?: Uint32Array;
  ownDe?: Uint32Array;
  /** The sums of the own features' weights per tag, for the model named beside them (model.ts). */
  ownScoresEn?: Float64Array;
  ownScoresDe?: Float64Array;
  ownScoresModelEn?: object;
  ownScoresModelDe?: object;
}

/** Name-list bits of names.ts wordFeatures (first name, surname, name word, place word). */
const NAMEISH = 4 | 8 | 16 | 32;
/**
 * A hyphenated word whose parts are all everyday or common words and none a name or place
 * ("Follow-up", "Check-in", "Zwei-Faktor"): it carries no name, though no lexicon knows it whole.
 */
function hyphenedPlainWords(text: string): boolean {
  if (text.indexOf('-') < 1) return false;
  const parts = text.split('-');
  for (const part of parts) {
    if (part === '') return false;
    const f = wordFeatures(part);
    if ((f & (F_EVERYDAY | F_COMMON_EN | F_COMMON_DE)) === 0 || (f & NAMEISH) !== 0) return false;
  }
  return true;
}

const wordCache = new Map<string, WordInfo>();
export function wordInfo(text: string): WordInfo {
  let w = wordCache.get(text);
  if (w !== undefined) return w;
  const lower = text.toLowerCase();
  const n = lower.length;
  const p = placeInfo(lower);
  const en = COMMON_EN.get(lower);
  const first = text[0];
  w = {
    word: hashRange(lower, 0, n),
    pre3: hashRange(lower, 0, Math.min(3, n)),
    suf2: hashRange(lower, Math.max(0, n - 2), n),
    suf3: hashRange(lower, Math.max(0, n - 3), n),
    suf4: hashRange(lower, Math.max(0, n - 4), n),
    shape: shapeOf(text),
    lex: wordFeatures(text),
    sources: log2Bucket(nameSources(lower)),
    place: p ? (p.kind === 'country' ? 1 : p.kind === 'region' ? 2 : 3 + Math.min(4, Math.floor(Math.log10(Math.max(1, p.population)) / 1.5))) : 0,
    common: (en === undefined ? 0 : 1 + Math.min(6, Math.floor(Math.log2(1 + en / 250)))) | (COMMON_DE.has(lower) ? 16 : 0),
    cap: first !== first.toLowerCase(),
    carrierEn: false,
    carrierDe: false,
    // The per-language caches exist from the start (empty), so every WordInfo keeps one hidden
    // class: added later, they gave the objects many shapes, and every read of a cache or of a
    // neighbour's fields in the tagger's loop went through V8's slow polymorphic lookup.
    ownEn: undefined,
    ownDe: undefined,
    ownScoresEn: undefined,
    ownScoresDe: undefined,
    ownScoresModelEn: undefined,
    ownScoresModelDe: undefined,
  };
  const f = w.lex;
  const noCase = NO_CASE_SCRIPT.test(text);
  const plain = !noCase && w.cap && hyphenedPlainWords(text);
  w.carrierEn = noCase || (w.cap && !plain && (f & (F_ACRONYM | F_EVERYDAY | F_COMMON_EN)) === 0);
  w.carrierDe = noCase || (w.cap && !plain && (f & (F_ACRONYM | F_EVERYDAY | F_COMMON_DE)) === 0);
  if (wordCache.size >= 200_000) wordCache.clear();
  wordCache.set(text, w);
  return w;
}

/**
 * The same word as if no lexicon knew it: what the tagger sees of a name from a country whose
 * names are in no list. Training shows it now and then (lexicon dropout) so the model learns to
 * read such names from shape and context instead of trusting the lists alone.
 */
const UNKNOWN_KEEP = 2 | 1024 | 32768 | 65536 | (15 << 23); // acronym, camel case, capital, noun ending, context words
const UNKNOWN_CAP = 256 | 512;
export function unknownWord(w: WordInfo): WordInfo {
  return { ...w, lex: (w.lex & UNKNOWN_KEEP) | (w.cap ? UNKNOWN_CAP : 0) | 1, sources: 0, place: 0, common: 0, ownEn: undefined, ownDe: undefined, ownScoresEn: undefined, ownScoresDe: undefined, ownScoresModelEn: undefined, ownScoresModelDe: undefined };
}

/** The gap before a token, as a class: one space, line break, comma, colon, sentence end, other. */
function gapClass(gap: string): number {
  if (gap === ' ') return 1;
  if (gap.includes('\n')) return 2;
  if (gap.startsWith(',')) return 3;
  if (gap.startsWith(':')) return 4;
  if (/^[.!?]/.test(gap)) return 5;
  if (gap === '') return 6;
  if (gap.includes('-')) return 7;
  if (gap.includes('(') || gap.includes(')')) return 8;
  if (gap.includes('&')) return 9;
  return 10;
}

// Template ids (any distinct numbers; changing one changes the model, so retrain after).
const T = {
  bias: 1, word: 2, pre3: 3, suf2: 4, suf3: 5, suf4: 6, shape: 7, lexBit: 8, sources: 9, place: 10, common: 11,
  prevWord: 12, nextWord: 13, prev2Word: 14, next2Word: 15, prevShape: 16, nextShape: 17, prevLex: 18, nextLex: 19,
  gapBefore: 20, gapAfter: 21, langShape: 22, prevWordShape: 23, shapeNextShape: 24, langWord: 25, sentStart: 26,
  langLexBit: 27, prevGap: 28, prevTag: 40, prevTagShape: 41, prevTags: 42, prevTagWord: 43,
} as const;

/** The lexicon bits a neighbour contributes in one number: first, last, name word, place, everyday, title, cap. */
const NEIGHBOUR_BITS = 4 | 8 | 16 | 32 | 2048 | 16384 | 32768;

/**
 * Where the word's own identity sits among a token's static features (word, word x language) and
 * among its history features: training hides these now and then (word dropout), so the model also
 * learns to read a name from its shape, lexicons and context, as it must for names it never saw.
 */
export const WORD_SLOTS = [1, 8] as const;
export const HISTORY_WORD_SLOT = 3;

/** Features per token that do not depend on the tags before it (at most this many). */
export const MAX_STATIC = 48;

/** Each token's WordInfo; hideLexicon[i] = 1 shows token i as unknownWord() (training only). */
export function wordInfos(tokens: Token[], hideLexicon?: Uint8Array): WordInfo[] {
  const infos: WordInfo[] = new Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) infos[i] = hideLexicon?.[i] ? unknownWord(wordInfo(tokens[i].text)) : wordInfo(tokens[i].text);
  return infos;
}

/** How many of ownFeatures() come before the token's sentence-start feature (the rest after it). */
const OWN_HEAD = 12;

/**
 * The features that depend only on the word and the language, hashed once per spelling and kept on
 * its WordInfo: about half of a token's features, and the mixing was most of their cost.
 */
export function ownFeatures(w: WordInfo, language: Language): Uint32Array {
  const cached = language === 'de' ? w.ownDe : w.ownEn;
  if (cached) return cached;
  const lang = language === 'de' ? 2 : 1;
  const f: number[] = [
    mix(T.bias, 0),
    mix(T.word, w.word),
    mix(T.pre3, w.pre3),
    mix(T.suf2, w.suf2),
    mix(T.suf3, w.suf3),
    mix(T.suf4, w.suf4),
    mix(T.shape, w.shape),
    mix(T.langShape, w.shape * 4 + lang),
    mix(T.langWord, w.word ^ lang),
    mix(T.sources, w.sources * 2 + (w.cap ? 1 : 0)),
    mix(T.place, w.place * 2 + (w.cap ? 1 : 0)),
    mix(T.common, w.common * 8 + lang * 2 + (w.cap ? 1 : 0)),
  ];
  // Lexicon memberships, one feature per bit, and all of them together per language (German
  // capitalises nouns, so the same bits mean less there).
  for (let b = 1; b < 27 && f.length < MAX_STATIC - 21; b++) if (w.lex & (1 << b)) f.push(mix(T.lexBit, b));
  f.push(mix(T.langLexBit, (w.lex & 0xffff) * 4 + lang));
  const out = Uint32Array.from(f);
  if (language === 'de') w.ownDe = out;
  else w.ownEn = out;
  return out;
}

/**
 * Writes token i's features that depend on where it stands (sentence start, the words and gaps
 * around it) to out[0..] and returns how many; out[0] is the sentence-start feature.
 */
/**
 * Each token's gap class (gapClass) for the token array last seen: every token's class is read by
 * three positions (its own, the next word's previous-gap feature, the previous word's gap-after),
 * so it is worked out once per token instead of three times (a few string tests each). Token
 * arrays are never changed after tokenize() made them; tagTokens() lets go of the array when done
 * (forgetGaps), so a large text's tokens are not held on to.
 */
let gapTokens: Token[] | null = null;
let gapClasses = new Int8Array(256);
function gapClassAt(tokens: Token[], i: number): number {
  if (tokens !== gapTokens) {
    gapTokens = tokens;
    if (gapClasses.length < tokens.length) gapClasses = new Int8Array(Math.max(tokens.length, gapClasses.length * 2));
    gapClasses.fill(-1, 0, tokens.length);
  }
  let c = gapClasses[i];
  if (c < 0) {
    c = gapClass(tokens[i].gap);
    gapClasses[i] = c;
  }
  return c;
}

export function forgetGaps(): void {
  gapTokens = null;
}

export function contextFeatures(tokens: Token[], infos: WordInfo[], i: number, out: Uint32Array): number {
  const n = tokens.length;
  const w = infos[i];
  const t = tokens[i];
  const p = i > 0 ? infos[i - 1] : null;
  const q = i + 1 < n ? infos[i + 1] : null;
  const p2 = i > 1 ? infos[i - 2] : null;
  const q2 = i + 2 < n ? infos[i + 2] : null;
  let k = 0;
  out[k++] = mix(T.sentStart, (t.sentStart ? 1 : 0) * 2 + (w.cap ? 1 : 0));
  out[k++] = mix(T.prevWord, p ? p.word : 1);
  out[k++] = mix(T.nextWord, q ? q.word : 1);
  out[k++] = mix(T.prev2Word, p2 ? p2.word : 1);
  out[k++] = mix(T.next2Word, q2 ? q2.word : 1);
  out[k++] = mix(T.prevShape, p ? p.shape : 255);
  out[k++] = mix(T.nextShape, q ? q.shape : 255);
  out[k++] = mix(T.prevLex, p ? p.lex & NEIGHBOUR_BITS : 1);
  out[k++] = mix(T.nextLex, q ? q.lex & NEIGHBOUR_BITS : 1);
  out[k++] = mix(T.gapBefore, gapClassAt(tokens, i) * 2 + (w.cap ? 1 : 0));
  out[k++] = mix(T.gapAfter, i + 1 < n ? gapClassAt(tokens, i + 1) : 0);
  out[k++] = mix(T.prevWordShape, (p ? p.word : 1) ^ Math.imul(w.shape + 1, 0x9e3779b1));
  out[k++] = mix(T.shapeNextShape, w.shape * 256 + (q ? q.shape : 255));
  // The gap before the previous word: a line break there starts a new line of a form or an
  // address ("12345 Town" on its own line is a postal code and a town, not one address).
  out[k++] = mix(T.prevGap, (i > 0 ? gapClassAt(tokens, i - 1) : 0) * 4 + (w.cap ? 2 : 0) + (i > 1 ? 1 : 0));
  return k;
}

const CONTEXT = new Uint32Array(16);
/**
 * Writes token i's static features (those that do not depend on the tags before it) to out[0..]
 * and returns how many (at most MAX_STATIC), in the order training uses: the word's own head, the
 * sentence-start feature, the rest of its own features, then the other context features.
 */
export function tokenFeatures(tokens: Token[], infos: WordInfo[], i: number, language: Language, out: Uint32Array): number {
  const own = ownFeatures(infos[i], language);
  const c = contextFeatures(tokens, infos, i, CONTEXT);
  let k = 0;
  for (let j = 0; j < OWN_HEAD; j++) out[k++] = own[j];
  out[k++] = CONTEXT[0];
  for (let j = OWN_HEAD; j < own.length; j++) out[k++] = own[j];
  for (let j = 1; j < c; j++) out[k++] = CONTEXT[j];
  return k;
}

/** Features that depend on the tags already given to the two tokens before (greedy decoding). */
export function historyFeatures(prevTag: number, prev2Tag: number, info: WordInfo, out: Uint32Array): number {
  out[0] = mix(T.prevTag, prevTag);
  out[1] = mix(T.prevTagShape, prevTag * 256 + info.shape);
  out[2] = mix(T.prevTags, prevTag * 16 + prev2Tag);
  out[3] = mix(T.prevTagWord, info.word ^ Math.imul(prevTag + 1, 0x27d4eb2d));
  return 4;
}
