import { attemptStats, attemptStatsByKey, percentileCont } from '../../domain/routing/window-stats';

/** PostgreSQL's percentile_cont over an explicit list: the reference the rollup statistics must match. */
function reference(values: number[], p: number): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const pos = p * (s.length - 1);
  const lo = Math.floor(pos);
  return lo === pos ? s[lo]! : s[lo]! + (s[lo + 1]! - s[lo]!) * (pos - lo);
}

describe('percentileCont over counted values', () => {
  it('equals percentile_cont over the expanded list', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let trial = 0; trial < 200; trial++) {
      const counted = Array.from({ length: 1 + Math.floor(rand() * 12) }, () => ({ value: Math.floor(rand() * 3000), count: Math.floor(rand() * 5) }));
      const expanded = counted.flatMap((c) => Array<number>(c.count).fill(c.value));
      for (const p of [0, 0.25, 0.5, 0.95, 1]) {
        const want = reference(expanded, p);
        if (want === null) expect(percentileCont(counted, p)).toBeNull();
        else expect(percentileCont(counted, p)).toBeCloseTo(want, 9);
      }
    }
  });

  it('is null for nothing and refuses a p outside [0, 1]', () => {
    expect(percentileCont([], 0.5)).toBeNull();
    expect(percentileCont([{ value: 5, count: 0 }], 0.5)).toBeNull();
    expect(() => percentileCont([{ value: 1, count: 1 }], 1.5)).toThrow(RangeError);
  });

  it('interpolates between neighbours as percentile_cont does', () => {
    // 10, 20, 20, 40: p50 at position 1.5 → 20; p95 at 2.85 → 20 + 0.85 × 20 = 37.
    const v = [
      { value: 40, count: 1 },
      { value: 10, count: 1 },
      { value: 20, count: 2 },
    ];
    expect(percentileCont(v, 0.5)).toBe(20);
    expect(percentileCont(v, 0.95)).toBeCloseTo(37, 9);
  });
});

describe('attemptStats', () => {
  it('counts every attempt for availability and only successes for latency', () => {
    const stats = attemptStats([
      { ok: true, latencyMs: 100, attempts: 3 },
      { ok: true, latencyMs: 300, attempts: 1 },
      { ok: false, latencyMs: 0, attempts: 4 },
    ]);
    expect(stats).toEqual({ samples: 8, ok: 4, failures: 4, p50LatencyMs: 100, p95LatencyMs: reference([100, 100, 100, 300], 0.95) });
  });

  it('has no latency without a success', () => {
    expect(attemptStats([{ ok: false, latencyMs: 0, attempts: 2 }])).toMatchObject({ samples: 2, failures: 2, p50LatencyMs: null, p95LatencyMs: null });
    expect(attemptStats([])).toMatchObject({ samples: 0, p50LatencyMs: null });
  });
});

describe('attemptStatsByKey', () => {
  it('groups rollup rows by their key before computing each group', () => {
    const rows = [
      { provider: 'a', ok: true, latencyMs: 10, attempts: 1 },
      { provider: 'b', ok: false, latencyMs: 0, attempts: 2 },
      { provider: 'a', ok: true, latencyMs: 30, attempts: 1 },
    ];
    const byProvider = attemptStatsByKey(rows, (r) => r.provider);
    expect([...byProvider.keys()]).toEqual(['a', 'b']);
    expect(byProvider.get('a')).toMatchObject({ samples: 2, ok: 2, p50LatencyMs: 20 });
    expect(byProvider.get('b')).toMatchObject({ samples: 2, failures: 2, p50LatencyMs: null });
  });
});
