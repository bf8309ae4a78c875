import type { Db } from '../../db/connection';
import { type BreakerGate, NO_BREAKERS } from '../../domain/routing/breaker-gate';
import { EvidenceIndex, type ModelFamily, staleExternalEvidence } from '../../domain/routing/evidence';
import { DEFAULT_POLICY, DEFAULT_SYNTHETIC_WEIGHT, type RoutingPolicy, parsePolicyJson } from '../../domain/routing/policy';
import { type TaskFitMode, describe, metricsKey, rank } from '../../domain/routing/rank';
import { buildTaskProfile, parseTaskCodes, rankChanges } from '../../domain/routing/task-profile';
import type { BenchmarkRow, Explanation, InternalEvidence, RankedCandidate, RoutingCandidate, RoutingDecision, TaskProfile } from '../../domain/routing/types';
import { type TaskDimension, toDimension } from '../../domain/task-vocabulary';
import { ApiError } from '../../lib/errors';
import { memoizeByObject } from '../../lib/object-memo';
import type { Logger } from '../../lib/logger';
import type { Principal } from '../../domain/principal';
import type { ProviderGroupService } from '../providers/provider-groups';
import type { ProviderService, RuntimeProvider } from '../providers/providers';
import type { RoutingMetricsService, WindowInfo } from './metrics';
import type { RoutingPolicyService, RuntimePolicy } from './policies';

/**
 * Routing as a use case: turns a company's active providers into candidates, reads the window
 * metrics and the benchmark evidence, and asks the pure engine (domain/routing) for a decision.
 * Used by the gateway (every request with a policy), by simulate and rank, and by the routing
 * advisories. Nothing here queries the database per request once a company is warm: providers,
 * policies, groups and metrics come from short-lived caches, the benchmark set is loaded once.
 */
export interface DecideOptions {
  /** The policy id for ROUND_ROBIN rotation state ('inline' or 'default' otherwise). */
  rotationKey?: string;
  specializations?: readonly TaskDimension[];
  profile?: TaskProfile | null;
  taskFitMode?: TaskFitMode;
  /** Only these candidates (e.g. an explicit providerType/model), still filtered and scored. */
  restrictTo?: (c: RoutingCandidate) => boolean;
  /** Ranked candidates that get reasoning and explanations (default all; the gateway asks for 1). */
  explain?: number;
  /**
   * false: task fit ignores the company's own (internal) evidence. The subscriber advisory uses it,
   * since internal evidence is never shown to API-key subscribers.
   */
  internalEvidence?: boolean;
  /**
   * The caller treats the decision as read-only and accepts the previous one when every input is
   * the same object as last time (see decide). The gateway sets it: a company's candidates,
   * policy, window metrics, open breakers and evidence change every few seconds at most, so most
   * requests reuse the last ranking instead of filtering and scoring every provider again.
   */
  reuse?: boolean;
}

/** The last reusable decision per company and the inputs it was made from (compared by identity). */
interface RememberedDecision {
  policy: RoutingPolicy;
  candidates: readonly RoutingCandidate[];
  metrics: ReadonlyMap<string, unknown>;
  blocked: ReadonlySet<string>;
  evidence: EvidenceIndex;
  explain: number | undefined;
  decision: RoutingDecision;
}

const MAX_REMEMBERED_COMPANIES = 10_000;

export interface Decision {
  decision: RoutingDecision;
  window: WindowInfo;
}

/** The body simulate and rank accept (task-aware fields; all optional). */
export interface TaskAwareBody {
  content?: string;
  taskCodes?: string | string[];
  taskFit?: TaskFitMode;
}

const EVIDENCE_REFRESH_MS = 60 * 60_000;
const NO_INTERNAL: ReadonlyMap<string, InternalEvidence> = new Map();
const round = (n: number, digits = 6) => Math.round(n * 10 ** digits) / 10 ** digits;

interface ScopeDefaults {
  prompt: RuntimePolicy | null;
  user: RuntimePolicy | null;
  company: RuntimePolicy | null;
}

/** The default policy of each scope, once per cached policy list (the gateway asks on every request). */
const scopeDefaults = memoizeByObject((all: readonly RuntimePolicy[]): ScopeDefaults => {
  const of = (scope: string) => all.find((p) => p.isDefault && p.scope === scope) ?? null;
  return { prompt: of('prompt'), user: of('user'), company: of('company') };
});

