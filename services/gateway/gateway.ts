import type { Span } from '@opentelemetry/api';
import type { ProviderRegistry } from '../../activities/providers';
import {
  type Attachment,
  type CompletionRequest,
  type CompletionResult,
  ProviderError,
  type ProviderTarget,
  type ProviderType,
} from '../../domain/providers';
import type { ProviderModelConfig } from '../../db/models/provider';
import { costUsd } from '../../domain/pricing';
import { type Candidate, type SelectableProvider, selectCandidates } from '../../domain/provider-selection';
import type { BreakerGate } from '../../domain/routing/breaker-gate';
import { type RoutingPolicy, describeGeoRules, hasGeoRules } from '../../domain/routing/policy';
import { ruleVerdict } from '../../domain/routing/rank';
import { buildTaskProfile, parseTaskCodes } from '../../domain/routing/task-profile';
import type { RoutingCandidate, RoutingDecision, TaskProfile } from '../../domain/routing/types';
import { TASK_DIMENSIONS, type TaskDimension, classifyTerms } from '../../domain/task-vocabulary';
import {
  type TelemetryMode,
  resolveTelemetryMode,
  shouldInstrument,
  stripTelemetry,
  telemetryInstruction,
} from '../../domain/telemetry';
import { estimateTokens, renderTemplate } from '../../domain/template';
import type { GatewayExecutedData } from '../../domain/webhooks';
import type { Config } from '../../lib/config';
import { ApiError } from '../../lib/errors';
import { memoizeByObject } from '../../lib/object-memo';
import { isUuid, newId } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import type { Metrics } from '../../lib/metrics';
import { SpanStatusCode, type Tracing } from '../../lib/tracing';
import type { Principal } from '../../domain/principal';
import type { ExecuteRequest } from './execute-request';
import type { ExecutionAttempt, ExecutionRecord, ExecutionRecorder } from './execution-recorder';
import type { GatewaySanitization, ProtectedRun } from './sanitization';
import { type PolicySanitization, policySanitizationOf } from '../../domain/sanitization-decision';
import type { HoldService } from '../holds/holds';
import type { ProviderGroupService } from '../providers/provider-groups';
import type { ProviderService, RuntimeProvider } from '../providers/providers';
import type { WebhookService } from '../webhooks/webhooks';
import type { DecideOptions, RoutingService } from '../routing/routing';
import type { RuntimePolicy } from '../routing/policies';
import { DEFAULT_SESSION_TTL_SECONDS, SessionAffinity } from './session-affinity';
import { GatewayPrompts, type Injection, type StoredPromptRef } from '../prompts/gateway-prompts';

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
  locationCountry: string | null;
  locationNetwork: string | null;
  compliance: string[];
};

/** The routing policy that governs a request (gateway rule 6), and where it came from. */
interface AppliedPolicy {
  id: string | null;
  name: string;
  /** request-policy (policyId), inline-policy (policy), or <scope>-default. */
  source: string;
  policy: RoutingPolicy;
  /** The policy's sanitization block (mode, allowedTriggers, sensitivityProfiles), null when it has none. */
  sanitization: PolicySanitization | null;
}

interface Plan {
  /** Shared with the routing memos (a reused decision's call order): never mutated, copied to change. */
  candidates: readonly Candidate<CallableProvider>[];
  /**
   * Every candidate already passed the applied policy's rules: the routing engine ranked them under
   * it and nothing since changed a provider or model. enforce() is skipped for such a plan.
   */
  compliant: boolean;
  reason: string;
  groupId: string | null;
  applied: AppliedPolicy | null;
  profile: TaskProfile | null;
  /** Provider calls allowed: 1 + fallback.maxRetries under a policy, MAX_ATTEMPTS otherwise. */
  maxAttempts: number;
  retryDelayMs: number;
}

