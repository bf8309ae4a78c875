/**
 * Helpers for the third-author security training set (data/security/authored2/).
 * Deterministic: the generator seeds its own PRNG, so the committed JSONL is exactly what
 * `node --import tsx scripts/security-authored2/generate.ts` writes.
 *
 * Templates use ⟦a|b|c⟧ for "pick one of these" (no nesting). The brackets were chosen because
 * they never occur in real prompts, code or JSON, so pasted code can contain { } [ ] freely.
 */
import { mulberry32 as makeRng } from '../../lib/seeded-random';

export type Rng = () => number;

/** The project's seeded PRNG (lib/seeded-random.ts) under this generator's name. */
export { makeRng };

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

export function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}

export function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** Replaces every ⟦a|b|c⟧ with one of its options. */
export function expand(rng: Rng, template: string): string {
  return template.replace(/⟦([^⟦⟧]*)⟧/g, (_m, body: string) => pick(rng, body.split('|')));
}

/** Casual typing: lower case start, dropped final period, an occasional swapped letter pair. */
export function casual(rng: Rng, s: string): string {
  let out = s;
  if (chance(rng, 0.5)) out = out.charAt(0).toLowerCase() + out.slice(1);
  if (chance(rng, 0.4)) out = out.replace(/[.]$/, '');
  if (chance(rng, 0.3)) {
    const words = out.split(' ');
    const i = Math.floor(rng() * words.length);
    const w = words[i];
    if (/^[a-zäöüß]{5,}$/i.test(w)) {
      const k = 1 + Math.floor(rng() * (w.length - 2));
      words[i] = w.slice(0, k) + w[k + 1] + w[k] + w.slice(k + 2);
      out = words.join(' ');
    }
  }
  return out;
}

export interface Span {
  start: number;
  end: number;
}

/** The span of `part` inside `text` (first occurrence at or after `from`); throws when absent. */
export function spanOf(text: string, part: string, from = 0): Span {
  const trimmed = part.trim();
  const start = text.indexOf(trimmed, from);
  if (start < 0 || trimmed.length === 0) throw new Error(`part not found in text: ${trimmed.slice(0, 60)}`);
  return { start, end: start + trimmed.length };
}

/** JSON string body (without the quotes), as it appears inside a JSON document. */
export function jsonEscaped(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}