export class RoutingService {
  private evidenceIndex: EvidenceIndex | null = null;
  private evidenceLoadedAt = 0;
  private evidenceLoading: Promise<EvidenceIndex> | null = null;
  private readonly candidateCache = new WeakMap<readonly RuntimeProvider[], RoutingCandidate[]>();
  private readonly rotation = new Map<string, number>();
  private readonly remembered = new Map<string, RememberedDecision>();

  constructor(
    private readonly deps: {
      db: Db;
      providers: ProviderService;
      groups: ProviderGroupService;
      policies: RoutingPolicyService;
      metrics: RoutingMetricsService;
      breakers: BreakerGate;
      logger: Logger;
    },
  ) {}

  /** The breakers helper swaps its gate in after construction (see services/container.ts). */
  setBreakers(gate: BreakerGate): void {
    this.deps.breakers = gate;
  }

  get breakers(): BreakerGate {
    return this.deps.breakers ?? NO_BREAKERS;
  }

  /** The benchmark evidence (model families and rows), loaded once and refreshed hourly in the background. */
  async evidence(): Promise<EvidenceIndex> {
    return this.evidenceNow() ?? this.evidenceLoading!;
  }

  /** The loaded evidence (a stale index starts its refresh behind); undefined before the first load ends. */
  private evidenceNow(): EvidenceIndex | undefined {
    const fresh = this.evidenceIndex && Date.now() - this.evidenceLoadedAt < EVIDENCE_REFRESH_MS;
    if (fresh) return this.evidenceIndex!;
    this.evidenceLoading ??= this.loadEvidence().finally(() => {
      this.evidenceLoading = null;
    });
    return this.evidenceIndex ?? undefined; // stale but usable; the refresh runs behind
  }

  private async loadEvidence(): Promise<EvidenceIndex> {
    const [families, rows] = await Promise.all([
      this.deps.db('model_families').select('family', 'match_prefixes', 'tier', 'tier_quality', 'dataset_version'),
      this.deps.db('model_benchmarks').select('family', 'dimension', 'score', 'benchmark', 'source', 'as_of'),
    ]);
    const index = new EvidenceIndex(
      families.map((f): ModelFamily => ({ family: f.family, match: f.match_prefixes, tier: f.tier, tierQuality: Number(f.tier_quality) })),
      rows
        .filter((r) => toDimension(r.dimension) === r.dimension)
        .map(
          (r): BenchmarkRow => ({
            family: r.family,
            dimension: r.dimension as TaskDimension,
            score: Number(r.score),
            benchmark: r.benchmark,
            source: r.source,
            asOf: (r.as_of instanceof Date ? r.as_of.toISOString() : String(r.as_of)).slice(0, 10),
          }),
        ),
      [...new Set(families.map((f) => f.dataset_version as string))].join(',') || 'none',
    );
    this.evidenceIndex = index;
    this.evidenceLoadedAt = Date.now();
    return index;
  }

  /** The company's active provider/model pairs (rebuilt only when the provider cache is). */
  async candidates(companyId: string): Promise<RoutingCandidate[]> {
    const runtime = await this.deps.providers.runtimeProviders(companyId);
    let out = this.candidateCache.get(runtime);
    if (!out) {
      out = runtime.flatMap((p) => toCandidates(p));
      this.candidateCache.set(runtime, out);
    }
    return out;
  }

  /** The effective saved policy: by id (404 when not the company's), else the company default for the scope. */
  async policyById(companyId: string, id: string): Promise<RuntimePolicy> {
    const found = (await this.deps.policies.runtimePolicies(companyId)).find((p) => p.id === id);
    if (!found) throw ApiError.notFound('Policy not found', 'POLICY_NOT_FOUND');
    return found;
  }

  /** Default policy precedence: prompt scope (with a promptId), user scope (signed-in users), company scope. */
  async defaultPolicy(companyId: string, hints: { promptId?: string | null; sessionUser?: boolean } = {}): Promise<RuntimePolicy | null> {
    const all = await this.deps.policies.runtimePolicies(companyId);
    if (!all.length) return null;
    const defaults = scopeDefaults(all);
    return (hints.promptId ? defaults.prompt : null) ?? (hints.sessionUser ? defaults.user : null) ?? defaults.company;
  }

