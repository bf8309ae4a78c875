/**
 * Window statistics from rollup rows (db migration 20261124010001: provider attempts per minute,
 * outcome and latency, each with a count). The percentiles follow PostgreSQL's percentile_cont over
 * the expanded values, so they equal what a query over the individual attempts gave (exactly below
 * 1 s, where the rollups keep every millisecond; within 0.5% above, where they keep three digits).
 */

/** A value and how many times it occurred. */
export interface Counted {
  value: number;
  count: number;
}

/**
 * percentile_cont(p) of the multiset: the value at position p × (n − 1) of the sorted expansion,
 * interpolated linearly between its neighbours. Null for an empty multiset.
 */
export function percentileCont(values: readonly Counted[], p: number): number | null {
  if (p < 0 || p > 1 || Number.isNaN(p)) throw new RangeError('p must be within [0, 1]');
  const sorted = values.filter((v) => v.count > 0).sort((a, b) => a.value - b.value);
  const n = sorted.reduce((sum, v) => sum + v.count, 0);
  if (n === 0) return null;
  const position = p * (n - 1);
  const lower = Math.floor(position);
  const below = valueAt(sorted, lower);
  if (position === lower) return below;
  return below + (valueAt(sorted, lower + 1) - below) * (position - lower);
}

/** The value at a 0-based index of the sorted expansion. */
function valueAt(sorted: readonly Counted[], index: number): number {
  let seen = 0;
  for (const v of sorted) {
    seen += v.count;
    if (index < seen) return v.value;
  }
  return sorted[sorted.length - 1]!.value;
}

/** One rollup row of provider attempts: an outcome, a latency (0 for failures) and a count. */
export interface AttemptCount {
  ok: boolean;
  latencyMs: number;
  attempts: number;
}

export interface AttemptStats {
  samples: number;
  ok: number;
  failures: number;
  /** Over the successful attempts only; null when there were none. */
  p50LatencyMs: number | null;
  p95LatencyMs: number | null;
}

export function attemptStats(rows: readonly AttemptCount[]): AttemptStats {
  let samples = 0;
  let ok = 0;
  const latencies: Counted[] = [];
  for (const r of rows) {
    samples += r.attempts;
    if (r.ok) {
      ok += r.attempts;
      latencies.push({ value: r.latencyMs, count: r.attempts });
    }
  }
  return {
    samples,
    ok,
    failures: samples - ok,
    p50LatencyMs: percentileCont(latencies, 0.5),
    p95LatencyMs: percentileCont(latencies, 0.95),
  };
}

/** Rollup rows grouped by a key (provider, or provider and model) into one AttemptStats each. */
export function attemptStatsByKey<R extends AttemptCount>(rows: readonly R[], keyOf: (row: R) => string): Map<string, AttemptStats> {
  const grouped = new Map<string, R[]>();
  for (const r of rows) {
    const key = keyOf(r);
    const list = grouped.get(key);
    if (list) list.push(r);
    else grouped.set(key, [r]);
  }
  const out = new Map<string, AttemptStats>();
  for (const [key, list] of grouped) out.set(key, attemptStats(list));
  return out;
}

/** A rollup row marked as coming from synthetic probes or live traffic (db migration 20261128020001). */
export interface MarkedAttemptCount extends AttemptCount {
  synthetic: boolean;
}

/**
 * The rows with every synthetic count multiplied by syntheticWeight (0 leaves probes out, 1 counts
 * them like live calls). Counts may become fractional: percentileCont and attemptStats read them as
 * weights, so a probe at weight 0.5 pulls a percentile half as hard as a live call.
 */
export function weighAttempts<R extends MarkedAttemptCount>(rows: readonly R[], syntheticWeight: number): R[] {
  if (syntheticWeight === 1) return [...rows];
  const out: R[] = [];
  for (const r of rows) {
    if (!r.synthetic) out.push(r);
    else if (syntheticWeight > 0) out.push({ ...r, attempts: r.attempts * syntheticWeight });
  }
  return out;
}
