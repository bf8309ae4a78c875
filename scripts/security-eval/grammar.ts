/**
 * A tiny paraphrase grammar for the security evaluation set (scripts/build-security-eval.ts).
 *
 *   {a|b|c}   one of the alternatives (nested freely)
 *   [x]       x or nothing, with even odds
 *   <name>    a value of the slot `name` (itself a grammar string), picked at random
 *   \{ \} \[ \] \< \| \\   the literal character
 *
 * A `<` not followed by a lower-case name and `>` is literal, so chat delimiters such as
 * `<|im_start|>` can be written as they are; a literal tag like `<system>` is written `\<system>`. Expansion is driven by a seeded generator, so the set is the same on
 * every run. This file is written for the evaluation set only and shares nothing with
 * domain/security: the set must not be shaped by the detector's rules.
 */
import { mulberry32 as rng } from '../../lib/seeded-random';

export type Rng = () => number;

/** The project's seeded PRNG (lib/seeded-random.ts) under this generator's name. */
export { rng };

/** FNV-1a of a string: stable seeds per family, so adding a family does not reshuffle the others. */
export function seedOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
export const int = (r: Rng, min: number, max: number): number => min + Math.floor(r() * (max - min + 1));
export const chance = (r: Rng, p: number): boolean => r() < p;
export function shuffle<T>(r: Rng, xs: T[]): T[] {
  const a = xs.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

export type Slots = Record<string, readonly string[]>;

function closing(t: string, from: number, open: string, close: string): number {
  let depth = 0;
  for (let i = from; i < t.length; i++) {
    const c = t[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === open) depth++;
    else if (c === close && --depth === 0) return i;
  }
  throw new Error(`unbalanced ${open} in grammar: ${t}`);
}

function splitTop(t: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === '|' && depth === 0) {
      parts.push(t.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(t.slice(start));
  return parts;
}

const SLOT = /^<([a-z][a-z0-9_]*)>/;

export function expand(t: string, r: Rng, slots: Slots, depth = 0): string {
  if (depth > 30) throw new Error(`grammar too deep: ${t}`);
  let out = '';
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (c === '\\' && i + 1 < t.length) {
      out += t[++i];
    } else if (c === '{') {
      const end = closing(t, i, '{', '}');
      out += expand(pick(r, splitTop(t.slice(i + 1, end))), r, slots, depth + 1);
      i = end;
    } else if (c === '[') {
      const end = closing(t, i, '[', ']');
      if (r() < 0.5) out += expand(t.slice(i + 1, end), r, slots, depth + 1);
      i = end;
    } else if (c === '<') {
      const m = SLOT.exec(t.slice(i, i + 40));
      if (m && slots[m[1]!]) {
        out += expand(pick(r, slots[m[1]!]!), r, slots, depth + 1);
        i += m[0].length - 1;
      } else {
        // Literal tags such as <system> are written \<system>, so a typo in a slot name fails loudly.
        if (m) throw new Error(`unknown slot <${m[1]}> in: ${t}`);
        out += c;
      }
    } else out += c;
  }
  return out;
}

/** Expands and tidies spacing (double spaces, space before punctuation). */
export function say(t: string, r: Rng, slots: Slots): string {
  return expand(t, r, slots)
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ ([.,!?;:])(?=\s|$)/g, '$1')
    .replace(/^ +| +$/gm, '');
}

export const cap = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