  /** Parses an inline policy (gateway `policy`, rank `policy`): 400 Invalid policy on a bad document. */
  inlinePolicy(raw: unknown): RoutingPolicy {
    const parsed = parsePolicyJson(raw);
    if (!parsed.ok) throw new ApiError(400, 'INVALID_POLICY', 'Invalid policy', parsed.issues.map((i) => ({ path: ['policy', ...i.path], message: i.message })));
    return parsed.policy;
  }

  private async groupProviderIds(companyId: string, policy: RoutingPolicy): Promise<ReadonlySet<string> | null> {
    if (!policy.providerGroups.length) return null;
    const ids = new Set<string>();
    for (const groupId of policy.providerGroups) {
      const g = await this.deps.groups.runtimeGroup(companyId, groupId);
      if (g?.isActive) for (const id of g.providerIds) ids.add(id);
    }
    return ids;
  }

  /** One routing decision for a company under a policy. */
  async decide(principal: Principal, policy: RoutingPolicy, opts: DecideOptions = {}): Promise<Decision> {
    const companyId = principal.companyId;
    const [all, metrics, evidence, groupIds] = await Promise.all([
      this.candidates(companyId),
      this.deps.metrics.forCompany(companyId),
      this.evidence(),
      this.groupProviderIds(companyId, policy),
    ]);
    // Synthetic probes count at the policy's weight (the default weight's figures are metrics' own maps).
    const figures = metrics.at(policy.syntheticWeight ?? DEFAULT_SYNTHETIC_WEIGHT);
    const blocked = this.breakers.blockedProviderIds();
    // Reuse only where the decision is a pure function of these inputs: no per-request filter,
    // task profile, specializations, rotation counter or provider groups (a fresh set per call).
    const reusable =
      opts.reuse === true && !opts.restrictTo && !opts.profile && !opts.specializations?.length && policy.strategy !== 'ROUND_ROBIN' && groupIds === null;
    if (reusable) {
      const last = this.remembered.get(companyId);
      if (
        last &&
        last.policy === policy &&
        last.candidates === all &&
        last.metrics === figures.metrics &&
        last.blocked === blocked &&
        last.evidence === evidence &&
        last.explain === opts.explain
      ) {
        return { decision: last.decision, window: metrics.window };
      }
    }
    const candidates = opts.restrictTo ? all.filter(opts.restrictTo) : all;
    let counter = 0;
    if (policy.strategy === 'ROUND_ROBIN') {
      const key = `${companyId}:${opts.rotationKey ?? 'default'}`;
      counter = this.rotation.get(key) ?? 0;
      this.rotation.set(key, counter + 1);
    }
    const decision = rank({
      candidates,
      policy,
      metrics: figures.metrics,
      blockedProviderIds: blocked,
      groupProviderIds: groupIds,
      specializations: opts.specializations,
      evidence,
      taskFit: opts.profile
        ? {
            profile: opts.profile,
            mode: opts.taskFitMode ?? 'policy',
            entitled: principal.features.has('TASK_FIT_ROUTING'),
            evidence,
            internal: opts.internalEvidence === false ? NO_INTERNAL : figures.internal,
            now: Date.now(),
          }
        : null,
      rotation: counter,
      explain: opts.explain,
    });
    if (reusable) {
      if (!this.remembered.has(companyId) && this.remembered.size >= MAX_REMEMBERED_COMPANIES) this.remembered.delete(this.remembered.keys().next().value!);
      this.remembered.set(companyId, { policy, candidates: all, metrics: figures.metrics, blocked, evidence, explain: opts.explain, decision });
    }
    return { decision, window: metrics.window };
  }

