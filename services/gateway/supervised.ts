/**
 * SUPERVISED, the held answer: the provider has answered, and the answer is stored in a hold whose
 * workflow (`hold:<holdId>`) waits for a reviewer's approve or reject, or expires. The caller gets
 * the hold id, never the answer; the execution is recorded as HELD.
 */
import type { CompletionRequest, CompletionResult } from '../../domain/providers';
import type { Principal } from '../../domain/principal';
import type { CallOutcome } from './attempts';
import { round } from './dry-run';
import type { ExecuteRequest } from './execute-request';
import { type AnsweredExecutionRecord, executedEvent } from './execution-record';
import type { GatewayDeps, Plan } from './plan';

export interface HeldAnswer {
  principal: Principal;
  executionId: string;
  req: ExecuteRequest;
  /** The request as the provider got it (variables substituted). */
  request: CompletionRequest;
  plan: Plan;
  outcome: CallOutcome;
  result: CompletionResult;
  /** The answer as the reviewer will see it (telemetry stripped, originals restored). */
  content: string;
  /** The answered record (status and latency set here). */
  record: AnsweredExecutionRecord;
  timing: { startedAt: number; routingMs: number; providerMs: number };
}

export async function holdAnswer(deps: GatewayDeps, h: HeldAnswer) {
  const { principal, executionId, req, request, plan, result, record, timing } = h;
  const { candidate } = h.outcome;
  const holdStartedAt = performance.now();
  const hold = await deps.holds.create({
    companyId: principal.companyId,
    executionId,
    requestedByUserId: principal.userId,
    requestedByApiKeyId: principal.apiKey?.id ?? null,
    requestPayload: {
      prompt: request.prompt,
      systemPrompt: req.systemPrompt ?? null,
      model: candidate.model,
      provider: candidate.provider.name,
    },
    routingDecision: { provider: candidate.provider.name, model: candidate.model, policyId: plan.applied?.id ?? null },
    responsePayload: { content: h.content, usage: result.usage, model: result.model || candidate.model },
    costEstimate: record.costUsd,
  });
  record.status = 'HELD';
  record.latencyMs = Math.round(performance.now() - timing.startedAt);
  deps.recorder.record(record);
  if (deps.webhooks?.wants(principal.companyId, 'gateway.executed')) {
    deps.webhooks.gatewayExecuted(principal.companyId, executedEvent(record, 'SUPERVISED', performance.now() - timing.startedAt, hold.id));
  }
  deps.metrics.gatewayExecutions.inc({ mode: 'SUPERVISED', status: 'held', provider_type: candidate.provider.type });
  return {
    success: true as const,
    mode: 'SUPERVISED' as const,
    holdId: hold.id,
    message: `The response is held for review until ${hold.expiresAt}; approve or reject it with PATCH /api/v1/execution-holds/${hold.id}`,
    timeline: {
      routingMs: round(timing.routingMs),
      providerMs: round(timing.providerMs),
      holdMs: round(performance.now() - holdStartedAt),
      totalMs: round(performance.now() - timing.startedAt),
    },
  };
}
