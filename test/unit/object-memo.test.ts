import { memoizeByObject } from '../../lib/object-memo';

describe('memoizeByObject', () => {
  it('computes once per object and again for another object', () => {
    let calls = 0;
    const size = memoizeByObject((xs: readonly number[]) => {
      calls++;
      return xs.length;
    });
    const a = [1, 2, 3];
    expect(size(a)).toBe(3);
    expect(size(a)).toBe(3);
    expect(calls).toBe(1);
    expect(size([1, 2, 3])).toBe(3);
    expect(calls).toBe(2);
  });

  it('remembers falsy results too', () => {
    let calls = 0;
    const none = memoizeByObject((_: object) => {
      calls++;
      return null;
    });
    const key = {};
    expect(none(key)).toBeNull();
    expect(none(key)).toBeNull();
    expect(calls).toBe(1);
  });
});
