import type { ProviderTarget } from '../../domain/providers';

/**
 * A bounded least-recently-used cache of SDK clients. Constructing an SDK client per request is
 * slow (option parsing, header building, for @google/genai a whole API client tree), and clients
 * are safe to share, so each adapter keeps one per (type, baseUrl, apiKey). Map iteration order is
 * insertion order: a hit is re-inserted to become the newest, and the first key is the oldest.
 */
export class ClientCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(readonly maxEntries = 1000) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError('maxEntries must be a positive integer');
  }

  get size(): number {
    return this.entries.size;
  }

  getOrCreate(key: string, create: () => T): T {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const client = create();
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, client);
    return client;
  }
}

/** The cache key of a target's client. NUL cannot occur in a URL or a header value. */
export function clientKey(target: Pick<ProviderTarget, 'type' | 'baseUrl' | 'apiKey'>): string {
  return `${target.type}\u0000${target.baseUrl ?? ''}\u0000${target.apiKey}`;
}
