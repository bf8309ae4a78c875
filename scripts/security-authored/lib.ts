/**
 * Shared helpers for the second-author security training set (data/security/authored/).
 * Everything here is deterministic: the generator seeds its own PRNG, so the committed
 * JSONL is exactly what `node --import tsx scripts/security-authored/generate.ts` writes.
 */
import { mulberry32 as makeRng } from '../../lib/seeded-random';

export type Lang = 'en' | 'de' | 'mixed';
export type Source = 'prompt' | 'document' | 'tool';
export type Label = 'attack' | 'benign';
export type AttackType = 'injection' | 'jailbreak' | 'data_extraction' | 'size_analysis';
export type Obfuscation = 'typos' | 'spaced_word' | 'base64' | 'rot13' | 'leet' | 'homoglyph' | 'zero_width';

export interface Span {
  start: number;
  end: number;
}

export interface AuthoredRecord {
  id: string;
  split: 'train';
  family: string;
  lang: Lang;
  source: Source;
  label: Label;
  kind: string;
  types: AttackType[];
  carrier?: string;
  spans?: Span[];
  obfuscation?: Obfuscation;
  text: string;
}

/** The project's seeded PRNG (lib/seeded-random.ts) under this generator's name. */
export { makeRng };

export type Rng = () => number;

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

export function pickN<T>(rng: Rng, items: readonly T[], n: number): T[] {
  const copy = items.slice();
  shuffle(rng, copy);
  return copy.slice(0, Math.min(n, copy.length));
}

export function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

export function intBetween(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

/** Span of `part` inside `text`, found with indexOf (never computed by hand). Throws when absent. */
export function spanOf(text: string, part: string, from = 0): Span {
  const start = text.indexOf(part, from);
  if (start < 0 || part.length === 0) throw new Error(`span part not found: ${part.slice(0, 60)}`);
  return { start, end: start + part.length };
}

// ---- obfuscations (all applied with code, the span is the encoded text) ----

export function base64(s: string): string {
  return Buffer.from(s, 'utf8').toString('base64');
}

export function rot13(s: string): string {
  return s.replace(/[a-zA-Z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

const LEET: Record<string, string> = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7', g: '9', A: '4', E: '3', I: '1', O: '0', S: '5', T: '7' };

export function leet(s: string): string {
  return s.replace(/[aeiostgAEIOST]/g, (c) => LEET[c] ?? c);
}

/** Cyrillic and Greek look-alikes for Latin letters. */
const HOMOGLYPH: Record<string, string> = {
  a: '\u0430', e: '\u0435', o: '\u043e', p: '\u0440', c: '\u0441', x: '\u0445', y: '\u0443', i: '\u0456',
  A: '\u0391', B: '\u0392', E: '\u0395', H: '\u0397', I: '\u0399', K: '\u039a', M: '\u039c', O: '\u039f', P: '\u03a1', T: '\u03a4',
};

export function homoglyph(rng: Rng, s: string, rate = 0.5): string {
  let out = '';
  for (const c of s) out += HOMOGLYPH[c] && rng() < rate ? HOMOGLYPH[c] : c;
  return out;
}

const ZW = ['\u200b', '\u200c', '\u200d', '\u2060'];

export function zeroWidth(rng: Rng, s: string): string {
  let out = '';
  for (const c of s) {
    out += c;
    if (/[A-Za-zÄÖÜäöüß]/.test(c) && rng() < 0.45) out += pick(rng, ZW);
  }
  return out;
}

/** Spaces out the letters of the longest words ("i g n o r e"). */
export function spacedWords(s: string, minLen = 5): string {
  return s
    .split(' ')
    .map((w) => (w.replace(/[^\p{L}]/gu, '').length >= minLen ? w.split('').join(' ') : w))
    .join(' ');
}

/** Human-looking typos: swapped, dropped or doubled letters in some words. */
export function typos(rng: Rng, s: string, rate = 0.3): string {
  return s
    .split(' ')
    .map((w) => {
      if (w.length < 4 || rng() >= rate) return w;
      const i = 1 + Math.floor(rng() * (w.length - 2));
      const r = rng();
      if (r < 0.4) return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
      if (r < 0.7) return w.slice(0, i) + w.slice(i + 1);
      return w.slice(0, i) + w[i] + w.slice(i);
    })
    .join(' ');
}
