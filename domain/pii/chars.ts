/**
 * Character classes for hand-written scanners, filled per UTF-16 unit on first sight: a table read
 * instead of a Unicode-property regular expression at every character (names.ts tokenizes with it;
 * recognizers/anchored.ts finds word starts with it).
 */
export const C_LETTER = 1;
export const C_MARK = 2;
export const C_DIGIT = 3;
export const C_NUMBER = 4;
export const C_OTHER = 5;

const CHAR_CLASS = new Uint8Array(65536);
function classOf(s: string): number {
  if (/\p{L}/u.test(s)) return C_LETTER;
  if (/\p{M}/u.test(s)) return C_MARK;
  if (/^[0-9]$/.test(s)) return C_DIGIT;
  if (/\p{N}/u.test(s)) return C_NUMBER;
  return C_OTHER;
}

/** The class of the character at i; an astral character (a surrogate pair) is classed whole. */
export function charClass(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff) return classOf(String.fromCodePoint(text.codePointAt(i) ?? c));
  let k = CHAR_CLASS[c];
  if (k === 0) {
    k = classOf(String.fromCharCode(c));
    CHAR_CLASS[c] = k;
  }
  return k;
}

/** 2 for the high half of a surrogate pair, else 1. */
export function charWidth(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < text.length ? 2 : 1;
}

/** The class of the character just before i (0 at the start of the text). */
export function classBefore(text: string, i: number): number {
  if (i <= 0) return 0;
  const c = text.charCodeAt(i - 1);
  if (c >= 0xdc00 && c <= 0xdfff && i >= 2) return charClass(text, i - 2);
  return charClass(text, i - 1);
}
