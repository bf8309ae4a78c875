/**
 * Planning, the gateway's first step: which providers an execution may call, in which order, under
 * which routing policy (rule 6: policyId, inline policy, or the scope's default), with rule 5's task
 * profile, a provider group's rotation, session affinity and the open circuit breakers; then the
 * policy check of every candidate the routing engine did not rank under that policy (enforce).
 */
import type { Candidate } from '../../domain/provider-selection';
import type { ProviderType } from '../../domain/providers';
import { selectCandidates } from '../../domain/provider-selection';
import { ruleVerdict } from '../../domain/routing/rank';
import { buildTaskProfile, parseTaskCodes } from '../../domain/routing/task-profile';
import type { RoutingCandidate, TaskProfile } from '../../domain/routing/types';
import { policySanitizationOf } from '../../domain/sanitization-decision';
import type { TaskDimension } from '../../domain/task-vocabulary';
import type { Principal } from '../../domain/principal';
import { ApiError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { DecideOptions } from '../routing/routing';
import type { ExecuteRequest } from './execute-request';
import {
  type AppliedPolicy,
  type CallableProvider,
  type GatewayDeps,
  MAX_ATTEMPTS,
  type Plan,
  appliedDefault,
  callOrder,
  callOrderOf,
  callableProviders,
  policyFacts,
  providersById,
  routingCandidateOf,
} from './plan';
import type { SessionAffinity } from './session-affinity';
import { classifyThroughGateway } from './task-classification';

/** Models used with client credentials when the caller names none. */
const CLIENT_DEFAULT_MODEL: Partial<Record<ProviderType, string>> = {
  OPENAI: 'gpt-4o-mini',
  ANTHROPIC: 'claude-haiku-4-5',
  GOOGLE: 'gemini-2.5-flash',
  DEEPSEEK: 'deepseek-chat',
};

export class GatewayPlanner {
  private readonly groupCounters = new Map<string, number>();

  constructor(
    private readonly deps: GatewayDeps,
    /** Shared with the service, which pins a session to the provider that answered. */
    private readonly affinity: SessionAffinity,
  ) {}

  async plan(
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
  async effectivePolicy(principal: Principal, req: ExecuteRequest): Promise<AppliedPolicy | null> {
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
      return Object.assign(base, { candidates: [{ provider, model }], reason: 'client credentials (not stored)' });
    }

    const runtime = callableProviders(await this.deps.providers.runtimeProviders(principal.companyId));

    if (req.customGatewayId) {
      const custom = runtime.find((p) => p.id === req.customGatewayId && p.type === 'CUSTOM');
      if (!custom) throw ApiError.notFound('Custom gateway not found', 'CUSTOM_GATEWAY_NOT_FOUND');
      return Object.assign(base, { candidates: [{ provider: custom, model: req.model ?? custom.defaultModel }], reason: 'custom gateway' });
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
    // Assigned onto base (made above for this call), not spread into a new literal: a literal
    // opening with a spread is slow on Node 20 (execution-record.ts). Same keys, same order.
    return Object.assign(base, { candidates, reason, groupId, profile, compliant });
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
    const asked = await classifyThroughGateway(this.deps, principal, text, applied, runtime);
    return asked ?? rules;
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
}

/** Stated task codes (rule 5): metadata.taskCodes, else specializations; null when none are stated. */
export function statedProfile(req: ExecuteRequest): TaskProfile | null {
  const codes = parseTaskCodes(req.metadata?.taskCodes as string | string[] | undefined);
  const stated = codes.length ? codes : (req.specializations ?? []);
  if (!stated.length) return null;
  const profile = buildTaskProfile({ codes: stated });
  return profile.dimensions.length ? profile : null;
}
