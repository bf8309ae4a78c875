import type { BreakerState } from './circuit-breaker';

/**
 * The trust score (0-100) of a provider health snapshot. It answers "how much should routing and
 * operators trust this provider right now", from what the gateway saw over the snapshot window:
 *
 *   smoothedSuccess = (ok + 4.5) / (samples + 5)
 *       a prior of five virtual calls at 90% success: a provider with no traffic starts at 0.9, and
 *       a few failures on a quiet provider move it gradually instead of to zero at once;
 *   latencyScore    = 1 when p95 latency of successful calls ≤ 2,000 ms (or unknown),
 *                     0 at ≥ 30,000 ms, linear between;
 *   trust           = round(100 × (0.75 × smoothedSuccess + 0.25 × latencyScore)),
 *       capped at 50 while the circuit breaker is half-open and at 20 while it is open.
 *
 * So an idle provider scores 93, a clean fast one approaches 100, a provider failing half its calls
 * scores about 63, and one whose breaker is open is "unhealthy" (below 50) in the performance meters.
 */
export interface HealthMeasurement {
  samples: number;
  failures: number;
  p95LatencyMs: number | null;
  breakerState: BreakerState;
}

const PRIOR_CALLS = 5;
const PRIOR_SUCCESS = 0.9;
const FAST_MS = 2_000;
const SLOW_MS = 30_000;
const CAP: Record<BreakerState, number> = { closed: 100, 'half-open': 50, open: 20 };

export function smoothedSuccess(samples: number, failures: number): number {
  const ok = Math.max(0, samples - failures);
  return (ok + PRIOR_CALLS * PRIOR_SUCCESS) / (Math.max(0, samples) + PRIOR_CALLS);
}

export function latencyScore(p95LatencyMs: number | null): number {
  if (p95LatencyMs === null || !Number.isFinite(p95LatencyMs) || p95LatencyMs <= FAST_MS) return 1;
  if (p95LatencyMs >= SLOW_MS) return 0;
  return 1 - (p95LatencyMs - FAST_MS) / (SLOW_MS - FAST_MS);
}

export function trustScore(m: HealthMeasurement): number {
  const base = 100 * (0.75 * smoothedSuccess(m.samples, m.failures) + 0.25 * latencyScore(m.p95LatencyMs));
  return Math.round(Math.min(base, CAP[m.breakerState] ?? 100));
}

/** One run of the provider health schedule: the window it measures and what it prunes. */
export interface ProviderHealthInput {
  windowSeconds: number;
  retentionDays: number;
  /** How long the per-minute routing rollups are kept (optional: schedules made before them lack it). */
  rollupRetentionMinutes?: number;
  taskRollupRetentionDays?: number;
}
