import type { Db } from '../../db/connection';
import { usageMonth } from '../../domain/api-keys';

/**
 * Agent-tool monthly quotas per gateway key (spec document 1, Limits): maxRequestsPerMonth (each
 * tools/call counts 1) and maxTokensPerMonth (added after each execution), reset on the first
 * request of each UTC calendar month.
 *
 * `reserve` is one conditional upsert (INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING): it
 * counts the call only when the key is under both limits (or its counters belong to an earlier
 * month, which it resets), so concurrent calls serialise on the row and no call over the limit
 * slips through. No row back means refused.
 * The counters are mcp_key_usage (see the migration), not the gateway's totals on api_keys.
 *
 * Both writes commit with synchronous_commit off (for their own transaction only): the row lock,
 * not the WAL flush, is what keeps the count exact under concurrency, and waiting for a disk flush
 * per call (two per tools/call) tripled the endpoint's overhead on the bench machine. A PostgreSQL
 * crash can lose the last fraction of a second of counts (never corrupt them): a key may then get a
 * few calls more in that month, which is the trade documented in docs/API.md.
 */
export interface QuotaRefusal {
  quota: 'requests' | 'tokens';
  limit: number;
  used: number;
  resetsAt: string;
}

/** The first instant of the next UTC month, when the counters start again. */
export function nextMonthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

export class McpQuotas {
  constructor(private readonly db: Db) {}

  /** Counts one tools/call; null when counted, the refusal when a limit is reached. */
  async reserve(apiKeyId: string, now = new Date()): Promise<QuotaRefusal | null> {
    const month = usageMonth(now);
    // One statement, one round trip: set_config(…, true) turns synchronous_commit off for this
    // statement's own transaction (read at its commit). The key's limits are read from api_keys
    // without locking it; ON CONFLICT locks the counter row, so concurrent calls of one key take
    // turns and each sees the count the one before left.
    const { rows } = await this.db.raw<{ rows: unknown[] }>(
      `WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
       INSERT INTO mcp_key_usage AS u (api_key_id, month, requests, tokens)
         SELECT k.id, :month, 1, 0 FROM api_keys k, async_commit WHERE k.id = :id
       ON CONFLICT (api_key_id) DO UPDATE SET
         requests = CASE WHEN u.month = EXCLUDED.month THEN u.requests + 1 ELSE 1 END,
         tokens = CASE WHEN u.month = EXCLUDED.month THEN u.tokens ELSE 0 END,
         month = EXCLUDED.month
       WHERE u.month <> EXCLUDED.month
          OR (SELECT (k.max_requests_per_month IS NULL OR u.requests < k.max_requests_per_month)
                 AND (k.max_tokens_per_month IS NULL OR u.tokens < k.max_tokens_per_month)
                FROM api_keys k WHERE k.id = u.api_key_id)
       RETURNING u.api_key_id`,
      { id: apiKeyId, month },
    );
    if (rows.length) return null;
    const row = await this.db('mcp_key_usage as u')
      .join('api_keys as k', 'k.id', 'u.api_key_id')
      .where('u.api_key_id', apiKeyId)
      .first('k.max_requests_per_month', 'k.max_tokens_per_month', 'u.requests', 'u.tokens');
    const resetsAt = nextMonthStart(now);
    if (row && row.max_requests_per_month !== null && row.requests >= row.max_requests_per_month) {
      return { quota: 'requests', limit: row.max_requests_per_month, used: row.requests, resetsAt };
    }
    return { quota: 'tokens', limit: Number(row?.max_tokens_per_month ?? 0), used: Number(row?.tokens ?? 0), resetsAt };
  }

  /**
   * After a tools/call: its tokens on the key's counter and its audit entry, in one statement (one
   * round trip, one commit not waiting for the WAL flush). The audit row has the columns
   * AuditService.record writes; it is inserted here so the two writes are one.
   */
  async record(entry: { apiKeyId: string | null; companyId: string; userId: string | null; action: string; resourceType: string; resourceId: string; details: Record<string, unknown> }, tokens: number, now = new Date()): Promise<void> {
    await this.db.raw(
      `WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true)),
       counted AS (
         UPDATE mcp_key_usage SET
           tokens = CASE WHEN month = :month THEN tokens + :tokens ELSE :tokens END,
           requests = CASE WHEN month = :month THEN requests ELSE 0 END,
           month = :month
         WHERE api_key_id = :apiKeyId AND :tokens > 0
       )
       INSERT INTO audit_logs (company_id, user_id, api_key_id, action, resource_type, resource_id, details)
         SELECT :companyId, :userId, :apiKeyId, :action, :resourceType, :resourceId, :details::jsonb FROM async_commit`,
      {
        month: usageMonth(now),
        tokens: Math.max(0, Math.round(tokens)),
        apiKeyId: entry.apiKeyId,
        companyId: entry.companyId,
        userId: entry.userId,
        action: entry.action,
        resourceType: entry.resourceType,
        resourceId: entry.resourceId,
        details: JSON.stringify(entry.details),
      },
    );
  }

  /** The key's counters this month (zero when it has none or they belong to an earlier month). */
  async usage(apiKeyId: string, now = new Date()): Promise<{ requests: number; tokens: number }> {
    const row = await this.db('mcp_key_usage').where({ api_key_id: apiKeyId, month: usageMonth(now) }).first('requests', 'tokens');
    return { requests: Number(row?.requests ?? 0), tokens: Number(row?.tokens ?? 0) };
  }
}
