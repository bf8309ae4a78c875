import { charClass, classBefore } from '../chars';

// Local copies: tsx turns every use of an imported binding into a property read through a getter,
// which is measurable in a loop over every character (chars.ts has the meanings).
const classAt = charClass;
const classBeforeAt = classBefore;
const C_LETTER = 1;
const C_MARK = 2;
const C_DIGIT = 3;
const C_NUMBER = 4;

/**
 * Matches of a costly pattern found only where they can be. A global scan tries a pattern such as
 * "up to three capitalised words, a street word, a house number" at every position of the text,
 * and each capitalised word costs a backtracking search through dozens of street-type endings;
 * on text dense with names that was a quarter of detect()'s time. Every match of such a pattern
 * contains something cheap to find (a digit right after a street-type ending): the anchor. Only at
 * the word starts shortly before each anchor is the pattern tried, sticky, and the first that
 * matches wins, which gives the same matches as the global scan when `maxBack` bounds the distance
 * from a match's start to its anchor (the leftmost match from the last one's end is always tried
 * first; see the proof sketch in the unit test).
 */
export interface AnchoredPattern {
  /**
   * A global pattern matching exactly one UTF-16 unit (a digit, with look-arounds); every match of
   * `sticky` contains an anchor at most maxBack characters after its start. One unit, so the
   * scan can use test() and read the position from lastIndex, without a match array per anchor.
   */
  anchor: RegExp;
  /** The full pattern with the sticky flag ('y'). */
  sticky: RegExp;
  /** The longest possible distance from a match's start to its anchor. */
  maxBack: number;
  /** A further cheap test of an anchor at h (a necessary condition for a match, never a sufficient one). */
  accept?: (text: string, h: number) => boolean;
  /**
   * A cheap test of a word start p (a necessary condition for `sticky` to match there, never a
   * sufficient one): word starts that fail it are skipped without running the costly pattern. Most
   * word starts before an anchor are ordinary words where no match can begin, and a failed sticky
   * attempt through dozens of alternatives cost as much as a successful one.
   */
  canStart?: (text: string, p: number) => boolean;
  /**
   * For patterns whose matches run from their start to their house number through street words
   * only (the number is the first digit after the start): true for every UTF-16 unit such words
   * may contain at index i (a superset is fine). Word starts from which other characters lie before the next
   * digit are then skipped without running the pattern; one backward pass per anchor finds them.
   */
  leadIn?: (text: string, i: number) => boolean;
  /**
   * With leadIn: at most this many whitespace characters lie between a match's start and its
   * number (its word separators): capitalised words further back in the sentence are skipped too.
   */
  maxLeadInSpaces?: number;
}

/** JavaScript's \s as character codes. */
const isSpaceCode = (c: number) =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;

/** Per position of an anchor's window: 1 when only lead-in characters lie between it and the next digit. */
let reach = new Uint8Array(256);
const isAsciiDigit = (c: number) => c >= 48 && c <= 57;

/**
 * The characters street words are made of (a superset): letters, marks, surrogate halves (astral
 * letters), apostrophes, dots, hyphens, commas and whitespace.
 */
export function streetWordAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c === 39 || c === 44 || c === 45 || c === 46 || c === 8217 || isSpaceCode(c)) return true;
  if (c < 65) return false;
  if (c >= 0xd800 && c <= 0xdfff) return true;
  const k = classAt(text, i);
  return k === C_LETTER || k === C_MARK;
}

const isWordChar = (k: number) => k === C_LETTER || k === C_MARK || k === C_DIGIT || k === C_NUMBER;

export function anchoredMatches(text: string, pattern: AnchoredPattern): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  const { anchor, sticky, maxBack, accept, canStart, leadIn } = pattern;
  const maxSpaces = pattern.maxLeadInSpaces ?? Number.POSITIVE_INFINITY;
  let lastEnd = 0;
  anchor.lastIndex = 0;
  while (anchor.test(text)) {
    const h = anchor.lastIndex - 1;
    // The next anchor search starts one character on, so anchors that overlap are all seen.
    anchor.lastIndex = h + 1;
    if (h < lastEnd || (accept && !accept(text, h))) continue;
    // The word starts in [max(lastEnd, h - maxBack), h] in text order (a letter or digit after a
    // non-word character); the first where the pattern matches wins.
    // The class of the character before p is carried along (one table read per character).
    const from = Math.max(lastEnd, h - maxBack);
    if (leadIn) {
      if (reach.length <= h - from) reach = new Uint8Array(2 * (h - from + 1));
      let ok = 1;
      let spaces = 0;
      for (let i = h; i >= from; i--) {
        const c = text.charCodeAt(i);
        if (isAsciiDigit(c)) {
          ok = 1;
          spaces = 0;
        } else if (ok && leadIn(text, i)) {
          if (isSpaceCode(c)) spaces++;
          ok = spaces <= maxSpaces ? 1 : 0;
        } else ok = 0;
        reach[i - from] = ok;
      }
    }
    let p = from;
    let before = classBeforeAt(text, p);
    for (; p <= h && p < text.length; p++) {
      const k = classAt(text, p);
      if ((k === C_LETTER || k === C_DIGIT) && !isWordChar(before) && (!leadIn || reach[p - from] === 1) && (!canStart || canStart(text, p))) {
        sticky.lastIndex = p;
        const m = sticky.exec(text);
        if (m !== null && m[0].length > 0) {
          out.push(m);
          lastEnd = p + m[0].length;
          anchor.lastIndex = Math.max(anchor.lastIndex, lastEnd);
          break;
        }
      }
      // After the low half of a surrogate pair, the character before is the whole pair.
      const c = text.charCodeAt(p);
      before = c >= 0xdc00 && c <= 0xdfff ? classBeforeAt(text, p + 1) : k;
    }
  }
  return out;
}

/** A canStart for patterns whose every match begins with a capital letter (\p{Lu} or \p{Lt}). */
const CAPITAL_AT = /[\p{Lu}\p{Lt}]/uy;
export function capitalAt(text: string, p: number): boolean {
  CAPITAL_AT.lastIndex = p;
  return CAPITAL_AT.test(text);
}
