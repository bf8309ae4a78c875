/**
 * The execution record, the last step of every call that reached a provider: who called, which
 * provider and model answered (or failed), tokens, cost, latency, every attempt, and the routing
 * facts (policy, task dimensions), handed to the ExecutionRecorder (execution-recorder.ts), which
 * writes it behind the response. Also the gateway.executed event's data.
 */
import type { CompletionResult, ProviderError } from '../../domain/providers';
import type { Principal } from '../../domain/principal';
import type { TelemetryMode } from '../../domain/telemetry';
import type { GatewayExecutedData } from '../../domain/webhooks';
import { ApiError } from '../../lib/errors';
import type { CallOutcome } from './attempts';

/** What a record needs of the attempt loop's outcome (a completion's or a stream's). */
type Attempted = Pick<CallOutcome, 'candidate' | 'attempts'>;
import type { ExecuteRequest } from './execute-request';
import type { ExecutionRecord } from './execution-recorder';
import { type Plan, routingMetadata } from './plan';
import type { ExecutionSecurity } from './security-step';

/** What every record of one execution shares. */
export interface RecordContext {
  principal: Principal;
  executionId: string;
  req: ExecuteRequest;
  plan: Plan;
  traceId: string;
  attachmentNotes: string[];
  /** The security step's summary (metadata.security), when it scanned or applied anything. */
  security?: ExecutionSecurity | null;
}

/** Who called, which provider and model took the last attempt, and every attempt. */
function recordBase(ctx: RecordContext, outcome: Attempted) {
  const { principal } = ctx;
  const { candidate } = outcome;
  return {
    id: ctx.executionId,
    companyId: principal.companyId,
    apiKeyId: principal.apiKey?.id ?? null,
    userId: principal.via === 'session' ? principal.userId : null,
    providerId: candidate.provider.stored ? candidate.provider.id : null,
    providerType: candidate.provider.type,
    providerName: candidate.provider.name,
    model: candidate.model,
    traceId: ctx.traceId,
    attempts: outcome.attempts,
    createdAt: new Date(),
    mode: ctx.req.executionMode,
  };
}

/*
 * The records below are the base object with the rest assigned onto it, not `{ ...recordBase(), rest }`:
 * on Node 20 (V8 11.3) an object literal that starts with a spread pays about 1-2 µs for every
 * property after it, 22 µs for an answered record: 2.5% of the api's CPU at c=32 before this was
 * changed (docs/PERFORMANCE.md, "Hot path, 2026-11-28"). Same keys, same order.
 */

/** The record of an execution whose every attempt failed. */
export function failedExecutionRecord(ctx: RecordContext, outcome: Attempted, error: ProviderError, latencyMs: number): ExecutionRecord {
  return Object.assign(recordBase(ctx, outcome), {
    status: 'ERROR' as const,
    promptTokens: 0,
    completionTokens: 0,
    totalTokens: 0,
    costUsd: 0,
    latencyMs: Math.round(latencyMs),
    providerLatencyMs: null,
    finishReason: null,
    errorCode: error.kind,
    errorMessage: error.message.slice(0, 1000),
    metadata: { attachmentNotes: ctx.attachmentNotes, groupId: ctx.plan.groupId, ...routingMetadata(ctx.plan), ...(ctx.security ? { security: ctx.security } : {}) },
  });
}

/** The caller's answer when every attempt failed (500 PROVIDER_ERROR with the last failure). */
export function providerFailure(executionId: string, outcome: Attempted, error: ProviderError): ApiError {
  return new ApiError(500, 'PROVIDER_ERROR', `Provider execution failed: ${error.message}`, undefined, {
    executionId,
    provider: outcome.candidate.provider.name,
    model: outcome.candidate.model,
    providerErrorKind: error.kind,
    attempts: outcome.attempts.length,
  });
}

/** An answered execution's record: a provider and model always answered it. */
export type AnsweredExecutionRecord = ExecutionRecord & { providerName: string; providerType: string; model: string };

/**
 * The record of an answered execution. Its status (SUCCESS or HELD) and final latency are set by
 * the caller before it is handed over: one record object per execution, never copied.
 */
export function answeredExecutionRecord(
  ctx: RecordContext,
  outcome: Attempted,
  result: CompletionResult,
  answer: { costUsd: number; telemetryMode: TelemetryMode; telemetryWrapped: boolean; telemetry: unknown },
): AnsweredExecutionRecord {
  const { req, plan } = ctx;
  return Object.assign(recordBase(ctx, outcome), {
    status: 'SUCCESS' as const,
    latencyMs: 0,
    promptTokens: result.usage.promptTokens,
    completionTokens: result.usage.completionTokens,
    totalTokens: result.usage.totalTokens,
    costUsd: answer.costUsd,
    providerLatencyMs: Math.round(result.providerLatencyMs),
    finishReason: result.finishReason,
    errorCode: null,
    errorMessage: null,
    metadata: {
      attachmentNotes: ctx.attachmentNotes,
      groupId: plan.groupId,
      telemetryMode: answer.telemetryMode,
      telemetryWrapped: answer.telemetryWrapped,
      telemetry: answer.telemetry,
      projectId: req.metadata?.projectId ?? null,
      promptId: req.metadata?.promptId ?? null,
      ...routingMetadata(plan),
      ...(ctx.security ? { security: ctx.security } : {}),
    },
  });
}

/** data of the gateway.executed webhook event (docs/API.md, Webhooks). */
export function executedEvent(
  r: { id: string; providerName: string; providerType: string; model: string; promptTokens: number; completionTokens: number; totalTokens: number; costUsd: number },
  mode: 'AUTONOMOUS' | 'SUPERVISED',
  latencyMs: number,
  holdId: string | null,
): GatewayExecutedData {
  return {
    executionId: r.id,
    mode,
    provider: r.providerName,
    providerType: r.providerType,
    model: r.model,
    tokens: { prompt: r.promptTokens, completion: r.completionTokens, total: r.totalTokens },
    costUSD: r.costUsd,
    latencyMs: Math.round(latencyMs),
    holdId,
  };
}