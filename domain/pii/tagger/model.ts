import type { Language } from '../entity-types';
import type { Token } from '../recognizers/names';
import { historyFeatures, MAX_STATIC, staticFeatures, wordInfo } from './features';

/**
 * The tagger's model: an averaged perceptron over hashed features (tagger/features.ts) that gives
 * each token a BIO tag, decoded greedily from left to right (each token sees the tags of the two
 * before it). Trained by scripts/train-pii-tagger.ts; shipped as data/pii/tagger.json.
 */
export const TAGS = ['O', 'B-PERSON', 'I-PERSON', 'B-LOCATION', 'I-LOCATION', 'B-ORGANIZATION', 'I-ORGANIZATION', 'B-ADDRESS', 'I-ADDRESS'] as const;
export const TAG_COUNT = TAGS.length;
export const TAG_INDEX = new Map<string, number>(TAGS.map((t, i) => [t, i]));

/** I-X may only follow B-X or I-X: its index, and the B index of the same type. */
const isInside = (tag: number) => tag > 0 && tag % 2 === 0;
const typeOfTag = (tag: number) => (tag + 1) >> 1; // 0 for O, 1 PERSON, 2 LOCATION, 3 ORG, 4 ADDRESS

export interface TaggerModel {
  bits: number;
  /** Length (1 << bits) * TAG_COUNT; row b holds the TAG_COUNT weights of bucket b. */
  weights: Float32Array;
}

export interface Tagging {
  tags: Uint8Array;
  /** Per token: score of its tag minus the best score of another tag (>= 0). */
  margins: Float32Array;
}

/** Tags the tokens; an I- tag is only given after a tag of the same type (a valid BIO sequence). */
export function tagTokens(model: TaggerModel, tokens: Token[], language: Language): Tagging {
  const n = tokens.length;
  const tags = new Uint8Array(n);
  const margins = new Float32Array(n);
  if (n === 0) return { tags, margins };
  const feats = new Uint32Array(n * MAX_STATIC);
  const counts = new Uint8Array(n);
  staticFeatures(tokens, language, feats, counts);
  const hist = new Uint32Array(8);
  const scores = new Float64Array(TAG_COUNT);
  const mask = (1 << model.bits) - 1;
  const W = model.weights;
  let prev = 0;
  let prev2 = 0;
  for (let i = 0; i < n; i++) {
    scores.fill(0);
    const base = i * MAX_STATIC;
    const end = base + counts[i];
    for (let k = base; k < end; k++) {
      const row = (feats[k] & mask) * TAG_COUNT;
      for (let t = 0; t < TAG_COUNT; t++) scores[t] += W[row + t];
    }
    const h = historyFeatures(prev, prev2, wordInfo(tokens[i].text), hist);
    for (let k = 0; k < h; k++) {
      const row = (hist[k] & mask) * TAG_COUNT;
      for (let t = 0; t < TAG_COUNT; t++) scores[t] += W[row + t];
    }
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    let second = Number.NEGATIVE_INFINITY;
    for (let t = 0; t < TAG_COUNT; t++) {
      if (isInside(t) && typeOfTag(prev) !== typeOfTag(t)) continue;
      const s = scores[t];
      if (s > bestScore) {
        second = bestScore;
        bestScore = s;
        best = t;
      } else if (s > second) second = s;
    }
    tags[i] = best;
    margins[i] = bestScore - second;
    prev2 = prev;
    prev = best;
  }
  return { tags, margins };
}

export interface TaggedSpan {
  type: 'PERSON' | 'LOCATION' | 'ORGANIZATION' | 'ADDRESS';
  /** Token indexes, inclusive. */
  first: number;
  last: number;
  /** The smallest margin over the span's tokens: how sure the weakest decision was. */
  margin: number;
}

const TYPE_NAMES = ['', 'PERSON', 'LOCATION', 'ORGANIZATION', 'ADDRESS'] as const;

export function spansOf(tagging: Tagging): TaggedSpan[] {
  const out: TaggedSpan[] = [];
  const { tags, margins } = tagging;
  for (let i = 0; i < tags.length; i++) {
    if (tags[i] === 0) continue;
    const type = typeOfTag(tags[i]);
    let j = i;
    let margin = margins[i];
    while (j + 1 < tags.length && isInside(tags[j + 1]) && typeOfTag(tags[j + 1]) === type) {
      j++;
      if (margins[j] < margin) margin = margins[j];
    }
    out.push({ type: TYPE_NAMES[type] as TaggedSpan['type'], first: i, last: j, margin });
    i = j;
  }
  return out;
}

/**
 * The file format: the buckets with any weight left after pruning (ascending, delta-coded as
 * varints) and their rows as Int16 (weight / scale), both base64. A few MB at most.
 */
export interface TaggerFile {
  version: string;
  bits: number;
  tags: readonly string[];
  /** Per '<language> <type>', the margin that scores 0.5 (chosen by the trainer on its held-apart sentences). */
  marginAtHalf: Record<string, number>;
  scale: number;
  rows: number;
  buckets: string;
  weights: string;
}

export function encodeModel(model: TaggerModel, version: string, pruneBelow: number, marginAtHalf: Record<string, number>): TaggerFile {
  const size = 1 << model.bits;
  let maxAbs = 0;
  for (const w of model.weights) if (Math.abs(w) > maxAbs) maxAbs = Math.abs(w);
  const scale = maxAbs / 32767 || 1;
  const keep: number[] = [];
  for (let b = 0; b < size; b++) {
    const row = b * TAG_COUNT;
    for (let t = 0; t < TAG_COUNT; t++) {
      if (Math.abs(model.weights[row + t]) >= pruneBelow) {
        keep.push(b);
        break;
      }
    }
  }
  const varints: number[] = [];
  let last = 0;
  for (const b of keep) {
    let d = b - last;
    last = b;
    while (d >= 0x80) {
      varints.push((d & 0x7f) | 0x80);
      d >>>= 7;
    }
    varints.push(d);
  }
  const q = new Int16Array(keep.length * TAG_COUNT);
  keep.forEach((b, r) => {
    for (let t = 0; t < TAG_COUNT; t++) q[r * TAG_COUNT + t] = Math.round(model.weights[b * TAG_COUNT + t] / scale);
  });
  return {
    version,
    bits: model.bits,
    tags: TAGS,
    marginAtHalf,
    scale,
    rows: keep.length,
    buckets: Buffer.from(Uint8Array.from(varints)).toString('base64'),
    weights: Buffer.from(q.buffer, q.byteOffset, q.byteLength).toString('base64'),
  };
}

export function decodeModel(file: TaggerFile): TaggerModel {
  if (file.tags.join() !== TAGS.join()) throw new Error('tagger.json was trained for other tags: retrain with npm run train:pii');
  const weights = new Float32Array((1 << file.bits) * TAG_COUNT);
  const varints = Buffer.from(file.buckets, 'base64');
  // Copied out of Buffer's shared pool, whose offset may be odd for an Int16Array view.
  const q = new Int16Array(Uint8Array.from(Buffer.from(file.weights, 'base64')).buffer);
  let pos = 0;
  let bucket = 0;
  for (let r = 0; r < file.rows; r++) {
    let d = 0;
    let shift = 0;
    for (;;) {
      const byte = varints[pos++];
      d |= (byte & 0x7f) << shift;
      if (byte < 0x80) break;
      shift += 7;
    }
    bucket += d;
    for (let t = 0; t < TAG_COUNT; t++) weights[bucket * TAG_COUNT + t] = q[r * TAG_COUNT + t] * file.scale;
  }
  return { bits: file.bits, weights };
}