interface CallOutcome {
  result: CompletionResult | null;
  candidate: Candidate<CallableProvider>;
  attempts: ExecutionAttempt[];
  error: ProviderError | null;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

const NO_INJECTION: Injection = Object.freeze({ documentsInjected: 0, tokensInjected: 0, truncated: false });

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
      /** gateway.executed events (fire-and-forget; optional so other wirings need not provide it). */
      webhooks?: WebhookService;
      sanitization: GatewaySanitization;
      routing: RoutingService;
      breakers: BreakerGate;
      /** Stored prompts (metadata.promptId), bound documents and resolveReferences (issue 11). */
      prompts?: GatewayPrompts;
    },
  ) {}

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

  private async run(principal: Principal, req: ExecuteRequest, executionId: string, span: Span) {
    const startedAt = performance.now();
    const { traceId, spanId } = span.spanContext();
    const trace = { traceId, spanId, traceparent: this.deps.tracing.traceparentOf(span) };

    // A stored prompt (or references) becomes an ordinary request first: one property check otherwise.
    let stored: StoredPromptRef | null = null;
    let injection: Injection = NO_INJECTION;
    if (this.deps.prompts && GatewayPrompts.applies(req)) {
      const resolved = await this.deps.prompts.resolve(principal, req);
      req = resolved.request;
      stored = resolved.prompt;
      injection = resolved.injection;
    }

    // Rules 1 and 2 (entitlement, the effective policy's sanitization mode, documents): 403s are thrown here, before anything runs.
    const applied = await this.effectivePolicy(principal, req);
    const sanitization = await this.deps.sanitization.decide(principal, req, applied?.sanitization ?? null);
    const specializations = classifyTerms(req.specializations ?? []);
    if (specializations.unknown.length) {
      throw ApiError.badRequest(`Unknown specializations: ${specializations.unknown.join(', ')}`, undefined, 'UNKNOWN_SPECIALIZATION');
    }

    const { request, attachmentNotes } = buildCompletionRequest(req);
    const plan = await this.plan(principal, req, specializations.dimensions, hasImage(request.attachments), applied);
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
          policyId: plan.applied?.id ?? null,
          fallbackProviders: plan.candidates.slice(1, plan.maxAttempts).map((c) => c.provider.name),
          geofencingApplied: geofencing(plan).applied,
          geofencingRegion: geofencing(plan).applied ? (primary.provider.locationNetwork ?? null) : null,
          securityPassed: true,
          protectivePromptApplied: false,
          documentsInjected: injection.documentsInjected,
          tokensInjected: injection.tokensInjected,
          truncated: injection.truncated,
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
      outcome = await this.callWithFallback(plan, request, principal.companyId);
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
        metadata: { attachmentNotes, groupId: plan.groupId, ...routingMetadata(plan) },
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
      // Set below (HELD or SUCCESS, and the final latency) before the record is handed over.
      status: 'SUCCESS' as ExecutionRecord['status'],
      latencyMs: 0,
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
        ...routingMetadata(plan),
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
        routingDecision: { provider: candidate.provider.name, model: candidate.model, policyId: plan.applied?.id ?? null },
        responsePayload: { content: stripped.content, usage: result.usage, model: result.model || candidate.model },
        costEstimate: cost,
      });
      recordCommon.status = 'HELD';
      recordCommon.latencyMs = Math.round(performance.now() - startedAt);
      this.deps.recorder.record(recordCommon);
      if (stored) this.promptExecuted(principal, stored, recordCommon, 'SUPERVISED');
      if (this.deps.webhooks?.wants(principal.companyId, 'gateway.executed')) {
        this.deps.webhooks.gatewayExecuted(principal.companyId, executedEvent(recordCommon, 'SUPERVISED', performance.now() - startedAt, hold.id));
      }
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

    const geo = geofencing(plan);
    const totalMs = performance.now() - startedAt;
    // One record object, no copies: the recorder keeps it as handed over (written behind the response).
    recordCommon.latencyMs = Math.round(totalMs);
    this.deps.recorder.record(recordCommon);
    if (stored) this.promptExecuted(principal, stored, recordCommon, 'AUTONOMOUS');
    // The event's data is built only when a subscription may want it (most companies have none).
    if (this.deps.webhooks?.wants(principal.companyId, 'gateway.executed')) {
      this.deps.webhooks.gatewayExecuted(principal.companyId, executedEvent(recordCommon, 'AUTONOMOUS', totalMs, null));
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

  private promptExecuted(principal: Principal, stored: StoredPromptRef, r: ExecutionRecord, mode: string): void {
    this.deps.prompts!.executed(principal.companyId, stored, {
      executionId: r.id,
      executionTimeMs: r.latencyMs,
      provider: r.providerName ?? '',
      model: r.model ?? '',
      tokensUsed: r.totalTokens,
      mode,
    });
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

  private async plan(
    principal: Principal,
    req: ExecuteRequest,
    specializations: TaskDimension[],
    needsVision: boolean,
    applied: AppliedPolicy | null,
  ): Promise<Plan> {
    const plan = await this.select(principal, req, specializations, needsVision, applied);
    if (!applied || plan.compliant) return plan;
    return this.enforce(plan, applied);
  }

  /** Gateway rule 6: policyId, else the inline policy, else the default for the scope (prompt, user, company). */
  private async effectivePolicy(principal: Principal, req: ExecuteRequest): Promise<AppliedPolicy | null> {
    const routing = this.deps.routing;
    if (req.policyId) {
      const saved = await routing.policyById(principal.companyId, req.policyId);
      return { id: saved.id, name: saved.name, source: 'request-policy', policy: saved.policy, sanitization: saved.sanitization };
    }
    if (req.policy) {
      const policy = routing.inlinePolicy(req.policy);
      return { id: null, name: 'inline', source: 'inline-policy', policy, sanitization: policySanitizationOf(req.policy) };
    }
    const promptId = typeof req.metadata?.promptId === 'string' ? req.metadata.promptId : null;
    const def = await routing.defaultPolicy(principal.companyId, { promptId, sessionUser: principal.via === 'session' });
    return def ? appliedDefault(def) : null;
  }

  /**
   * The ordered candidates before the policy check. Explicit choices (client credentials, a custom
   * gateway, a provider group, providerType/model) keep their meaning; otherwise, under a policy,
   * the routing engine ranks every active provider/model pair, and without one the company default
   * comes first (the foundation's selection).
   */
  private async select(
    principal: Principal,
    req: ExecuteRequest,
    specializations: TaskDimension[],
    needsVision: boolean,
    applied: AppliedPolicy | null,
  ): Promise<Plan> {
    const base = {
      groupId: null as string | null,
      compliant: false,
      applied,
      profile: null as TaskProfile | null,
      maxAttempts: applied ? (applied.policy.fallback.enabled ? 1 + applied.policy.fallback.maxRetries : 1) : MAX_ATTEMPTS,
      retryDelayMs: applied ? applied.policy.fallback.retryDelayMs : 0,
    };
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
        locationCountry: null,
        locationNetwork: null,
        compliance: [],
      };
      return { ...base, candidates: [{ provider, model }], reason: 'client credentials (not stored)' };
    }

    const runtime = callableProviders(await this.deps.providers.runtimeProviders(principal.companyId));

    if (req.customGatewayId) {
      const custom = runtime.find((p) => p.id === req.customGatewayId && p.type === 'CUSTOM');
      if (!custom) throw ApiError.notFound('Custom gateway not found', 'CUSTOM_GATEWAY_NOT_FOUND');
      return { ...base, candidates: [{ provider: custom, model: req.model ?? custom.defaultModel }], reason: 'custom gateway' };
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

    let candidates: readonly Candidate<CallableProvider>[];
    let reason: string;
    let profile: TaskProfile | null = null;
    let compliant = false;
    if (applied && !group) {
      // The routing engine: rank under the policy (restricted to an explicit providerType/model).
      const ranked = await this.rankUnderPolicy(principal, req, specializations, applied, runtime);
      candidates = ranked.candidates;
      reason = ranked.reason;
      profile = ranked.profile;
      compliant = ranked.compliant;
    } else {
      const selection = selectCandidates(runtime, { providerType: req.providerType, model: req.model, specializations, needsVision }, group);
      if (!selection.ok) throw ApiError.badRequest(selection.message, undefined, selection.code);
      candidates = selection.candidates;
      reason = selection.reason;
      profile = applied ? null : statedProfile(req);
    }

    if (req.session_id) {
      const pinned = this.affinity.get(principal.companyId, req.session_id);
      if (pinned) {
        const index = candidates.findIndex((c) => c.provider.id === pinned.providerId);
        if (index >= 0) {
          const chosen = candidates[index]!;
          const others = candidates.filter((_, i) => i !== index);
          // force_rotate moves the session off its provider; otherwise it stays there.
          if (req.force_rotate) candidates = [...others, chosen];
          else {
            const model = req.model ?? pinned.model;
            candidates = [{ ...chosen, model }, ...others];
            // The pinned model was not ranked under the policy: check it like any chosen model.
            if (model !== chosen.model) compliant = false;
          }
        }
      }
    }
    // Open circuit breakers: skip those providers while any other candidate remains.
    const blocked = this.deps.breakers.blockedProviderIds();
    if (blocked.size) {
      const open = candidates.filter((c) => !blocked.has(c.provider.id));
      if (open.length) candidates = open;
    }
    return { ...base, candidates, reason, groupId, profile, compliant };
  }

  private async rankUnderPolicy(
    principal: Principal,
    req: ExecuteRequest,
    specializations: TaskDimension[],
    applied: AppliedPolicy,
    runtime: CallableProvider[],
  ): Promise<{ candidates: readonly Candidate<CallableProvider>[]; reason: string; profile: TaskProfile | null; compliant: boolean }> {
    const byId = providersById(runtime);
    let restrictTo: ((c: RoutingCandidate) => boolean) | undefined;
    let modelOverride: string | null = null;
    if (req.providerType || req.model) {
      const all = await this.deps.routing.candidates(principal.companyId);
      const ofType = all.filter((c) => !req.providerType || c.providerType === req.providerType);
      if (!ofType.length) throw ApiError.badRequest(`No active provider of type ${req.providerType}`, undefined, 'NO_PROVIDER_OF_TYPE');
      const offering = req.model ? ofType.filter((c) => c.model === req.model) : ofType;
      if (offering.length) {
        restrictTo = (c) => (!req.providerType || c.providerType === req.providerType) && (!req.model || c.model === req.model);
      } else if (req.providerType) {
        // A model the provider does not list: the provider's default entry carries the call, with the requested model.
        restrictTo = (c) => c.providerType === req.providerType && c.isDefaultModel;
        modelOverride = req.model ?? null;
      } else {
        throw ApiError.badRequest(`No active provider offers model ${req.model}`, undefined, 'MODEL_NOT_OFFERED');
      }
    }
    // Classification (rules, or a request through the gateway) only where task fit can use it.
    const taskFitOn = applied.policy.taskFit.enabled && principal.features.has('TASK_FIT_ROUTING');
    const profile = taskFitOn ? await this.taskProfile(principal, req, applied, runtime) : statedProfile(req);
    const options: DecideOptions = {
      rotationKey: applied.id ?? 'inline',
      specializations,
      profile,
      restrictTo,
      // Only DRY_RUN shows the reasoning (routingPlan.reasoning); executions skip building it.
      explain: req.executionMode === 'DRY_RUN' ? 1 : 0,
      reuse: true,
    };
    const { decision } = this.deps.routing.reusedDecision(principal.companyId, applied.policy, options) ?? (await this.deps.routing.decide(principal, applied.policy, options));
    if (!decision.ranked.length) {
      const first = decision.filteredOut.find((f) => f.violation) ?? decision.filteredOut[0];
      const why = first ? `${first.provider}/${first.model}: ${first.reasons.join('; ')}` : 'no active provider';
      throw new ApiError(403, 'POLICY_VIOLATION', `Routing policy ${applied.name} allows no provider (${why})`, undefined, {
        provider: first?.provider ?? null,
        model: first?.model ?? null,
        policyChecked: true,
        policyName: applied.name,
      });
    }
    const candidates = modelOverride ? callOrder(decision, byId, modelOverride) : callOrderOf(decision, byId);
    const reasoning = decision.ranked[0]!.reasoning;
    return {
      candidates,
      reason: reasoning ? `routing policy ${applied.name}: ${reasoning}` : policyFacts(applied).reason,
      profile,
      // A model the ranker never saw (modelOverride) still goes through enforce().
      compliant: modelOverride === null,
    };
  }

  /**
   * Rule 5: stated codes (metadata.taskCodes, else specializations) with full confidence; else the
   * rule-based classifier; else, when the policy's classifier is gateway and the rules are not
   * confident, one short classification request through the caller's own path. Only computed when
   * task fit can change the ranking (policy enabled and package entitled); stated codes are kept
   * regardless, for the company's own evidence.
   */
  private async taskProfile(principal: Principal, req: ExecuteRequest, applied: AppliedPolicy, runtime: CallableProvider[]): Promise<TaskProfile | null> {
    const stated = statedProfile(req);
    const settings = applied.policy.taskFit;
    if (!settings.enabled || !principal.features.has('TASK_FIT_ROUTING')) return stated;
    if (stated) return stated;
    if (settings.classifier === 'off') return null;
    const text = [req.systemPrompt, req.prompt].filter(Boolean).join('\n');
    const rules = buildTaskProfile({ content: text });
    if (rules.source === 'CLASSIFIED' && rules.confidence >= settings.minConfidence) return rules;
    if (settings.classifier !== 'gateway') return rules;
    const asked = await this.classifyThroughGateway(principal, text, applied, runtime);
    return asked ?? rules;
  }

  /**
   * The gateway classifier: one short request (never this method again, never a policy fallback
   * chain) to the company's default provider, recorded with purpose task-classification so it is
   * billed like any call. A failure leaves the rule-based profile in place.
   */
  private async classifyThroughGateway(principal: Principal, text: string, applied: AppliedPolicy, runtime: CallableProvider[]): Promise<TaskProfile | null> {
    const allowed = (p: CallableProvider) => !ruleVerdict(routingCandidateOf(p, p.defaultModel), applied.policy).explanations.length;
    const provider = runtime.find((p) => p.isDefault && allowed(p)) ?? runtime.find(allowed);
    if (!provider) return null;
    const startedAt = performance.now();
    const request: CompletionRequest = {
      systemPrompt: `Classify the user's task. Answer with one to three of these codes, comma-separated, nothing else: ${TASK_DIMENSIONS.join(', ')}.`,
      prompt: text.slice(0, 2000),
      maxTokens: 20,
      temperature: 0,
    };
    const target: ProviderTarget = { type: provider.type, baseUrl: provider.baseUrl, apiKey: provider.apiKey, model: provider.defaultModel, timeoutMs: Math.min(10_000, this.deps.config.PROVIDER_TIMEOUT_MS) };
    const common = {
      id: newId(),
      companyId: principal.companyId,
      apiKeyId: principal.apiKey?.id ?? null,
      userId: principal.via === 'session' ? principal.userId : null,
      mode: 'AUTONOMOUS' as const,
      purpose: 'task-classification',
      providerId: provider.id,
      providerType: provider.type,
      providerName: provider.name,
      model: provider.defaultModel,
      traceId: null,
      createdAt: new Date(),
    };
    try {
      const result = await this.deps.registry.complete(target, request);
      const ms = performance.now() - startedAt;
      this.deps.breakers.recordOutcome({ companyId: principal.companyId, providerId: provider.id, ok: true });
      this.deps.recorder.record({
        ...common,
        status: 'SUCCESS',
        promptTokens: result.usage.promptTokens,
        completionTokens: result.usage.completionTokens,
        totalTokens: result.usage.totalTokens,
        costUsd: costUsd(provider.prices.find((m) => m.name === provider.defaultModel), result.usage),
        latencyMs: Math.round(ms),
        providerLatencyMs: Math.round(result.providerLatencyMs),
        finishReason: result.finishReason,
        errorCode: null,
        errorMessage: null,
        attempts: [attempt({ provider, model: provider.defaultModel }, 'SUCCESS', ms)],
        metadata: { classifierFor: 'routing', policyName: applied.name },
      });
      const { dimensions } = classifyTerms(result.content.split(/[^A-Za-z_]+/).filter(Boolean));
      if (!dimensions.length) return null;
      return {
        codes: dimensions.slice(0, 3),
        dimensions: dimensions.slice(0, 3),
        confidence: 0.8,
        source: 'CLASSIFIED',
        classifierVersion: 'gateway-v1',
        notes: [{ key: 'task.classifiedByGateway', vars: { provider: provider.name, model: provider.defaultModel } }],
      };
    } catch (err) {
      const error = err instanceof ProviderError ? err : new ProviderError('UNKNOWN', err instanceof Error ? err.message : String(err));
      this.deps.breakers.recordOutcome({ companyId: principal.companyId, providerId: provider.id, ok: false, errorKind: error.kind });
      this.deps.logger.warn({ provider: provider.name, kind: error.kind }, 'task classification request failed');
      return null;
    }
  }

  /** Rule 6: every candidate is checked against the policy; a violating primary is a 403, violating fallbacks are dropped. */
  private enforce(plan: Plan, applied: AppliedPolicy): Plan {
    const allowed: Candidate<CallableProvider>[] = [];
    let firstViolation: { c: Candidate<CallableProvider>; why: string } | null = null;
    for (const c of plan.candidates) {
      const v = ruleVerdict(routingCandidateOf(c.provider, c.model), applied.policy);
      if (v.explanations.length) firstViolation ??= { c, why: v.reasons.join('; ') };
      else allowed.push(c);
    }
    const primary = plan.candidates[0];
    if (firstViolation && (firstViolation.c === primary || !allowed.length)) {
      const { c, why } = firstViolation;
      throw new ApiError(403, 'POLICY_VIOLATION', `Routing policy ${applied.name} forbids ${c.provider.name}/${c.model}: ${why}`, undefined, {
        provider: c.provider.name,
        model: c.model,
        policyChecked: true,
        policyName: applied.name,
      });
    }
    return { ...plan, candidates: allowed };
  }

  /**
   * Calls the candidates in order until one answers, within the plan's attempt budget. Between
   * attempts it waits retryDelayMs; a provider that answered 429 with retry-after is not called
   * again before that time (another provider goes first; if only it remains, the gateway waits up
   * to GATEWAY_MAX_RETRY_AFTER_MS). A non-retryable failure (400, auth) stops at once. Every
   * attempt lands in the execution record and is reported to the circuit breakers.
   */
  private async callWithFallback(plan: Plan, request: CompletionRequest, companyId: string): Promise<CallOutcome> {
    const attempts: ExecutionAttempt[] = [];
    let lastError: ProviderError | null = null;
    let candidate = plan.candidates[0]!;
    const queue = [...plan.candidates];
    const coolingUntil = new Map<string, number>();
    for (let n = 0; n < plan.maxAttempts && queue.length; n++) {
      let index = 0;
      let waitMs = n > 0 ? plan.retryDelayMs : 0;
      if (coolingUntil.size) {
        const now = performance.now();
        const ready = queue.findIndex((c) => (coolingUntil.get(c.provider.id) ?? 0) <= now + waitMs);
        if (ready >= 0) index = ready;
        else {
          const until = coolingUntil.get(queue[0]!.provider.id)! - now;
          if (until > this.deps.config.GATEWAY_MAX_RETRY_AFTER_MS) break;
          waitMs = Math.max(waitMs, until);
        }
      }
      const next = queue.splice(index, 1)[0]!;
      // A half-open breaker admits a bounded number of probes; past that, the next candidate goes (the last one is tried anyway).
      if (next.provider.stored && (queue.length || attempts.length) && !(this.deps.breakers.admit?.(next.provider.id) ?? true)) {
        n--;
        continue;
      }
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
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
        attempts.push({ ...attempt(next, 'SUCCESS', performance.now() - t0), ...(waitMs ? { waitedMs: Math.round(waitMs) } : {}) });
        if (next.provider.stored) this.deps.breakers.recordOutcome({ companyId, providerId: next.provider.id, ok: true });
        this.deps.metrics.providerLatency.observe({ provider_type: next.provider.type, outcome: 'success' }, result.providerLatencyMs / 1000);
        return { result, candidate: next, attempts, error: null };
      } catch (err) {
        const error = err instanceof ProviderError ? err : new ProviderError('UNKNOWN', err instanceof Error ? err.message : String(err));
        attempts.push({
          ...attempt(next, 'ERROR', performance.now() - t0, error),
          ...(waitMs ? { waitedMs: Math.round(waitMs) } : {}),
          ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
        });
        if (next.provider.stored) this.deps.breakers.recordOutcome({ companyId, providerId: next.provider.id, ok: false, errorKind: error.kind });
        this.deps.metrics.providerLatency.observe({ provider_type: next.provider.type, outcome: 'error' }, (performance.now() - t0) / 1000);
        this.deps.logger.warn({ provider: next.provider.name, model: next.model, kind: error.kind, status: error.status }, 'provider call failed');
        lastError = error;
        if (!error.retryable) break;
        if (error.kind === 'RATE_LIMIT' && error.retryAfterMs) coolingUntil.set(next.provider.id, performance.now() + error.retryAfterMs);
      }
    }
    return { result: null, candidate, attempts, error: lastError };
  }
}

