/**
 * The text builder of the independent PII evaluation set: templates append literal text and
 * labelled values, and the builder records every value's offsets as it writes it, so a label can
 * never drift from its text. Case modes (ALL CAPS, lower case) and typos are applied while writing,
 * and the recorded value is what was actually written.
 */
import type { Rng } from '../independent-eval-random';

/** The parts of a postal address (recorded for the "split" scoring convention). */
export type AddressPartType = 'street' | 'unit' | 'po_box' | 'postcode' | 'city' | 'region' | 'country';

export interface GoldSpan {
  start: number;
  end: number;
  entityType: string;
  /** The value as written; the unit test checks text.slice(start, end) === value. */
  value: string;
}

export interface AddressPart {
  start: number;
  end: number;
  part: AddressPartType;
  value: string;
}

/** A labelled value to write. */
export interface Ent {
  kind: 'ent';
  type: string;
  value: string;
}

/** A postal address: literal separators and labelled parts; written as ONE ADDRESS span. */
export interface Addr {
  kind: 'addr';
  pieces: (string | { part: AddressPartType; text: string })[];
}

export type Piece = string | number | Ent | Addr | null | undefined | false;

export const ent = (type: string, value: string): Ent => ({ kind: 'ent', type, value });

export type CaseMode = 'as-is' | 'upper' | 'lower';

export class Doc {
  text = '';
  spans: GoldSpan[] = [];
  parts: AddressPart[] = [];
  caseMode: CaseMode = 'as-is';
  /** Probability that a word of template text (never a value) gets a typo. */
  typoRate = 0;

  constructor(private readonly rng: Rng) {}

  private cased(s: string): string {
    if (this.caseMode === 'upper') return s.toUpperCase();
    if (this.caseMode === 'lower') return s.toLowerCase();
    return s;
  }

  private put(s: string): { start: number; end: number; written: string } {
    const written = this.cased(s);
    const start = this.text.length;
    this.text += written;
    return { start, end: this.text.length, written };
  }

  /** Template text: typos may be applied here (never inside values). */
  private literal(s: string): void {
    this.put(this.typoRate > 0 ? this.withTypos(s) : s);
  }

  private withTypos(s: string): string {
    return s.replace(/\p{L}{4,}/gu, (w) => (this.rng.chance(this.typoRate) ? typo(w, this.rng) : w));
  }

  /** Appends one piece: a string is literal text (no typos), an Ent or Addr is labelled. */
  add(p: Piece): this {
    if (p === null || p === undefined || p === false) return this;
    if (typeof p === 'string' || typeof p === 'number') {
      this.put(String(p));
      return this;
    }
    if (p.kind === 'ent') {
      if (!p.value.trim() || p.value !== p.value.trim()) throw new Error(`value with outer blanks: ${JSON.stringify(p.value)}`);
      const w = this.put(p.value);
      this.spans.push({ start: w.start, end: w.end, entityType: p.type, value: w.written });
      return this;
    }
    const start = this.text.length;
    for (const piece of p.pieces) {
      if (typeof piece === 'string') this.put(piece);
      else {
        const w = this.put(piece.text);
        this.parts.push({ start: w.start, end: w.end, part: piece.part, value: w.written });
      }
    }
    const value = this.text.slice(start);
    this.spans.push({ start, end: this.text.length, entityType: 'ADDRESS', value });
    return this;
  }

  /** Tagged template: literal chunks may get typos; interpolations are written as pieces. */
  w(chunks: TemplateStringsArray, ...values: Piece[]): this {
    chunks.forEach((c, i) => {
      this.literal(c);
      if (i < values.length) this.add(values[i]);
    });
    return this;
  }
}

/** One typo of the kinds people make: two letters swapped, one dropped, one doubled, a neighbour key. */
export function typo(word: string, rng: Rng): string {
  const i = rng.int(1, word.length - 2);
  switch (rng.int(0, 3)) {
    case 0:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + word[i] + word.slice(i);
    default: {
      const near: Record<string, string> = { a: 's', s: 'a', e: 'r', r: 'e', i: 'o', o: 'i', n: 'm', m: 'n', t: 'z', z: 't', u: 'i', l: 'k' };
      const c = word[i]!;
      return near[c] ? word.slice(0, i) + near[c] + word.slice(i + 1) : word;
    }
  }
}
