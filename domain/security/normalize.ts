/**
 * The normaliser: turns a text into the views the rules and the classifier read.
 *
 * - The canonical view: lower case, invisible characters (zero-width, bidi controls, soft hyphen,
 *   variation selectors, Unicode tag characters) removed, homoglyphs folded to Latin (Cyrillic and
 *   Greek look-alikes, fullwidth and mathematical letters), typographic quotes to ASCII. An offset
 *   map leads every canonical character back to the original text, so findings point at the
 *   original. Leetspeak is folded later, per token (tokens.ts), because "2024" must stay a number.
 * - Decoded views: text hidden in base64, hex, percent-encoding or Unicode tag characters, decoded
 *   and kept when it reads as text (valid UTF-8, mostly letters and spaces). ROT13 and spaced-out
 *   letters are recognised during tokenizing (they need the word statistics) and added there.
 *
 * Every regular expression here is a single character class with a quantifier, or a fixed-width
 * unit repeated: no nested quantifiers, so matching is linear in the text length.
 */
import type { DecodedKind, SecurityFinding } from './types';

export interface View {
  /** Canonical text. */
  text: string;
  /** Canonical offset -> original offset (length text.length + 1); null when they coincide. */
  map: Int32Array | null;
  /** Per canonical character: 1 when it was folded from a homoglyph or followed a removed invisible character. */
  folded: Uint8Array | null;
  /** For a decoded view: what it was and the span of the original text it came from. */
  origin: { kind: DecodedKind; start: number; end: number } | null;
  depth: number;
}

export interface Normalized {
  main: View;
  decoded: View[];
  /** Injection signals found while normalising (tag characters, invisible characters in words, bidi overrides). */
  signals: SecurityFinding[];
}

// ------------------------------------------------------------------ character tables

const HOMOGLYPHS: Record<number, number> = {};
function glyphs(from: string, to: string): void {
  const f = [...from];
  for (let i = 0; i < f.length; i++) HOMOGLYPHS[f[i]!.codePointAt(0)!] = to.charCodeAt(i);
}
// Cyrillic and Greek letters that look like Latin ones (upper and lower case), and a few others.
glyphs('аеорсхуікмнтвјѕԁһӏԛԝ', 'aeopcxyikmhtbjsdhlqw');
glyphs('АЕОРСХУІКМНТВЈЅ', 'aeopcxyikmhtbjs');
glyphs('οαειντκρυχβηζμ', 'oaeivtkpuxbnzm');
glyphs('ΟΑΕΙΝΤΚΡΥΧΒΗΖΜ', 'oaeintkpyxbhzm');
glyphs('‘’‚‛“”„‟′″', "''''\"\"\"\"'\"");

/** Characters removed from the canonical view. */
function isInvisible(c: number): boolean {
  return (
    c === 0x00ad ||
    c === 0x034f ||
    c === 0x061c ||
    c === 0x115f ||
    c === 0x1160 ||
    c === 0x17b4 ||
    c === 0x17b5 ||
    (c >= 0x180b && c <= 0x180e) ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x206f) ||
    c === 0x3164 ||
    (c >= 0xfe00 && c <= 0xfe0f) ||
    c === 0xfeff ||
    c === 0xffa0
  );
}

const isLatinWord = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7);

const lowerCache = new Map<number, string>();
function lowerOf(c: number): string {
  let s = lowerCache.get(c);
  if (s === undefined) {
    const ch = String.fromCharCode(c);
    const l = ch.toLowerCase();
    s = l.length === 1 ? l : ch;
    lowerCache.set(c, s);
  }
  return s;
}

/** NFKC of one code point when it folds to ASCII letters or digits (fullwidth, mathematical, circled, superscript). */
const nfkcCache = new Map<number, string | null>();
function compatFold(cp: number): string | null {
  let v = nfkcCache.get(cp);
  if (v === undefined) {
    const n = String.fromCodePoint(cp).normalize('NFKC').toLowerCase();
    v = /^[a-z0-9]{1,3}$/.test(n) ? n : null;
    nfkcCache.set(cp, v);
  }
  return v;
}
const maybeCompat = (cp: number) => (cp >= 0xff01 && cp <= 0xff5e) || (cp >= 0x1d400 && cp <= 0x1d7ff) || (cp >= 0x2460 && cp <= 0x24ff) || (cp >= 0x2070 && cp <= 0x209f) || (cp >= 0x2100 && cp <= 0x214f) || (cp >= 0xfb00 && cp <= 0xfb06) || (cp >= 0x1f130 && cp <= 0x1f189);

