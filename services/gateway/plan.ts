import type { ParsingAttachments } from '../parsing/attachments';
/**
 * What a gateway plan is (the ordered candidates, the policy that governs them, the attempt budget)
 * and the per-object memos built from the cached providers and policies: a plan's candidates, its
 * policy facts and its geofence strings are computed once per cached object, not per request.
 * Shared by planning (planning.ts), the attempt loop (attempts.ts), the dry run (dry-run.ts) and the
 * execution record (execution-record.ts).
 */
import type { Principal } from '../../domain/principal';
import type { ProviderModelConfig } from '../../db/models/provider';
import type { Candidate, SelectableProvider } from '../../domain/provider-selection';
import { type RoutingPolicy, describeGeoRules, hasGeoRules } from '../../domain/routing/policy';
import type { RoutingCandidate, RoutingDecision, TaskProfile } from '../../domain/routing/types';
import type { PolicySanitization } from '../../domain/sanitization-decision';
import type { BreakerGate } from '../../domain/routing/breaker-gate';
import type { ProviderRegistry } from '../../activities/providers';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import type { Metrics } from '../../lib/metrics';
import type { Tracing } from '../../lib/tracing';
import { memoizeByObject } from '../../lib/object-memo';
import type { HoldService } from '../holds/holds';
import type { ProviderGroupService } from '../providers/provider-groups';
import type { ProviderService, RuntimeProvider } from '../providers/providers';
import type { RuntimePolicy } from '../routing/policies';
import type { RoutingService } from '../routing/routing';
import type { GatewayPrompts } from '../prompts/gateway-prompts';
import type { WebhookService } from '../webhooks/webhooks';
import type { ExecutionRecorder } from './execution-recorder';
import type { GatewaySanitization } from './sanitization';
import type { GatewaySecurity } from './security-step';

/**
 * What the gateway's steps use. One object, shared by every step: the breakers helper swaps its gate
 * in after construction (services/container.ts), and every step must see the new one.
 */
export interface GatewayDeps {
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
  /** PDF document attachments parsed per the effective parsing mode (issue 15). */
  documents?: ParsingAttachments;
  /** Security checks and protective prompts (issue 20, security-step.ts); absent: neither runs. */
  security?: GatewaySecurity;
  /** Monthly budgets (services/budgets/budgets.ts): refuses with 402 BUDGET_EXCEEDED once spent. */
  budgets?: { admit(principal: Principal): Promise<void> | undefined };
}

/** A provider the call may go to: a stored one, or the caller's own credentials (never stored). */
export type CallableProvider = SelectableProvider & {
  baseUrl: string | null;
  apiKey: string;
  stored: boolean;
  prices: ProviderModelConfig[];
  locationCountry: string | null;
  locationNetwork: string | null;
  compliance: string[];
};

/** The routing policy that governs a request (gateway rule 6), and where it came from. */
export interface AppliedPolicy {
  id: string | null;
  name: string;
  /** request-policy (policyId), inline-policy (policy), or <scope>-default. */
  source: string;
  policy: RoutingPolicy;
  /** The policy's sanitization block (mode, allowedTriggers, sensitivityProfiles), null when it has none. */
  sanitization: PolicySanitization | null;
}

export interface Plan {
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

/** Up to this many provider calls per execution (the first plus three fallbacks). */
export const MAX_ATTEMPTS = 4;

const routingCandidates = new WeakMap<CallableProvider, Map<string, RoutingCandidate>>();

/**
 * The policy-rule view of a provider/model, one object per pair for as long as the provider object
 * lives (the provider cache replaces it on any change), so ruleVerdict's memo hits on every request.
 */
export function routingCandidateOf(p: CallableProvider, model: string): RoutingCandidate {
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

export function geofencing(plan: Plan): { applied: boolean; rules: readonly string[] } {
  return plan.applied ? geofencingOf(plan.applied.policy.geo) : NO_GEOFENCING;
}

/**
 * A saved default policy as the gateway applies it, one object per cached policy object: the
 * geofence and policy-fact memos key on it, and most requests under a policy come through here.
 */
export const appliedDefault = memoizeByObject(
  (def: RuntimePolicy): AppliedPolicy => ({ id: def.id, name: def.name, source: `${def.scope}-default`, policy: def.policy, sanitization: def.sanitization }),
);

/**
 * What every execution under a policy repeats, built once per applied policy: the plan's reason when
 * the decision carries no reasoning (only DRY_RUN explains) and the policy part of the record metadata.
 */
export const policyFacts = memoizeByObject((applied: AppliedPolicy) => ({
  reason: `routing policy ${applied.name}`,
  metadata: Object.freeze({ policyId: applied.id, policyName: applied.name, policySource: applied.source }) as Readonly<Record<string, unknown>>,
}));

const NO_METADATA: Readonly<Record<string, unknown>> = Object.freeze({});

/** What the execution record keeps about routing: the policy and the task dimensions (own task-fit evidence). */
export function routingMetadata(plan: Plan): Readonly<Record<string, unknown>> {
  const policy = plan.applied ? policyFacts(plan.applied).metadata : NO_METADATA;
  if (!plan.profile?.dimensions.length) return policy;
  // Assigned, not spread into a new literal: a literal opening with a spread is slow on Node 20 (execution-record.ts).
  return Object.assign({}, policy, { taskDimensions: plan.profile.dimensions, taskSource: plan.profile.source });
}

/** The ranked candidates as the gateway calls them (provider objects, in ranked order). */
export function callOrder(decision: RoutingDecision, byId: ReadonlyMap<string, CallableProvider>, modelOverride: string | null): Candidate<CallableProvider>[] {
  return decision.ranked
    .map((r) => ({ provider: byId.get(r.candidate.providerId), model: modelOverride ?? r.candidate.model }))
    .filter((c): c is Candidate<CallableProvider> => Boolean(c.provider));
}

const callOrderCache = new WeakMap<RoutingDecision, { byId: ReadonlyMap<string, CallableProvider>; candidates: readonly Candidate<CallableProvider>[] }>();

/** callOrder once per reused decision (RoutingService.decide with reuse); callers copy before changing it. */
export function callOrderOf(decision: RoutingDecision, byId: ReadonlyMap<string, CallableProvider>): readonly Candidate<CallableProvider>[] {
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
export const callableProviders = memoizeByObject((runtime: readonly RuntimeProvider[]): CallableProvider[] => runtime.map(toCallable));

export const providersById = memoizeByObject(
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
