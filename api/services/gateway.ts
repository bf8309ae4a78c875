import type { Span } from '@opentelemetry/api';
import type { ProviderRegistry } from '../../activities/providers';
import {
  type Attachment,
  type CompletionRequest,
  type CompletionResult,
  ProviderError,
  type ProviderTarget,
  type ProviderType,
} from '../../activities/providers/types';
import type { ProviderModelConfig } from '../../db/models/provider';
import { costUsd } from '../../domain/pricing';
import { type Candidate, type SelectableProvider, selectCandidates } from '../../domain/provider-selection';
import { classifyTerms } from '../../domain/task-vocabulary';
import {
  type TelemetryMode,
  resolveTelemetryMode,
  shouldInstrument,
  stripTelemetry,
  telemetryInstruction,
} from '../../domain/telemetry';
import { estimateTokens, renderTemplate } from '../../domain/template';
import type { Config } from '../../lib/config';
import { ApiError } from '../../lib/errors';
import { isUuid, newId } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import type { Metrics } from '../../lib/metrics';
import { SpanStatusCode, type Tracing } from '../../lib/tracing';
import type { Principal } from '../principal';
import type { ExecuteRequest } from '../schemas/gateway';
import type { ExecutionAttempt, ExecutionRecorder } from './execution-recorder';
import type { GatewaySanitization, ProtectedRun } from './gateway-sanitization';
import type { HoldService } from './holds';
import type { ProviderGroupService } from './provider-groups';
import type { ProviderService, RuntimeProvider } from './providers';
import { DEFAULT_SESSION_TTL_SECONDS, SessionAffinity } from './session-affinity';

/** Models used with client credentials when the caller names none. */
const CLIENT_DEFAULT_MODEL: Partial<Record<ProviderType, string>> = {
  OPENAI: 'gpt-4o-mini',
  ANTHROPIC: 'claude-haiku-4-5',
  GOOGLE: 'gemini-2.5-flash',
  DEEPSEEK: 'deepseek-chat',
};

/** A provider the call may go to: a stored one, or the caller's own credentials (never stored). */
type CallableProvider = SelectableProvider & {
  baseUrl: string | null;
  apiKey: string;
  stored: boolean;
  prices: ProviderModelConfig[];
};

interface Plan {
  candidates: Candidate<CallableProvider>[];
  reason: string;
  groupId: string | null;
}

interface CallOutcome {
  result: CompletionResult | null;
  candidate: Candidate<CallableProvider>;
  attempts: ExecutionAttempt[];
  error: ProviderError | null;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** Up to this many provider calls per execution (the first plus three fallbacks). */
const MAX_ATTEMPTS = 4;

/**
 * POST /api/gateway/execute in its three modes. AUTONOMOUS and DRY_RUN run entirely in the api
 * process (no Temporal round trip); SUPERVISED calls the provider, then creates a hold whose
 * workflow waits for a reviewer. Every call is recorded through the ExecutionRecorder, which
 * writes behind the response.
 */
export class GatewayService {
  private readonly inFlight = new Map<string, number>();
  private readonly groupCounters = new Map<string, number>();
  private readonly affinity = new SessionAffinity();

  constructor(
    private readonly deps: {
      config: Config;
      providers: ProviderService;
      groups: ProviderGroupService;
      registry: ProviderRegistry;
      recorder: ExecutionRecorder;
      holds: HoldService;
      metrics: Metrics;
      tracing: Tracing;
      logger: Logger;
      sanitization: GatewaySanitization;
    },
  ) {}

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

