import type { SplitStrategy } from './types';

/**
 * Dividing a batch's items over providers (spec: split strategies). Items keep their order; each
 * split is a contiguous range [seqFrom, seqTo) of sequence indexes, so a split's items are read by
 * keyset without a per-item assignment column.
 *
 * - single: everything to the first (best) candidate;
 * - round-robin: evenly over every candidate (sizes differ by at most one);
 * - cost-optimal: shares inversely proportional to each candidate's blended price, so cheaper
 *   providers get more items; an unpriced (free) candidate counts as the cheapest priced one.
 */
export interface SplitCandidate {
  /** USD per million tokens, input and output, at list price. */
  inputPricePerMillion: number;
  outputPricePerMillion: number;
}

export interface PlannedSplit {
  candidateIndex: number;
  seqFrom: number;
  seqTo: number;
  itemCount: number;
}

export function planSplits(strategy: SplitStrategy, candidates: readonly SplitCandidate[], totalItems: number): PlannedSplit[] {
  if (!candidates.length) throw new Error('planSplits needs at least one candidate');
  if (strategy === 'single' || candidates.length === 1 || totalItems <= 1) {
    return [{ candidateIndex: 0, seqFrom: 0, seqTo: totalItems, itemCount: totalItems }];
  }
  const weights = strategy === 'round-robin' ? candidates.map(() => 1) : costWeights(candidates);
  const counts = apportion(weights, totalItems);
  const out: PlannedSplit[] = [];
  let from = 0;
  counts.forEach((count, candidateIndex) => {
    if (count === 0) return;
    out.push({ candidateIndex, seqFrom: from, seqTo: from + count, itemCount: count });
    from += count;
  });
  return out;
}

function costWeights(candidates: readonly SplitCandidate[]): number[] {
  const blended = candidates.map((c) => c.inputPricePerMillion + c.outputPricePerMillion);
  const priced = blended.filter((b) => b > 0);
  const floor = priced.length ? Math.min(...priced) : 1;
  return blended.map((b) => 1 / (b > 0 ? b : floor));
}

/** Largest-remainder apportionment: integer counts summing to total, proportional to weights. */
export function apportion(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * total);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    counts[i]! += 1;
    left--;
  }
  return counts;
}
