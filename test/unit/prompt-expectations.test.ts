import {
  MAX_REPEAT_COUNT,
  checkPatternConstructs,
  compileExpectedPattern,
  evaluateExpectations,
  normalizeForContains,
  validateExpectations,
} from '../../domain/prompts/expectations';

/** Test-set expectations: the spec's refusals by construct, contains matching, and linear-time matching. */
describe('expectedPattern refusals', () => {
  it.each([
    ['(a)\\1', 'backreference'],
    ['(?<w>a)\\k<w>', 'backreference'],
    ['foo(?=bar)', 'lookaround'],
    ['foo(?!bar)', 'lookaround'],
    ['(?<=foo)bar', 'lookaround'],
    ['(?<!foo)bar', 'lookaround'],
    ['(a+)+', 'nested-repetition'],
    ['(a*)*b', 'nested-repetition'],
    ['(?:ab{2})*', 'nested-repetition'],
    ['((a|b)+c)?', 'nested-repetition'],
    ['(x?){3}', 'nested-repetition'],
    ['a{2}{3}', 'nested-repetition'],
    ['a{1001}', 'count-above-1000'],
    ['a{2,5000}', 'count-above-1000'],
    ['a{1001,}', 'count-above-1000'],
    ['x'.repeat(301), 'too-long'],
    ['(abc', 'syntax'],
    ['*a', 'syntax'],
  ])('refuses %s as %s', (pattern, construct) => {
    const r = checkPatternConstructs(pattern);
    expect(r).toMatchObject({ ok: false, construct });
  });

  it.each([
    'hello',
    '^\\d{3}-\\d{4}$',
    '(a|aa)*c',
    '(?:foo|bar)+ baz',
    'a{1000}',
    'a{2,1000}?',
    '[(+*]+',
    '\\(a+\\)+',
    '[[:alpha:]]+ end',
    '(?i)Total: \\d+',
    'x{,3}',
    'a*?b+?',
  ])('accepts %s', (pattern) => {
    expect(checkPatternConstructs(pattern)).toEqual({ ok: true });
    expect(compileExpectedPattern(pattern).ok).toBe(true);
  });

  it('refuses what RE2 cannot compile as syntax, with the engine message', () => {
    const r = compileExpectedPattern('a[z-a]');
    expect(r).toMatchObject({ ok: false, construct: 'syntax' });
  });

  it('validateExpectations marks the pattern issue BAD_EXPECTED_PATTERN and checks phrases', () => {
    const issues = validateExpectations({ expectedContains: ['ok', '', 'x'.repeat(501), '   '], expectedPattern: '(a+)+' });
    expect(issues.map((i) => i.path.join('.'))).toEqual(['expectedContains.1', 'expectedContains.2', 'expectedContains.3', 'expectedPattern']);
    expect(issues[3]).toMatchObject({ code: 'BAD_EXPECTED_PATTERN', construct: 'nested-repetition' });
    expect(validateExpectations({ expectedContains: Array.from({ length: 21 }, (_, i) => `p${i}`) })[0]!.message).toMatch(/at most 20/);
    expect(validateExpectations({ expectedContains: Array.from({ length: 20 }, (_, i) => `p${i}`), expectedPattern: 'a{1000}' })).toEqual([]);
  });
});

describe('matching', () => {
  it('contains ignores case and extra whitespace', () => {
    expect(normalizeForContains('  Hello,\n\t  WORLD  ')).toBe('hello, world');
    const e = evaluateExpectations('The Capital of France is\n   PARIS.', { expectedContains: ['capital of france', 'is paris', 'berlin'], expectedPattern: null });
    expect(e.results.map((r) => r.passed)).toEqual([true, true, false]);
    expect(e).toMatchObject({ passed: 2, total: 3 });
  });

  it('pattern matches ignoring case, anywhere in the answer', () => {
    const e = evaluateExpectations('Order TOTAL: 42 EUR', { expectedContains: [], expectedPattern: 'total: \\d+ eur' });
    expect(e.results).toEqual([{ kind: 'pattern', expected: 'total: \\d+ eur', passed: true }]);
    expect(evaluateExpectations('nothing', { expectedContains: [], expectedPattern: '^\\d+$' }).passed).toBe(0);
  });

  it('no expectations: nothing to check', () => {
    expect(evaluateExpectations('anything', { expectedContains: [], expectedPattern: null })).toEqual({ results: [], passed: 0, total: 0 });
  });
});

/**
 * Linear time: an accepted pattern that makes a backtracking engine explode ((a|aa)*c on a run of
 * a's is exponential for one; a*a*a*a*a*b polynomial of degree five) is matched on 10,000 and on
 * 100,000 characters. For a linear engine the time grows about tenfold; the assertion allows up
 * to 30x, far below what any super-linear growth gives (100x for quadratic). The machine is shared
 * (other test runs, load averages above the core count): each figure is the fastest of several
 * runs, the one least disturbed by others, and the short input is timed over ten matches at once.
 */
describe('linear-time matching on adversarial input', () => {
  function fastestMs(fn: () => void, runs: number, repeat: number): number {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      for (let r = 0; r < repeat; r++) fn();
      best = Math.min(best, (performance.now() - t0) / repeat);
    }
    return best;
  }

  it.each(['(a|aa)*c', 'a*a*a*a*a*b', '(a|a)*z'])('%s grows linearly from 10,000 to 100,000 characters', (pattern) => {
    const compiled = compileExpectedPattern(pattern);
    if (!compiled.ok) throw new Error(compiled.message);
    const small = 'a'.repeat(10_000);
    const large = 'a'.repeat(100_000);
    // Warm-up (JIT, the engine's caches), then measure.
    compiled.regex.matcher(small).find();
    compiled.regex.matcher(large).find();
    let matchedSmall = true;
    let matchedLarge = true;
    const tSmall = fastestMs(() => {
      matchedSmall = compiled.regex.matcher(small).find();
    }, 15, 10);
    const tLarge = fastestMs(() => {
      matchedLarge = compiled.regex.matcher(large).find();
    }, 9, 1);
    expect(matchedSmall).toBe(false);
    expect(matchedLarge).toBe(false);
    const ratio = tLarge / Math.max(tSmall, 0.05);
    expect(ratio).toBeLessThan(30);
  });

  it('the limit itself: a count of exactly 1000 compiles, 1001 does not', () => {
    expect(compileExpectedPattern(`a{${MAX_REPEAT_COUNT}}`).ok).toBe(true);
    expect(compileExpectedPattern(`a{${MAX_REPEAT_COUNT + 1}}`).ok).toBe(false);
  });
});
