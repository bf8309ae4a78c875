import { addToWindow, countsAsFailure, pruneWindow, shouldOpen, windowTotals } from '../../domain/routing/circuit-breaker';
import { latencyScore, smoothedSuccess, trustScore } from '../../domain/routing/provider-health';

const settings = { minSamples: 10, errorRateThreshold: 0.5 };

describe('circuit breaker window', () => {
  it('opens only past 50% with enough samples', () => {
    expect(shouldOpen({ samples: 9, failures: 9, errorRate: 1 }, settings)).toBe(false);
    expect(shouldOpen({ samples: 10, failures: 5, errorRate: 0.5 }, settings)).toBe(false);
    expect(shouldOpen({ samples: 10, failures: 6, errorRate: 0.6 }, settings)).toBe(true);
  });

  it('measures only the window and merges close batches', () => {
    let w = addToWindow([], 1_000, 3, 1);
    w = addToWindow(w, 1_500, 1, 1);
    expect(w).toEqual([{ atMs: 1_000, ok: 4, failed: 2 }]);
    w = addToWindow(w, 5_000, 0, 4);
    expect(windowTotals(w)).toEqual({ samples: 10, failures: 6, errorRate: 0.6 });
    const later = pruneWindow(w, 62_000, 60_000);
    expect(windowTotals(later)).toEqual({ samples: 4, failures: 4, errorRate: 1 });
    expect(windowTotals([])).toEqual({ samples: 0, failures: 0, errorRate: 0 });
  });

  it("does not count the caller's bad request against the provider", () => {
    expect(countsAsFailure('BAD_REQUEST')).toBe(false);
    for (const kind of ['SERVER', 'TIMEOUT', 'RATE_LIMIT', 'NETWORK', 'AUTH', 'UNKNOWN', undefined]) {
      expect(countsAsFailure(kind)).toBe(true);
    }
  });
});

describe('trust score', () => {
  it('follows the documented formula', () => {
    expect(smoothedSuccess(0, 0)).toBeCloseTo(0.9);
    expect(trustScore({ samples: 0, failures: 0, p95LatencyMs: null, breakerState: 'closed' })).toBe(93);
    expect(trustScore({ samples: 1000, failures: 0, p95LatencyMs: 300, breakerState: 'closed' })).toBe(100);
    expect(trustScore({ samples: 1000, failures: 500, p95LatencyMs: 300, breakerState: 'closed' })).toBe(63);
    expect(latencyScore(16_000)).toBeCloseTo(0.5);
    expect(latencyScore(60_000)).toBe(0);
  });

  it('caps half-open and open providers', () => {
    expect(trustScore({ samples: 1000, failures: 0, p95LatencyMs: 300, breakerState: 'half-open' })).toBe(50);
    expect(trustScore({ samples: 20, failures: 20, p95LatencyMs: null, breakerState: 'open' })).toBeLessThanOrEqual(20);
  });
});
