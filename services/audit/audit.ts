import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';

export interface AuditEntry {
  companyId: string | null;
  userId?: string | null;
  apiKeyId?: string | null;
  action: string;
  resourceType?: string;
  resourceId?: string;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * The audit log: who did what to which resource. Written in the same request as the action (not
 * batched): an audited action must not succeed without its entry. Details never hold secrets.
 */
export class AuditService {
  constructor(private readonly db: Db) {}

  /** An entry for an action the caller took: company, user and key come from the principal. */
  async recordFor(
    principal: Pick<Principal, 'companyId' | 'userId' | 'apiKey'>,
    entry: Omit<AuditEntry, 'companyId' | 'userId' | 'apiKeyId'>,
    trx: Db = this.db,
  ): Promise<void> {
    await this.record({ ...entry, companyId: principal.companyId, userId: principal.userId, apiKeyId: principal.apiKey?.id ?? null }, trx);
  }

  async record(entry: AuditEntry, trx: Db = this.db): Promise<void> {
    await trx('audit_logs').insert({
      company_id: entry.companyId,
      user_id: entry.userId ?? null,
      api_key_id: entry.apiKeyId ?? null,
      action: entry.action,
      resource_type: entry.resourceType ?? null,
      resource_id: entry.resourceId ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.ip ?? null,
    });
  }

  async list(companyId: string, opts: { action?: string; limit: number; offset: number }) {
    const q = this.db('audit_logs').where({ company_id: companyId });
    if (opts.action) q.andWhere({ action: opts.action });
    const [rows, [{ count }]] = await Promise.all([
      q.clone().orderBy('id', 'desc').limit(opts.limit).offset(opts.offset),
      q.clone().count<{ count: string }[]>({ count: '*' }),
    ]);
    return {
      entries: rows.map((r) => ({
        id: String(r.id),
        action: r.action,
        userId: r.user_id,
        apiKeyId: r.api_key_id,
        resourceType: r.resource_type,
        resourceId: r.resource_id,
        details: r.details,
        ip: r.ip,
        createdAt: r.created_at,
      })),
      total: Number(count),
    };
  }
}
