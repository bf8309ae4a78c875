/**
 * Synthetic schedules (spec document 1): a row per schedule, mirrored by the Temporal Schedule
 * `synthetic:<id>` whose action starts `syntheticRunWorkflow`. The row is written first and the
 * Temporal Schedule second; if Temporal refuses, the row is removed again (nothing half-written).
 *
 * Shapes the spec leaves open (docs/API.md):
 * - ONE_TIME runs once at `runAt` (ISO time, required), as a calendar entry with one action allowed.
 * - RECURRING needs cronExpression or intervalMinutes; when both are set, cronExpression governs
 *   (the interval is kept on the record but not used). intervalMinutes may be fractional (0.05 = 3 s).
 * - isActive false pauses the Temporal Schedule; true unpauses it.
 * - Run now triggers the Temporal Schedule at once (overlap allowed), paused or not.
 * - protectivePromptId may be set by SUPER_ADMIN only (spec: others get 403).
 * - A company's first schedule also sets up its automatic archival (archival-settings.ts).
 */
import { type Client, ScheduleNotFoundError, ScheduleOverlapPolicy, type ScheduleSpec } from '@temporalio/client';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { ApiError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { TemporalGateway } from '../../temporal/client';
import { syntheticRunWorkflowId, syntheticScheduleId } from '../../temporal/workflow-ids';
import type { SyntheticRunInput } from '../../workflows/synthetic';
import type { SyntheticArchivalSettingsService } from './archival-settings';

const CRON = /^(\S+\s+){4}\S+$|^@(yearly|annually|monthly|weekly|daily|hourly|every\s+\S+)$/;

const scheduleFields = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).nullish(),
  syntheticPromptId: z.string().min(1),
  scheduleType: z.enum(['ONE_TIME', 'RECURRING']),
  cronExpression: z.string().trim().regex(CRON, 'a cron expression of five fields').nullish(),
  intervalMinutes: z.number().positive().max(525_600).nullish(),
  runAt: z.string().datetime({ offset: true }).nullish().describe('ONE_TIME: when it runs'),
  isActive: z.boolean().default(true),
  aiProviderId: z.string().min(1).nullish(),
  providerGroupId: z.string().min(1).nullish(),
  enableProtection: z.boolean().default(false),
  protectivePromptId: z.string().min(1).max(200).nullish(),
});

function checkShape(v: Partial<z.output<typeof scheduleFields>>, ctx: z.RefinementCtx) {
  if (v.aiProviderId && v.providerGroupId) ctx.addIssue({ code: 'custom', path: ['providerGroupId'], message: 'give aiProviderId or providerGroupId, not both' });
  if (v.scheduleType === 'RECURRING' && !v.cronExpression && !v.intervalMinutes) ctx.addIssue({ code: 'custom', path: ['intervalMinutes'], message: 'RECURRING needs cronExpression or intervalMinutes' });
  if (v.scheduleType === 'ONE_TIME' && !v.runAt) ctx.addIssue({ code: 'custom', path: ['runAt'], message: 'ONE_TIME needs runAt' });
}

export const createScheduleBody = scheduleFields.strict().superRefine((v, ctx) => {
  checkShape(v, ctx);
  if (!v.aiProviderId && !v.providerGroupId) ctx.addIssue({ code: 'custom', path: ['aiProviderId'], message: 'give aiProviderId or providerGroupId' });
});
export type CreateSchedule = z.output<typeof createScheduleBody>;
export const updateScheduleBody = scheduleFields
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to update' });
export type UpdateSchedule = z.output<typeof updateScheduleBody>;

interface Row {
  id: string;
  company_id: string;
  name: string;
  description: string | null;
  synthetic_prompt_id: string;
  schedule_type: 'ONE_TIME' | 'RECURRING';
  cron_expression: string | null;
  interval_minutes: number | null;
  run_at: Date | null;
  is_active: boolean;
  ai_provider_id: string | null;
  provider_group_id: string | null;
  enable_protection: boolean;
  protective_prompt_id: string | null;
  created_by_user_id: string | null;
  created_by_api_key_id: string | null;
  last_run_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export function scheduleView(r: Row) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    syntheticPromptId: r.synthetic_prompt_id,
    scheduleType: r.schedule_type,
    cronExpression: r.cron_expression,
    intervalMinutes: r.interval_minutes,
    runAt: r.run_at?.toISOString() ?? null,
    isActive: r.is_active,
    aiProviderId: r.ai_provider_id,
    providerGroupId: r.provider_group_id,
    enableProtection: r.enable_protection,
    protectivePromptId: r.protective_prompt_id,
    temporalScheduleId: syntheticScheduleId(r.id),
    lastRunAt: r.last_run_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}
export type ScheduleView = ReturnType<typeof scheduleView>;

const MONTHS = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'] as const;