/** Stated task codes (rule 5): metadata.taskCodes, else specializations; null when none are stated. */
function statedProfile(req: ExecuteRequest): TaskProfile | null {
  const codes = parseTaskCodes(req.metadata?.taskCodes as string | string[] | undefined);
  const stated = codes.length ? codes : (req.specializations ?? []);
  if (!stated.length) return null;
  const profile = buildTaskProfile({ codes: stated });
  return profile.dimensions.length ? profile : null;
}

const routingCandidates = new WeakMap<CallableProvider, Map<string, RoutingCandidate>>();

/**
 * The policy-rule view of a provider/model, one object per pair for as long as the provider object
 * lives (the provider cache replaces it on any change), so ruleVerdict's memo hits on every request.
 */
function routingCandidateOf(p: CallableProvider, model: string): RoutingCandidate {
  let byModel = routingCandidates.get(p);
  if (!byModel) {
    byModel = new Map();
    routingCandidates.set(p, byModel);
  }
  let c = byModel.get(model);
  if (!c) {
    c = buildRoutingCandidate(p, model);
    // A caller-chosen model name must not grow the map without bound.
    if (byModel.size < 64) byModel.set(model, c);
  }
  return c;
}

function buildRoutingCandidate(p: CallableProvider, model: string): RoutingCandidate {
  return {
    providerId: p.id,
    providerName: p.name,
    providerType: p.type,
    model,
    region: p.locationNetwork,
    country: p.locationCountry,
    compliance: p.compliance,
    inputPricePerMillion: 0,
    outputPricePerMillion: 0,
    specializations: [],
    supportsVision: false,
    isDefault: p.isDefault,
    isDefaultModel: model === p.defaultModel,
  };
}

