/**
 * The synthetic execution log as the api shows it (spec document 1, "Synthetic execution log
 * entry"), newest first, one company's only. Fields beyond the spec's: scheduleId, category,
 * behaviorPassed (the expectedBehavior verdict), protectionMode, errorCode, errorMessage and
 * networkMetrics (the timed TCP connect to the provider's host: {method, host, port, dnsMs, connectMs, error}).
 */
import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';

export interface LogRow {
  id: string;
  company_id: string;
  run_key: string;
  schedule_id: string | null;
  synthetic_prompt_id: string | null;
  category: string | null;
  full_prompt: string | null;
  execution_id: string | null;
  provider_id: string | null;
  provider: string;
  model: string;
  status: string;
  response_time_sec: number;
  tokens_used: number;
  cost_estimate: number;
  attack_detected: boolean;
  behavior_passed: boolean;
  kpi_compliant: boolean;
  kpi_metrics: Record<string, number> | null;
  fallback_metrics: Record<string, unknown> | null;
  response: string | null;
  error_code: string | null;
  error_message: string | null;
  protection_mode: string;
  protective_prompt_id: string | null;
  network_metrics: Record<string, unknown> | null;
  started_at: Date;
  completed_at: Date;
}

export function logView(r: LogRow) {
  return {
    id: r.id,
    executionId: r.execution_id,
    provider: r.provider,
    model: r.model,
    status: r.status,
    responseTimeSec: r.response_time_sec,
    tokensUsed: r.tokens_used,
    costEstimate: r.cost_estimate,
    attackDetected: r.attack_detected,
    kpiCompliant: r.kpi_compliant,
    kpiMetrics: r.kpi_metrics,
    fallbackMetrics: r.fallback_metrics,
    syntheticPromptId: r.synthetic_prompt_id,
    fullPrompt: r.full_prompt,
    scheduleId: r.schedule_id,
    category: r.category,
    behaviorPassed: r.behavior_passed,
    protectionMode: r.protection_mode,
    errorCode: r.error_code,
    errorMessage: r.error_message,
    networkMetrics: r.network_metrics,
    startedAt: r.started_at.toISOString(),
    completedAt: r.completed_at.toISOString(),
  };
}

export class SyntheticExecutionService {
  constructor(private readonly deps: { db: Db }) {}

  async list(principal: Principal, q: { limit: number; offset: number; scheduleId?: string }) {
    const base = this.deps.db<LogRow>('synthetic_execution_logs').where({ company_id: principal.companyId });
    if (q.scheduleId) base.where({ schedule_id: q.scheduleId });
    const [rows, [count]] = await Promise.all([
      base.clone().orderBy('started_at', 'desc').orderBy('id').limit(q.limit).offset(q.offset),
      base.clone().count<{ count: string }[]>({ count: '*' }),
    ]);
    return { executions: rows.map(logView), pagination: { total: Number(count?.count ?? 0), limit: q.limit, offset: q.offset } };
  }
}
