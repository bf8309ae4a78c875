import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import {
  type SubscriptionAlertInput,
  type UsageAlert,
  type WindowUsage,
  alertSummary,
  sortAlerts,
  subscriptionAlerts,
  thresholdOrdinals,
  unusualOrdinal,
} from '../../domain/usage/alerts';
import { USAGE_REQUEST_TYPES } from '../../domain/usage/tiers';
import { ApiError } from '../../lib/errors';
import type { AuditService } from '../audit/audit';
import { usageScope } from './scope';
import type { AdvisorySubscriptionService, Subscription } from './subscriptions';

/**
 * Usage analytics of the routing advisory subscriptions (spec document 3): GET /api/v1/usage (the
 * summary over a rolling hour, day, week or month) and the usage alerts, computed in real time
 * from the usage events (rules in domain/usage/alerts.ts), with their acknowledgements.
 */
export const TIME_RANGES = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 } as const;
export type TimeRange = keyof typeof TIME_RANGES;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const TOP_CONSUMERS = 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found or access denied';

export class UsageService {
  constructor(private readonly deps: { db: Db; audit: AuditService; subscriptions: AdvisorySubscriptionService }) {}

  /** The subscription a usage query names, within the caller's scope, or 404 with the given message. */
  async scopedSubscription(principal: Principal, id: string, message = SUBSCRIPTION_NOT_FOUND): Promise<Subscription> {
    const sub = await this.deps.subscriptions.find(usageScope(principal), id);
    if (!sub) throw ApiError.notFound(message, 'SUBSCRIPTION_NOT_FOUND');
    return sub;
  }

  async summary(principal: Principal, q: { timeRange: TimeRange; subscriptionId?: string; includeDetails: boolean }, now = new Date()) {
    const scope = usageScope(principal);
    const sub = q.subscriptionId ? await this.scopedSubscription(principal, q.subscriptionId) : null;
    const start = new Date(now.getTime() - TIME_RANGES[q.timeRange]);
    const db = this.deps.db;
    const events = () => {
      const e = db('advisory_usage_events as e').where('e.created_at', '>=', start).andWhere('e.created_at', '<=', now);
      if (sub) e.andWhere('e.subscription_id', sub.id);
      else if (scope) e.andWhere('e.company_id', scope);
      return e;
    };

    const [totals] = await events().select(db.raw('count(*)::int as total'), db.raw('(count(*) filter (where e.success))::int as ok'));
    const total = Number(totals?.total ?? 0);
    const ok = Number(totals?.ok ?? 0);
    const byType = await events().select('e.request_type as type').count<{ type: string; n: string }[]>('* as n').groupBy('e.request_type');
    const requestsByType: Record<string, number> = Object.fromEntries(USAGE_REQUEST_TYPES.map((t) => [t, 0]));
    for (const r of byType) requestsByType[r.type] = Number(r.n);

    const out: Record<string, unknown> = {
      timeRange: q.timeRange,
      period: { start: start.toISOString(), end: now.toISOString() },
      summary: { totalRequests: total, successfulRequests: ok, failedRequests: total - ok, successRate: total ? round2((ok / total) * 100) : 0 },
      requestsByType,
    };
    if (!sub) {
      const rows = await events()
        .join('advisory_subscriptions as s', 's.id', 'e.subscription_id')
        .select('s.id', 's.name', 's.tier')
        .count<{ id: string; name: string; tier: string; n: string }[]>('* as n')
        .groupBy('s.id', 's.name', 's.tier')
        .orderBy([{ column: 'n', order: 'desc' }, { column: 's.name' }]);
      out.requestsBySubscriber = rows.map((r) => ({ subscriberId: r.id, subscriberName: r.name, subscriptionTier: r.tier, requests: Number(r.n) }));
    }
    if (q.includeDetails) {
      const hours = await events()
        .select(db.raw(`extract(hour from e.created_at at time zone 'UTC')::int as hour`))
        .count<{ hour: number; n: string }[]>('* as n')
        .groupByRaw('1');
      const perHour = new Map(hours.map((h) => [Number(h.hour), Number(h.n)]));
      out.hourlyDistribution = Array.from({ length: 24 }, (_, hour) => ({ hour, requests: perHour.get(hour) ?? 0 }));
      const top = await events()
        .select('e.subscription_id as id', db.raw('count(*)::int as n'), db.raw('max(e.created_at) as last'))
        .groupBy('e.subscription_id')
        .orderBy([{ column: 'n', order: 'desc' }, { column: 'last', order: 'desc' }])
        .limit(TOP_CONSUMERS);
      out.topConsumers = top.map((r: { id: string; n: number; last: Date }) => ({
        subscriberId: r.id,
        requestCount: Number(r.n),
        lastRequest: new Date(r.last).toISOString(),
      }));
    }
    if (sub) {
      const [used] = await db('advisory_usage_events')
        .where('subscription_id', sub.id)
        .andWhere('created_at', '>=', windowStart(now, DAY_MS))
        .andWhere('created_at', '<=', now)
        .select(db.raw('count(*)::int as day'), db.raw('(count(*) filter (where created_at >= ?))::int as hour', [windowStart(now, HOUR_MS)]));
      const status = (limit: number, n: number) => ({ limit, used: n, remaining: Math.max(0, limit - n) });
      out.rateLimitStatus = {
        requestsPerHour: status(sub.hourlyLimit, Number(used?.hour ?? 0)),
        requestsPerDay: status(sub.dailyLimit, Number(used?.day ?? 0)),
      };
    }
    return out;
  }

