import { charClass as importedCharClass } from '../chars';
import { withContext } from '../context';
import type { Finding } from '../entity-types';
import { DE_STREET_SUFFIX, EN_STREET_TYPES } from '../lexicons';
import { type AnchoredPattern, anchoredMatches, capitalAt, streetWordAt } from './anchored';
import { finding, type Recognizer } from './types';

// A local copy: tsx reads each imported binding through a getter at every use (chars.ts has the meanings).
const charClass = importedCharClass;
const C_LETTER = 1;

/**
 * Postal addresses. German: a street ("Musterstraße 12", "Berliner Allee 5a", "Am Markt 3") with an
 * optional ", 10115 Berlin"; a postcode with its town alone ("80331 München") is an address too.
 * English: "221B Baker Street", "1600 Pennsylvania Avenue NW, Washington, DC 20500", UK postcodes.
 */
const CITY = "[\\p{Lu}][\\p{L}'-]{1,40}(?:(?: am| an der| im| in| ob der| bei| upon| on| de| del)? [\\p{Lu}][\\p{L}'-]{1,40})?";
const DE_NUMBER = '\\d{1,4}(?:\\s?[a-zA-Z](?![\\p{L}]))?(?:\\s?[-–/]\\s?\\d{1,4})?';
const DE_PREPOSITION = '(?:Am|An der|An den|An dem|Auf der|Auf dem|Im|In der|In den|Unter den|Zum|Zur|Hinter der|Hinter dem|Vor dem|Alt|Neuer|Alter)';
// Word lengths are bounded ({0,40}): an unbounded run before a suffix makes a long hyphenated
// word cost quadratic time.
const DE_STREET = `(?:(?:${DE_PREPOSITION} )?[\\p{Lu}][\\p{L}-]{0,40}${DE_STREET_SUFFIX}|(?:${DE_PREPOSITION} )?(?:[\\p{Lu}][\\p{L}-]{1,40}(?:er|e|es|en) )?(?:Straße|Strasse|Str\\.|Weg|Allee|Platz|Gasse|Ring|Damm|Ufer|Markt|Chaussee|Steig|Pfad)|${DE_PREPOSITION} [\\p{Lu}][\\p{L}-]{1,40}(?: [\\p{Lu}][\\p{L}-]{1,40})?)`;
const DE_ADDRESS_RE = new RegExp(
  `(?<![\\p{L}-])${DE_STREET} ?${DE_NUMBER}(?![\\d])(?:,? (?:D-)?\\d{5} ${CITY})?`,
  'gu',
);
const PLZ_CITY_RE = new RegExp(`(?<![\\d\\p{L}-])(?:D-)?\\d{5} ${CITY}`, 'gu');
const EN_ADDRESS_RE = new RegExp(
  `(?<![\\p{L}\\d])\\d{1,6}[A-Za-z]? (?:(?:N|S|E|W|North|South|East|West)\\.? )?(?:[\\p{Lu}\\d][\\p{L}\\d'.-]{0,30} ){1,3}${EN_STREET_TYPES}(?![\\p{L}])(?: (?:NW|NE|SW|SE|N|S|E|W)\\b)?(?:,? (?:Apt|Apartment|Suite|Ste|Unit|Flat|Room|Floor|#)\\.? ?#?[\\w-]+)?(?:,? ${CITY}(?:,? (?:[A-Z]{2}|[\\p{Lu}][\\p{L}]+)\\.?)? \\d{5}(?:-\\d{4})?|,? ${CITY},? [A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}|, ${CITY}(?=[.,;]| and| und|$))?`,
  'gu',
);
const PO_BOX_RE = /\b(?:P\.? ?O\.? Box|Postfach) \d{1,6}(?:,? (?:D-)?\d{5} [\p{Lu}][\p{L}-]+)?/gu;

/** Lower-case German street endings and type words, and the prepositions that can start a street. */
const DE_ENDINGS = DE_STREET_SUFFIX.slice(3, -1)
  .split('|')
  .map((x) => x.replace('\\.', ''));
