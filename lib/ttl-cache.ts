/**
 * A small bounded map with per-entry expiry. Used for hot-path lookups (credentials, providers)
 * that may be a few seconds stale; writers call delete() to make their own changes visible at once.
 * Map iteration order is insertion order, so evicting the first key drops the oldest entry.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V): void {
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose value matches, e.g. all cached principals of one company. */
  deleteWhere(predicate: (value: V, key: K) => boolean): void {
    for (const [key, entry] of this.entries) if (predicate(entry.value, key)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
