import type { BuiltInEntityType, Finding, Language } from '../entity-types';

export interface RecognizerContext {
  language: Language;
  /** The built-in types this call asks for; recognizers may skip work for types not wanted. */
  wanted: ReadonlySet<BuiltInEntityType>;
}

/** A recognizer returns raw candidates with scores; the threshold and overlap rule apply later. */
export interface Recognizer {
  name: string;
  types: readonly BuiltInEntityType[];
  find(text: string, ctx: RecognizerContext): Finding[];
}

export function finding(entityType: string, text: string, start: number, end: number, score: number, source: string): Finding {
  return { entityType, start, end, score: Math.round(Math.min(1, Math.max(0, score)) * 100) / 100, text: text.slice(start, end), source };
}

/** Drop trailing punctuation a sentence puts after a value ("...see https://x.io/a."). */
export function trimTrailing(text: string, start: number, end: number, chars = '.,;:!?)]}\'"»'): number {
  let e = end;
  while (e > start && chars.includes(text[e - 1])) e--;
  return e;
}
