/**
 * Activities of synthetic archival (`syntheticArchiveWorkflow`, workflows/synthetic-archival.ts).
 *
 * - exportSyntheticArchive writes every entry the archive will remove to
 *   <data dir>/synthetic-archives/<archiveId>.json (rewritten whole on a retry, so never duplicated);
 *   no file when there is nothing to archive.
 * - archiveSyntheticChunk takes up to `chunkSize` of the oldest selected entries, adds them to the
 *   archive's aggregated stats (one row per provider/model) and deletes them, in one transaction:
 *   a crash before the commit changes nothing, after it the entries are counted and gone. Either
 *   way no entry is lost or counted twice.
 * Selection: `archive` takes entries started before now - retentionDays; `enforceLimit` takes the
 * oldest entries beyond maxLogs of the company (nothing when at or under it).
 * - planScheduledSyntheticArchive / finishScheduledSyntheticArchive: the company's automatic archival
 *   (its Temporal Schedule `synthetic-archival:<companyId>`), read from synthetic_archival_settings.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import { DEFAULT_ARCHIVE_CHUNK, MAX_LOGS_PER_COMPANY } from '../../domain/synthetic/archival';

export interface ArchiveSelection {
  companyId: string;
  action: 'archive' | 'enforceLimit';
  /** ISO cut-off for `archive` (entries started before it). */
  before: string | null;
  maxLogs: number;
}

/** One archive run (`syntheticArchiveWorkflow`'s input). */
export interface SyntheticArchiveInput {
  archiveId: string;
  selection: ArchiveSelection;
  exportFirst: boolean;
  includeFullResponse: boolean;
  chunkSize: number;
}

/**
 * The input of an archive or enforceLimit run for a company: archive takes entries started more than
 * retentionDays before `now`; only archive exports first. Shared by the POST and the scheduled runs.
 */
export function archiveInput(o: {
  archiveId: string;
  companyId: string;
  action: 'archive' | 'enforceLimit';
  retentionDays: number;
  exportFirst: boolean;
  includeFullResponse: boolean;
  chunkSize?: number;
  now?: Date;
}): SyntheticArchiveInput {
  const before = new Date((o.now ?? new Date()).getTime() - o.retentionDays * 86_400_000);
  return {
    archiveId: o.archiveId,
    selection: { companyId: o.companyId, action: o.action, before: o.action === 'archive' ? before.toISOString() : null, maxLogs: MAX_LOGS_PER_COMPANY },
    exportFirst: o.action === 'archive' && o.exportFirst,
    includeFullResponse: o.includeFullResponse,
    chunkSize: o.chunkSize ?? DEFAULT_ARCHIVE_CHUNK,
  };
}

/** A new archive id: the UTC day and eight random hex digits (export files are named after it). */
export const newArchiveId = (now = new Date()) => `${now.toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;

/** Ids of the entries the selection takes, oldest first, at most `limit`. */
function selected(db: Db | Knex.Transaction, s: ArchiveSelection, limit: number) {
  const q = db('synthetic_execution_logs').where({ company_id: s.companyId }).orderBy('started_at', 'asc').orderBy('id', 'asc');
  if (s.action === 'archive') return q.where('started_at', '<', new Date(s.before!)).limit(limit);
  // enforceLimit: everything but the newest maxLogs.
  return q.offset(0).limit(limit).whereNotIn('id', db('synthetic_execution_logs').where({ company_id: s.companyId }).orderBy('started_at', 'desc').orderBy('id', 'desc').limit(s.maxLogs).select('id'));
}

export function createSyntheticArchivalActivities({ db, dataDir }: { db: Db; dataDir: string }) {
  return {
    async exportSyntheticArchive(input: { archiveId: string; selection: ArchiveSelection; includeFullResponse: boolean }): Promise<{ exportFile: string | null; count: number }> {
      const rows = await selected(db, input.selection, 1_000_000).select('*');
      // Nothing to archive, nothing to export (a daily schedule would leave an empty file a day).
      if (!rows.length) return { exportFile: null, count: 0 };
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
          .select('id', 'provider', 'model', 'status', 'response_time_sec', 'tokens_used', 'cost_estimate', 'attack_detected', 'network_metrics', 'started_at');
        if (!rows.length) return { deleted: 0 };
        const groups = new Map<string, typeof rows>();
        for (const r of rows) {
          const k = `${r.provider}\u0000${r.model}`;
          groups.set(k, [...(groups.get(k) ?? []), r]);
        }
        for (const xs of groups.values()) {
          const ms = xs.map((x) => Number(x.response_time_sec) * 1000);
          const rtts = xs.map((x) => x.network_metrics?.connectMs).filter((v): v is number => typeof v === 'number');
          const times = xs.map((x) => new Date(x.started_at).getTime());
          const add = {
            total_executions: xs.length,
            success_count: xs.filter((x) => x.status === 'SUCCESS').length,
            failed_count: xs.filter((x) => x.status !== 'SUCCESS').length,
            sum_response_time_ms: ms.reduce((a, b) => a + b, 0),
            total_tokens_used: xs.reduce((a, x) => a + Number(x.tokens_used), 0),
            total_cost_estimate: xs.reduce((a, x) => a + Number(x.cost_estimate), 0),
            attacks_detected: xs.filter((x) => x.attack_detected).length,
            sum_rtt_ms: rtts.reduce((a, b) => a + b, 0),
            rtt_samples: rtts.length,
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
              sum_rtt_ms: trx.raw('synthetic_aggregated_stats.sum_rtt_ms + excluded.sum_rtt_ms'),
              rtt_samples: trx.raw('synthetic_aggregated_stats.rtt_samples + excluded.rtt_samples'),
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

    /**
     * The runs of a company's scheduled archival (`syntheticScheduledArchiveWorkflow`), from its
     * settings as they are now: archive, then enforceLimit when asked. Null when the settings are
     * gone or disabled (a paused schedule triggered by hand, or a run started just before).
     */
    async planScheduledSyntheticArchive(input: { companyId: string }): Promise<{ runs: SyntheticArchiveInput[] } | null> {
      const s = await db('synthetic_archival_settings').where({ company_id: input.companyId }).first();
      if (!s?.enabled) return null;
      const now = new Date();
      const archiveId = `${newArchiveId(now)}-auto`;
      const common = { companyId: input.companyId, retentionDays: s.retention_days, exportFirst: s.export_first, includeFullResponse: s.include_full_response, now };
      const runs = [archiveInput({ ...common, archiveId, action: 'archive' })];
      if (s.enforce_limit) runs.push(archiveInput({ ...common, archiveId: `${archiveId}-limit`, action: 'enforceLimit' }));
      return { runs };
    },

    /** Records the scheduled run's outcome on the settings; deletedCount is read from the aggregated stats (exact). */
    async finishScheduledSyntheticArchive(input: { companyId: string; archiveIds: string[] }): Promise<{ deletedCount: number }> {
      const [sum] = await db('synthetic_aggregated_stats')
        .where({ company_id: input.companyId })
        .whereIn('archive_id', input.archiveIds)
        .sum<{ n: string | null }[]>({ n: 'total_executions' });
      const deletedCount = Number(sum?.n ?? 0);
      await db('synthetic_archival_settings')
        .where({ company_id: input.companyId })
        .update({ last_run_at: new Date(), last_archive_ids: JSON.stringify(input.archiveIds), last_deleted_count: deletedCount });
      return { deletedCount };
    },
  };
}

export type SyntheticArchivalActivities = ReturnType<typeof createSyntheticArchivalActivities>;
