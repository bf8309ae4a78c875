/**
 * Views found while tokenizing: ROT13 segments and letters spelled out one by one, decoded into
 * views of their own. Shared by the scanner and the classifier's training script, so training sees
 * exactly the text the scanner scores.
 */
import { canonicalize, type View } from './normalize';
import type { Tokens } from './tokens';
import type { DecodedKind } from './types';

const rot13 = (s: string) => s.replace(/[a-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) - 97 + 13) % 26) + 97));

/** Views derived from `view` (at most two levels of decoding deep). */
export function derivedViews(view: View, t: Tokens, original: string): View[] {
  if (view.depth >= 2) return [];
  const out: View[] = [];
  const make = (kind: DecodedKind, a: number, b: number, text: string) => {
    let start: number;
    let end: number;
    if (view.origin) {
      start = view.origin.start;
      end = view.origin.end;
    } else {
      start = view.map ? view.map[a]! : a;
      end = view.map ? (b >= view.map.length - 1 ? original.length : view.map[b]!) : b;
    }
    out.push(canonicalize(text, { kind, start, end }, view.depth + 1).view);
  };
  const text = view.text;
  for (const [from, to] of t.rot13) {
    const a = t.start[from]!;
    const b = t.end[to - 1]!;
    make('rot13', a, b, rot13(text.slice(a, b)));
  }
  for (const [from, to] of t.spaced) {
    const a = t.start[from]!;
    const b = t.end[to - 1]!;
    // Single spaces join letters; wider gaps or slashes separate words.
    make('spaced', a, b, text.slice(a, b).split(/\s{2,}|\s*\/\s*/).map((w) => w.replace(/\s/g, '')).join(' '));
  }
  return out;
}
