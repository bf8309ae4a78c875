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
