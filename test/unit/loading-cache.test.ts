import { LoadingTtlCache } from '../../lib/loading-cache';

/** A load the test resolves or rejects by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('LoadingTtlCache', () => {
  it('runs one load for concurrent misses and serves the stored value afterwards', async () => {
    const cache = new LoadingTtlCache<string, string[]>(60_000);
    const d = deferred<string[]>();
    let loads = 0;
    const load = () => {
      loads++;
      return d.promise;
    };
    const waiting = Array.from({ length: 32 }, () => cache.get('c1', load));
    d.resolve(['a']);
    const values = await Promise.all(waiting);
    expect(loads).toBe(1);
    expect(new Set(values).size).toBe(1); // the very same array for every caller
    expect(await cache.get('c1', load)).toBe(values[0]);
    expect(loads).toBe(1);
  });

  it('after delete(), a caller starts a fresh load and the older load does not overwrite it', async () => {
    const cache = new LoadingTtlCache<string, string>(60_000);
    const old = deferred<string>();
    const first = cache.get('c1', () => old.promise);
    cache.delete('c1'); // e.g. a provider was updated while the first load was reading
    const second = cache.get('c1', async () => 'new');
    expect(await second).toBe('new');
    old.resolve('old');
    expect(await first).toBe('old');
    expect(await cache.get('c1', async () => 'unexpected load')).toBe('new');
  });

  it('does not store a failed load', async () => {
    const cache = new LoadingTtlCache<string, string>(60_000);
    await expect(cache.get('c1', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('c1', async () => 'ok')).toBe('ok');
  });

  it('expires entries after the TTL', async () => {
    const cache = new LoadingTtlCache<string, number>(1);
    let n = 0;
    expect(await cache.get('c1', async () => ++n)).toBe(1);
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.get('c1', async () => ++n)).toBe(2);
  });
});
