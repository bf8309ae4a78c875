/**
 * Activities of one synthetic run (`syntheticRunWorkflow`, workflows/synthetic.ts): resolve the
 * schedule's targets (its provider, or every member of its provider group, each at its default
 * model), then probe each one through the gateway path and write one execution log entry per
 * provider/model, evaluated by domain/synthetic/evaluation.ts.
 *
 * The gateway is reached through a port (SyntheticProbeExecutor) that the worker wires to
 * services/synthetic/probe.ts: activities sit below services and never import them.
 *
 * Idempotent: (run_key, provider_id, model) is unique, so a retried activity finds its row and
 * neither calls the provider again nor writes a second entry.
 *
 * The executor gets the probe's task (domain/synthetic/task.ts) and the evaluation function, so the
 * execution record it writes carries the verdict as task-fit evidence; it returns the evaluation and
 * the network measurement, which the log entry keeps (network_metrics).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection';
import { type ProtectivePrompt, applyProtectivePrompt, isProtectivePromptType } from '../../domain/security/protective-prompts';
import { type Evaluation, canarySystemPrompt, evaluateAnswer, substituteVariables } from '../../domain/synthetic/evaluation';
import { type ProbeTask, probeTask } from '../../domain/synthetic/task';
import type { NetworkMeasurement } from './network';

export interface SyntheticProbeResult {
  ok: boolean;
  executionId?: string;
  providerName: string;
  model: string;
  content?: string;
  totalTokens?: number;
  costUsd?: number;
  latencyMs?: number;
  /** The timed TCP connect to the provider's host (null when its address could not be parsed). */
  network?: NetworkMeasurement | null;
  /** The answer's evaluation (made by the caller's evaluate, so the record can carry the verdict). */
  evaluation?: Evaluation;
  errorCode?: string;
  errorMessage?: string;
}

export interface SyntheticProbeExecutor {
  targets(companyId: string, target: { aiProviderId: string | null; providerGroupId: string | null }): Promise<{ providerId: string; model: string }[]>;
  execute(input: {
    companyId: string;
    userId: string | null;
    apiKeyId: string | null;
    scheduleId: string;
    syntheticPromptId: string;
    providerId: string;
    model: string;
    systemPrompt: string;
    prompt: string;
    maxTokens?: number;
    /** The task the probe is evidence for (domain/synthetic/task.ts), or null. */
    task: ProbeTask | null;
  }, evaluate: (answer: string) => Evaluation): Promise<SyntheticProbeResult>;
}

export interface SyntheticRunPlan {
  targets: { providerId: string; model: string }[];
  /** Why nothing runs (schedule deleted, prompt inactive, no provider left), else null. */
  refused: string | null;
}

/**
 * The protective wrapper of a schedule: a built-in type name (STANDARD_INJECTION_GUARD,
 * ROLE_BOUNDARY_ENFORCER, DATA_EXFILTRATION_BLOCKER) from domain/security, or a company's stored
 * protective prompt (its current content and version, read by the activity). A stored id that is
 * gone or inactive falls back to the standard injection guard and the log says so
 * (`protection_mode: stored-missing`), so a probe never runs unprotected when protection is on.
 */
export function protectedSystemPrompt(
  system: string,
  enableProtection: boolean,
  protectivePromptId: string | null,
  stored?: ProtectivePrompt | null,
): { systemPrompt: string; mode: string } {
  if (!enableProtection) return { systemPrompt: system, mode: 'none' };
  if (protectivePromptId && !isProtectivePromptType(protectivePromptId)) {
    if (stored) return { systemPrompt: applyProtectivePrompt(system, stored).systemPrompt, mode: `stored:${stored.type}:v${stored.version}` };
    return { systemPrompt: applyProtectivePrompt(system, 'STANDARD_INJECTION_GUARD').systemPrompt, mode: 'stored-missing' };
  }
  const type = protectivePromptId && isProtectivePromptType(protectivePromptId) ? protectivePromptId : 'STANDARD_INJECTION_GUARD';
  return { systemPrompt: applyProtectivePrompt(system, type).systemPrompt, mode: type };
}

