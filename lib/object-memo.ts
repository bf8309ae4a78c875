/**
 * A function of one object argument, computed once per object for as long as the object lives.
 * The hot path keys derived values on objects the caches replace whenever their data changes (a
 * company's provider list, a parsed policy), so identity is a correct and free cache key, and a
 * WeakMap lets the derived value go with its key.
 */
export function memoizeByObject<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const memo = new WeakMap<K, V>();
  return (key) => {
    if (memo.has(key)) return memo.get(key) as V;
    const value = compute(key);
    memo.set(key, value);
    return value;
  };
}
