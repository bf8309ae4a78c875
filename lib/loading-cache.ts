import { TtlCache } from './ttl-cache';

/**
 * A TtlCache whose misses load once: while a key's load is in flight, other callers for that key
 * wait for the same load instead of starting their own. Without it, when an entry's TTL ran out
 * under load (every AUTH_CACHE_TTL_MS at concurrency 32), every request in flight missed at once
 * and each ran the query, decrypted the credentials and built its own copy of the company's
 * objects, which also defeated the routing memos keyed on those objects.
 *
 * delete() forgets a load in flight as well, and a load only stores its result while it is still
 * the key's current load: a caller that comes after an invalidation never gets data read before it.
 */
export class LoadingTtlCache<K, V> {
  private readonly cache: TtlCache<K, V>;
  private readonly loading = new Map<K, Promise<V>>();

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.cache = new TtlCache<K, V>(ttlMs, maxEntries);
  }

  /** The cached value, else the load in flight for the key, else a new load (stored when it succeeds). */
  get(key: K, load: () => Promise<V>): Promise<V> {
    const cached = this.cache.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const running = this.loading.get(key);
    if (running) return running;
    const p = load().then(
      (value) => {
        if (this.loading.get(key) === p) {
          this.loading.delete(key);
          this.cache.set(key, value);
        }
        return value;
      },
      (err: unknown) => {
        if (this.loading.get(key) === p) this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, p);
    return p;
  }

  /** The cached value if it has not expired; never loads (hot paths that can skip an await when warm). */
  peek(key: K): V | undefined {
    return this.cache.get(key);
  }

  delete(key: K): void {
    this.cache.delete(key);
    this.loading.delete(key);
  }
}
