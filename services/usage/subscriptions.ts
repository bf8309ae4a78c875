import { z } from 'zod';
import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { SUBSCRIPTION_TIERS, type SubscriptionTier, TIER_DEFAULT_LIMITS } from '../../domain/usage/tiers';
import { ApiError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { TtlCache } from '../../lib/ttl-cache';
import type { AuditService } from '../audit/audit';

/**
 * Routing advisory subscriptions: a named subscriber (contact, tier, hourly and daily limits,
 * expiry) bound to the API key it calls the advisory with. The advisory finds the subscription by
 * key on every request, so that lookup is cached for a few seconds; this service drops the entry
 * whenever it changes a subscription, so its own changes apply at once in this process.
 */
export interface Subscription {
  id: string;
  companyId: string;
  name: string;
  contactEmail: string;
  tier: SubscriptionTier;
  hourlyLimit: number;
  dailyLimit: number;
  expiresAt: Date | null;
  apiKeyId: string;
  createdAt: Date;
  updatedAt: Date;
}

const limit = z.number().int().min(1).max(100_000_000);

export const createSubscriptionBody = z.object({
  name: z.string().trim().min(1).max(200),
  contactEmail: z.email().max(320),
  tier: z.enum(SUBSCRIPTION_TIERS),
  hourlyLimit: limit.optional().describe("Default: the tier's (STARTER 500, PROFESSIONAL 5,000, ENTERPRISE 50,000)"),
  dailyLimit: limit.optional().describe("Default: the tier's (STARTER 5,000, PROFESSIONAL 50,000, ENTERPRISE 500,000)"),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional().describe('ISO 8601; null or absent: never expires'),
  apiKeyId: z.string().describe('A GATEWAY or EXTERNAL key of the company, not bound to another subscription'),
});
export type CreateSubscriptionBody = z.output<typeof createSubscriptionBody>;

export const updateSubscriptionBody = createSubscriptionBody.omit({ apiKeyId: true }).partial();
export type UpdateSubscriptionBody = z.output<typeof updateSubscriptionBody>;

interface Row {
  id: string;
  company_id: string;
  name: string;
  contact_email: string;
  tier: SubscriptionTier;
  hourly_limit: number;
  daily_limit: number;
  expires_at: Date | null;
  api_key_id: string;
  created_at: Date;
  updated_at: Date;
}

export function toSubscription(r: Row): Subscription {
  return {
    id: r.id,
    companyId: r.company_id,
    name: r.name,
    contactEmail: r.contact_email,
    tier: r.tier,
    hourlyLimit: r.hourly_limit,
    dailyLimit: r.daily_limit,
    expiresAt: r.expires_at,
    apiKeyId: r.api_key_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function publicSubscription(s: Subscription) {
  return {
    id: s.id,
    name: s.name,
    contactEmail: s.contactEmail,
    tier: s.tier,
    hourlyLimit: s.hourlyLimit,
    dailyLimit: s.dailyLimit,
    expiresAt: s.expiresAt?.toISOString() ?? null,
    apiKeyId: s.apiKeyId,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

const NOT_FOUND = 'Subscription not found';

export class AdvisorySubscriptionService {
  private readonly byKey = new TtlCache<string, Subscription | null>(5_000);

  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  /** The subscription an API key belongs to, or null (a few seconds stale at most). */
  async forKey(apiKeyId: string): Promise<Subscription | null> {
    const cached = this.byKey.get(apiKeyId);
    if (cached !== undefined) return cached;
    const row = await this.db<Row>('advisory_subscriptions').where({ api_key_id: apiKeyId }).first();
    const sub = row ? toSubscription(row) : null;
    this.byKey.set(apiKeyId, sub);
    return sub;
  }

  /** SUPER_ADMIN (companyId null) finds any company's subscription; everyone else only their own. */
  async find(companyId: string | null, id: string): Promise<Subscription | null> {
    if (!isUuid(id)) return null;
    const q = this.db<Row>('advisory_subscriptions').where({ id });
    if (companyId) q.andWhere({ company_id: companyId });
    const row = await q.first();
    return row ? toSubscription(row) : null;
  }

  async get(companyId: string, id: string): Promise<Subscription> {
    const sub = await this.find(companyId, id);
    if (!sub) throw ApiError.notFound(NOT_FOUND);
    return sub;
  }

  async list(companyId: string): Promise<Subscription[]> {
    const rows = await this.db<Row>('advisory_subscriptions').where({ company_id: companyId }).orderBy('created_at', 'desc');
    return rows.map(toSubscription);
  }

  async create(principal: Principal, body: CreateSubscriptionBody): Promise<Subscription> {
    const key = isUuid(body.apiKeyId)
      ? await this.db('api_keys').where({ id: body.apiKeyId, company_id: principal.companyId }).whereNull('revoked_at').first()
      : undefined;
    if (!key) throw ApiError.badRequest('apiKeyId: no active API key of this company has this id', undefined, 'INVALID_API_KEY');
    if (key.kind !== 'GATEWAY' && key.kind !== 'EXTERNAL') {
      throw ApiError.badRequest('apiKeyId: the subscriber advisory accepts GATEWAY and EXTERNAL keys only', undefined, 'INVALID_API_KEY');
    }
    const defaults = TIER_DEFAULT_LIMITS[body.tier];
    const sub = await this.db.transaction(async (trx) => {
      const taken = await trx('advisory_subscriptions').where({ api_key_id: key.id }).first();
      if (taken) throw ApiError.conflict('This API key already belongs to a subscription', 'API_KEY_IN_USE');
      const [row] = await trx<Row>('advisory_subscriptions')
        .insert({
          company_id: principal.companyId,
          name: body.name,
          contact_email: body.contactEmail,
          tier: body.tier,
          hourly_limit: body.hourlyLimit ?? defaults.hourly,
          daily_limit: body.dailyLimit ?? defaults.daily,
          expires_at: body.expiresAt ? new Date(body.expiresAt) : null,
          api_key_id: key.id,
        })
        .returning('*');
      const created = toSubscription(row as Row);
      await this.audit.recordFor(principal, { action: 'ADVISORY_SUBSCRIPTION_CREATE', resourceType: 'advisory_subscription', resourceId: created.id, details: { name: created.name, tier: created.tier } }, trx);
      return created;
    });
    this.byKey.delete(sub.apiKeyId);
    return sub;
  }

  async update(principal: Principal, id: string, body: UpdateSubscriptionBody): Promise<Subscription> {
    const current = await this.get(principal.companyId, id);
    const patch: Partial<Row> = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.contactEmail !== undefined) patch.contact_email = body.contactEmail;
    if (body.tier !== undefined) patch.tier = body.tier;
    if (body.hourlyLimit !== undefined) patch.hourly_limit = body.hourlyLimit;
    if (body.dailyLimit !== undefined) patch.daily_limit = body.dailyLimit;
    if (body.expiresAt !== undefined) patch.expires_at = body.expiresAt ? new Date(body.expiresAt) : null;
    const [row] = await this.db<Row>('advisory_subscriptions')
      .where({ id: current.id })
      .update({ ...patch, updated_at: new Date() })
      .returning('*');
    await this.audit.recordFor(principal, { action: 'ADVISORY_SUBSCRIPTION_UPDATE', resourceType: 'advisory_subscription', resourceId: id, details: { fields: Object.keys(body) } });
    this.byKey.delete(current.apiKeyId);
    return toSubscription(row as Row);
  }

  async remove(principal: Principal, id: string): Promise<void> {
    const current = await this.get(principal.companyId, id);
    await this.db('advisory_subscriptions').where({ id: current.id }).delete();
    await this.audit.recordFor(principal, { action: 'ADVISORY_SUBSCRIPTION_DELETE', resourceType: 'advisory_subscription', resourceId: id });
    this.byKey.delete(current.apiKeyId);
  }
}