  private async run(principal: Principal, req: ExecuteRequest, executionId: string, span: Span) {
    const startedAt = performance.now();
    const { traceId, spanId } = span.spanContext();
    const trace = { traceId, spanId, traceparent: this.deps.tracing.traceparentOf(span) };

    // Rules 1 and 2 (entitlement, policy mode, documents): 403s are thrown here, before anything runs.
    const sanitization = await this.deps.sanitization.decide(principal, req);
    const specializations = classifyTerms(req.specializations ?? []);
    if (specializations.unknown.length) {
      throw ApiError.badRequest(`Unknown specializations: ${specializations.unknown.join(', ')}`, undefined, 'UNKNOWN_SPECIALIZATION');
    }

    const { request, attachmentNotes } = buildCompletionRequest(req);
    const plan = await this.plan(principal, req, specializations.dimensions, hasImage(request.attachments));
    const routingMs = performance.now() - startedAt;
    const primary = plan.candidates[0]!;

    if (req.executionMode === 'DRY_RUN') {
      const promptTokens = estimateTokens(request.systemPrompt, request.prompt, ...(request.messages ?? []).map((m) => m.content));
      const price = primary.provider.prices.find((m) => m.name === primary.model);
      return {
        success: true as const,
        mode: 'DRY_RUN' as const,
        routingPlan: {
          provider: primary.provider.name,
          providerType: primary.provider.type,
          model: primary.model,
          policyId: null,
          fallbackProviders: plan.candidates.slice(1, MAX_ATTEMPTS).map((c) => c.provider.name),
          geofencingApplied: false,
          geofencingRegion: null,
          securityPassed: true,
          protectivePromptApplied: false,
          documentsInjected: 0,
          tokensInjected: 0,
          truncated: false,
          estimatedPromptTokens: promptTokens,
          estimatedCostUSD: costUsd(price, { promptTokens, completionTokens: req.maxTokens ?? 0 }),
          reasoning: plan.reason,
        },
        timeline: { routingMs: round(routingMs), totalMs: round(performance.now() - startedAt) },
      };
    }

    // The provider gets stand-ins only; if protecting fails, this throws and nothing is sent.
    let protectedRun: ProtectedRun | null = null;
    if (sanitization.kind === 'apply') {
      protectedRun = await this.deps.sanitization.protect(req, request, sanitization);
      attachmentNotes.push(...protectedRun.notes);
    }
    await this.deps.sanitization.auditUnprotected(principal, req, executionId);

    // Telemetry wrapper (rule 3): ask the model for a ##TEL block, stripped again below.
    const telemetryMode: TelemetryMode = resolveTelemetryMode(req);
    const telemetryWrapped = shouldInstrument(req, telemetryMode, Math.random());
    if (telemetryWrapped) {
      request.systemPrompt = [request.systemPrompt, telemetryInstruction(trace.traceId)].filter(Boolean).join('\n\n');
    }

    const release = this.acquire(principal.companyId);
    let outcome: CallOutcome;
    const providerStartedAt = performance.now();
    try {
      outcome = await this.callWithFallback(plan, request);
    } finally {
      release();
    }
    const providerMs = performance.now() - providerStartedAt;
    const { candidate, attempts } = outcome;
    span.setAttributes({
      'gatehouse.provider.name': candidate.provider.name,
      'gatehouse.provider.type': candidate.provider.type,
      'gen_ai.request.model': candidate.model,
      'gatehouse.attempts': attempts.length,
    });
    const base = {
      id: executionId,
      companyId: principal.companyId,
      apiKeyId: principal.apiKey?.id ?? null,
      userId: principal.via === 'session' ? principal.userId : null,
      providerId: candidate.provider.stored ? candidate.provider.id : null,
      providerType: candidate.provider.type,
      providerName: candidate.provider.name,
      model: candidate.model,
      traceId: trace.traceId,
      attempts,
      createdAt: new Date(),
    };

    if (!outcome.result) {
      const err = outcome.error!;
      this.deps.recorder.record({
        ...base,
        mode: req.executionMode,
        status: 'ERROR',
        promptTokens: 0,
        completionTokens: 0,
        totalTokens: 0,
        costUsd: 0,
        latencyMs: Math.round(performance.now() - startedAt),
        providerLatencyMs: null,
        finishReason: null,
        errorCode: err.kind,
        errorMessage: err.message.slice(0, 1000),
        metadata: { attachmentNotes, groupId: plan.groupId },
      });
      this.deps.metrics.gatewayExecutions.inc({ mode: req.executionMode, status: 'error', provider_type: candidate.provider.type });
      throw new ApiError(500, 'PROVIDER_ERROR', `Provider execution failed: ${err.message}`, undefined, {
        executionId,
        provider: candidate.provider.name,
        model: candidate.model,
        providerErrorKind: err.kind,
        attempts: attempts.length,
      });
    }

    const result = outcome.result;
    const stripped = stripTelemetry(result.content);
    // The caller gets the originals back (strict: only complete wrappers are restored).
    if (protectedRun) stripped.content = await this.deps.sanitization.restore(protectedRun, stripped.content);
    const price = candidate.provider.prices.find((m) => m.name === candidate.model);
    const cost = costUsd(price, result.usage);
    const executedAt = new Date().toISOString();
    if (req.session_id) {
      this.affinity.set(principal.companyId, req.session_id, candidate.provider.id, candidate.model, req.session_ttl ?? DEFAULT_SESSION_TTL_SECONDS);
    }
    const recordCommon = {
      ...base,
      mode: req.executionMode,
      promptTokens: result.usage.promptTokens,
      completionTokens: result.usage.completionTokens,
      totalTokens: result.usage.totalTokens,
      costUsd: cost,
      providerLatencyMs: Math.round(result.providerLatencyMs),
      finishReason: result.finishReason,
      errorCode: null,
      errorMessage: null,
      metadata: {
        attachmentNotes,
        groupId: plan.groupId,
        telemetryMode,
        telemetryWrapped,
        telemetry: stripped.telemetry,
        projectId: req.metadata?.projectId ?? null,
        promptId: req.metadata?.promptId ?? null,
      },
    };

    if (req.executionMode === 'SUPERVISED') {
      const holdStartedAt = performance.now();
      const hold = await this.deps.holds.create({
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
        routingDecision: { provider: candidate.provider.name, model: candidate.model, policyId: null },
        responsePayload: { content: stripped.content, usage: result.usage, model: result.model || candidate.model },
        costEstimate: cost,
      });
      this.deps.recorder.record({ ...recordCommon, status: 'HELD', latencyMs: Math.round(performance.now() - startedAt) });
      this.deps.metrics.gatewayExecutions.inc({ mode: 'SUPERVISED', status: 'held', provider_type: candidate.provider.type });
      return {
        success: true as const,
        mode: 'SUPERVISED' as const,
        holdId: hold.id,
        message: `The response is held for review until ${hold.expiresAt}; approve or reject it with PATCH /api/v1/execution-holds/${hold.id}`,
        timeline: {
          routingMs: round(routingMs),
          providerMs: round(providerMs),
          holdMs: round(performance.now() - holdStartedAt),
          totalMs: round(performance.now() - startedAt),
        },
      };
    }

    const totalMs = performance.now() - startedAt;
    this.deps.recorder.record({ ...recordCommon, status: 'SUCCESS', latencyMs: Math.round(totalMs) });
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
        geoRuleSource: null,
        geoRulesApplied: [] as string[],
        sanitization: this.deps.sanitization.metadata(sanitization, protectedRun),
      },
      policyChecked: false,
      policyName: null,
    };
  }

  /** The 429 guardrail: at most GATEWAY_MAX_CONCURRENT_PER_COMPANY calls in flight per company. */
  private acquire(companyId: string): () => void {
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

  private async plan(principal: Principal, req: ExecuteRequest, specializations: ReturnType<typeof classifyTerms>['dimensions'], needsVision: boolean): Promise<Plan> {
    if (req.useClientCredentials && req.clientProvider) {
      const cp = req.clientProvider;
      const model = cp.model ?? req.model ?? CLIENT_DEFAULT_MODEL[cp.type];
      if (!model) throw ApiError.badRequest(`clientProvider.model is required for type ${cp.type}`);
      if (cp.type === 'CUSTOM' && !cp.endpoint) throw ApiError.badRequest('clientProvider.endpoint is required for type CUSTOM');
      const provider: CallableProvider = {
        id: `client:${cp.type}`,
        type: cp.type,
        name: `client-${cp.type.toLowerCase()}`,
        defaultModel: model,
        models: [],
        specializations: [],
        isDefault: true,
        baseUrl: cp.endpoint ?? null,
        apiKey: cp.apiKey,
        stored: false,
        prices: [],
      };
      return { candidates: [{ provider, model }], reason: 'client credentials (not stored)', groupId: null };
    }

    const runtime = (await this.deps.providers.runtimeProviders(principal.companyId)).map(toCallable);

    if (req.customGatewayId) {
      const custom = runtime.find((p) => p.id === req.customGatewayId && p.type === 'CUSTOM');
      if (!custom) throw ApiError.notFound('Custom gateway not found', 'CUSTOM_GATEWAY_NOT_FOUND');
      return { candidates: [{ provider: custom, model: req.model ?? custom.defaultModel }], reason: 'custom gateway', groupId: null };
    }

    let group: Parameters<typeof selectCandidates>[2];
    let groupId: string | null = null;
    if (req.providerGroupId) {
      const g = isUuid(req.providerGroupId) ? await this.deps.groups.runtimeGroup(principal.companyId, req.providerGroupId) : null;
      if (!g) throw ApiError.notFound('Provider group not found', 'PROVIDER_GROUP_NOT_FOUND');
      if (!g.isActive) throw ApiError.badRequest('Provider group is not active', undefined, 'PROVIDER_GROUP_INACTIVE');
      const counter = this.groupCounters.get(g.id) ?? 0;
      this.groupCounters.set(g.id, counter + 1);
      group = { providerIds: g.providerIds, rotation: req.rotation ?? g.rotation, counter, random: Math.random };
      groupId = g.id;
    }

    const selection = selectCandidates(runtime, { providerType: req.providerType, model: req.model, specializations, needsVision }, group);
    if (!selection.ok) throw ApiError.badRequest(selection.message, undefined, selection.code);
    let candidates = selection.candidates;

    if (req.session_id) {
      const pinned = this.affinity.get(principal.companyId, req.session_id);
      if (pinned) {
        const index = candidates.findIndex((c) => c.provider.id === pinned.providerId);
        if (index >= 0) {
          const [chosen] = candidates.splice(index, 1);
          // force_rotate moves the session off its provider; otherwise it stays there.
          candidates = req.force_rotate ? [...candidates, chosen!] : [{ ...chosen!, model: req.model ?? pinned.model }, ...candidates];
        }
      }
    }
    return { candidates, reason: selection.reason, groupId };
  }

  /** Calls the candidates in order until one answers; a non-retryable failure (400, auth) stops at once. */
  private async callWithFallback(plan: Plan, request: CompletionRequest): Promise<CallOutcome> {
    const attempts: ExecutionAttempt[] = [];
    let lastError: ProviderError | null = null;
    let candidate = plan.candidates[0]!;
    for (const next of plan.candidates.slice(0, MAX_ATTEMPTS)) {
      candidate = next;
      const target: ProviderTarget = {
        type: next.provider.type,
        baseUrl: next.provider.baseUrl,
        apiKey: next.provider.apiKey,
        model: next.model,
        timeoutMs: this.deps.config.PROVIDER_TIMEOUT_MS,
      };
      const t0 = performance.now();
      try {
        const result = await this.deps.registry.complete(target, request);
        attempts.push(attempt(next, 'SUCCESS', performance.now() - t0));
        this.deps.metrics.providerLatency.observe({ provider_type: next.provider.type, outcome: 'success' }, result.providerLatencyMs / 1000);
        return { result, candidate: next, attempts, error: null };
      } catch (err) {
        const error = err instanceof ProviderError ? err : new ProviderError('UNKNOWN', err instanceof Error ? err.message : String(err));
        attempts.push(attempt(next, 'ERROR', performance.now() - t0, error));
        this.deps.metrics.providerLatency.observe({ provider_type: next.provider.type, outcome: 'error' }, (performance.now() - t0) / 1000);
        this.deps.logger.warn({ provider: next.provider.name, model: next.model, kind: error.kind, status: error.status }, 'provider call failed');
        lastError = error;
        if (!error.retryable) break;
      }
    }
    return { result: null, candidate, attempts, error: lastError };
  }
}

