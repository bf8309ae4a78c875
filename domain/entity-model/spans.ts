import type { LabelMeaning } from './manifest';
import type { ModelToken, TextSpan } from './tokenizer';

/**
 * A token-classification model's output → entity spans with scores.
 *
 * Each word takes the label its first token scores highest (the usual "first sub-word" rule: the
 * model was trained to label a word on its first piece). Consecutive words of one type form one
 * entity, unless a B-/S- label starts a new one or an E-/S- label ended the last. An entity's
 * score is the mean of its words' label probabilities, so a threshold on it reads like a
 * recognizer's score. Spans under `threshold` are dropped here; overlap with the rule findings is
 * resolved later by domain/pii's overlap rule.
 */
export interface ModelSpan {
  entityType: string;
  start: number;
  end: number;
  score: number;
}

/** In place: a row of logits becomes probabilities (softmax, stable against large logits). */
export function softmaxRows(values: Float32Array, width: number): void {
  for (let row = 0; row < values.length; row += width) {
    let max = Number.NEGATIVE_INFINITY;
    for (let i = row; i < row + width; i++) if (values[i]! > max) max = values[i]!;
    let sum = 0;
    for (let i = row; i < row + width; i++) {
      const e = Math.exp(values[i]! - max);
      values[i] = e;
      sum += e;
    }
    for (let i = row; i < row + width; i++) values[i] = values[i]! / sum;
  }
}

/**
 * `probabilities` holds one row of `labels.length` values per entry of `tokens` (the special
 * tokens of each window already left out).
 */
export function decodeSpans(
  words: readonly TextSpan[],
  tokens: readonly ModelToken[],
  probabilities: Float32Array,
  labels: readonly LabelMeaning[],
  threshold: number,
): ModelSpan[] {
  const width = labels.length;
  const out: ModelSpan[] = [];
  // The entity being built (a holder object: TypeScript does not follow writes made inside close()).
  const at: { open: { entityType: string; start: number; end: number; sum: number; words: number; ended: boolean } | null } = { open: null };
  const close = () => {
    const o = at.open;
    if (o && o.sum / o.words >= threshold) out.push({ entityType: o.entityType, start: o.start, end: o.end, score: o.sum / o.words });
    at.open = null;
  };
  let lastWord = -1;
  for (let t = 0; t < tokens.length; t++) {
    const word = tokens[t]!.word;
    if (word === lastWord) continue; // a word's later pieces: it is labelled by its first
    lastWord = word;
    const row = t * width;
    let best = 0;
    for (let l = 1; l < width; l++) if (probabilities[row + l]! > probabilities[row + best]!) best = l;
    const meaning = labels[best]!;
    const p = probabilities[row + best]!;
    const span = words[word]!;
    if (meaning.entityType === null) {
      close();
      continue;
    }
    const o = at.open;
    if (o && !o.ended && !meaning.begins && o.entityType === meaning.entityType) {
      o.end = span.end;
      o.sum += p;
      o.words++;
      o.ended = meaning.ends;
    } else {
      close();
      at.open = { entityType: meaning.entityType, start: span.start, end: span.end, sum: p, words: 1, ended: meaning.ends };
    }
  }
  close();
  return out;
}
