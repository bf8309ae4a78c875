/**
 * Activities of synthetic archival (`syntheticArchiveWorkflow`, workflows/synthetic-archival.ts).
 *
 * - exportSyntheticArchive writes every entry the archive will remove to
 *   <data dir>/synthetic-archives/<archiveId>.json (rewritten whole on a retry, so never duplicated).
 * - archiveSyntheticChunk takes up to `chunkSize` of the oldest selected entries, adds them to the
 *   archive's aggregated stats (one row per provider/model) and deletes them, in one transaction:
 *   a crash before the commit changes nothing, after it the entries are counted and gone. Either
 *   way no entry is lost or counted twice.
 * Selection: `archive` takes entries started before now - retentionDays; `enforceLimit` takes the
 * oldest entries beyond maxLogs of the company (nothing when at or under it).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Db } from '../../db/connection';

export interface ArchiveSelection {
  companyId: string;
  action: 'archive' | 'enforceLimit';
  /** ISO cut-off for `archive` (entries started before it). */
  before: string | null;
  maxLogs: number;
}

/** Ids of the entries the selection takes, oldest first, at most `limit`. */
function selected(db: Db | Knex.Transaction, s: ArchiveSelection, limit: number) {
  const q = db('synthetic_execution_logs').where({ company_id: s.companyId }).orderBy('started_at', 'asc').orderBy('id', 'asc');
  if (s.action === 'archive') return q.where('started_at', '<', new Date(s.before!)).limit(limit);
  // enforceLimit: everything but the newest maxLogs.
  return q.offset(0).limit(limit).whereNotIn('id', db('synthetic_execution_logs').where({ company_id: s.companyId }).orderBy('started_at', 'desc').orderBy('id', 'desc').limit(s.maxLogs).select('id'));
}

export function createSyntheticArchivalActivities({ db, dataDir }: { db: Db; dataDir: string }) {
  return {
    async exportSyntheticArchive(input: { archiveId: string; selection: ArchiveSelection; includeFullResponse: boolean }): Promise<{ exportFile: string; count: number }> {
      const rows = await selected(db, input.selection, 1_000_000).select('*');
      const entries = rows.map((r) => {
        const { response, company_id: _c, ...rest } = r;
        return input.includeFullResponse ? { ...rest, response } : rest;
      });
      const dir = path.join(dataDir, 'synthetic-archives');
      await mkdir(dir, { recursive: true });
      const exportFile = `${input.archiveId}.json`;
      await writeFile(path.join(dir, exportFile), JSON.stringify({ archiveId: input.archiveId, exportedAt: new Date().toISOString(), count: entries.length, entries }));
      return { exportFile, count: entries.length };
    },

    async archiveSyntheticChunk(input: { archiveId: string; selection: ArchiveSelection; chunkSize: number }): Promise<{ deleted: number }> {
      return db.transaction(async (trx) => {
        const rows = await selected(trx, input.selection, input.chunkSize)
          .forUpdate()
          .select('id', 'provider', 'model', 'status', 'response_time_sec', 'tokens_used', 'cost_estimate', 'attack_detected', 'started_at');
        if (!rows.length) return { deleted: 0 };
        const groups = new Map<string, typeof rows>();
        for (const r of rows) {
          const k = `${r.provider}\u0000${r.model}`;
          groups.set(k, [...(groups.get(k) ?? []), r]);
        }
        for (const xs of groups.values()) {
          const ms = xs.map((x) => Number(x.response_time_sec) * 1000);
          const times = xs.map((x) => new Date(x.started_at).getTime());
          const add = {
            total_executions: xs.length,
            success_count: xs.filter((x) => x.status === 'SUCCESS').length,
            failed_count: xs.filter((x) => x.status !== 'SUCCESS').length,
            sum_response_time_ms: ms.reduce((a, b) => a + b, 0),
            total_tokens_used: xs.reduce((a, x) => a + Number(x.tokens_used), 0),
            total_cost_estimate: xs.reduce((a, x) => a + Number(x.cost_estimate), 0),
            attacks_detected: xs.filter((x) => x.attack_detected).length,
          };
          await trx('synthetic_aggregated_stats')
            .insert({
              company_id: input.selection.companyId,
              archive_id: input.archiveId,
              provider: xs[0]!.provider,
              model: xs[0]!.model,
              ...add,
              min_response_time_ms: Math.min(...ms),
              max_response_time_ms: Math.max(...ms),
              period_start: new Date(Math.min(...times)),
              period_end: new Date(Math.max(...times)),
            })
            .onConflict(['archive_id', 'company_id', 'provider', 'model'])
            .merge({
              total_executions: trx.raw('synthetic_aggregated_stats.total_executions + excluded.total_executions'),
              success_count: trx.raw('synthetic_aggregated_stats.success_count + excluded.success_count'),
              failed_count: trx.raw('synthetic_aggregated_stats.failed_count + excluded.failed_count'),
              sum_response_time_ms: trx.raw('synthetic_aggregated_stats.sum_response_time_ms + excluded.sum_response_time_ms'),
              total_tokens_used: trx.raw('synthetic_aggregated_stats.total_tokens_used + excluded.total_tokens_used'),
              total_cost_estimate: trx.raw('synthetic_aggregated_stats.total_cost_estimate + excluded.total_cost_estimate'),
              attacks_detected: trx.raw('synthetic_aggregated_stats.attacks_detected + excluded.attacks_detected'),
              min_response_time_ms: trx.raw('LEAST(synthetic_aggregated_stats.min_response_time_ms, excluded.min_response_time_ms)'),
              max_response_time_ms: trx.raw('GREATEST(synthetic_aggregated_stats.max_response_time_ms, excluded.max_response_time_ms)'),
              period_start: trx.raw('LEAST(synthetic_aggregated_stats.period_start, excluded.period_start)'),
              period_end: trx.raw('GREATEST(synthetic_aggregated_stats.period_end, excluded.period_end)'),
            });
        }
        const deleted = await trx('synthetic_execution_logs')
          .whereIn(
            'id',
            rows.map((r) => r.id),
          )
          .delete();
        return { deleted };
      });
    },
  };
}

export type SyntheticArchivalActivities = ReturnType<typeof createSyntheticArchivalActivities>;
