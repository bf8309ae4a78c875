/**
 * A company's automatic synthetic archival (issue 13, part 6: "as a workflow and a schedule"): its
 * settings (synthetic_archival_settings) and the Temporal Schedule `synthetic-archival:<companyId>`
 * that runs `syntheticScheduledArchiveWorkflow` every intervalMinutes, which reads the settings at
 * run time and archives with them (workflows/synthetic-archival.ts).
 *
 * - The schedule is created with default settings (domain/synthetic/archival.ts: daily, keep 30 days,
 *   export first, hold the 50,000 cap) when the company creates its first synthetic schedule (logs only
 *   come from schedules), or when the settings are first saved.
 * - PUT keeps it in step: the row and the schedule change in one request (the row's transaction waits
 *   for Temporal; if Temporal refuses, nothing changed). enabled false pauses the schedule.
 * - GET shows the settings (the defaults when none are stored yet), the next run from Temporal and the
 *   last run's outcome.
 */
import { type Client, ScheduleAlreadyRunning, ScheduleNotFoundError, ScheduleOverlapPolicy } from '@temporalio/client';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { type ArchivalSettings, DEFAULT_ARCHIVAL_SETTINGS } from '../../domain/synthetic/archival';
import type { TemporalGateway } from '../../temporal/client';
import { syntheticArchivalRunWorkflowId, syntheticArchivalScheduleId } from '../../temporal/workflow-ids';
import type { SyntheticScheduledArchiveInput } from '../../workflows/synthetic-archival';

export const archivalSettingsBody = z
  .object({
    enabled: z.boolean(),
    retentionDays: z.number().int().min(1).max(3650),
    intervalMinutes: z.number().positive().max(525_600).describe('minutes between runs; fractional allowed (0.05 = 3 s)'),
    exportFirst: z.boolean(),
    includeFullResponse: z.boolean(),
    enforceLimit: z.boolean().describe('after archiving, delete the oldest entries above 50,000'),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to update' });
export type ArchivalSettingsBody = z.output<typeof archivalSettingsBody>;

interface Row {
  company_id: string;
  enabled: boolean;
  retention_days: number;
  interval_minutes: number;
  export_first: boolean;
  include_full_response: boolean;
  enforce_limit: boolean;
  last_run_at: Date | null;
  last_archive_ids: string[] | null;
  last_deleted_count: number | null;
  updated_at: Date;
}

const settingsOf = (r: Row): ArchivalSettings => ({
  enabled: r.enabled,
  retentionDays: r.retention_days,
  intervalMinutes: r.interval_minutes,
  exportFirst: r.export_first,
  includeFullResponse: r.include_full_response,
  enforceLimit: r.enforce_limit,
});

const columnsOf = (s: ArchivalSettings) => ({
  enabled: s.enabled,
  retention_days: s.retentionDays,
  interval_minutes: s.intervalMinutes,
  export_first: s.exportFirst,
  include_full_response: s.includeFullResponse,
  enforce_limit: s.enforceLimit,
});

export class SyntheticArchivalSettingsService {
  constructor(private readonly deps: { db: Db; temporal: TemporalGateway; taskQueue: string }) {}

  private row(companyId: string, db: Db = this.deps.db): Promise<Row | undefined> {
    return db<Row>('synthetic_archival_settings').where({ company_id: companyId }).first();
  }

  async get(principal: Principal) {
    const row = await this.row(principal.companyId);
    let nextRunAt: string | null = null;
    let paused: boolean | null = null;
    if (row) {
      try {
        const d = await (await this.client()).schedule.getHandle(syntheticArchivalScheduleId(principal.companyId)).describe();
        nextRunAt = d.info.nextActionTimes[0]?.toISOString() ?? null;
        paused = d.state.paused;
      } catch (err) {
        if (!(err instanceof ScheduleNotFoundError)) throw err;
      }
    }
    return {
      settings: {
        ...(row ? settingsOf(row) : DEFAULT_ARCHIVAL_SETTINGS),
        stored: Boolean(row),
        temporalScheduleId: syntheticArchivalScheduleId(principal.companyId),
        schedulePaused: paused,
        nextRunAt,
        lastRunAt: row?.last_run_at?.toISOString() ?? null,
        lastArchiveIds: row?.last_archive_ids ?? [],
        lastDeletedCount: row?.last_deleted_count ?? null,
        updatedAt: row?.updated_at.toISOString() ?? null,
      },
    };
  }

  async update(principal: Principal, body: ArchivalSettingsBody) {
    const companyId = principal.companyId;
    await this.deps.db.transaction(async (trx) => {
      const before = await this.row(companyId, trx);
      const next: ArchivalSettings = { ...(before ? settingsOf(before) : DEFAULT_ARCHIVAL_SETTINGS), ...body };
      await trx('synthetic_archival_settings')
        .insert({ company_id: companyId, ...columnsOf(next) })
        .onConflict('company_id')
        .merge({ ...columnsOf(next), updated_at: new Date() });
      // Temporal last: if it refuses, the transaction rolls back and the settings stay as they were.
      await this.upsertSchedule(companyId, next);
    });
    return this.get(principal);
  }

  /**
   * The company's settings row and schedule with the defaults, unless a row exists already (the
   * schedule was made with it). Called before a synthetic schedule is created: a failure there
   * creates neither.
   */
  async ensure(companyId: string): Promise<void> {
    if (await this.row(companyId)) return;
    await this.deps.db.transaction(async (trx) => {
      const inserted = await trx('synthetic_archival_settings').insert({ company_id: companyId, ...columnsOf(DEFAULT_ARCHIVAL_SETTINGS) }).onConflict('company_id').ignore().returning('company_id');
      if (inserted.length) await this.upsertSchedule(companyId, DEFAULT_ARCHIVAL_SETTINGS);
    });
  }

  /** Deletes the company's schedule (the settings row stays; the next ensure will not recreate it). */
  async removeSchedule(companyId: string): Promise<void> {
    try {
      await (await this.client()).schedule.getHandle(syntheticArchivalScheduleId(companyId)).delete();
    } catch (err) {
      if (!(err instanceof ScheduleNotFoundError)) throw err;
    }
  }

  private client(): Promise<Client> {
    return this.deps.temporal.client();
  }

  private async upsertSchedule(companyId: string, s: ArchivalSettings): Promise<void> {
    const scheduleId = syntheticArchivalScheduleId(companyId);
    const spec = { intervals: [{ every: `${Math.max(1, Math.round(s.intervalMinutes * 60))}s` as const }] };
    const action = {
      type: 'startWorkflow' as const,
      workflowType: 'syntheticScheduledArchiveWorkflow',
      taskQueue: this.deps.taskQueue,
      workflowId: syntheticArchivalRunWorkflowId(companyId),
      args: [{ companyId }] as [SyntheticScheduledArchiveInput],
    };
    const client = await this.client();
    try {
      await client.schedule.create({ scheduleId, spec, action, policies: { overlap: ScheduleOverlapPolicy.SKIP }, state: { paused: !s.enabled } });
    } catch (err) {
      if (!(err instanceof ScheduleAlreadyRunning)) throw err;
      await client.schedule.getHandle(scheduleId).update((prev) => ({ ...prev, spec, action, state: { ...prev.state, paused: !s.enabled } }));
    }
  }
}