/** The Temporal spec of a schedule row (see the header for the rules). */
export function temporalSpec(r: Pick<Row, 'schedule_type' | 'cron_expression' | 'interval_minutes' | 'run_at'>): ScheduleSpec {
  if (r.schedule_type === 'ONE_TIME') {
    const t = r.run_at!;
    return {
      calendars: [{ year: t.getUTCFullYear(), month: MONTHS[t.getUTCMonth()]!, dayOfMonth: t.getUTCDate(), hour: t.getUTCHours(), minute: t.getUTCMinutes(), second: t.getUTCSeconds() }],
    };
  }
  if (r.cron_expression) return { cronExpressions: [r.cron_expression] };
  return { intervals: [{ every: `${Math.max(1, Math.round(r.interval_minutes! * 60))}s` }] };
}

export class SyntheticScheduleService {
  constructor(
    private readonly deps: {
      db: Db;
      temporal: TemporalGateway;
      taskQueue: string;
      /** The company's automatic archival (archival-settings.ts), set up before its first schedule. */
      archival?: Pick<SyntheticArchivalSettingsService, 'ensure'>;
    },
  ) {}

  private async row(companyId: string, id: string): Promise<Row> {
    const row = isUuid(id) ? await this.deps.db<Row>('synthetic_schedules').where({ company_id: companyId, id }).first() : undefined;
    if (!row) throw ApiError.notFound('Synthetic schedule not found', 'NOT_FOUND');
    return row;
  }

  private async checkReferences(principal: Principal, v: Partial<CreateSchedule>) {
    const owned = async (table: string, id: string | null | undefined, what: string) => {
      if (!id) return;
      const found = isUuid(id) ? await this.deps.db(table).where({ company_id: principal.companyId, id }).first('id') : undefined;
      if (!found) throw ApiError.notFound(`${what} not found`, 'NOT_FOUND');
    };
    await owned('synthetic_prompts', v.syntheticPromptId, 'Synthetic prompt');
    await owned('providers', v.aiProviderId, 'Provider');
    await owned('provider_groups', v.providerGroupId, 'Provider group');
    if (v.protectivePromptId && principal.role !== 'SUPER_ADMIN') throw ApiError.forbidden('Protective prompts are assignable by SUPER_ADMIN only', 'FORBIDDEN');
  }

  private action(r: Row) {
    return {
      type: 'startWorkflow' as const,
      workflowType: 'syntheticRunWorkflow',
      taskQueue: this.deps.taskQueue,
      workflowId: syntheticRunWorkflowId(r.id),
      args: [{ scheduleId: r.id }] as [SyntheticRunInput],
    };
  }

  private async client(): Promise<Client> {
    return this.deps.temporal.client();
  }

  async list(principal: Principal, q: { limit: number; offset: number }) {
    const base = this.deps.db<Row>('synthetic_schedules').where({ company_id: principal.companyId });
    const [rows, [count]] = await Promise.all([base.clone().orderBy('created_at', 'desc').orderBy('id').limit(q.limit).offset(q.offset), base.clone().count<{ count: string }[]>({ count: '*' })]);
    return { schedules: rows.map(scheduleView), pagination: { total: Number(count?.count ?? 0), limit: q.limit, offset: q.offset } };
  }

  async get(principal: Principal, id: string) {
    return scheduleView(await this.row(principal.companyId, id));
  }

  async create(principal: Principal, body: CreateSchedule): Promise<ScheduleView> {
    await this.checkReferences(principal, body);
    await this.deps.archival?.ensure(principal.companyId);
    const [row] = (await this.deps.db('synthetic_schedules')
      .insert({
        company_id: principal.companyId,
        name: body.name,
        description: body.description ?? null,
        synthetic_prompt_id: body.syntheticPromptId,
        schedule_type: body.scheduleType,
        cron_expression: body.cronExpression ?? null,
        interval_minutes: body.intervalMinutes ?? null,
        run_at: body.runAt ? new Date(body.runAt) : null,
        is_active: body.isActive,
        ai_provider_id: body.aiProviderId ?? null,
        provider_group_id: body.providerGroupId ?? null,
        enable_protection: body.enableProtection,
        protective_prompt_id: body.protectivePromptId ?? null,
        created_by_user_id: principal.userId,
        created_by_api_key_id: principal.apiKey?.id ?? null,
      })
      .returning('*')) as Row[];
    try {
      const client = await this.client();
      await client.schedule.create({
        scheduleId: syntheticScheduleId(row!.id),
        spec: temporalSpec(row!),
        action: this.action(row!),
        policies: { overlap: ScheduleOverlapPolicy.SKIP },
        state: { paused: !row!.is_active, ...(row!.schedule_type === 'ONE_TIME' ? { remainingActions: 1 } : {}) },
      });
    } catch (err) {
      await this.deps.db('synthetic_schedules').where({ id: row!.id }).delete();
      throw invalidForTemporal(err);
    }
    return scheduleView(row!);
  }

