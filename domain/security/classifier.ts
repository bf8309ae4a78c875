/**
 * The statistical part of the scanner: logistic regression, one head per check type it serves
 * (injection, jailbreak, data_extraction), over hashed features of each token (the folded word,
 * its character 4-grams, the bigram with the previous word, its lexicon classes and class pairs,
 * and whether it was de-obfuscated). A text is scored in windows of 24 tokens (stride 12) so one
 * injected sentence in a long document is not diluted by the rest; a check takes the best window.
 *
 * The weights come from data/security/classifier.json, written by scripts/train-security-classifier.ts
 * from the training part of the project's own labelled set (seeded, byte-identical on every run).
 * They are stored sparse and quantised to int8 per head; the file also carries each head's
 * calibration (the logit shift that puts the out-of-fold threshold at 0.5).
 */
import { decodeStack, type StackFile, type StackModel } from './stack';
import type { ScanSource } from './types';

export const HEADS = ['injection', 'jailbreak', 'data_extraction'] as const;
export type Head = (typeof HEADS)[number];
export const H = HEADS.length;

export const WINDOW = 24;
export const STRIDE = 12;
/** Texts of at most this many tokens are one window. */
export const WHOLE = 36;

export interface ClassifierFile {
  version: string;
  bits: number;
  /** Feature families (tokens.ts FEATURE_* bits) the weights were trained with. */
  features: number;
  heads: string[];
  bias: number[];
  scale: number[];
  /**
   * Added to a head's logit so its chosen threshold lands on probability 0.5: for prompts, and for
   * documents and tool results (data, scored in more windows, gets a stricter threshold).
   */
  offset: { prompt: number[]; data: number[] };
  /** Per source, added to each head's logit. */
  source: Record<ScanSource, number[]>;
  /** base64 of the sparse weights: per non-zero bucket, a varint index delta then H int8 values. */
  weights: string;
  /** The stacked decision over rules and classifier (stack.ts); absent in files from before it. */
  stack?: StackFile;
  training: Record<string, unknown>;
}

export interface ClassifierModel {
  version: string;
  bits: number;
  features: number;
  shift: number;
  /** Dense weights, bucket-major: weights[bucket * H + head]. */
  weights: Float32Array;
  /**
   * The same weights as the file stores them, int8 per head (weights = q * scale[head]). The scanner
   * sums these: 786 KB instead of 3 MB of floats, so the random bucket reads stay in cache, and the
   * per-token sums are exact integers scaled once per window.
   */
  q: Int8Array;
  scale: Float64Array;
  bias: Float64Array;
  source: Record<ScanSource, Float64Array>;
  /** The stacked decision (null: rules and classifier combine as a noisy-or). */
  stack: StackModel | null;
}

export function bucketOf(feature: number, shift: number): number {
  return feature >>> shift;
}

export function decodeModel(file: ClassifierFile): ClassifierModel {
  const d = 1 << file.bits;
  const weights = new Float32Array(d * H);
  const q8 = new Int8Array(d * H);
  const bytes = Buffer.from(file.weights, 'base64');
  let p = 0;
  let idx = -1;
  while (p < bytes.length) {
    let delta = 0;
    let mul = 1;
    for (;;) {
      const b = bytes[p++]!;
      delta += (b & 0x7f) * mul;
      if (b < 0x80) break;
      mul *= 128;
    }
    idx += delta;
    for (let h = 0; h < H; h++) {
      const q = bytes[p++]!;
      q8[idx * H + h] = q > 127 ? q - 256 : q;
      weights[idx * H + h] = q8[idx * H + h]! * file.scale[h]!;
    }
  }
  const bias = Float64Array.from(file.bias);
  const source = {
    prompt: Float64Array.from(file.source.prompt, (v, h) => v + file.offset.prompt[h]!),
    document: Float64Array.from(file.source.document, (v, h) => v + file.offset.data[h]!),
    tool: Float64Array.from(file.source.tool, (v, h) => v + file.offset.data[h]!),
  };
  const stack = file.stack ? decodeStack(file.stack) : null;
  return { version: file.version, bits: file.bits, features: file.features, shift: 32 - file.bits, weights, q: q8, scale: Float64Array.from(file.scale), bias, source, stack };
}

/** Quantises dense float weights (bucket-major) into the file's sparse int8 form. */
export function encodeWeights(dense: Float64Array, bits: number): { weights: string; scale: number[]; nonZero: number } {
  const d = 1 << bits;
  const scale: number[] = [];
  for (let h = 0; h < H; h++) {
    let max = 0;
    for (let i = 0; i < d; i++) max = Math.max(max, Math.abs(dense[i * H + h]!));
    scale.push(max > 0 ? max / 127 : 1);
  }
  const out: number[] = [];
  let last = -1;
  let nonZero = 0;
  for (let i = 0; i < d; i++) {
    const q = [];
    let any = false;
    for (let h = 0; h < H; h++) {
      const v = Math.round(dense[i * H + h]! / scale[h]!);
      q.push(v);
      if (v !== 0) any = true;
    }
    if (!any) continue;
    nonZero++;
    let delta = i - last;
    last = i;
    while (delta >= 0x80) {
      out.push((delta & 0x7f) | 0x80);
      delta = Math.floor(delta / 128);
    }
    out.push(delta);
    for (const v of q) out.push(v & 0xff);
  }
  return { weights: Buffer.from(out).toString('base64'), scale, nonZero };
}

/** Window ranges [from, to) over n tokens. */
export function windowsOf(n: number): [number, number][] {
  if (n <= WHOLE) return n > 0 ? [[0, n]] : [];
  const out: [number, number][] = [];
  for (let from = 0; ; from += STRIDE) {
    const to = Math.min(n, from + WINDOW);
    out.push([from, to]);
    if (to === n) break;
  }
  return out;
}

export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
