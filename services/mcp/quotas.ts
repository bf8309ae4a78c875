import type { Db } from '../../db/connection';
import { usageMonth } from '../../domain/api-keys';

/**
 * Agent-tool monthly quotas per gateway key (spec document 1, Limits): maxRequestsPerMonth (each
 * tools/call counts 1) and maxTokensPerMonth (added after each execution), reset on the first
 * request of each UTC calendar month.
 *
 * `reserve` is one conditional UPDATE … RETURNING: it counts the call only when the key is under
 * both limits (or its counters belong to an earlier month, which it resets), so concurrent calls
 * serialise on the row and no call over the limit slips through. No row back means refused.
 * The counters are the key's mcp_* columns (see the migration), not the gateway's totals.
 *
 * Both writes commit with synchronous_commit off (SET LOCAL, this transaction only): the row lock,
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
    const rows = await this.db.transaction(async (trx) => {
      await trx.raw('SET LOCAL synchronous_commit TO OFF');
      const result = await trx.raw<{ rows: unknown[] }>(
      `UPDATE api_keys SET
         mcp_requests_this_month = CASE WHEN mcp_usage_month = :month THEN mcp_requests_this_month + 1 ELSE 1 END,
         mcp_tokens_this_month = CASE WHEN mcp_usage_month = :month THEN mcp_tokens_this_month ELSE 0 END,
         mcp_usage_month = :month
       WHERE id = :id
         AND (mcp_usage_month IS DISTINCT FROM :month
              OR ((max_requests_per_month IS NULL OR mcp_requests_this_month < max_requests_per_month)
                  AND (max_tokens_per_month IS NULL OR mcp_tokens_this_month < max_tokens_per_month)))
       RETURNING id`,
        { id: apiKeyId, month },
      );
      return result.rows;
    });
    if (rows.length) return null;
    const key = await this.db('api_keys')
      .where({ id: apiKeyId })
      .first('max_requests_per_month', 'max_tokens_per_month', 'mcp_requests_this_month', 'mcp_tokens_this_month');
    const resetsAt = nextMonthStart(now);
    if (key && key.max_requests_per_month !== null && key.mcp_requests_this_month >= key.max_requests_per_month) {
      return { quota: 'requests', limit: key.max_requests_per_month, used: key.mcp_requests_this_month, resetsAt };
    }
    return { quota: 'tokens', limit: Number(key?.max_tokens_per_month ?? 0), used: Number(key?.mcp_tokens_this_month ?? 0), resetsAt };
  }

  /** Adds the tokens an execution used (the same month as the call it belongs to), in the caller's transaction. */
  async addTokens(trx: Db, apiKeyId: string, tokens: number, now = new Date()): Promise<void> {
    if (!(tokens > 0)) return;
    await trx.raw(
      `UPDATE api_keys SET
         mcp_tokens_this_month = CASE WHEN mcp_usage_month = :month THEN mcp_tokens_this_month + :tokens ELSE :tokens END,
         mcp_requests_this_month = CASE WHEN mcp_usage_month = :month THEN mcp_requests_this_month ELSE 0 END,
         mcp_usage_month = :month
       WHERE id = :id`,
      { id: apiKeyId, tokens: Math.round(tokens), month: usageMonth(now) },
    );
  }
}