  async update(principal: Principal, id: string, body: UpdateSchedule): Promise<ScheduleView> {
    const before = await this.row(principal.companyId, id);
    await this.checkReferences(principal, body);
    const merged = {
      schedule_type: body.scheduleType ?? before.schedule_type,
      cron_expression: body.cronExpression !== undefined ? body.cronExpression : before.cron_expression,
      interval_minutes: body.intervalMinutes !== undefined ? body.intervalMinutes : before.interval_minutes,
      run_at: body.runAt !== undefined ? (body.runAt ? new Date(body.runAt) : null) : before.run_at,
      ai_provider_id: body.aiProviderId !== undefined ? body.aiProviderId : body.providerGroupId ? null : before.ai_provider_id,
      provider_group_id: body.providerGroupId !== undefined ? body.providerGroupId : body.aiProviderId ? null : before.provider_group_id,
    };
    const issues: string[] = [];
    checkShape(
      { scheduleType: merged.schedule_type, cronExpression: merged.cron_expression, intervalMinutes: merged.interval_minutes, runAt: merged.run_at?.toISOString(), aiProviderId: merged.ai_provider_id, providerGroupId: merged.provider_group_id },
      { addIssue: (i: { message?: string }) => issues.push(i.message ?? 'invalid') } as unknown as z.RefinementCtx,
    );
    if (issues.length) throw ApiError.badRequest(`Invalid body: ${issues[0]}`, issues, 'VALIDATION_ERROR');
    const patch: Record<string, unknown> = { ...merged, updated_at: new Date() };
    if (body.name !== undefined) patch.name = body.name;
    if (body.description !== undefined) patch.description = body.description;
    if (body.syntheticPromptId !== undefined) patch.synthetic_prompt_id = body.syntheticPromptId;
    if (body.isActive !== undefined) patch.is_active = body.isActive;
    if (body.enableProtection !== undefined) patch.enable_protection = body.enableProtection;
    if (body.protectivePromptId !== undefined) patch.protective_prompt_id = body.protectivePromptId;
    return this.deps.db.transaction(async (trx) => {
      const [row] = (await trx('synthetic_schedules').where({ id }).update(patch).returning('*')) as Row[];
      // Temporal second: if it refuses, the transaction rolls back and the row stays as it was.
      try {
        const handle = (await this.client()).schedule.getHandle(syntheticScheduleId(id));
        await handle.update((prev) => ({
          ...prev,
          spec: temporalSpec(row!),
          action: this.action(row!),
          state: { ...prev.state, paused: !row!.is_active, ...(row!.schedule_type === 'ONE_TIME' ? { remainingActions: 1 } : { remainingActions: undefined }) },
        }));
      } catch (err) {
        throw invalidForTemporal(err);
      }
      return scheduleView(row!);
    });
  }

  async remove(principal: Principal, id: string): Promise<void> {
    await this.row(principal.companyId, id);
    await this.deleteTemporal(id);
    await this.deps.db('synthetic_schedules').where({ company_id: principal.companyId, id }).delete();
  }

  /** The prompt service calls this before deleting a prompt: its schedules' Temporal Schedules go first. */
  async removeForPrompt(companyId: string, promptId: string): Promise<void> {
    const rows = await this.deps.db('synthetic_schedules').where({ company_id: companyId, synthetic_prompt_id: promptId }).select('id');
    for (const r of rows) await this.deleteTemporal(r.id);
  }

  private async deleteTemporal(id: string) {
    try {
      await (await this.client()).schedule.getHandle(syntheticScheduleId(id)).delete();
    } catch (err) {
      if (!(err instanceof ScheduleNotFoundError)) throw err;
    }
  }

  async runNow(principal: Principal, id: string): Promise<{ success: true; scheduleId: string; temporalScheduleId: string; triggeredAt: string }> {
    await this.row(principal.companyId, id);
    await (await this.client()).schedule.getHandle(syntheticScheduleId(id)).trigger(ScheduleOverlapPolicy.ALLOW_ALL);
    return { success: true, scheduleId: id, temporalScheduleId: syntheticScheduleId(id), triggeredAt: new Date().toISOString() };
  }
}

/** Temporal's InvalidArgument (an unparsable cron expression) is the caller's mistake: 400. */
function invalidForTemporal(err: unknown): unknown {
  const e = err as { code?: number; message?: string; cause?: { code?: number } } | null;
  if (e?.code === 3 || e?.cause?.code === 3 || /invalid ?argument/i.test(e?.message ?? '')) {
    return ApiError.badRequest(`Invalid schedule: ${e?.message ?? 'rejected by the workflow service'}`, undefined, 'VALIDATION_ERROR');
  }
  return err;
}