  /**
   * decide()'s steady state without a single await: when the request may reuse a decision and
   * every input is already in memory and the same object as when the remembered decision was made,
   * that decision. Most gateway requests end here (the inputs change every few seconds at most);
   * anything else (a cold cache, an expired entry, another policy) takes decide(), which reuses
   * the same decision after loading what was missing. The gateway asks here first; null means
   * "call decide()".
   */
  reusedDecision(companyId: string, policy: RoutingPolicy, opts: DecideOptions): Decision | null {
    if (opts.reuse !== true || opts.restrictTo || opts.profile || opts.specializations?.length) return null;
    if (policy.strategy === 'ROUND_ROBIN' || policy.providerGroups.length) return null;
    const last = this.remembered.get(companyId);
    if (!last || last.policy !== policy || last.explain !== opts.explain || last.blocked !== this.breakers.blockedProviderIds()) return null;
    const runtime = this.deps.providers.peekRuntimeProviders(companyId);
    if (!runtime || this.candidateCache.get(runtime) !== last.candidates) return null;
    const metrics = this.deps.metrics.peek(companyId);
    if (!metrics || metrics.at(policy.syntheticWeight ?? DEFAULT_SYNTHETIC_WEIGHT).metrics !== last.metrics || this.evidenceNow() !== last.evidence) return null;
    return { decision: last.decision, window: metrics.window };
  }

  /** POST /api/v1/routing/policies/{id}/simulate */
  async simulate(principal: Principal, policyId: string, body: TaskAwareBody) {
    const saved = await this.policyById(principal.companyId, policyId);
    const result = await this.rankWithTask(principal, saved.policy, body, saved.id);
    const [primary, ...rest] = result.main.decision.ranked;
    return {
      success: true as const,
      policy: { id: saved.id, name: saved.name },
      simulation: {
        primary: primary ? { ...candidateFigures(primary), reasoning: primary.reasoning } : null,
        fallbacks: rest.map(candidateFigures),
        totalCandidates: result.main.decision.totalCandidates,
        filteredOut: filteredOutOf(result.main.decision),
      },
      metadata: { simulatedAt: new Date().toISOString(), basedOnWindow: result.main.window },
      taskProfile: result.taskProfile,
      taskFit: result.taskFit,
    };
  }

  /** POST /api/v1/routing/rank: a saved policy (policyId), an inline one (policy), else the company default. */
  async rankProviders(principal: Principal, body: TaskAwareBody & { policyId?: string; policy?: unknown }) {
    let policy: RoutingPolicy = DEFAULT_POLICY;
    let meta: { id: string; name: string } | null = null;
    if (body.policyId) {
      const saved = await this.policyById(principal.companyId, body.policyId);
      policy = saved.policy;
      meta = { id: saved.id, name: saved.name };
    } else if (body.policy !== undefined) {
      policy = this.inlinePolicy(body.policy);
      meta = { id: 'inline', name: 'inline' };
    } else {
      const def = await this.defaultPolicy(principal.companyId, { sessionUser: principal.via === 'session' });
      if (def) {
        policy = def.policy;
        meta = { id: def.id, name: def.name };
      }
    }
    const result = await this.rankWithTask(principal, policy, body, meta?.id ?? 'default');
    return {
      success: true as const,
      policy: meta,
      strategy: policy.strategy,
      ranking: result.main.decision.ranked.map(rankingEntry),
      filteredOut: filteredOutOf(result.main.decision),
      totalCandidates: result.main.decision.totalCandidates,
      explanations: result.main.decision.explanations,
      metadata: { rankedAt: new Date().toISOString(), basedOnWindow: result.main.window },
      taskProfile: result.taskProfile,
      taskFit: result.taskFit,
    };
  }

