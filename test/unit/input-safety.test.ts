import { MAX_JSON_DEPTH, findUnsafeInput, unsafeString } from '../../lib/input-safety';

describe('input no route may accept (lib/input-safety.ts)', () => {
  it('refuses NUL anywhere in a string or a key', () => {
    expect(unsafeString('abc\u0000def')).toMatch(/NUL/);
    expect(findUnsafeInput({ a: [{ b: 'x\u0000' }] })).toEqual({ path: ['a', '0', 'b'], message: expect.stringMatching(/NUL/) });
    expect(findUnsafeInput({ 'k\u0000': 1 })).toEqual({ path: ['k\u0000'], message: expect.stringMatching(/key that contains a NUL/) });
  });

  it('refuses lone surrogates but accepts paired ones (emoji) and other Unicode', () => {
    expect(unsafeString('a\uD83Db')).toMatch(/surrogate/);
    expect(unsafeString('a\uDE00b')).toMatch(/surrogate/);
    expect(unsafeString('\uD83D')).toMatch(/surrogate/);
    expect(unsafeString('smile 😀, Grüße, 東京, \u200B')).toBeNull();
  });

  it('refuses numbers no column can be trusted to hold', () => {
    expect(findUnsafeInput({ n: JSON.parse('1e400') })?.message).toMatch(/finite/);
    expect(findUnsafeInput({ n: 2 ** 53 })?.message).toMatch(/2\^53/);
    expect(findUnsafeInput({ n: -(2 ** 60) })?.message).toMatch(/2\^53/);
    expect(findUnsafeInput({ n: 1.5e300 })?.message).toMatch(/2\^53/);
    expect(findUnsafeInput({ n: Number.MAX_SAFE_INTEGER, m: -Number.MAX_SAFE_INTEGER, f: 0.000001, z: -0 })).toBeNull();
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels, and walks a million levels without overflowing the stack`, () => {
    const nest = (depth: number) => JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`);
    expect(findUnsafeInput(nest(MAX_JSON_DEPTH))).toBeNull();
    expect(findUnsafeInput(nest(MAX_JSON_DEPTH + 1))?.message).toMatch(/deeper/);
    expect(findUnsafeInput(nest(1_000_000))?.message).toMatch(/deeper/);
  });

  it('accepts ordinary bodies', () => {
    expect(findUnsafeInput({ prompt: 'Hello', variables: { a: 'b' }, maxTokens: 100, list: [1, 'two', null, true] })).toBeNull();
    expect(findUnsafeInput(undefined)).toBeNull();
  });
});

/** The walk as first written (one path array per value): the faster walk must name the same value. */
function referenceWalk(root: unknown, maxDepth = MAX_JSON_DEPTH): { path: string[]; message: string } | null {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: root, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const why = unsafeString(value);
      if (why) return { path, message: why };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { path, message: 'is not a finite number' };
      if (Math.abs(value) > Number.MAX_SAFE_INTEGER) return { path, message: 'is beyond ±(2^53 - 1)' };
    } else if (value !== null && typeof value === 'object') {
      if (path.length >= maxDepth) return { path, message: `nests deeper than ${maxDepth} levels` };
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, String(i)] });
      } else {
        for (const key of Object.keys(value)) {
          const why = unsafeString(key);
          if (why) return { path: [...path, key], message: `has a key that ${why}` };
          stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
        }
      }
    }
  }
  return null;
}

describe('findUnsafeInput names the same value as the first walk did', () => {
  it('on 3,000 generated bodies with several bad values at random places', () => {
    let seed = 42;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const bad = ['x\u0000', 'a\uD800', Number.POSITIVE_INFINITY, 2 ** 60];
    const value = (depth: number): unknown => {
      const r = rand();
      if (r < 0.06) return bad[Math.floor(rand() * bad.length)];
      if (depth > 5 || r < 0.45) return [null, true, 'text', 1.5, -3, ''][Math.floor(rand() * 6)];
      if (r < 0.7) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
      const o: Record<string, unknown> = {};
      for (let i = Math.floor(rand() * 5); i > 0; i--) o[rand() < 0.03 ? 'k\u0000' : `k${Math.floor(rand() * 100)}`] = value(depth + 1);
      return o;
    };
    let refused = 0;
    for (let i = 0; i < 3000; i++) {
      const body = value(0);
      const expected = referenceWalk(body, 4);
      expect(findUnsafeInput(body, 4)).toEqual(expected);
      if (expected) refused++;
    }
    // Both outcomes occur often enough for the comparison to mean something.
    expect(refused).toBeGreaterThan(300);
    expect(refused).toBeLessThan(2700);
  });
});