const NO_GEOFENCING: { applied: boolean; rules: readonly string[] } = Object.freeze({ applied: false, rules: Object.freeze([]) as readonly string[] });

/**
 * Whether a policy has geo rules, and their response strings: once per policy object (the policy
 * cache replaces it on any change), not per request. Shared and frozen: only serialised.
 */
const geofencingOf = memoizeByObject((geo: RoutingPolicy['geo']) =>
  hasGeoRules(geo) ? Object.freeze({ applied: true, rules: Object.freeze(describeGeoRules(geo)) }) : NO_GEOFENCING,
);

function geofencing(plan: Plan): { applied: boolean; rules: readonly string[] } {
  return plan.applied ? geofencingOf(plan.applied.policy.geo) : NO_GEOFENCING;
}

/**
 * A saved default policy as the gateway applies it, one object per cached policy object: the
 * geofence and policy-fact memos key on it, and most requests under a policy come through here.
 */
const appliedDefault = memoizeByObject(
  (def: RuntimePolicy): AppliedPolicy => ({ id: def.id, name: def.name, source: `${def.scope}-default`, policy: def.policy, sanitization: def.sanitization }),
);

/**
 * What every execution under a policy repeats, built once per applied policy: the plan's reason when
 * the decision carries no reasoning (only DRY_RUN explains) and the policy part of the record metadata.
 */
