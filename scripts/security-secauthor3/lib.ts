/**
 * Small helpers for the secauthor3 generator: a seeded RNG (mulberry32), template expansion and span lookup.
 * Templates use ⟦a|b|c⟧ for alternatives and {slot} for values drawn from a per-language slot pool.
 */
import { mulberry32 as makeRng } from '../../lib/seeded-random';
export type Lang = 'en' | 'de';
export type Rng = () => number;

/** The project's seeded PRNG (lib/seeded-random.ts) under this generator's name. */
export { makeRng };

export function pick<T>(rng: Rng, xs: readonly T[]): T {
  if (xs.length === 0) throw new Error('pick from empty list');
  return xs[Math.floor(rng() * xs.length)];
}

export function int(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

export type Slots = Record<string, readonly string[] | ((rng: Rng) => string)>;

/** Expands ⟦a|b⟧ alternatives (innermost first) and then {slot} placeholders. Unknown slots throw. */
export function expand(rng: Rng, template: string, slots: Slots = {}): string {
  let s = template;
  const alt = /⟦([^⟦⟧]*)⟧/;
  for (let m = alt.exec(s); m; m = alt.exec(s)) {
    s = s.slice(0, m.index) + pick(rng, m[1].split('|')) + s.slice(m.index + m[0].length);
  }
  return s.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = slots[k];
    if (v === undefined) throw new Error(`unknown slot {${k}} in: ${template.slice(0, 60)}`);
    return typeof v === 'function' ? v(rng) : pick(rng, v);
  });
}

/** The trimmed span of `part` inside `text`; throws when the part is absent. */
export function spanOf(text: string, part: string): { start: number; end: number } {
  const i = text.indexOf(part);
  if (i < 0) throw new Error(`part not found: ${part.slice(0, 60)}`);
  let start = i;
  let end = i + part.length;
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  if (start === end) throw new Error('part is only whitespace');
  return { start, end };
}
