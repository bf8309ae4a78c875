/**
 * The circuit breaker's rules, pure so the `breaker:<providerId>` workflow (deterministic code) and
 * unit tests share them. States follow spec document 3: closed → open when the error rate exceeds
 * 50% over the window (with at least minSamples outcomes, so two failures in a quiet minute do not
 * cut a provider off); open → half-open after the cooldown; half-open → closed on successful probes,
 * back to open on a failed one.
 */
export const BREAKER_STATES = ['closed', 'open', 'half-open'] as const;
export type BreakerState = (typeof BREAKER_STATES)[number];

export interface BreakerSettings {
  /** Sliding window the error rate is measured over. */
  windowMs: number;
  /** Fewer outcomes than this in the window never open the breaker. */
  minSamples: number;
  /** Opens when failures / samples is strictly greater than this (spec: 50%). */
  errorRateThreshold: number;
  /** Time spent open before probes are let through (spec default: 5 minutes). */
  cooldownMs: number;
  /** Successful probes needed in half-open to close again. */
  halfOpenSuccesses: number;
  /** While closed, the window figures are written to provider_breakers at most this often. */
  statsPersistMs: number;
}

/** What one api process counted for one provider since its last flush, under one breaker generation. */
export interface OutcomeBatch {
  /** The breaker generation the api process saw when it counted these (see provider_breakers). */
  generation: number;
  ok: number;
  failed: number;
  lastErrorKind?: string | null;
  /**
   * The sender's current settings. The workflow adopts the latest it receives (and carries them
   * through continueAsNew), so changed BREAKER_* values reach running breakers with the next batch.
   * A batch with no outcomes and only settings is a nudge (used for open breakers, which get no traffic).
   */
  settings?: BreakerSettings;
}

export interface WindowBucket {
  atMs: number;
  ok: number;
  failed: number;
}

export interface WindowTotals {
  samples: number;
  failures: number;
  errorRate: number;
}

/**
 * Which provider errors say something about the provider's health. A 400 is the caller's request
 * (the same request would fail anywhere), so it counts neither way; rate limits, timeouts, 5xx,
 * network and authentication failures all mean "this provider cannot serve us now".
 */
export function countsAsFailure(errorKind: string | undefined): boolean {
  return errorKind !== 'BAD_REQUEST';
}

/** Drops buckets older than the window. Returns a new array; the input is not changed. */
export function pruneWindow(window: readonly WindowBucket[], nowMs: number, windowMs: number): WindowBucket[] {
  const from = nowMs - windowMs;
  return window.filter((b) => b.atMs > from);
}

export function windowTotals(window: readonly WindowBucket[]): WindowTotals {
  let ok = 0;
  let failed = 0;
  for (const b of window) {
    ok += b.ok;
    failed += b.failed;
  }
  const samples = ok + failed;
  return { samples, failures: failed, errorRate: samples === 0 ? 0 : failed / samples };
}

/** closed → open: enough samples and an error rate strictly above the threshold. */
export function shouldOpen(totals: WindowTotals, settings: Pick<BreakerSettings, 'minSamples' | 'errorRateThreshold'>): boolean {
  return totals.samples >= Math.max(1, settings.minSamples) && totals.errorRate > settings.errorRateThreshold;
}

/** Merges buckets that are closer together than this, so a busy window stays a short list. */
const BUCKET_MS = 1000;

/** Adds a batch to the window (merging into the last bucket when it is less than a second old). */
export function addToWindow(window: WindowBucket[], nowMs: number, ok: number, failed: number): WindowBucket[] {
  const last = window[window.length - 1];
  if (last && nowMs - last.atMs < BUCKET_MS) {
    return [...window.slice(0, -1), { atMs: last.atMs, ok: last.ok + ok, failed: last.failed + failed }];
  }
  return [...window, { atMs: nowMs, ok, failed }];
}
