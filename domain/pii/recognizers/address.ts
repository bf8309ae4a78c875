import { withContext } from '../context';
import type { Finding } from '../entity-types';
import { DE_STREET_SUFFIX, EN_STREET_TYPES } from '../lexicons';
import { finding, type Recognizer } from './types';

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

export const addressRecognizer: Recognizer = {
  name: 'address',
  types: ['ADDRESS'],
  find(text) {
    const out: Finding[] = [];
    for (const [re, base, source] of [
      [DE_ADDRESS_RE, 0.8, 'street_de'],
      [EN_ADDRESS_RE, 0.8, 'street_en'],
      [PLZ_CITY_RE, 0.55, 'postcode_city'],
      [PO_BOX_RE, 0.75, 'po_box'],
    ] as const) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m !== null; m = re.exec(text)) {
        let end = m.index + m[0].length;
        while (end > m.index && /[.,\s]/.test(text[end - 1]) && !/\b(?:St|Rd|Ave|Str|Blvd|Ln|Dr|Ct|Pl)\.$/.test(text.slice(m.index, end))) end--;
        out.push(finding('ADDRESS', text, m.index, end, withContext(text, m.index, end, 'ADDRESS', base, 0.15), source));
      }
    }
    return out;
  },
};
