import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The big lexicons of data/pii/ (built by scripts/build-pii-lexicons.ts from open lists): given
 * names and surnames from the faker locales and the humannames list, places from GeoNames,
 * i18n-iso-countries and country-region-data, and the most frequent English and German words.
 * Loaded once, synchronously, at first import (about 0.2 s; one Map per file, lower-case keys).
 */
const DIR = join(__dirname, '..', '..', 'data', 'pii');

/** A file of data/pii/ as text; the one place domain/pii reads files (the tagger's model too). */
export function readPiiData(file: string): string {
  return readFileSync(join(DIR, file), 'utf8');
}
const read = readPiiData;

/** Calls fn(line, start, end) for each non-empty line without splitting the whole file. */
function eachLine(text: string, fn: (start: number, end: number) => void): void {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end > start) fn(start, end);
    start = end + 1;
  }
}

/** Name flags: GIVEN and SURNAME from the locale lists, OTHER only from humannames. */
export const GIVEN = 1;
export const SURNAME = 2;
export const OTHER = 4;

/** lower-case word → flags | (number of sources << 3). */
export const NAME_WORDS = new Map<string, number>();
{
  const text = read('names.tsv');
  eachLine(text, (start, end) => {
    const tab = text.indexOf('\t', start);
    const tab2 = text.indexOf('\t', tab + 1);
    let flags = 0;
    for (let i = tab + 1; i < tab2; i++) {
      const c = text[i];
      flags |= c === 'g' ? GIVEN : c === 's' ? SURNAME : OTHER;
    }
    NAME_WORDS.set(text.slice(start, tab), flags | (Number(text.slice(tab2 + 1, end)) << 3));
  });
}

export interface PlaceInfo {
  kind: 'country' | 'region' | 'city';
  population: number;
  /** ISO 3166-1 alpha-2 country of the place ('' when unknown): a hint for phone regions. */
  country: string;
}
const KINDS = ['country', 'region', 'city'] as const;

/**
 * lower-case place name (words joined by one space) → packed kind (2 bits), country (2 x 5 bits)
 * and population (the rest): one number per entry keeps the 140,000 places quick to load.
 */
const PLACES_PACKED = new Map<string, number>();
/** First word of a place → the most words a place starting with it has. */
export const PLACE_FIRST = new Map<string, number>();
{
  const text = read('places.tsv');
  eachLine(text, (start, end) => {
    const t1 = text.indexOf('\t', start);
    const w = text.slice(start, t1);
    const kind = text[t1 + 1] === 'n' ? 0 : text[t1 + 1] === 'r' ? 1 : 2;
    const t3 = text.indexOf('\t', t1 + 3);
    const pop = Number(text.slice(t1 + 3, t3));
    const cc = end - t3 === 3 ? (text.charCodeAt(t3 + 1) - 64) * 32 + (text.charCodeAt(t3 + 2) - 64) : 0;
    PLACES_PACKED.set(w, kind + cc * 4 + pop * 4096);
    const space = w.indexOf(' ');
    if (space < 0) {
      if (!PLACE_FIRST.has(w)) PLACE_FIRST.set(w, 1);
      return;
    }
    const first = w.slice(0, space);
    let n = 1;
    for (let i = space; i >= 0; i = w.indexOf(' ', i + 1)) n++;
    if ((PLACE_FIRST.get(first) ?? 0) < n) PLACE_FIRST.set(first, n);
  });
}

export function placeInfo(lower: string): PlaceInfo | null {
  const v = PLACES_PACKED.get(lower);
  if (v === undefined) return null;
  const kind = v % 4;
  const cc = Math.floor(v / 4) % 1024;
  return {
    kind: KINDS[kind],
    population: Math.floor(v / 4096),
    country: cc ? String.fromCharCode(64 + Math.floor(cc / 32), 64 + (cc % 32)) : '',
  };
}
export function isPlaceName(lower: string): boolean {
  return PLACES_PACKED.has(lower);
}

function ranks(file: string): Map<string, number> {
  const out = new Map<string, number>();
  const text = read(file);
  let i = 0;
  eachLine(text, (start, end) => {
    out.set(text.slice(start, end), i++);
  });
  return out;
}
/** English words by frequency rank (0 = most frequent). */
export const COMMON_EN = ranks('common-en.txt');
/** German words by frequency rank. */
export const COMMON_DE = ranks('common-de.txt');

export function nameFlags(lower: string): number {
  return (NAME_WORDS.get(lower) ?? 0) & 7;
}
export function nameSources(lower: string): number {
  return (NAME_WORDS.get(lower) ?? 0) >> 3;
}
