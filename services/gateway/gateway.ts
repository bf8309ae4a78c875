/**
 * POST /api/gateway/execute in its three modes, step by step. AUTONOMOUS and DRY_RUN run entirely
 * in the api process (no Temporal round trip); SUPERVISED calls the provider, then creates a hold
 * whose workflow waits for a reviewer. The steps live beside this file:
 *
 *   planning.ts          the effective policy, the candidates and their order, the policy check
 *   dry-run.ts           DRY_RUN's routing plan (nothing called)
 *   sanitization.ts      PII protection of every part of the request, restore of the answer
 *   security-step.ts     security checks (off/monitor/block, documents always) and protective prompts
 *   (prepare() below is the pre-flight every edge shares: execute and the OpenAI-compatible API)
 *   attempts.ts          the attempt loop with fallback, retry-after and breaker reports
 *   supervised.ts        SUPERVISED: the hold and its workflow
 *   execution-record.ts  the record of every call that reached a provider (written behind the response)
 *   ../prompts/gateway-prompts.ts  a stored prompt (metadata.promptId), its documents, resolveReferences
 *
 * This file orders them, keeps the per-company concurrency guardrail and the server span.
 */
import type { Span } from '@opentelemetry/api';
import { costUsd } from '../../domain/pricing';
import type { Principal } from '../../domain/principal';
import type { BreakerGate } from '../../domain/routing/breaker-gate';
import { type TelemetryMode, resolveTelemetryMode, shouldInstrument, stripTelemetry, telemetryInstruction } from '../../domain/telemetry';
import { classifyTerms } from '../../domain/task-vocabulary';
import { ApiError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { SpanStatusCode } from '../../lib/tracing';
import { callWithFallback } from './attempts';
import { buildCompletionRequest, hasImage } from './completion-request';
import { dryRunAnswer } from './dry-run';
import type { ExecuteRequest } from './execute-request';
import { type AnsweredExecutionRecord, type RecordContext, answeredExecutionRecord, executedEvent, failedExecutionRecord, providerFailure } from './execution-record';
import { GatewayPrompts, type Injection, type StoredPromptRef } from '../prompts/gateway-prompts';
import { ParsingAttachments } from '../parsing/attachments';
import { type GatewayDeps, type Plan, geofencing } from './plan';
import type { CompletionRequest } from '../../domain/providers';
import type { SanitizationDecision } from '../../domain/sanitization-decision';
import { GatewayPlanner } from './planning';
import type { ProtectedRun } from './sanitization';
import { DEFAULT_SESSION_TTL_SECONDS, SessionAffinity } from './session-affinity';
import { holdAnswer } from './supervised';

/** The outcome of GatewayService.prepare: DRY_RUN's answer, or everything the provider call needs. */
export type PreparedExecution =
  | { kind: 'dry-run'; answer: ReturnType<typeof dryRunAnswer> }
  | {
      kind: 'ready';
      /** The request after a stored prompt was resolved and documents parsed. */
      req: ExecuteRequest;
      stored: StoredPromptRef | null;
      /** What the provider gets: stand-ins only when sanitization applies. */
      request: CompletionRequest;
      attachmentNotes: string[];
      plan: Plan;
      sanitization: SanitizationDecision;
      protectedRun: ProtectedRun | null;
      /** The security step's outcome (its record goes into the execution record). */
      security: Awaited<ReturnType<NonNullable<GatewayDeps['security']>['run']>> | null;
      telemetryMode: TelemetryMode;
      telemetryWrapped: boolean;
      trace: { traceId: string; spanId: string; traceparent: string };
      startedAt: number;
      routingMs: number;
    };

export class GatewayService {
  private readonly inFlight = new Map<string, number>();
  private readonly affinity = new SessionAffinity();
  private readonly planner: GatewayPlanner;

  /** `deps` is shared with every step (setBreakers swaps the gate for all of them). */
  constructor(readonly deps: GatewayDeps) {
    this.planner = new GatewayPlanner(deps, this.affinity);
  }

  /** The breakers helper swaps its gate in after construction (see services/container.ts). */
  setBreakers(gate: BreakerGate): void {
    this.deps.breakers = gate;
  }

  async execute(principal: Principal, req: ExecuteRequest, traceparentHeader: string | undefined) {
    const executionId = newId();
    const span = this.deps.tracing.startServerSpan('gateway.execute', traceparentHeader, {
      'gatehouse.execution_id': executionId,
      'gatehouse.mode': req.executionMode,
      'gatehouse.company_id': principal.companyId,
    });
    try {
      const result = await this.run(principal, req, executionId, span);
      span.setStatus({ code: SpanStatusCode.OK });
      return result;
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      span.end();
    }
  }

  /**
   * The pre-flight every execution shares (POST /api/gateway/execute and the OpenAI-compatible
   * /v1/chat/completions, streamed or not): a stored prompt resolved, document attachments parsed,
   * the effective policy and the sanitization decision (their 403s), the provider request built
   * (`extras` adds what another wire format carries: tools, stop, a whole conversation), the plan,
   * and for anything but DRY_RUN the request protected, the security step (403 SECURITY_BLOCKED)
   * and the telemetry wrapper. Whatever must run before any provider call, for every edge,
   * belongs here.
   */
  async prepare(principal: Principal, req: ExecuteRequest, executionId: string, span: Span, extras?: Partial<CompletionRequest>): Promise<PreparedExecution> {
    const startedAt = performance.now();
    const { traceId, spanId } = span.spanContext();
    const trace = { traceId, spanId, traceparent: this.deps.tracing.traceparentOf(span) };

    // A stored prompt (or references) becomes an ordinary request first: one property check otherwise.
    let stored: StoredPromptRef | null = null;
    let injection: Injection | undefined;
    if (this.deps.prompts && GatewayPrompts.applies(req)) {
      const resolved = await this.deps.prompts.resolve(principal, req);
      req = resolved.request;
      stored = resolved.prompt;
      injection = resolved.injection;
    }

    // PDF attachments become text or Markdown under the effective parsing mode (NATIVE leaves them).
    if (this.deps.documents && ParsingAttachments.applies(req)) req = await this.deps.documents.prepare(principal, req, stored?.id);

    // Rules 1 and 2 (entitlement, the effective policy's sanitization mode, documents): 403s are thrown here, before anything runs.
    const applied = await this.planner.effectivePolicy(principal, req);
    const sanitization = this.deps.sanitization.decide(principal, req, applied?.sanitization ?? null);
    const specializations = classifyTerms(req.specializations ?? []);
    if (specializations.unknown.length) {
      throw ApiError.badRequest(`Unknown specializations: ${specializations.unknown.join(', ')}`, undefined, 'UNKNOWN_SPECIALIZATION');
    }

    const { request, attachmentNotes } = buildCompletionRequest(req);
    if (extras) Object.assign(request, extras);
    const plan = await this.planner.plan(principal, req, specializations.dimensions, hasImage(request.attachments), applied);
    const routingMs = performance.now() - startedAt;

    // Security step (issue 20, security-step.ts): DRY_RUN reports what the checks say, never refuses.
    const securityInput = { principal, req, request, applied, executionId };
    if (req.executionMode === 'DRY_RUN') {
      return {
        kind: 'dry-run',
        answer: dryRunAnswer(req, request, plan, { startedAt, routingMs }, injection, (await this.deps.security?.run({ ...securityInput, dryRun: true })) ?? null),
      };
    }
    // Budget pre-flight: anything billed is refused once the month's budget is spent (DRY_RUN bills nothing).
    // No budget (the common case) is known without waiting: no await then.
    const admitting = this.deps.budgets?.admit(principal);
    if (admitting) await admitting;

    // The provider gets stand-ins only; if protecting fails, this throws and nothing is sent.
    let protectedRun: ProtectedRun | null = null;
    if (sanitization.kind === 'apply') {
      protectedRun = await this.deps.sanitization.protect(req, request, sanitization);
      attachmentNotes.push(...protectedRun.notes);
    }
    // After sanitization (it scans the document text the sanitizer extracted), before any provider call: may throw 403 SECURITY_BLOCKED.
    // Security off, no attachments, no protective prompt (the common case): settled from the cached settings, no await.
    const security = this.deps.security ? (this.deps.security.settledWithoutWork(securityInput) ?? (await this.deps.security.run(securityInput))) : null;
    if (req.acknowledgeUnprotectedDocument) await this.deps.sanitization.auditUnprotected(principal, req, executionId);

    // Telemetry wrapper (rule 3): ask the model for a ##TEL block, stripped again below.
    const telemetryMode: TelemetryMode = resolveTelemetryMode(req);
    const telemetryWrapped = shouldInstrument(req, telemetryMode, Math.random());
    if (telemetryWrapped) {
      request.systemPrompt = [request.systemPrompt, telemetryInstruction(trace.traceId)].filter(Boolean).join('\n\n');
    }
    return { kind: 'ready', req, stored, request, attachmentNotes, plan, sanitization, protectedRun, security, telemetryMode, telemetryWrapped, trace, startedAt, routingMs };
  }

  private async run(principal: Principal, req: ExecuteRequest, executionId: string, span: Span) {
    const prepared = await this.prepare(principal, req, executionId, span);
    if (prepared.kind === 'dry-run') return prepared.answer;
    const { stored, request, attachmentNotes, plan, sanitization, protectedRun, security, telemetryMode, telemetryWrapped, trace, startedAt, routingMs } = prepared;
    req = prepared.req;

    const release = this.acquire(principal.companyId);
    const providerStartedAt = performance.now();
    let outcome: Awaited<ReturnType<typeof callWithFallback>>;
    try {
      outcome = await callWithFallback(this.deps, plan, request, principal.companyId);
    } finally {
      release();
    }
    const providerMs = performance.now() - providerStartedAt;
    const { candidate } = outcome;
    span.setAttributes({
      'gatehouse.provider.name': candidate.provider.name,
      'gatehouse.provider.type': candidate.provider.type,
      'gen_ai.request.model': candidate.model,
      'gatehouse.attempts': outcome.attempts.length,
    });
    const recordContext: RecordContext = { principal, executionId, req, plan, traceId: trace.traceId, attachmentNotes, security: security?.record };

    const result = outcome.result;
    if (!result) {
      const error = outcome.error!;
      this.deps.recorder.record(failedExecutionRecord(recordContext, outcome, error, performance.now() - startedAt));
      this.deps.metrics.gatewayExecutions.inc({ mode: req.executionMode, status: 'error', provider_type: candidate.provider.type });
      throw providerFailure(executionId, outcome, error);
    }

    const stripped = stripTelemetry(result.content);
    const cost = costUsd(
      candidate.provider.prices.find((m) => m.name === candidate.model),
      result.usage,
    );
    // The caller gets the originals back (strict: only complete wrappers are restored).
    if (protectedRun) {
      try {
        stripped.content = await this.deps.sanitization.restore(protectedRun, stripped.content, executionId);
      } catch (err) {
        // The provider has answered (and been paid): the call is recorded, as an error, and the
        // stand-in answer is withheld rather than handed out as if it were the caller's own data.
        const failed = answeredExecutionRecord(recordContext, outcome, result, { costUsd: cost, telemetryMode, telemetryWrapped, telemetry: stripped.telemetry });
        const reason = err instanceof Error ? err.message : String(err);
        this.deps.recorder.record({ ...failed, status: 'ERROR', errorCode: 'RESTORE_FAILED', errorMessage: reason.slice(0, 1000), latencyMs: Math.round(performance.now() - startedAt) });
        this.deps.metrics.gatewayExecutions.inc({ mode: req.executionMode, status: 'error', provider_type: candidate.provider.type });
        throw err;
      }
    }
    const executedAt = new Date().toISOString();
    if (req.session_id) {
      this.affinity.set(principal.companyId, req.session_id, candidate.provider.id, candidate.model, req.session_ttl ?? DEFAULT_SESSION_TTL_SECONDS);
    }
    const record = answeredExecutionRecord(recordContext, outcome, result, {
      costUsd: cost,
      telemetryMode,
      telemetryWrapped,
      telemetry: stripped.telemetry,
    });

    if (req.executionMode === 'SUPERVISED') {
      const held = await holdAnswer(this.deps, {
        principal,
        executionId,
        req,
        request,
        plan,
        outcome,
        result,
        content: stripped.content,
        record,
        timing: { startedAt, routingMs, providerMs },
      });
      if (stored) this.promptExecuted(principal, stored, record, 'SUPERVISED');
      return held;
    }

    const geo = geofencing(plan);
    const totalMs = performance.now() - startedAt;
    // One record object, no copies: the recorder keeps it as handed over (written behind the response).
    record.latencyMs = Math.round(totalMs);
    this.deps.recorder.record(record);
    if (stored) this.promptExecuted(principal, stored, record, 'AUTONOMOUS');
    // The event's data is built only when a subscription may want it (most companies have none).
    if (this.deps.webhooks?.wants(principal.companyId, 'gateway.executed')) {
      this.deps.webhooks.gatewayExecuted(principal.companyId, executedEvent(record, 'AUTONOMOUS', totalMs, null));
    }
    this.deps.metrics.gatewayExecutions.inc({ mode: 'AUTONOMOUS', status: 'success', provider_type: candidate.provider.type });
    this.deps.metrics.gatewayAddedLatency.observe(Math.max(0, totalMs - providerMs) / 1000);
    return {
      success: true as const,
      executionId,
      result: { content: stripped.content, contentType: 'text/plain', encoding: 'utf-8', metadata: null },
      usage: result.usage,
      provider: { name: candidate.provider.name, type: candidate.provider.type, model: result.model || candidate.model },
      metadata: {
        executedAt,
        providerExecMs: Math.round(result.providerLatencyMs),
        finishReason: result.finishReason,
        traceId: trace.traceId,
        spanId: trace.spanId,
        traceparent: trace.traceparent,
        telemetryMode,
        telemetryWrapped,
        telemetryTraceId: telemetryWrapped ? trace.traceId : null,
        geoRuleSource: geo.applied ? plan.applied!.source : null,
        geoRulesApplied: geo.rules,
        sanitization: this.deps.sanitization.metadata(sanitization, protectedRun),
      },
      policyChecked: plan.applied !== null,
      policyName: plan.applied?.name ?? null,
    };
  }

  /** A stored prompt ran: its execution count and prompt.executed (services/prompts/gateway-prompts.ts). */
  private promptExecuted(principal: Principal, stored: StoredPromptRef, r: AnsweredExecutionRecord, mode: string): void {
    this.deps.prompts!.executed(principal.companyId, stored, {
      executionId: r.id,
      executionTimeMs: r.latencyMs,
      provider: r.providerName ?? '',
      model: r.model ?? '',
      tokensUsed: r.totalTokens,
      mode,
    });
  }

  /** The 429 guardrail: at most GATEWAY_MAX_CONCURRENT_PER_COMPANY calls in flight per company (every edge takes a slot). */
  acquire(companyId: string): () => void {
    const current = this.inFlight.get(companyId) ?? 0;
    if (current >= this.deps.config.GATEWAY_MAX_CONCURRENT_PER_COMPANY) {
      throw new ApiError(429, 'CONCURRENCY_LIMIT', `Concurrency guardrail exceeded: at most ${this.deps.config.GATEWAY_MAX_CONCURRENT_PER_COMPANY} executions in flight per company`);
    }
    this.inFlight.set(companyId, current + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const n = (this.inFlight.get(companyId) ?? 1) - 1;
      if (n <= 0) this.inFlight.delete(companyId);
      else this.inFlight.set(companyId, n);
    };
  }
}
