import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import type { Language } from '../entity-types';
import { placeInfo } from '../gazetteer';

/**
 * Which countries' numbering plans to try for a phone number written without its country code.
 * libphonenumber-js validates a national number only against the region it is given, and the
 * language's own region (US for English, DE for German) is wrong for much of the world's text. So
 * the text's other clues are read first, in this order:
 *   1. international numbers elsewhere in the text ("+48 ..." makes PL likely for "601 234 567");
 *   2. country names and cities in the gazetteer (data/pii/places.tsv carries each place's country);
 * then the likely regions of the language below. At most MAX_REGIONS are tried (a parse costs
 * about 50 µs), and only for candidates that the default region does not already accept.
 */
export const LIKELY_REGIONS: Record<Language, CountryCode[]> = {
  // English text: the largest English-writing countries by population and by share of business text.
  en: ['GB', 'IN', 'NG', 'CA', 'AU', 'ZA', 'IE', 'PH'],
  // German text: the German-speaking countries, then the neighbours with the most cross-border business.
  de: ['AT', 'CH', 'NL', 'PL', 'FR'],
};
export const MAX_REGIONS = 6;

/** Calling code → the countries that share it (the main country first, as libphonenumber orders them). */
const BY_CALLING_CODE = new Map<string, CountryCode[]>();
for (const c of getCountries()) {
  const code = getCountryCallingCode(c);
  const list = BY_CALLING_CODE.get(code);
  if (list) list.push(c);
  else BY_CALLING_CODE.set(code, [c]);
}
const COUNTRIES = new Set<string>(getCountries());

const INTERNATIONAL_RE = /(?:\+|\b00)(\d{1,3})[\s.-]?\(?\d/g;
const CAPITALISED_RE = /\p{Lu}[\p{L}'’-]{1,40}(?: \p{Lu}[\p{L}'’-]{1,40})?/gu;

/** Regions suggested by the text itself, most specific first (at most four). */
export function regionClues(text: string): CountryCode[] {
  const out: CountryCode[] = [];
  const add = (c: string | undefined) => {
    if (c && COUNTRIES.has(c) && !out.includes(c as CountryCode) && out.length < 4) out.push(c as CountryCode);
  };
  INTERNATIONAL_RE.lastIndex = 0;
  for (let m = INTERNATIONAL_RE.exec(text); m !== null && out.length < 4; m = INTERNATIONAL_RE.exec(text)) {
    // The calling code is 1-3 digits: take the longest prefix that is one.
    for (let n = Math.min(3, m[1].length); n >= 1; n--) {
      const list = BY_CALLING_CODE.get(m[1].slice(0, n));
      if (list) {
        add(list[0]);
        break;
      }
    }
  }
  CAPITALISED_RE.lastIndex = 0;
  for (let m = CAPITALISED_RE.exec(text); m !== null && out.length < 4; m = CAPITALISED_RE.exec(text)) {
    const words = m[0].toLowerCase();
    const p = placeInfo(words) ?? placeInfo(words.split(' ')[0]);
    // Countries always count; a town only when it is big enough not to be a surname by chance.
    if (p && (p.kind === 'country' || p.population >= 50_000)) add(p.country);
  }
  return out;
}

/** The regions to try after the default one, clues first, without repeats. */
export function regionsToTry(language: Language, clues: CountryCode[], defaultRegion: CountryCode): CountryCode[] {
  const out: CountryCode[] = [];
  for (const c of [...clues, ...LIKELY_REGIONS[language]]) {
    if (c !== defaultRegion && !out.includes(c)) out.push(c);
    if (out.length >= MAX_REGIONS) break;
  }
  return out;
}