  /** Every current alert in the caller's scope, acknowledged ones left out. */
  async alerts(principal: Principal, now = new Date()): Promise<{ alerts: UsageAlert[]; summary: ReturnType<typeof alertSummary> }> {
    const all = await this.computeAlerts(usageScope(principal), null, now);
    const acked = await this.acknowledged(all);
    const alerts = sortAlerts(all.filter((a) => !acked.has(`${a.subscriberId} ${a.id}`)));
    return { alerts, summary: alertSummary(alerts) };
  }

  /** Acknowledges a current alert of a subscription in scope (audit-logged). */
  async acknowledge(principal: Principal, body: { alertId?: string; subscriberId?: string }, now = new Date()) {
    usageScope(principal); // 403 before 400, as the spec's error table orders them
    if (!body.alertId || !body.subscriberId) throw ApiError.badRequest('Missing alertId and subscriberId', undefined, 'MISSING_FIELDS');
    const sub = await this.scopedSubscription(principal, body.subscriberId, 'Subscription not found');
    const current = await this.computeAlerts(null, sub, now);
    if (!current.some((a) => a.id === body.alertId)) throw ApiError.notFound('Alert not found', 'ALERT_NOT_FOUND');
    await this.deps.db.transaction(async (trx) => {
      await trx('advisory_alert_acks')
        .insert({ subscription_id: sub.id, alert_id: body.alertId, company_id: sub.companyId, acknowledged_by_user_id: principal.userId })
        .onConflict(['subscription_id', 'alert_id'])
        .ignore();
      await this.deps.audit.record(
        {
          companyId: sub.companyId,
          userId: principal.userId,
          action: 'USAGE_ALERT_ACKNOWLEDGE',
          resourceType: 'advisory_subscription',
          resourceId: sub.id,
          details: { alertId: body.alertId },
        },
        trx,
      );
    });
    return { success: true, message: 'Alert acknowledged' };
  }

  private async acknowledged(alerts: UsageAlert[]): Promise<Set<string>> {
    if (!alerts.length) return new Set();
    const rows = await this.deps.db('advisory_alert_acks')
      .whereIn('subscription_id', [...new Set(alerts.map((a) => a.subscriberId))])
      .whereIn('alert_id', alerts.map((a) => a.id))
      .select('subscription_id', 'alert_id');
    return new Set(rows.map((r: { subscription_id: string; alert_id: string }) => `${r.subscription_id} ${r.alert_id}`));
  }

  /** Counts per subscription in one query, then the crossing events' times for the few that cross. */
  private async computeAlerts(scope: string | null, only: Subscription | null, now: Date): Promise<UsageAlert[]> {
    const db = this.deps.db;
    const hourStart = windowStart(now, HOUR_MS);
    const dayStart = windowStart(now, DAY_MS);
    const weekStart = new Date(dayStart.getTime() - 7 * DAY_MS);
    const q = db('advisory_subscriptions as s')
      .leftJoin('advisory_usage_events as e', (j) => {
        j.on('e.subscription_id', 's.id').andOn('e.created_at', '>=', db.raw('?', [weekStart])).andOn('e.created_at', '<=', db.raw('?', [now]));
      })
      .select('s.id', 's.name', 's.hourly_limit', 's.daily_limit', 's.expires_at')
      .select(
        db.raw('(count(e.id) filter (where e.created_at >= ?))::int as hour', [hourStart]),
        db.raw('(count(e.id) filter (where e.created_at >= ?))::int as day', [dayStart]),
        db.raw('(count(e.id) filter (where e.created_at < ?))::int as week', [dayStart]),
      )
      .groupBy('s.id');
    if (only) q.where('s.id', only.id);
    else if (scope) q.where('s.company_id', scope);
    const rows: Array<{ id: string; name: string; hourly_limit: number; daily_limit: number; expires_at: Date | null; hour: number; day: number; week: number }> =
      await q;

    const alerts: UsageAlert[] = [];
    for (const r of rows) {
      const nth = (from: Date, n: number, count: number) => (n >= 1 && count >= n ? nthEventAt(db, r.id, from, now, n) : Promise.resolve(null));
      const window = async (start: Date, count: number, limit: number): Promise<WindowUsage> => {
        const o = thresholdOrdinals(limit);
        return { start, count, warningAt: await nth(start, o.warning, count), criticalAt: await nth(start, o.critical, count) };
      };
      const input: SubscriptionAlertInput = {
        subscription: { id: r.id, name: r.name, hourlyLimit: r.hourly_limit, dailyLimit: r.daily_limit, expiresAt: r.expires_at },
        hour: await window(hourStart, Number(r.hour), r.hourly_limit),
        day: await window(dayStart, Number(r.day), r.daily_limit),
        priorWeekTotal: Number(r.week),
        unusualAt: Number(r.week) > 0 ? await nth(dayStart, unusualOrdinal(Number(r.week)), Number(r.day)) : null,
      };
      alerts.push(...subscriptionAlerts(input, now));
    }
    return alerts;
  }
}

function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** When the n-th event (1-based) of a subscription since `from` happened. */
async function nthEventAt(db: Knex, subscriptionId: string, from: Date, to: Date, n: number): Promise<Date | null> {
  const row = await db('advisory_usage_events')
    .where('subscription_id', subscriptionId)
    .andWhere('created_at', '>=', from)
    .andWhere('created_at', '<=', to)
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .offset(n - 1)
    .first('created_at');
  return row ? new Date(row.created_at) : null;
}
