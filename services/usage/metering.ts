import type { Principal } from '../../domain/principal';
import type { UsageRequestType } from '../../domain/usage/tiers';
import { ApiError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AdvisoryRateLimiter } from '../routing/advisory-rate-limit';
import type { AdvisorySubscriptionService, Subscription } from './subscriptions';
import type { UsageRecorder } from './usage-recorder';

/**
 * Meters an advisory request of a subscription's API key: refuses it when the subscription has
 * expired (403 SUBSCRIPTION_EXPIRED) or its hourly or daily limit is used up (429 RATE_LIMITED),
 * and records one usage event per request, refused ones included (success false), through the
 * batched UsageRecorder. Limits are counted by the atomic PostgreSQL counters of
 * AdvisoryRateLimiter (UTC hour and UTC day windows), exact across api processes; the usage
 * reports read the events, which land within a flush interval.
 */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface MeteredRequest {
  subscription: Subscription;
  /** Records the outcome; call once. */
  done(success: boolean): void;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export class AdvisoryMeter {
  constructor(
    private readonly subscriptions: AdvisorySubscriptionService,
    private readonly limiter: AdvisoryRateLimiter,
    private readonly recorder: UsageRecorder,
  ) {}

  /**
   * Runs a request under its subscription's meter when the key has one, recording the outcome;
   * `run` learns whether it is metered (the subscriber advisory then skips its per-key limit).
   */
  async metered<T>(principal: Principal, type: UsageRequestType, client: ClientInfo, run: (subscribed: boolean) => Promise<T>): Promise<T> {
    const m = await this.admit(principal, type, client);
    if (!m) return run(false);
    try {
      const result = await run(true);
      m.done(true);
      return result;
    } catch (err) {
      m.done(false);
      throw err;
    }
  }

  /** null when the caller is not a subscription's key (the advisory's own per-key limit applies). */
  async admit(principal: Principal, type: UsageRequestType, client: ClientInfo): Promise<MeteredRequest | null> {
    const keyId = principal.apiKey?.id;
    if (!keyId) return null;
    const sub = await this.subscriptions.forKey(keyId);
    if (!sub) return null;
    const record = (success: boolean) =>
      this.recorder.record({
        id: newId(),
        companyId: sub.companyId,
        subscriptionId: sub.id,
        requestType: type,
        success,
        clientIp: client.ip,
        userAgent: client.userAgent?.slice(0, 500) ?? null,
        createdAt: new Date(),
      });

    if (sub.expiresAt && sub.expiresAt.getTime() <= Date.now()) {
      record(false);
      throw new ApiError(403, 'SUBSCRIPTION_EXPIRED', 'Subscription expired', undefined, { expiresAt: sub.expiresAt.toISOString() });
    }
    const daily = await this.limiter.hit(sub.companyId, `advisory-subscription:day:${sub.id}`, sub.dailyLimit, Date.now(), DAY_MS);
    const hourly = daily.allowed ? await this.limiter.hit(sub.companyId, `advisory-subscription:hour:${sub.id}`, sub.hourlyLimit) : null;
    const refused = !daily.allowed ? { d: daily, window: '1d' } : hourly && !hourly.allowed ? { d: hourly, window: '1h' } : null;
    if (refused) {
      record(false);
      throw new ApiError(429, 'RATE_LIMITED', `Subscription ${refused.window === '1h' ? 'hourly' : 'daily'} limit reached`, undefined, {
        retryAfter: refused.d.retryAfter,
        limit: { requests: refused.d.limit, window: refused.window, tier: sub.tier },
      });
    }
    let recorded = false;
    return {
      subscription: sub,
      done(success: boolean) {
        if (recorded) return;
        recorded = true;
        record(success);
      },
    };
  }
}
