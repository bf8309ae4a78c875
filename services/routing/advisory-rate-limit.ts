import type { Db } from '../../db/connection';

/**
 * Fixed-window counters (hourly unless asked otherwise) in PostgreSQL (routing_advisory_usage), correct across api
 * processes: one atomic upsert per request that increments only while under the limit. A process
 * that has seen a subject hit its limit refuses further requests for the rest of that hour from
 * memory, without a round trip.
 */
export interface RateDecision {
  allowed: boolean;
  /** Requests counted in this window (at most the limit). */
  count: number;
  limit: number;
  /** Seconds until the window resets. */
  retryAfter: number;
  windowStart: Date;
}

const WINDOW_MS = 3600_000;
const CLEANUP_EVERY_MS = 3600_000;

export class AdvisoryRateLimiter {
  private readonly exhausted = new Map<string, number>();
  private lastCleanup = 0;

  constructor(private readonly db: Db) {}

  /** windowMs: an hour unless given (advisory subscriptions also count a UTC day). */
  async hit(companyId: string, subject: string, limit: number, now = Date.now(), windowMs = WINDOW_MS): Promise<RateDecision> {
    const startMs = Math.floor(now / windowMs) * windowMs;
    const windowStart = new Date(startMs);
    const retryAfter = Math.max(1, Math.ceil((startMs + windowMs - now) / 1000));
    if (this.exhausted.get(subject) === startMs) return { allowed: false, count: limit, limit, retryAfter, windowStart };

    const { rows } = await this.db.raw(
      `insert into routing_advisory_usage as u (subject, window_start, company_id, requests)
       values (?, ?, ?, 1)
       on conflict (subject, window_start) do update set requests = u.requests + 1
         where u.requests < ?
       returning requests`,
      [subject, windowStart, companyId, limit],
    );
    this.maybeCleanup(now);
    const count = (rows as Array<{ requests: number }>)[0]?.requests;
    if (count === undefined || count > limit) {
      this.exhausted.set(subject, startMs);
      if (this.exhausted.size > 10_000) this.pruneExhausted(startMs);
      return { allowed: false, count: limit, limit, retryAfter, windowStart };
    }
    return { allowed: true, count, limit, retryAfter, windowStart };
  }

  private pruneExhausted(currentStart: number) {
    for (const [k, start] of this.exhausted) if (start !== currentStart) this.exhausted.delete(k);
  }

  /** Old windows are worthless: drop rows older than a day (a day window once it has ended), at most once an hour per process. */
  private maybeCleanup(now: number) {
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    void this.db('routing_advisory_usage')
      .where('window_start', '<', new Date(now - 24 * WINDOW_MS))
      .delete()
      .catch(() => {});
  }
}
