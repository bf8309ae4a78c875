/**
 * Per-company limits on the synthetic endpoints that cost real work (spec document 1: the synthetic
 * endpoints' rate limits are "not shown"; docs/API.md, Synthetic testing, gives the numbers):
 *
 *   run       POST /api/v1/synthetic/schedules/{id}/run       each run calls every probed provider, billed
 *   analytics GET .../analytics, .../analytics/export, POST .../ranking   each reads up to 50,000 log entries
 *   archival  GET and POST /api/v1/synthetic/archival          aggregates, exports and deletes logs
 *
 * Fixed one-minute windows per company, counted in PostgreSQL (the advisory limiter's table, so the
 * limit holds across api processes). Over the limit: 429 RATE_LIMITED with Retry-After and
 * `{retryAfter, limit: {requests, window: '1m', scope}}`; a refused call is not counted.
 */
import type { Principal } from '../../domain/principal';
import type { Config } from '../../lib/config';
import { ApiError } from '../../lib/errors';
import type { AdvisoryRateLimiter } from '../routing/advisory-rate-limit';

export type SyntheticLimitScope = 'run' | 'analytics' | 'archival';

const WINDOW_MS = 60_000;

export class SyntheticRateLimit {
  constructor(
    private readonly deps: {
      limiter: Pick<AdvisoryRateLimiter, 'hit'>;
      config: Pick<Config, 'SYNTHETIC_RUN_NOW_PER_MINUTE' | 'SYNTHETIC_ANALYTICS_PER_MINUTE' | 'SYNTHETIC_ARCHIVAL_PER_MINUTE'>;
    },
  ) {}

  limit(scope: SyntheticLimitScope): number {
    const c = this.deps.config;
    return scope === 'run' ? c.SYNTHETIC_RUN_NOW_PER_MINUTE : scope === 'analytics' ? c.SYNTHETIC_ANALYTICS_PER_MINUTE : c.SYNTHETIC_ARCHIVAL_PER_MINUTE;
  }

  /** Counts one call of the scope for the caller's company; 429 RATE_LIMITED when the minute's limit is used up. */
  async charge(principal: Principal, scope: SyntheticLimitScope): Promise<void> {
    const limit = this.limit(scope);
    const d = await this.deps.limiter.hit(principal.companyId, `synthetic-${scope}:company:${principal.companyId}`, limit, Date.now(), WINDOW_MS);
    if (!d.allowed) {
      throw new ApiError(429, 'RATE_LIMITED', `Synthetic ${scope} limit reached: ${limit} requests a minute per company`, undefined, {
        retryAfter: d.retryAfter,
        limit: { requests: limit, window: '1m', scope },
      });
    }
  }
}
