import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import { usageMonth } from '../../domain/shield';
import type { Config } from '../../lib/config';
import { ApiError } from '../../lib/errors';

/**
 * The monthly Shield quota per company (handoff creates and restores count one each), by tier
 * (SHIELD_MONTHLY_LIMIT_<TIER>; free 10 as the spec says; 0 = no limit). A request is counted in
 * the transaction that does its work, by an upsert that only increments under the limit, so
 * concurrent requests never exceed it and a failed request counts nothing. 429 {error, used, limit}.
 */
export class ShieldQuota {
  constructor(private readonly deps: { db: Db; config: Config }) {}

  limitFor(tier: string): number | null {
    const c = this.deps.config;
    const limits: Record<string, number> = {
      free: c.SHIELD_MONTHLY_LIMIT_FREE,
      standard: c.SHIELD_MONTHLY_LIMIT_STANDARD,
      professional: c.SHIELD_MONTHLY_LIMIT_PROFESSIONAL,
      enterprise: c.SHIELD_MONTHLY_LIMIT_ENTERPRISE,
    };
    const limit = limits[tier] ?? c.SHIELD_MONTHLY_LIMIT_STANDARD;
    return limit > 0 ? limit : null;
  }

  private async tierLimit(companyId: string, db: Knex | Knex.Transaction): Promise<number | null> {
    const row = (await db('companies').where({ id: companyId }).first('tier')) as { tier: string } | undefined;
    return this.limitFor(row?.tier ?? 'standard');
  }

  /** Refuses early (before any work) when the month's requests are used up. */
  async check(companyId: string, now = new Date()): Promise<void> {
    const limit = await this.tierLimit(companyId, this.deps.db);
    if (limit === null) return;
    const row = (await this.deps.db('shield_usage').where({ company_id: companyId, month: usageMonth(now) }).first('requests')) as { requests: number } | undefined;
    const used = row?.requests ?? 0;
    if (used >= limit) throw exceeded(used, limit);
  }

  /** Counts one request inside the caller's transaction; 429 when the limit is reached. */
  async count(trx: Knex.Transaction, companyId: string, now = new Date()): Promise<void> {
    const limit = await this.tierLimit(companyId, trx);
    const { rows } = await trx.raw(
      `INSERT INTO shield_usage AS u (company_id, month, requests) VALUES (?, ?, 1)
       ON CONFLICT (company_id, month) DO UPDATE SET requests = u.requests + 1 WHERE ? OR u.requests < ?
       RETURNING requests`,
      [companyId, usageMonth(now), limit === null, limit ?? 0],
    );
    if (!(rows as unknown[]).length || (limit !== null && (rows as { requests: number }[])[0]!.requests > limit)) throw exceeded(limit!, limit!);
  }
}

function exceeded(used: number, limit: number): ApiError {
  return new ApiError(429, 'QUOTA_EXCEEDED', `The monthly Shield request limit (${limit}) is reached`, undefined, { used, limit });
}