const DE_PREPOSITION_WORDS = new Set(['am', 'an', 'auf', 'im', 'in', 'unter', 'zum', 'zur', 'hinter', 'vor', 'alt', 'neuer', 'alter']);
/** The UTF-16 unit at i is a letter or a hyphen (a lone surrogate is not): a table read, no regex per character. */
const isLetterAt = (text: string, i: number) => {
  const c = text.charCodeAt(i);
  if (c === 45) return true;
  if (c >= 0xd800 && c <= 0xdfff) return false;
  return charClass(text, i) === C_LETTER;
};
/**
 * A German street's house number at h: the word before it ends like a street ("-straße", "Weg",
 * "Str.") or one of the three words before it is a preposition that starts one ("Am Markt 3").
 */
function afterGermanStreet(text: string, h: number): boolean {
  let q = h;
  if (q > 0 && text[q - 1] === ' ') q--;
  if (q > 0 && text[q - 1] === '.') q--;
  let words = 0;
  while (q > 0 && words < 4 && h - q < 130) {
    let w = q;
    while (w > 0 && isLetterAt(text, w - 1)) w--;
    if (w === q) return false;
    const word = text.slice(w, q).toLowerCase();
    if (words === 0 && DE_ENDINGS.some((e) => word.endsWith(e))) return true;
    if (DE_PREPOSITION_WORDS.has(word)) return true;
    words++;
    q = w;
    if (q > 0 && text[q - 1] === ' ') q--;
    else return false;
  }
  return false;
}

/**
 * The German and English street patterns run only near house numbers (recognizers/anchored.ts):
 * a German match's words before the number are at most a preposition and two 41-character words
 * and a street word; an English match starts at its number.
 */
const DE_ANCHORED: AnchoredPattern = {
  anchor: /\d(?<=[\p{L}.] ?\d)/gu,
  accept: afterGermanStreet,
  // Every German street starts with a capital (the preposition or the street's name).
  canStart: capitalAt,
  // Only street words (letters, hyphens, spaces, "Str.") lie between its start and its number.
  leadIn: streetWordAt,
  // "Hinter dem", a space, two words ("Alter Markt") and a space before the number: four at most.
  maxLeadInSpaces: 4,
  sticky: new RegExp(DE_ADDRESS_RE.source, 'uy'),
  maxBack: 130,
};
/**
 * An English street can only start at p with 1-6 digits, maybe one letter, one space and then a
 * word that is not lower case ("221B Baker", "12 N Main"): most numbers in text fail this at once.
 */
function numberThenWordAt(text: string, p: number): boolean {
  let i = p;
  while (i < text.length && isAsciiDigit(text.charCodeAt(i))) i++;
  if (i === p || i - p > 6) return false;
  const c = text.charCodeAt(i);
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) i++;
  if (text.charCodeAt(i) !== 32) return false;
  const next = text.charCodeAt(i + 1);
  return !(next >= 97 && next <= 122) && next !== 32 && i + 1 < text.length;
}
const isAsciiDigit = (c: number) => c >= 48 && c <= 57;
const EN_ANCHORED: AnchoredPattern = {
  anchor: /\d(?<![\p{L}\d]\d)/gu,
  canStart: numberThenWordAt,
  sticky: new RegExp(EN_ADDRESS_RE.source, 'uy'),
  maxBack: 0,
};

export const addressRecognizer: Recognizer = {
  name: 'address',
  types: ['ADDRESS'],
  find(text) {
    const out: Finding[] = [];
    const push = (m: RegExpExecArray, base: number, source: string) => {
      let end = m.index + m[0].length;
      while (end > m.index && /[.,\s]/.test(text[end - 1]) && !/\b(?:St|Rd|Ave|Str|Blvd|Ln|Dr|Ct|Pl)\.$/.test(text.slice(m.index, end))) end--;
      out.push(finding('ADDRESS', text, m.index, end, withContext(text, m.index, end, 'ADDRESS', base, 0.15), source));
    };
    for (const m of anchoredMatches(text, DE_ANCHORED)) push(m, 0.8, 'street_de');
    for (const m of anchoredMatches(text, EN_ANCHORED)) push(m, 0.8, 'street_en');
    for (const [re, base, source] of [
      [PLZ_CITY_RE, 0.55, 'postcode_city'],
      [PO_BOX_RE, 0.75, 'po_box'],
    ] as const) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m !== null; m = re.exec(text)) push(m, base, source);
    }
    return out;
  },
};