/** Text with nothing to fold except case: no invisible, homoglyph, compatibility or astral characters. */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: matched per UTF-16 code unit on purpose (combining marks and lone surrogates are what it looks for)
const NEEDS_SLOW_PATH = /[\u00ad\u034f\u0370-\u03ff\u0400-\u04ff\u0500-\u052f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180e\u200b-\u200f\u202a-\u202e\u2060-\u209f\u2100-\u214f\u2460-\u24ff\u3164\ufb00-\ufb06\ufe00-\ufe0f\ufeff\uff01-\uff5e\uffa0\ud800-\udfff]/;
/** Typographic quotes, folded in place on the fast path (same length, so no offset map). */
const QUOTES = /[\u2018-\u201b\u2032]/g;
const DQUOTES = /[\u201c-\u201f\u2033]/g;
/** The quotes whose presence turns the folding above on (one search instead of five `includes`). */
const TYPOGRAPHIC_QUOTE = /[\u2018\u2019\u201c\u201d\u201e]/;

// ------------------------------------------------------------------ canonical view

function fromCodes(codes: Uint16Array, len: number): string {
  let s = '';
  for (let i = 0; i < len; i += 4096) s += String.fromCharCode.apply(null, codes.subarray(i, Math.min(len, i + 4096)) as unknown as number[]);
  return s;
}

interface Canonical {
  view: View;
  tagRuns: { start: number; end: number; text: string }[];
  invisibleInWords: number;
  firstInvisible: number;
  bidi: number;
  firstBidi: number;
}

export function canonicalize(text: string, origin: View['origin'] = null, depth = 0): Canonical {
  if (!NEEDS_SLOW_PATH.test(text)) {
    let lower = text.toLowerCase();
    if (lower.length === text.length) {
      if (TYPOGRAPHIC_QUOTE.test(lower)) {
        lower = lower.replace(QUOTES, "'").replace(DQUOTES, '"');
      }
      return { view: { text: lower, map: null, folded: null, origin, depth }, tagRuns: [], invisibleInWords: 0, firstInvisible: -1, bidi: 0, firstBidi: -1 };
    }
  }
  const n = text.length;
  const out = new Uint16Array(n * 3 + 1);
  const map = new Int32Array(n * 3 + 1);
  const folded = new Uint8Array(n * 3 + 1);
  let len = 0;
  let invisibleInWords = 0;
  let firstInvisible = -1;
  let bidi = 0;
  let firstBidi = -1;
  let pendingFold = 0;
  const tagRuns: Canonical['tagRuns'] = [];
  let tagStart = -1;
  let tagText = '';
  const push = (s: string, at: number, fold: number) => {
    for (let k = 0; k < s.length; k++) {
      out[len] = s.charCodeAt(k);
      map[len] = at;
      folded[len] = fold | pendingFold;
      len++;
    }
    pendingFold = 0;
  };
  const endTags = (at: number) => {
    if (tagStart >= 0) {
      tagRuns.push({ start: tagStart, end: at, text: tagText });
      tagStart = -1;
      tagText = '';
    }
  };
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (tagStart >= 0) endTags(i);
      out[len] = c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
      map[len] = i;
      folded[len] = pendingFold;
      len++;
      pendingFold = 0;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const cp = text.codePointAt(i)!;
      if (cp >= 0xe0000 && cp <= 0xe007f) {
        // Unicode tag characters: invisible; they spell ASCII. Collected, removed, decoded below.
        if (tagStart < 0) tagStart = i;
        if (cp >= 0xe0020 && cp <= 0xe007e) tagText += String.fromCharCode(cp - 0xe0000);
        i++;
        continue;
      }
      endTags(i);
      if (cp >= 0xe0100 && cp <= 0xe01ef) {
        i++;
        continue;
      }
      const f = maybeCompat(cp) ? compatFold(cp) : null;
      if (f) push(f, i, 1);
      else {
        push(text[i]!, i, 0);
        push(text[i + 1]!, i + 1, 0);
      }
      i++;
      continue;
    }
    endTags(i);
    if (isInvisible(c)) {
      if (c === 0x202d || c === 0x202e) {
        bidi++;
        if (firstBidi < 0) firstBidi = i;
      }
      // Soft hyphens are ordinary in text extracted from PDFs; zero-width characters between
      // Latin letters are not.
      if (c !== 0x00ad && i > 0 && i + 1 < n && isLatinWord(text.charCodeAt(i - 1)) && isLatinWord(text.charCodeAt(i + 1))) {
        invisibleInWords++;
        if (firstInvisible < 0) firstInvisible = i;
        pendingFold = 4;
      } else if (c !== 0x00ad && c !== 0xfe0f && c !== 0x200d && c !== 0xfeff) pendingFold = 4;
      continue;
    }
    const g = HOMOGLYPHS[c];
    if (g !== undefined) {
      push(String.fromCharCode(g), i, c < 0x2000 ? 2 : 0);
      continue;
    }
    if (maybeCompat(c)) {
      const f = compatFold(c);
      if (f) {
        push(f, i, 2);
        continue;
      }
    }
    push(lowerOf(c), i, 0);
  }
  endTags(n);
  map[len] = n;
  return {
    view: { text: fromCodes(out, len), map: map.subarray(0, len + 1), folded: folded.subarray(0, len + 1), origin, depth },
    tagRuns,
    invisibleInWords,
    firstInvisible,
    bidi,
    firstBidi,
  };
}