  /** Ranks with and without task fit when task fields are sent; the main decision follows the mode. */
  private async rankWithTask(principal: Principal, policy: RoutingPolicy, body: TaskAwareBody, policyKey: string) {
    // Simulations rotate on their own counter: looking at a ROUND_ROBIN policy must not move the gateway's turn.
    const rotationKey = `simulate:${policyKey}`;
    const codes = parseTaskCodes(body.taskCodes);
    const hasTaskFields = codes.length > 0 || typeof body.content === 'string';
    const mode: TaskFitMode = body.taskFit ?? 'policy';
    if (!hasTaskFields) {
      // A plain simulation: the policy's own task-fit setting has nothing to act on.
      const main = await this.decide(principal, policy, { rotationKey });
      return { main, taskProfile: null, taskFit: null };
    }
    const profile = buildTaskProfile({ codes, content: body.content });
    const main = await this.decide(principal, policy, { rotationKey, profile, taskFitMode: mode });
    const off = await this.decide(principal, policy, { rotationKey, profile, taskFitMode: 'off' });
    const applied = main.decision.taskFit.applied;
    const changes = applied ? rankChanges(main.decision.ranked, off.decision.ranked) : [];
    const leader = main.decision.ranked[0];
    const explanations: Explanation[] = [
      { key: applied ? 'taskFit.applied' : 'taskFit.notApplied', vars: { mode, reason: main.decision.taskFit.reason } },
      ...(changes.length ? [{ key: 'taskFit.rankChanges', vars: { count: changes.length } }] : []),
    ];
    // Benchmark rows older than staleAfterDays are skipped; say so rather than let them vanish silently.
    const stale = staleExternalEvidence(main.decision.ranked, policy.taskFit, await this.evidence());
    if (stale.count) explanations.push({ key: 'evidence.stale', vars: { ...stale } });
    return {
      main,
      taskProfile: { ...profile, applied },
      taskFit: {
        mode,
        policyEnabled: policy.taskFit.enabled,
        applied,
        reason: main.decision.taskFit.reason,
        summary: {
          dimensions: profile.dimensions,
          confidence: profile.confidence,
          minConfidence: policy.taskFit.minConfidence,
          candidatesRanked: main.decision.ranked.length,
          evidenceSources: countSources(main.decision.ranked),
          leader: leader ? { provider: leader.candidate.providerName, model: leader.candidate.model, blendedQualityScore: leader.taskFit?.blendedQualityScore ?? null } : null,
        },
        ranking: main.decision.ranked.map(rankingEntry),
        taskFitOff: off.decision.ranked.map(rankingEntry),
        rankChanges: changes,
        explanations,
      },
    };
  }
}

function toCandidates(p: RuntimeProvider): RoutingCandidate[] {
  const providerTags = p.specializations.map(toDimension).filter((d): d is TaskDimension => d !== null);
  const models = p.models.length ? p.models : [{ name: p.defaultModel, inputPricePerMillion: 0, outputPricePerMillion: 0, contextWindow: null, supportsVision: false, specializations: [] }];
  return models.map((m) => ({
    key: metricsKey(p.id, m.name),
    providerId: p.id,
    providerName: p.name,
    providerType: p.type,
    model: m.name,
    region: p.locationNetwork,
    country: p.locationCountry,
    compliance: p.compliance,
    inputPricePerMillion: m.inputPricePerMillion,
    outputPricePerMillion: m.outputPricePerMillion,
    specializations: [...new Set([...providerTags, ...m.specializations.map(toDimension).filter((d): d is TaskDimension => d !== null)])],
    supportsVision: m.supportsVision,
    isDefault: p.isDefault,
    isDefaultModel: m.name === p.defaultModel,
  }));
}

/** The figures simulate reports per candidate; estimatedCost is USD per 1,000 tokens (list prices). */
export function candidateFigures(r: RankedCandidate) {
  return {
    provider: r.candidate.providerName,
    providerId: r.candidate.providerId,
    model: r.candidate.model,
    estimatedLatency: r.estimatedLatencyMs === null ? null : Math.round(r.estimatedLatencyMs),
    estimatedCost: round(r.estimatedCostPerToken * 1000),
    qualityScore: r.qualityScore,
    availability: round(r.metrics.availability, 4),
    compositeScore: r.compositeScore,
  };
}

export function rankingEntry(r: RankedCandidate, index: number) {
  return {
    rank: index + 1,
    provider: r.candidate.providerName,
    providerId: r.candidate.providerId,
    model: r.candidate.model,
    compositeScore: r.compositeScore,
    qualityScore: r.qualityScore,
    taskFit: r.taskFit,
    explanations: r.explanations,
  };
}

export function filteredOutOf(d: RoutingDecision) {
  return d.filteredOut.map((f) => ({ provider: f.provider, providerId: f.providerId, model: f.model, reasons: f.reasons, explanations: f.explanations }));
}

function countSources(ranked: readonly RankedCandidate[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of ranked) for (const p of r.taskFit?.provenance ?? []) out[p.source] = (out[p.source] ?? 0) + 1;
  return out;
}

export { describe as describeExplanation };
