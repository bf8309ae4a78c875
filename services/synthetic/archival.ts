/**
 * Synthetic archival (spec document 1): GET statistics with the recommendation by scale, and POST
 * archive / enforceLimit / dryRun. archive and enforceLimit run as the workflow
 * `synthetic-archive:<archiveId>` (workflows/synthetic-archival.ts) and the request waits for it;
 * dryRun only counts and previews the aggregation, changing nothing.
 */
import { z } from 'zod';
import { archiveInput, newArchiveId } from '../../activities/synthetic/archival';
import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { DEFAULT_ARCHIVE_CHUNK, DEFAULT_RETENTION_DAYS, MAX_LOGS_PER_COMPANY } from '../../domain/synthetic/archival';
import type { TemporalGateway } from '../../temporal/client';
import { syntheticArchiveWorkflowId } from '../../temporal/workflow-ids';

export { DEFAULT_RETENTION_DAYS, MAX_LOGS_PER_COMPANY };
const DAY_MS = 86_400_000;

export const archivalQuery = z.object({ retentionDays: z.coerce.number().int().min(1).max(3650).default(DEFAULT_RETENTION_DAYS) });
export const archivalBody = z
  .object({
    action: z.enum(['archive', 'enforceLimit', 'dryRun']),
    retentionDays: z.number().int().min(1).max(3650).default(DEFAULT_RETENTION_DAYS),
    exportFirst: z.boolean().default(true),
    includeFullResponse: z.boolean().default(false),
    /** Entries aggregated and deleted per transaction. */
    chunkSize: z.number().int().min(1).max(5000).default(DEFAULT_ARCHIVE_CHUNK),
  })
  .strict();

/** The spec's recommended settings by scale (company members). */
export function recommendation(users: number): string {
  if (users <= 100) return '1-100 users: up to 50 providers, keep 90 days, archive monthly, max 50,000 logs';
  if (users <= 500) return '100-500 users: up to 200 providers, keep 60 days, archive bi-weekly, max 50,000 logs';
  if (users <= 1000) return '500-1000 users: up to 500 providers, keep 30 days, archive weekly, max 50,000 logs';
  return '1000+ users: 1000+ providers, keep 14 days, archive daily, max 50,000 logs';
}

export class SyntheticArchivalService {
  constructor(private readonly deps: { db: Db; temporal: TemporalGateway; taskQueue: string; waitMs: number }) {}

  private logs(companyId: string) {
    return this.deps.db('synthetic_execution_logs').where({ company_id: companyId });
  }

  async stats(principal: Principal, retentionDays: number) {
    const cutoff = new Date(Date.now() - retentionDays * DAY_MS);
    const [totals] = await this.logs(principal.companyId).select(
      this.deps.db.raw('count(*)::int AS total'),
      this.deps.db.raw('count(*) FILTER (WHERE started_at < ?)::int AS archivable', [cutoff]),
      this.deps.db.raw('min(started_at) AS oldest'),
      this.deps.db.raw('max(started_at) AS newest'),
      this.deps.db.raw("coalesce(sum(pg_column_size(synthetic_execution_logs.*)), 0)::bigint AS bytes"),
    );
    const byProvider = await this.logs(principal.companyId)
      .groupBy('provider', 'model')
      .orderBy('provider')
      .orderBy('model')
      .select('provider', 'model', this.deps.db.raw('count(*)::int AS count'), this.deps.db.raw('avg(response_time_sec) * 1000 AS avg_ms'), this.deps.db.raw("avg(CASE WHEN status = 'SUCCESS' THEN 1 ELSE 0 END) AS success_rate"));
    const byStatus = await this.logs(principal.companyId).groupBy('status').orderBy('status').select('status', this.deps.db.raw('count(*)::int AS count'));
    const [users] = await this.deps.db('memberships').where({ company_id: principal.companyId }).whereNull('deactivated_at').count<{ c: string }[]>({ c: '*' });
    return {
      success: true as const,
      stats: {
        totalLogs: totals.total,
        archivableCount: totals.archivable,
        oldestLog: totals.oldest ? new Date(totals.oldest).toISOString() : null,
        newestLog: totals.newest ? new Date(totals.newest).toISOString() : null,
        totalSizeEstimateMB: Math.round((Number(totals.bytes) / 1_048_576) * 1000) / 1000,
        byProvider: byProvider.map((r) => ({ provider: r.provider, model: r.model, count: r.count, avgResponseMs: Math.round(Number(r.avg_ms)), successRate: Math.round(Number(r.success_rate) * 10_000) / 10_000 })),
        byStatus: byStatus.map((r) => ({ status: r.status, count: r.count })),
      },
      config: { retentionDays, maxLogsLimit: MAX_LOGS_PER_COMPANY, recommendation: recommendation(Number(users?.c ?? 0)) },
    };
  }