// ------------------------------------------------------------------ decoders

/** Decoded bytes count as hidden text when they are valid UTF-8 and read like words. */
export function readsAsText(s: string): boolean {
  if (s.length < 12 || s.includes('\ufffd')) return false;
  let letters = 0;
  let spaces = 0;
  let bad = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0xc0 && c <= 0x24f)) letters++;
    else if (c === 0x20) spaces++;
    else if (c < 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) bad++;
  }
  return bad === 0 && spaces >= 2 && letters >= 8 && letters + spaces >= s.length * 0.7;
}

const HEX_ESCAPES = /(?:\\x[0-9A-Fa-f]{2}){6,}/g;
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2}){6,}/g;

function decodeBase64(run: string): string | null {
  // Base64 of text mixes upper case, lower case and digits; long ordinary words do not.
  let upper = 0;
  let lower = 0;
  let digit = 0;
  for (let i = 0; i < run.length; i++) {
    const c = run.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) upper++;
    else if (c >= 0x61 && c <= 0x7a) lower++;
    else if (c >= 0x30 && c <= 0x39) digit++;
  }
  if (upper < 2 || lower < 2 || upper + digit < run.length * 0.12) return null;
  const s = Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  return readsAsText(s) ? s : null;
}

function decodeHex(run: string): string | null {
  const hex = run.replace(/[^0-9A-Fa-f]/g, '');
  if (hex.length % 2) return null;
  const s = Buffer.from(hex, 'hex').toString('utf8');
  return readsAsText(s) ? s : null;
}

function decodePercent(run: string): string | null {
  try {
    const s = decodeURIComponent(run);
    return readsAsText(s) ? s : null;
  } catch {
    return null;
  }
}

const MAX_DECODED = 64;

const B64 = new Uint8Array(128);
for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-') B64[ch.charCodeAt(0)] = 1;
for (const ch of '0123456789abcdefABCDEF') B64[ch.charCodeAt(0)] = 3;
const isB64 = (c: number) => c < 128 && B64[c]! > 0;
const isHex = (c: number) => c < 128 && B64[c] === 3;

/**
 * Candidate encoded runs in one pass: base64 runs (at least 16 base64 characters, then up to two
 * '=') and hex runs (at least 20 hex digits, pairs optionally separated by one space or colon).
 */
