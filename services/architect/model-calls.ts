import type { ArchitectUseCases } from '../../activities/architect';
import type { Db } from '../../db/connection';
import { costUsd } from '../../domain/pricing';
import { ApiError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { callWithFallback } from '../gateway/attempts';
import { executeRequestSchema } from '../gateway/execute-request';
import { answeredExecutionRecord, failedExecutionRecord, providerFailure } from '../gateway/execution-record';
import type { GatewayService } from '../gateway/gateway';
import { requesterPrincipal } from '../prompts/test-case-executor';

/**
 * The architect's model calls, made by the worker's activities through the gateway path: the
 * gateway's pre-flight (GatewayService.prepare: the company's routing policy, budgets, sanitization
 * and security checks) as the session's user, then its attempt loop with fallback and breaker
 * reports, and an execution record with purpose `architect`, billed like any call. The telemetry
 * wrapper is off: the answer must be the model's JSON and nothing else.
 */
export class GatewayArchitectModel {
  constructor(private readonly deps: { db: Db; gateway: GatewayService }) {}

  complete: ArchitectUseCases['complete'] = async ({ sessionId, companyId, userId, request }) => {
    const gateway = this.deps.gateway;
    const deps = gateway.deps;
    const principal = await requesterPrincipal(this.deps.db, companyId, userId, null);
    const req = executeRequestSchema.parse({
      prompt: request.prompt,
      systemPrompt: request.systemPrompt,
      maxTokens: request.maxTokens,
      temperature: 0.2,
      executionMode: 'AUTONOMOUS',
      telemetry: { mode: 'off' },
      metadata: { source: 'architect', architectSessionId: sessionId, architectStep: request.step },
    });
    const executionId = newId();
    const span = deps.tracing.startServerSpan('architect.model', undefined, { 'gatehouse.execution_id': executionId, 'gatehouse.company_id': companyId });
    try {
      const ready = await gateway.prepare(principal, req, executionId, span);
      if (ready.kind !== 'ready') throw new Error('unreachable: the architect never runs DRY_RUN');
      const release = gateway.acquire(companyId);
      let outcome: Awaited<ReturnType<typeof callWithFallback>>;
      try {
        outcome = await callWithFallback(deps, ready.plan, ready.request, companyId);
      } finally {
        release();
      }
      const ctx = { principal, executionId, req: ready.req, plan: ready.plan, traceId: ready.trace.traceId, attachmentNotes: ready.attachmentNotes, security: ready.security?.record };
      const { candidate, result } = outcome;
      if (!result) {
        deps.recorder.record({ ...failedExecutionRecord(ctx, outcome, outcome.error!, performance.now() - ready.startedAt), purpose: 'architect' });
        throw providerFailure(executionId, outcome, outcome.error!);
      }
      const record = answeredExecutionRecord(ctx, outcome, result, {
        costUsd: costUsd(
          candidate.provider.prices.find((m) => m.name === candidate.model),
          result.usage,
        ),
        telemetryMode: ready.telemetryMode,
        telemetryWrapped: false,
        telemetry: null,
      });
      record.latencyMs = Math.round(performance.now() - ready.startedAt);
      deps.recorder.record({ ...record, purpose: 'architect' });
      // Stand-ins in the answer go back to the originals (strict), as for every gateway answer.
      const content = ready.protectedRun ? await deps.sanitization.restore(ready.protectedRun, result.content, executionId) : result.content;
      return { content, executionId };
    } catch (err) {
      // A provider that failed after every fallback is retried by the activity; a refusal is not.
      if (err instanceof ApiError && err.status >= 500) throw new Error(`${err.code}: ${err.message}`);
      throw err;
    } finally {
      span.end();
    }
  };
}