  async run(principal: Principal, body: z.output<typeof archivalBody>) {
    const cutoff = new Date(Date.now() - body.retentionDays * DAY_MS);
    if (body.action === 'dryRun') {
      const [c] = await this.logs(principal.companyId).where('started_at', '<', cutoff).count<{ c: string }[]>({ c: '*' });
      const [all] = await this.logs(principal.companyId).count<{ c: string }[]>({ c: '*' });
      const preview = await this.logs(principal.companyId)
        .where('started_at', '<', cutoff)
        .groupBy('provider', 'model')
        .select('provider', 'model', this.deps.db.raw('count(*)::int AS n'));
      return {
        success: true,
        action: 'dryRun',
        deletedCount: 0,
        wouldDelete: Number(c?.c ?? 0),
        wouldDeleteOverLimit: Math.max(0, Number(all?.c ?? 0) - MAX_LOGS_PER_COMPANY),
        aggregatedStats: preview.map((p) => ({ provider: p.provider, model: p.model, totalExecutions: p.n })),
        exportFile: null,
        errors: [],
      };
    }
    const archiveId = newArchiveId();
    const input = archiveInput({ ...body, action: body.action, archiveId, companyId: principal.companyId });
    const client = await this.deps.temporal.client();
    const handle = await client.workflow.start('syntheticArchiveWorkflow', { workflowId: syntheticArchiveWorkflowId(archiveId), taskQueue: this.deps.taskQueue, args: [input] });
    // The request waits for the archive, but not for ever: with no worker polling (or a long
    // archive) the answer is 202 and the workflow goes on; its results land in the aggregated stats.
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.deps.waitMs);
    });
    const finished = handle.result().then((r) => r as { deletedCount: number; exportFile: string | null });
    const out = await Promise.race([finished, timedOut]).finally(() => clearTimeout(timer));
    if (out === 'timeout') {
      finished.catch(() => {}); // the workflow's own outcome is read from its rows later
      return { success: true as const, action: body.action, archiveId, state: 'RUNNING' as const, deletedCount: null, aggregatedStats: [], exportFile: null, errors: [] };
    }
    const stats = await this.deps.db('synthetic_aggregated_stats').where({ company_id: principal.companyId, archive_id: archiveId }).orderBy('provider').orderBy('model');
    return {
      success: true,
      action: body.action,
      archiveId,
      // The aggregated rows are exact (written in the same transaction as each delete); the workflow's
      // own count can miss a chunk a lost worker committed without reporting it.
      deletedCount: stats.reduce((n, s) => n + Number(s.total_executions), 0),
      aggregatedStats: stats.map((s) => ({
        provider: s.provider,
        model: s.model,
        totalExecutions: s.total_executions,
        successCount: s.success_count,
        failedCount: s.failed_count,
        avgResponseTimeMs: s.total_executions ? Math.round((Number(s.sum_response_time_ms) / s.total_executions) * 1000) / 1000 : 0,
        minResponseTimeMs: Number(s.min_response_time_ms),
        maxResponseTimeMs: Number(s.max_response_time_ms),
        totalTokensUsed: Number(s.total_tokens_used),
        totalCostEstimate: Number(s.total_cost_estimate),
        attacksDetected: s.attacks_detected,
        avgRttMs: s.rtt_samples ? Math.round((Number(s.sum_rtt_ms) / s.rtt_samples) * 1000) / 1000 : null,
        periodStart: new Date(s.period_start).toISOString(),
        periodEnd: new Date(s.period_end).toISOString(),
      })),
      exportFile: out.exportFile,
      errors: [],
    };
  }
}