function encodedRuns(text: string): [number, number, 'base64' | 'hex'][] {
  const out: [number, number, 'base64' | 'hex'][] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (!isB64(c)) {
      i++;
      continue;
    }
    // Most runs are ordinary words: skip them unless they reach 16 characters.
    let probe = i + 1;
    while (probe < n && probe < i + 16 && isB64(text.charCodeAt(probe))) probe++;
    if (probe - i < 16 && !(isHex(c) && probe < n && (text.charCodeAt(probe) === 0x20 || text.charCodeAt(probe) === 0x3a))) {
      i = probe;
      continue;
    }
    // hex run with optional single separators between pairs
    if (isHex(c)) {
      let j = i;
      let digits = 0;
      while (j + 1 < n && isHex(text.charCodeAt(j)) && isHex(text.charCodeAt(j + 1))) {
        digits += 2;
        j += 2;
        const sep = j < n ? text.charCodeAt(j) : 0;
        if ((sep === 0x20 || sep === 0x3a) && j + 2 < n && isHex(text.charCodeAt(j + 1)) && isHex(text.charCodeAt(j + 2))) j++;
      }
      if (digits >= 20 && (j >= n || !isB64(text.charCodeAt(j)))) {
        out.push([i, j, 'hex']);
        i = j;
        continue;
      }
    }
    let j = i;
    while (j < n && isB64(text.charCodeAt(j))) j++;
    if (j - i >= 16) {
      let e = j;
      while (e < n && e < j + 2 && text.charCodeAt(e) === 0x3d) e++;
      out.push([i, e, 'base64']);
    }
    i = j;
  }
  return out;
}

/** Finds text hidden by encoding in `text` (an original or decoded text), as decoded views. */
function decodeAll(text: string, offset: number, depth: number, into: View[]): void {
  if (depth > 2 || into.length >= MAX_DECODED) return;
  const tryRuns = (re: RegExp, kind: DecodedKind, decode: (s: string) => string | null, needle?: string) => {
    if (needle !== undefined && !text.includes(needle)) return;
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null && into.length < MAX_DECODED; m = re.exec(text)) {
      const decoded = decode(m[0]);
      if (decoded === null) continue;
      const origin = { kind, start: offset + m.index, end: offset + m.index + m[0].length };
      into.push(canonicalize(decoded, origin, depth + 1).view);
      decodeAll(decoded, origin.start, depth + 1, into);
    }
  };
  // Base64 and hex runs are found by one linear pass (a regex would restart inside every word).
  for (const [a, b, kind] of encodedRuns(text)) {
    if (into.length >= MAX_DECODED) break;
    const decoded = kind === 'base64' ? decodeBase64(text.slice(a, b)) : decodeHex(text.slice(a, b));
    if (decoded === null) continue;
    const origin = { kind, start: offset + a, end: offset + b };
    into.push(canonicalize(decoded, origin, depth + 1).view);
    decodeAll(decoded, origin.start, depth + 1, into);
  }
  tryRuns(HEX_ESCAPES, 'hex', decodeHex, '\\x');
  tryRuns(PERCENT_RUN, 'percent', decodePercent, '%');
}

const evidence = (s: string) => (s.length > 120 ? `${s.slice(0, 117)}...` : s);

export function normalize(text: string): Normalized {
  const c = canonicalize(text);
  const decoded: View[] = [];
  const signals: SecurityFinding[] = [];
  for (const run of c.tagRuns) {
    // A flag emoji spells its region in tag characters (black flag + "gbeng" + cancel tag): not hidden text.
    const flag = run.start >= 2 && text.codePointAt(run.start - 2) === 0x1f3f4 && /^[a-z0-9]{2,7}$/.test(run.text);
    if (flag) continue;
    if (run.text.length >= 3) {
      signals.push({ rule: 'tag_characters', start: run.start, end: run.end, evidence: evidence(`tags: ${run.text}`), weight: 0.9 });
      decoded.push(canonicalize(run.text, { kind: 'tag_characters', start: run.start, end: run.end }, 1).view);
    }
  }
  if (c.invisibleInWords >= 3) {
    // Zero-width characters inside words: hides words from filters that match plain text.
    const weight = Math.min(0.9, 0.35 + c.invisibleInWords / 40);
    signals.push({ rule: 'invisible_characters', start: c.firstInvisible, end: c.firstInvisible + 1, evidence: `${c.invisibleInWords} invisible characters inside words`, weight });
  }
  if (c.bidi > 0) signals.push({ rule: 'bidi_override', start: c.firstBidi, end: c.firstBidi + 1, evidence: `${c.bidi} right-to-left override characters`, weight: 0.3 });
  decodeAll(text, 0, 0, decoded);
  return { main: c.view, decoded, signals };
}

/** Original offset of a canonical offset of `view`. */
export function originalOffset(view: View, at: number): number {
  if (view.origin) return at >= view.text.length ? view.origin.end : view.origin.start;
  return view.map ? view.map[Math.min(at, view.map.length - 1)]! : at;
}