const policyFacts = memoizeByObject((applied: AppliedPolicy) => ({
  reason: `routing policy ${applied.name}`,
  metadata: Object.freeze({ policyId: applied.id, policyName: applied.name, policySource: applied.source }) as Readonly<Record<string, unknown>>,
}));

const NO_METADATA: Readonly<Record<string, unknown>> = Object.freeze({});

/** What the execution record keeps about routing: the policy and the task dimensions (own task-fit evidence). */
function routingMetadata(plan: Plan): Readonly<Record<string, unknown>> {
  const policy = plan.applied ? policyFacts(plan.applied).metadata : NO_METADATA;
  if (!plan.profile?.dimensions.length) return policy;
  return { ...policy, taskDimensions: plan.profile.dimensions, taskSource: plan.profile.source };
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

/** data of the gateway.executed webhook event (docs/API.md, Webhooks). */
function executedEvent(
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

/** The ranked candidates as the gateway calls them (provider objects, in ranked order). */
function callOrder(decision: RoutingDecision, byId: ReadonlyMap<string, CallableProvider>, modelOverride: string | null): Candidate<CallableProvider>[] {
  return decision.ranked
    .map((r) => ({ provider: byId.get(r.candidate.providerId), model: modelOverride ?? r.candidate.model }))
    .filter((c): c is Candidate<CallableProvider> => Boolean(c.provider));
}

const callOrderCache = new WeakMap<RoutingDecision, { byId: ReadonlyMap<string, CallableProvider>; candidates: readonly Candidate<CallableProvider>[] }>();

/** callOrder once per reused decision (RoutingService.decide with reuse); callers copy before changing it. */
function callOrderOf(decision: RoutingDecision, byId: ReadonlyMap<string, CallableProvider>): readonly Candidate<CallableProvider>[] {
  const cached = callOrderCache.get(decision);
  if (cached && cached.byId === byId) return cached.candidates;
  const candidates = callOrder(decision, byId, null);
  callOrderCache.set(decision, { byId, candidates });
  return candidates;
}

/**
 * The company's providers as the gateway calls them, built once per provider-cache entry (the
 * provider service returns the same array until it reloads): the policy-rule memo keys on these
 * objects, and rebuilding 20 of them per request was measurable. Shared: never mutated.
 */
const callableProviders = memoizeByObject((runtime: readonly RuntimeProvider[]): CallableProvider[] => runtime.map(toCallable));

const providersById = memoizeByObject(
  (runtime: readonly CallableProvider[]): ReadonlyMap<string, CallableProvider> => new Map(runtime.map((p) => [p.id, p])),
);

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
    locationCountry: p.locationCountry,
    locationNetwork: p.locationNetwork,
    compliance: p.compliance,
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
