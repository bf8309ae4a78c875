import type { Language } from '../entity-types';
import type { Token } from '../recognizers/names';
import { contextFeatures, forgetGaps, historyFeatures, MAX_STATIC, ownFeatures, type WordInfo, wordInfos } from './features';

/**
 * The tagger's model: an averaged perceptron over hashed features (tagger/features.ts) that gives
 * each token a BIO tag, decoded greedily from left to right (each token sees the tags of the two
 * before it). Trained by scripts/train-pii-tagger.ts; shipped as data/pii/tagger.json.
 */
export const TAGS = ['O', 'B-PERSON', 'I-PERSON', 'B-LOCATION', 'I-LOCATION', 'B-ORGANIZATION', 'I-ORGANIZATION', 'B-ADDRESS', 'I-ADDRESS'] as const;
/** Nine tags; tagTokens() unrolls its loop over them. */
export const TAG_COUNT = 9;
if (TAGS.length !== TAG_COUNT) throw new Error('TAG_COUNT must match TAGS');
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

/**
 * The sums per tag of a word's own features' weights (features.ts ownFeatures): they depend only
 * on the spelling, the language and the model, so they are added up once and kept on the word's
 * WordInfo (with the model they belong to). Half of a token's weight reads are saved.
 */
function ownScores(model: TaggerModel, w: WordInfo, language: Language): Float64Array {
  const de = language === 'de';
  const cached = de ? w.ownScoresDe : w.ownScoresEn;
  if (cached && (de ? w.ownScoresModelDe : w.ownScoresModelEn) === model) return cached;
  const sums = new Float64Array(TAG_COUNT);
  const mask = (1 << model.bits) - 1;
  for (const f of ownFeatures(w, language)) {
    const r = (f & mask) * TAG_COUNT;
    for (let t = 0; t < TAG_COUNT; t++) sums[t] += model.weights[r + t];
  }
  if (de) {
    w.ownScoresDe = sums;
    w.ownScoresModelDe = model;
  } else {
    w.ownScoresEn = sums;
    w.ownScoresModelEn = model;
  }
  return sums;
}

// Scratch buffers of tagTokens(), reused by every call (detection is synchronous).
const FEATS = new Uint32Array(MAX_STATIC);
const HIST = new Uint32Array(8);
const SCORES = new Float64Array(TAG_COUNT);

/** How many words either side of a word that can carry a name the tagger reads. */
const READ_AROUND = 2;

/**
 * Tags the tokens; an I- tag is only given after a tag of the same type (a valid BIO sequence).
 * Only words within READ_AROUND of a word that can carry a name are scored (WordInfo.carrier): a
 * span without one is never kept (recognizers/tagger.ts), and most running text has none, so
 * the rest is tagged O without reading its weights (the weights are most of the cost).
 */
export function tagTokens(model: TaggerModel, tokens: Token[], language: Language): Tagging {
  const n = tokens.length;
  const tags = new Uint8Array(n);
  const margins = new Float32Array(n);
  if (n === 0) return { tags, margins };
  const infos = wordInfos(tokens);
  const near = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (language === 'de' ? infos[i].carrierDe : infos[i].carrierEn) near.fill(1, Math.max(0, i - READ_AROUND), Math.min(n, i + READ_AROUND + 1));
  }
  const feats = FEATS;
  const hist = HIST;
  const scores = SCORES;
  const mask = (1 << model.bits) - 1;
  const W = model.weights;
  let prev = 0;
  let prev2 = 0;
  for (let i = 0; i < n; i++) {
    if (!near[i]) {
      prev2 = prev;
      prev = 0;
      continue;
    }
    const own = ownScores(model, infos[i], language);
    const count = contextFeatures(tokens, infos, i, feats);
    const h = historyFeatures(prev, prev2, infos[i], hist);
    // The nine tags' sums in locals (unrolled): this loop is most of the tagger's time.
    let s0 = own[0];
    let s1 = own[1];
    let s2 = own[2];
    let s3 = own[3];
    let s4 = own[4];
    let s5 = own[5];
    let s6 = own[6];
    let s7 = own[7];
    let s8 = own[8];
    for (let k = 0; k < count + h; k++) {
      const r = ((k < count ? feats[k] : hist[k - count]) & mask) * 9;
      s0 += W[r];
      s1 += W[r + 1];
      s2 += W[r + 2];
      s3 += W[r + 3];
      s4 += W[r + 4];
      s5 += W[r + 5];
      s6 += W[r + 6];
      s7 += W[r + 7];
      s8 += W[r + 8];
    }
    scores[0] = s0;
    scores[1] = s1;
    scores[2] = s2;
    scores[3] = s3;
    scores[4] = s4;
    scores[5] = s5;
    scores[6] = s6;
    scores[7] = s7;
    scores[8] = s8;
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
  forgetGaps();
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
  // A row is kept when one of its weights is at least pruneBelow and does not round to zero.
  const keep: number[] = [];
  for (let b = 0; b < size; b++) {
    const row = b * TAG_COUNT;
    for (let t = 0; t < TAG_COUNT; t++) {
      const w = model.weights[row + t];
      if (Math.abs(w) >= pruneBelow && Math.round(w / scale) !== 0) {
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