function attempt(c: Candidate<CallableProvider>, status: 'SUCCESS' | 'ERROR', ms: number, error?: ProviderError): ExecutionAttempt {
  return {
    providerId: c.provider.stored ? c.provider.id : null,
    providerType: c.provider.type,
    providerName: c.provider.name,
    model: c.model,
    status,
    ...(error ? { errorKind: error.kind, httpStatus: error.status } : {}),
    latencyMs: Math.round(ms),
  };
}

function toCallable(p: RuntimeProvider): CallableProvider {
  return {
    id: p.id,
    type: p.type,
    name: p.name,
    defaultModel: p.defaultModel,
    models: p.models,
    specializations: p.specializations,
    isDefault: p.isDefault,
    baseUrl: p.baseUrl,
    apiKey: p.apiKey,
    stored: true,
    prices: p.models,
  };
}

function hasImage(attachments: Attachment[] | undefined): boolean {
  return Boolean(attachments?.some((a) => a.type === 'image' && a.data));
}

/**
 * The provider request: variables substituted, and attachments reduced to what adapters carry
 * (text and images). A document travels as the caller's extracted text; a document without text,
 * a URL or a file reference is not sent (URLs are never fetched: no server-side requests on a
 * caller's behalf), and a note says so in the execution record.
 */
function buildCompletionRequest(req: ExecuteRequest): { request: CompletionRequest; attachmentNotes: string[] } {
  const notes: string[] = [];
  const attachments: Attachment[] = [];
  for (const a of req.attachments ?? []) {
    if (a.type === 'text' && a.content) attachments.push(a);
    else if (a.type === 'image' && a.data) attachments.push(a);
    else if (a.type === 'document' && a.content) attachments.push({ type: 'text', content: a.content, fileName: a.fileName });
    else notes.push(`${a.type} attachment ${a.fileName ?? a.url ?? a.fileId ?? ''} not sent: no content to forward`.replace('  ', ' '));
  }
  return {
    request: {
      prompt: renderTemplate(req.prompt, req.variables),
      systemPrompt: req.systemPrompt ? renderTemplate(req.systemPrompt, req.variables) : undefined,
      messages: req.messages,
      temperature: req.temperature,
      maxTokens: req.maxTokens,
      attachments: attachments.length ? attachments : undefined,
    },
    attachmentNotes: notes,
  };
}