/** A company's active stored protective prompt, or null (issue 20's protective_prompts table). */
async function storedProtectivePrompt(db: Db, companyId: string, id: string | null): Promise<ProtectivePrompt | null> {
  if (!id || isProtectivePromptType(id) || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await db('protective_prompts').where({ id, company_id: companyId, is_active: true }).first('type', 'name', 'description', 'version', 'content');
  return row ? { type: row.type, name: row.name, description: row.description ?? '', version: Number(row.version), content: row.content } : null;
}

export function createSyntheticActivities({ db, probes }: { db: Db; probes?: SyntheticProbeExecutor }) {
  const schedule = (id: string) => db('synthetic_schedules').where({ id }).first();
  return {
    async loadSyntheticRun(input: { scheduleId: string }): Promise<SyntheticRunPlan> {
      const s = await schedule(input.scheduleId);
      if (!s) return { targets: [], refused: 'the schedule no longer exists' };
      const prompt = await db('synthetic_prompts').where({ id: s.synthetic_prompt_id }).first('is_active');
      if (!prompt?.is_active) return { targets: [], refused: 'the synthetic prompt is inactive or deleted' };
      if (!probes) throw new Error('this worker has no synthetic probe executor');
      const targets = await probes.targets(s.company_id, { aiProviderId: s.ai_provider_id, providerGroupId: s.provider_group_id });
      return { targets, refused: targets.length ? null : 'no active provider to probe' };
    },

    async runSyntheticProbe(input: { scheduleId: string; runKey: string; providerId: string; model: string }): Promise<{ status: string; logId: string | null }> {
      const existing = await db('synthetic_execution_logs').where({ run_key: input.runKey, provider_id: input.providerId, model: input.model }).first('id', 'status');
      if (existing) return { status: existing.status, logId: existing.id };
      const s = await schedule(input.scheduleId);
      if (!s) return { status: 'SKIPPED', logId: null };
      const p = await db('synthetic_prompts').where({ id: s.synthetic_prompt_id }).first();
      if (!p) return { status: 'SKIPPED', logId: null };
      if (!probes) throw new Error('this worker has no synthetic probe executor');
      const sent = substituteVariables(p.prompt, p.variables ?? {});
      const canary = `CANARY-${randomBytes(6).toString('hex').toUpperCase()}`;
      const stored = s.enable_protection ? await storedProtectivePrompt(db, s.company_id, s.protective_prompt_id) : null;
      const protection = protectedSystemPrompt(canarySystemPrompt(canary), s.enable_protection, s.protective_prompt_id, stored);
      const startedAt = new Date();
      const out = await probes.execute({
        companyId: s.company_id,
        userId: s.created_by_user_id,
        apiKeyId: s.created_by_api_key_id,
        scheduleId: s.id,
        syntheticPromptId: p.id,
        providerId: input.providerId,
        model: input.model,
        systemPrompt: protection.systemPrompt,
        prompt: sent,
        task: probeTask({ category: p.category, tags: p.tags, sentPrompt: sent }),
      }, (answer) =>
        evaluateAnswer({
          answer,
          sentPrompt: sent,
          category: p.category,
          expectedBehavior: p.expected_behavior,
          expectedResponse: p.expected_response,
          includeKpiTracking: p.include_kpi_tracking,
          canary,
        }),
      );
      const completedAt = new Date();
      const evaluation = out.ok ? (out.evaluation ?? null) : null;
      const [row] = await db('synthetic_execution_logs')
        .insert({
          company_id: s.company_id,
          run_key: input.runKey,
          schedule_id: s.id,
          synthetic_prompt_id: p.id,
          category: p.category,
          // Kept only when the text sent differs from the prompt as stored (variables substituted).
          full_prompt: sent === p.prompt ? null : sent,
          execution_id: out.executionId ?? null,
          provider_id: input.providerId,
          provider: out.providerName,
          model: out.model,
          status: out.ok ? 'SUCCESS' : 'FAILED',
          response_time_sec: (out.latencyMs ?? completedAt.getTime() - startedAt.getTime()) / 1000,
          tokens_used: out.totalTokens ?? 0,
          cost_estimate: out.costUsd ?? 0,
          attack_detected: evaluation?.attackDetected ?? false,
          behavior_passed: evaluation?.behaviorPassed ?? false,
          kpi_compliant: evaluation?.kpiCompliant ?? false,
          kpi_metrics: evaluation?.kpiMetrics ? JSON.stringify(evaluation.kpiMetrics) : null,
          fallback_metrics: evaluation ? JSON.stringify(evaluation.fallbackMetrics) : null,
          response: out.content ?? null,
          error_code: out.errorCode ?? null,
          error_message: out.errorMessage ?? null,
          network_metrics: out.network ? JSON.stringify(out.network) : null,
          protection_mode: protection.mode,
          protective_prompt_id: s.enable_protection ? s.protective_prompt_id : null,
          started_at: startedAt,
          completed_at: completedAt,
        })
        .onConflict(['run_key', 'provider_id', 'model'])
        .ignore()
        .returning(['id', 'status']);
      await db('synthetic_schedules').where({ id: s.id }).update({ last_run_at: completedAt });
      return { status: row?.status ?? (out.ok ? 'SUCCESS' : 'FAILED'), logId: row?.id ?? null };
    },
  };
}

export type SyntheticActivities = ReturnType<typeof createSyntheticActivities>;
