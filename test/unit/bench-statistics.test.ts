import { phaseKind, settlePhases } from '../../bench/interleaved-load';
import { median, medianInterval } from '../../bench/support';

/**
 * The statistics bench:gateway's routing comparison decides with: a distribution-free interval for
 * the median of the per-pair differences, and the A B B A phase order of the interleaved load.
 */
describe('medianInterval', () => {
  const ranks = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it('matches the order-statistic tables for the 95% interval of a median', () => {
    // Ranks from the binomial(n, 1/2) tables: n=6 (1, 6), n=10 (2, 9), n=20 (6, 15), n=30 (10, 21), n=59 (22, 38).
    expect(medianInterval(ranks(6))).toMatchObject({ lo: 1, hi: 6 });
    expect(medianInterval(ranks(10))).toMatchObject({ lo: 2, hi: 9 });
    expect(medianInterval(ranks(20))).toMatchObject({ lo: 6, hi: 15 });
    expect(medianInterval(ranks(30))).toMatchObject({ lo: 10, hi: 21 });
    expect(medianInterval(ranks(59))).toMatchObject({ lo: 22, hi: 38 });
  });

  it('reports a coverage of at least the level asked for, and null when n is too small', () => {
    for (const n of [6, 7, 12, 24, 57, 117]) expect(medianInterval(ranks(n))!.coverage).toBeGreaterThanOrEqual(0.95);
    expect(medianInterval(ranks(5))).toBeNull();
    expect(medianInterval([])).toBeNull();
  });

  it('does not depend on the input order', () => {
    const xs = [5, -1, 3, 9, 0.5, 2, 7, -4, 1, 8, 6, 4];
    expect(medianInterval(xs)).toEqual(medianInterval([...xs].sort((a, b) => a - b)));
    expect(median(xs)).toBe(3.5);
  });
});

describe('interleaved phases', () => {
  it('alternate A B B A so a linear drift cancels over four phases', () => {
    expect(Array.from({ length: 8 }, (_, i) => phaseKind(i))).toEqual([0, 1, 1, 0, 0, 1, 1, 0]);
  });

  it('leave the first four phases of a run unpaired, none of a very short one', () => {
    expect(settlePhases(240)).toBe(4);
    expect(settlePhases(8)).toBe(0);
  });
});
