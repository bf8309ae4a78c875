import { type Behaviour, fnv1a, mulberry32 } from './behaviour';

/**
 * In-memory state behind the simulated batch APIs (openai-batches.ts, anthropic-batches.ts):
 * uploaded and generated files, batches, and the per-key submission counters that drive
 * `itemFailTimes`. One store per simulator instance. Everything is dropped after `ttlMs` (swept
 * lazily on writes), on DELETE, on POST /_sim/reset and on close(), so long benchmark runs do not
 * accumulate 50,000-line files.
 *
 * Timing is computed from the clock, not driven by timers: a batch created at t0 with
 * `batchMs = B` is validating in [t0, t0+0.1B), in progress in [t0+0.1B, t0+0.9B) (items are
 * "processed" in input order, linearly), finalizing in [t0+0.9B, t0+B) and ended from t0+B on.
 * Each item's outcome is decided at submission, so counts and results are consistent whenever
 * they are read.
 */

export interface StoredFile {
  id: string;
  apiKey: string;
  filename: string;
  purpose: string;
  bytes: Buffer;
  createdAt: number;
}

/** A phase of the clock-driven timeline shared by both providers. */
export type Phase = 'validating' | 'in_progress' | 'finalizing' | 'ended';

export interface Timeline {
  createdAt: number;
  batchMs: number;
}

export function phaseAt(t: Timeline, now: number): Phase {
  const elapsed = now - t.createdAt;
  if (elapsed >= t.batchMs) return 'ended';
  if (elapsed < 0.1 * t.batchMs) return 'validating';
  if (elapsed < 0.9 * t.batchMs) return 'in_progress';
  return 'finalizing';
}

/** How many of `total` items (processed in input order) are done at `now`. */
export function processedAt(t: Timeline, total: number, now: number): number {
  if (t.batchMs <= 0) return total;
  const fraction = (now - t.createdAt - 0.1 * t.batchMs) / (0.8 * t.batchMs);
  if (fraction <= 0) return 0;
  if (fraction >= 1) return total;
  return Math.floor(total * fraction);
}

/** Fisher-Yates: providers return result lines in no particular order, and clients must cope. */
export function shuffle<T>(items: T[], random: () => number = Math.random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const tmp = items[i]!;
    items[i] = items[j]!;
    items[j] = tmp;
  }
  return items;
}

/**
 * JSONL bytes of some lines (each line already serialised), with a trailing newline. Encoded in
 * groups: one join over 50,000 lines builds a 40 MB rope string whose flattening and encoding cost
 * ~10x more than encoding a thousand lines at a time.
 */
export function jsonl(lines: string[]): Buffer {
  const groups: Buffer[] = [];
  for (let i = 0; i < lines.length; i += 1000) groups.push(Buffer.from(`${lines.slice(i, i + 1000).join('\n')}\n`, 'utf8'));
  return Buffer.concat(groups);
}

/** A per-provider batch record: only the store's bookkeeping fields are common. */
export interface StoredBatch {
  id: string;
  apiKey: string;
  createdAt: number;
}

export const DEFAULT_TTL_MS = 60 * 60_000;

export class BatchStore {
  readonly files = new Map<string, StoredFile>();
  readonly openAiBatches = new Map<string, StoredBatch>();
  readonly anthropicBatches = new Map<string, StoredBatch>();
  /** apiKey -> custom_id -> times submitted; only kept for keys with itemFailTimes. */
  private readonly submissions = new Map<string, Map<string, number>>();
  private readonly streams = new Map<string, () => number>();
  private lastSweep = Date.now();

  constructor(readonly ttlMs: number = DEFAULT_TTL_MS) {}

  /**
   * The HTTP status a submitted item fails with, or 0 when it succeeds (see Behaviour: itemFail,
   * itemFailTimes, itemFailRate, itemFailStatus). Counts the submission for itemFailTimes.
   */
  itemOutcome(apiKey: string, b: Behaviour, customId: string): number {
    let selected = false;
    if (b.itemFailTimes !== undefined) {
      if (b.itemFail === undefined || b.itemFail.test(customId)) {
        let counts = this.submissions.get(apiKey);
        if (counts === undefined) {
          counts = new Map();
          this.submissions.set(apiKey, counts);
        }
        const times = (counts.get(customId) ?? 0) + 1;
        counts.set(customId, times);
        selected = times <= b.itemFailTimes;
      }
    } else if (b.itemFail !== undefined) {
      selected = b.itemFail.test(customId);
    }
    if (!selected && b.itemFailRate > 0) selected = this.random(apiKey, b)() < b.itemFailRate;
    return selected ? b.itemFailStatus : 0;
  }

  /** The key's PRNG (seeded when the key has `seed`), for failure draws and shuffles. */
  random(apiKey: string, b: Behaviour): () => number {
    if (b.seed === undefined) return Math.random;
    let next = this.streams.get(apiKey);
    if (next === undefined) {
      // A stream of its own (xor a constant): batch draws do not shift the key's request draws.
      next = mulberry32(fnv1a(apiKey) ^ (b.seed >>> 0) ^ 0x5eed_ba7c);
      this.streams.set(apiKey, next);
    }
    return next;
  }

  /** The record when it exists and belongs to the key (another key's batch is simply not found). */
  owned<T extends StoredBatch | StoredFile>(map: Map<string, T>, id: string, apiKey: string): T | undefined {
    const hit = map.get(id);
    return hit !== undefined && hit.apiKey === apiKey ? hit : undefined;
  }

  /** Drops everything older than the TTL; cheap enough to call on every write (runs once a minute). */
  sweep(now: number = Date.now()): void {
    if (now - this.lastSweep < Math.min(60_000, this.ttlMs)) return;
    this.lastSweep = now;
    const cutoff = now - this.ttlMs;
    for (const map of [this.files, this.openAiBatches, this.anthropicBatches] as Map<string, { createdAt: number }>[]) {
      for (const [id, entry] of map) if (entry.createdAt < cutoff) map.delete(id);
    }
  }

  reset(): void {
    this.files.clear();
    this.openAiBatches.clear();
    this.anthropicBatches.clear();
    this.submissions.clear();
    this.streams.clear();
  }
}
