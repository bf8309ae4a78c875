import type { Db } from '../../db/connection';
import { Company } from '../../db/models/company';
import {
  type AdvisoryTier,
  SHAPE_B_VERSION,
  advisoryTierOf,
  complianceOf,
  costBreakdown,
  distribution,
  expectedOutputTokens,
  industryCompliance,
  LONG_CONTEXT_TOKENS,
  loadBalancingStrategy,
  type ModelFacts,
  modelServes,
  tierLimit,
  triggerConditionAt,
  UNVERIFIABLE_FEATURES,
  usd,
} from '../../domain/routing/advisory';
import { DEFAULT_PROVIDER_ENDPOINTS } from '../../domain/providers';
import { candidateTaskFit } from '../../domain/routing/evidence';
import { DEFAULT_POLICY, type RoutingPolicy } from '../../domain/routing/policy';
import { buildTaskProfile, parseTaskCodes } from '../../domain/routing/task-profile';
import type { Explanation, RankedCandidate, RoutingCandidate } from '../../domain/routing/types';
import { toDimension } from '../../domain/task-vocabulary';
import { estimateTokens } from '../../domain/template';
import type { Config } from '../../lib/config';
import { ApiError } from '../../lib/errors';
import type { Principal } from '../../domain/principal';
import type { AdvisoryShapeA, AdvisoryShapeB, SubscriberAdvisoryBody } from './advisory-requests';
import type { AdvisoryMeter, ClientInfo } from '../usage/metering';
import type { UsageRequestType } from '../../domain/usage/tiers';
import type { AdvisoryRateLimiter } from './advisory-rate-limit';
import type { ProviderHealthService } from './provider-health';
import type { ProviderService } from '../providers/providers';
import type { RoutingService } from './routing';

/**
 * The routing advisories: what routing would do, without calling anyone. Every ranking comes from
 * RoutingService.decide (the gateway's own engine: policies, filters, open breakers, scores); this
 * service only shapes the request into a policy and the decision into the advisory responses, and
 * enforces the hourly limits (PostgreSQL counters, so they hold across api processes).
 */
const DEFAULT_ENDPOINT = DEFAULT_PROVIDER_ENDPOINTS;
const TIER_CACHE_MS = 30_000;
const SUBSCRIBER_MAX_RECOMMENDATIONS = 50;
const EVIDENCE_MAX = 10;
/** Our p99 estimate when only p50/p95 are measured: p95 plus a quarter (documented in docs/API.md). */
const P99_OVER_P95 = 1.25;
const EMPTY_INTERNAL = new Map();

export class RoutingAdvisoryService {
  private readonly tiers = new Map<string, { at: number; tier: string }>();

  constructor(
    private readonly deps: {
      db: Db;
      config: Config;
      routing: RoutingService;
      providers: ProviderService;
      health: ProviderHealthService;
      limiter: AdvisoryRateLimiter;
      /** Advisory subscriptions: limits and usage events for a subscription's API key. */
      meter?: AdvisoryMeter;
    },
  ) {}

  /** Runs an advisory request under its subscription's meter (when the key has one), recording the outcome. */
  private metered<T>(principal: Principal, type: UsageRequestType, client: ClientInfo | undefined, run: (subscribed: boolean) => Promise<T>): Promise<T> {
    return client && this.deps.meter ? this.deps.meter.metered(principal, type, client, run) : run(false);
  }

  /** The company's stored tier (limits and enterprise features follow it, not the tier a body claims). */
  async companyTier(companyId: string): Promise<string> {
    const hit = this.tiers.get(companyId);
    if (hit && Date.now() - hit.at < TIER_CACHE_MS) return hit.tier;
    const company = await Company.query(this.deps.db).findById(companyId);
    const tier = company?.tier ?? 'free';
    this.tiers.set(companyId, { at: Date.now(), tier });
    return tier;
  }

  // ---- Shape A ----

  /** Shape A with a subscription's key is metered as COST_ESTIMATE (it answers estimated costs). */
  async shapeA(principal: Principal, body: AdvisoryShapeA, client?: ClientInfo) {
    return this.metered(principal, 'COST_ESTIMATE', client, () => this.shapeAAdvice(principal, body));
  }

  private async shapeAAdvice(principal: Principal, body: AdvisoryShapeA) {
    const { policy, name } = await this.policyFor(principal, body.policyId, body.routingPolicy);
    const profile = buildTaskProfile({ content: body.input });
    const { decision } = await this.deps.routing.decide(principal, policy, {
      rotationKey: `advisory:${name}`,
      profile: profile.source === 'NONE' ? null : profile,
      taskFitMode: 'policy',
    });
    if (!decision.ranked.length) {
      throw noMatch('No provider matches the policy', suggestionsFor(decision.filteredOut.flatMap((f) => f.reasons), {}));
    }
    const inputTokens = estimateTokens(body.input);
    const outputTokens = expectedOutputTokens('completion', inputTokens);
    const figures = (r: RankedCandidate) => ({
      provider: r.candidate.providerName,
      model: r.candidate.model,
      estimatedLatency: latencyOf(r),
      estimatedCost: costBreakdown(r.candidate, inputTokens, outputTokens).totalCost,
      qualityScore: r.qualityScore,
    });
    const [primary, ...rest] = decision.ranked;
    return {
      success: true as const,
      recommendation: {
        primary: { ...figures(primary!), reasoning: primary!.reasoning },
        fallbacks: rest.slice(0, policy.fallback.maxRetries).map(figures),
        policyApplied: name,
      },
    };
  }

  private async policyFor(principal: Principal, policyId?: string, inline?: unknown): Promise<{ policy: RoutingPolicy; name: string }> {
    if (policyId) {
      const saved = await this.deps.routing.policyById(principal.companyId, policyId);
      return { policy: saved.policy, name: saved.name };
    }
    if (inline !== undefined) return { policy: this.deps.routing.inlinePolicy(inline), name: 'inline' };
    const def = await this.deps.routing.defaultPolicy(principal.companyId, { sessionUser: principal.via === 'session' });
    return def ? { policy: def.policy, name: def.name } : { policy: DEFAULT_POLICY, name: 'default' };
  }

  // ---- Shape B ----

  /** 429 when the company's tier has used its hourly requests (counted before any work). */
  async chargeShapeB(principal: Principal): Promise<AdvisoryTier> {
    const tier = advisoryTierOf(await this.companyTier(principal.companyId));
    const c = this.deps.config;
    const limit = tierLimit(tier, {
      free: c.ROUTING_ADVISORY_LIMIT_FREE,
      standard: c.ROUTING_ADVISORY_LIMIT_STANDARD,
      professional: c.ROUTING_ADVISORY_LIMIT_PROFESSIONAL,
    });
    if (limit === null) return tier;
    const d = await this.deps.limiter.hit(principal.companyId, `advisory-b:company:${principal.companyId}`, limit);
    if (!d.allowed) {
      throw new ApiError(429, 'RATE_LIMITED', `Routing advisory limit reached for the ${tier} tier`, undefined, {
        retryAfter: d.retryAfter,
        limit: { requests: limit, window: '1h', tier },
      });
    }
    return tier;
  }

  /** `providerId|model` → what the provider record says about the model (runtime providers are cached). */
  private async modelFacts(companyId: string): Promise<Map<string, ModelFacts>> {
    const facts = new Map<string, ModelFacts>();
    for (const p of await this.deps.providers.runtimeProviders(companyId)) {
      for (const m of p.models) facts.set(`${p.id}|${m.name}`, { supportsVision: m.supportsVision, contextWindow: m.contextWindow ?? null });
    }
    return facts;
  }

  async shapeB(principal: Principal, body: AdvisoryShapeB) {
    const startedAt = performance.now();
    if (body.context.companyId !== principal.companyId) {
      throw new ApiError(403, 'FORBIDDEN', 'Forbidden', undefined, { message: "context.companyId must be the signed-in session's company" });
    }
    const tier = await this.chargeShapeB(principal);
    const req = body.requirements ?? {};
    const warnings: string[] = [];
    const factors = ['policy', 'availability', 'latency', 'cost', 'quality', 'stability', 'circuit_breakers', 'provider_trust'];
    const optimizations: string[] = [];

    const base = await this.policyFor(principal);
    const all = await this.deps.routing.candidates(principal.companyId);
    const policy = structuredClone(base.policy) as RoutingPolicy;
    if (body.context.priority === 'realtime' || body.context.priority === 'high') policy.strategy = 'LOWEST_LATENCY';
    else if (body.context.priority === 'low' || body.context.priority === 'batch') policy.strategy = 'LOWEST_COST';
    if (body.context.priority) factors.push(`priority:${body.context.priority}`);
    optimizations.push(`strategy:${policy.strategy}`);
    if (req.maxLatency !== undefined) {
      policy.hardConstraints.maxLatencyMs = Math.min(policy.hardConstraints.maxLatencyMs ?? Number.POSITIVE_INFINITY, req.maxLatency);
      factors.push('requirements.maxLatency');
    }
    if (req.excludeProviders?.length) {
      policy.providerDenyList = [...policy.providerDenyList, ...req.excludeProviders];
      factors.push('requirements.excludeProviders');
    }
    if (body.context.region) {
      const region = body.context.region.toUpperCase();
      if (all.some((c) => c.region === region)) policy.geo.allowedRegions = [region];
      else if (all.some((c) => c.country === region)) policy.geo.allowedCountries = [region];
      else warnings.push(`context.region ${body.context.region} matches no provider location; not applied`);
      factors.push('context.region');
    }
    const industry = industryCompliance(body.context.industry);
    if (industry.length) {
      policy.geo.requireCompliance = [...new Set([...policy.geo.requireCompliance, ...industry])];
      factors.push(`context.industry:${industry.join(',')}`);
    }
    const features = req.features ?? [];
    if (features.length) factors.push('requirements.features');
    for (const f of features) {
      if (f !== 'vision') warnings.push(`requirements.features ${f}: not verified: ${UNVERIFIABLE_FEATURES[f]}`);
    }
    // vision (supportsVision) and the context window come from the provider model records.
    const inputTokens = body.prompt.tokens ?? estimateTokens(body.prompt.text);
    const outputTokens = body.prompt.expectedResponseTokens ?? expectedOutputTokens(body.prompt.type, inputTokens);
    const need = { vision: features.includes('vision'), tokens: inputTokens + outputTokens };
    const facts = await this.modelFacts(principal.companyId);
    factors.push('model.contextWindow');
    const excludedBy = new Set<string>();
    const restrictTo = (c: RoutingCandidate) => {
      const verdict = modelServes(facts.get(`${c.providerId}|${c.model}`) ?? { supportsVision: c.supportsVision, contextWindow: null }, need);
      if (verdict.reason) excludedBy.add(verdict.reason);
      return verdict.ok;
    };

    const profile = buildTaskProfile({ content: body.prompt.text });
    const { decision, window } = await this.deps.routing.decide(principal, policy, {
      rotationKey: 'advisory-b',
      restrictTo,
      profile: profile.source === 'NONE' ? null : profile,
      taskFitMode: 'policy',
    });

    const costOf = (c: RoutingCandidate) => costBreakdown(c, inputTokens, outputTokens).totalCost;

    let ranked = decision.ranked;
    const reasons = decision.filteredOut.flatMap((f) => f.reasons);
    if (excludedBy.has('context_window')) reasons.push('context window');
    if (req.maxCost !== undefined) {
      const before = ranked.length;
      ranked = ranked.filter((r) => costOf(r.candidate) <= req.maxCost!);
      if (ranked.length < before) reasons.push('requirements.maxCost');
      factors.push('requirements.maxCost');
      optimizations.push('max_cost_filter');
    }
    if (req.minQuality !== undefined) {
      const before = ranked.length;
      ranked = ranked.filter((r) => r.qualityScore >= req.minQuality!);
      if (ranked.length < before) reasons.push('requirements.minQuality');
      factors.push('requirements.minQuality');
    }
    if (!ranked.length) {
      const cheapest = decision.ranked.length ? Math.min(...decision.ranked.map((r) => costOf(r.candidate))) : null;
      const bestQuality = decision.ranked.length ? Math.max(...decision.ranked.map((r) => r.qualityScore)) : null;
      throw noMatch('No provider matches the request requirements', suggestionsFor(reasons, { req, cheapest, bestQuality, body, tokens: need.tokens }));
    }
    if (req.preferredProviders?.length) {
      // A preference, not a filter: preferred providers go first, each group keeping routing's order.
      const wanted = new Set(req.preferredProviders.map((p) => p.toLowerCase()));
      const preferred = (r: RankedCandidate) =>
        wanted.has(r.candidate.providerName.toLowerCase()) || wanted.has(r.candidate.providerType.toLowerCase()) || wanted.has(r.candidate.providerId);
      const first = ranked.filter(preferred);
      if (!first.length) warnings.push('requirements.preferredProviders: none of them is available for this request');
      ranked = [...first, ...ranked.filter((r) => !preferred(r))];
      factors.push('requirements.preferredProviders');
      optimizations.push('preferred_providers');
    }

    const endpoints = new Map((await this.deps.providers.runtimeProviders(principal.companyId)).map((p) => [p.id, p.baseUrl ?? DEFAULT_ENDPOINT[p.type] ?? '']));
    const endpointOf = (r: RankedCandidate) => endpoints.get(r.candidate.providerId) ?? DEFAULT_ENDPOINT[r.candidate.providerType] ?? '';
    const [primary, ...rest] = ranked;
    const p = primary!;
    const fallbacks = rest.slice(0, Math.max(1, policy.fallback.maxRetries));

    const health = await this.deps.health.latestForCompany(principal.companyId).catch(() => new Map());
    const trust = health.get(p.candidate.providerId)?.trustScore;
    if (trust !== undefined && trust < 70) warnings.push(`${p.candidate.providerName} has a trust score of ${trust} (below 70)`);
    if (need.tokens >= LONG_CONTEXT_TOKENS && facts.get(`${p.candidate.providerId}|${p.candidate.model}`)?.contextWindow == null) {
      warnings.push(`${p.candidate.providerName}/${p.candidate.model} records no contextWindow: ${need.tokens} tokens not verified to fit`);
    }
    if (p.metrics.samples === 0) warnings.push(`${p.candidate.providerName}/${p.candidate.model} has no recent traffic: latency and availability are estimates`);
    if (body.context.tier !== tier) warnings.push(`context.tier ${body.context.tier} differs from the company's tier ${tier}; limits and features follow ${tier}`);
    if (decision.filteredOut.some((f) => f.reasons.includes('circuit breaker open'))) warnings.push('Some providers are skipped: their circuit breaker is open');

    const breakdown = costBreakdown(p.candidate, inputTokens, outputTokens);
    const defaultCandidate = all.find((c) => c.isDefault && c.isDefaultModel) ?? null;
    const comparedToDefault = defaultCandidate ? usd(costOf(defaultCandidate) - breakdown.totalCost) : 0;
    const p50 = p.metrics.p50LatencyMs ?? latencyOf(p);
    const p95 = p.metrics.p95LatencyMs ?? p50;
    const windowMinutes = Math.max(1, window.windowMinutes);

    const recommendation: Record<string, unknown> = {
      primary: {
        provider: p.candidate.providerName,
        model: p.candidate.model,
        endpoint: endpointOf(p),
        estimatedLatency: latencyOf(p),
        estimatedCost: breakdown.totalCost,
        qualityScore: p.qualityScore,
        availability: round4(p.metrics.availability),
        reasoning: p.reasoning,
      },
      fallback: fallbacks.map((r, i) => ({
        provider: r.candidate.providerName,
        model: r.candidate.model,
        endpoint: endpointOf(r),
        triggerCondition: triggerConditionAt(i),
      })),
    };
    if (tier === 'enterprise') {
      const strategy = loadBalancingStrategy(body.context.priority, policy.strategy);
      recommendation.loadBalancing = {
        strategy,
        distribution: distribution(
          strategy,
          [p, ...fallbacks].map((r) => ({
            provider: r.candidate.providerName,
            compositeScore: r.compositeScore,
            latencyMs: latencyOf(r),
            costPerRequest: costOf(r.candidate),
          })),
        ),
      };
      factors.push('load_balancing');
    }

    return {
      requestId: body.requestId,
      recommendation,
      costAnalysis: {
        estimatedCost: breakdown.totalCost,
        costBreakdown: breakdown,
        savings: { comparedToDefault, optimizationApplied: optimizations },
      },
      performanceMetrics: {
        expectedLatency: {
          p50: p50 === null ? null : Math.round(p50),
          p95: p95 === null ? null : Math.round(p95),
          p99: p95 === null ? null : Math.round(p95 * P99_OVER_P95),
        },
        throughput: round4(p.metrics.samples / windowMinutes),
        successRate: round4(1 - p.metrics.errorRate),
      },
      compliance: complianceOf(p.candidate),
      warnings,
      metadata: {
        decisionTime: Math.round((performance.now() - startedAt) * 100) / 100,
        factorsConsidered: factors,
        cacheHit: false,
        version: SHAPE_B_VERSION,
      },
    };
  }

  // ---- Subscriber advisory ----

  /** A subscription's key is metered as ROUTING_ADVICE under the subscription's limits; other keys get the per-key hourly limit. */
  async subscriber(principal: Principal, body: SubscriberAdvisoryBody, client?: ClientInfo) {
    return this.metered(principal, 'ROUTING_ADVICE', client, (subscribed) => this.subscriberAdvice(principal, body, subscribed));
  }

  private async subscriberAdvice(principal: Principal, body: SubscriberAdvisoryBody, subscribed: boolean) {
    const keyId = principal.apiKey?.id ?? principal.userId ?? principal.companyId;
    const limit = this.deps.config.ROUTING_ADVISORY_SUBSCRIBER_LIMIT_PER_HOUR;
    const d = subscribed ? null : await this.deps.limiter.hit(principal.companyId, `advisory-sub:key:${keyId}`, limit);
    if (d && !d.allowed) {
      throw new ApiError(429, 'RATE_LIMITED', 'Routing advisory rate limit reached for this API key', undefined, {
        retryAfter: d.retryAfter,
        limit: { requests: limit, window: '1h', tier: advisoryTierOf(await this.companyTier(principal.companyId)) },
      });
    }

    const base = await this.policyFor(principal);
    const policy = structuredClone(base.policy) as RoutingPolicy;
    if (body.regions?.length) policy.geo.allowedRegions = body.regions.map((r) => r.toUpperCase());
    if (body.complianceFrameworks?.length) {
      policy.geo.requireCompliance = [...new Set([...policy.geo.requireCompliance, ...body.complianceFrameworks.map((c) => c.toUpperCase())])];
    }
    const types = body.providerTypes?.length ? new Set(body.providerTypes.map((t) => t.toUpperCase())) : null;
    const useCaseDimension = body.useCase ? toDimension(body.useCase) : null;

    // Task fields never reorder: the ranking is made without task fit, the evidence beside it.
    const { decision, window } = await this.deps.routing.decide(principal, policy, {
      rotationKey: 'advisory-subscriber',
      restrictTo: types ? (c) => types.has(c.providerType) : undefined,
      specializations: useCaseDimension ? [useCaseDimension] : undefined,
      taskFitMode: 'off',
    });
    let ranked = decision.ranked;
    if (body.maxCost !== undefined) ranked = ranked.filter((r) => r.estimatedCostPerToken * 1000 <= body.maxCost!);
    if (body.minPerformance !== undefined) ranked = ranked.filter((r) => r.metrics.availability * 100 >= body.minPerformance!);

    const response: Record<string, unknown> = {
      success: true,
      recommendations: ranked.slice(0, SUBSCRIBER_MAX_RECOMMENDATIONS).map((r, i) => ({
        rank: i + 1,
        providerId: r.candidate.providerId,
        provider: r.candidate.providerName,
        providerType: r.candidate.providerType,
        model: r.candidate.model,
        region: r.candidate.region,
        country: r.candidate.country,
        compliance: [...r.candidate.compliance],
        estimatedLatency: latencyOf(r),
        estimatedCost: usd(r.estimatedCostPerToken * 1000),
        qualityScore: r.qualityScore,
        availability: round4(r.metrics.availability),
        compositeScore: r.compositeScore,
      })),
      totalCandidates: decision.totalCandidates,
      policyApplied: base.name,
      useCase: body.useCase ?? null,
      metadata: { generatedAt: new Date().toISOString(), basedOnWindow: window },
    };

    const codes = parseTaskCodes(body.taskCodes);
    if (codes.length || typeof body.content === 'string') {
      const profile = buildTaskProfile({ codes, content: body.content });
      const applied = profile.dimensions.length > 0;
      response.taskProfile = {
        codes: profile.codes,
        dimensions: profile.dimensions,
        confidence: profile.confidence,
        source: profile.source,
        applied,
        classifierVersion: profile.classifierVersion,
      };
      response.taskFit = applied
        ? await this.subscriberEvidence(ranked, profile.dimensions, policy, profile.notes)
        : { evidence: [], explanations: [{ key: 'taskFit.noDimensions', vars: {} }, ...profile.notes] };
    }
    return response;
  }

  /**
   * Per-model task-fit evidence from public benchmarks, specialization tags and static tiers only:
   * the company's own execution evidence (internal) is never computed here, so it cannot reach a
   * subscriber. At most ten models, best blended quality first; models of no known family with
   * neither a benchmark nor a tag (nothing but the unknown-model default) are left out.
   */
  private async subscriberEvidence(ranked: readonly RankedCandidate[], dimensions: RoutingCandidate['specializations'], policy: RoutingPolicy, notes: Explanation[]) {
    const evidence = await this.deps.routing.evidence();
    const now = Date.now();
    const items = ranked
      .map((r, order) => {
        const fit = candidateTaskFit(r.candidate, dimensions, policy.taskFit, evidence, EMPTY_INTERNAL, now);
        const provenance = fit.provenance
          .filter((p) => p.source !== 'internal')
          .map((p) => ({ dimension: p.dimension, score: p.score, source: p.source, asOf: p.asOf, benchmarks: p.benchmarks, weight: p.weight }));
        const hasEvidence = evidence.familyOf(r.candidate.model) !== null || provenance.some((p) => p.source !== 'tier');
        return { r, order, fit, provenance, hasEvidence };
      })
      .filter((x) => x.hasEvidence)
      .sort((a, b) => b.fit.blendedQualityScore - a.fit.blendedQualityScore || a.order - b.order)
      .slice(0, EVIDENCE_MAX);
    return {
      evidence: items.map(({ r, fit, provenance }) => ({
        providerId: r.candidate.providerId,
        model: r.candidate.model,
        taskFit: {
          blendedQualityScore: fit.blendedQualityScore,
          legacyQualityScore: fit.legacyQualityScore,
          perDimension: fit.perDimension,
          provenance,
        },
        explanations: provenance.map((p) => ({ key: `taskFit.source.${p.source}`, vars: { dimension: p.dimension, score: p.score } })),
      })),
      explanations: [
        { key: 'taskFit.evidenceOnly', vars: { evidenced: items.length, datasetVersion: evidence.datasetVersion } },
        ...notes,
      ],
    };
  }
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
const latencyOf = (r: RankedCandidate) => (r.estimatedLatencyMs === null ? null : Math.round(r.estimatedLatencyMs));

function noMatch(message: string, suggestions: string[]) {
  return new ApiError(404, 'NO_PROVIDER_MATCH', 'No matching provider', undefined, { message, suggestions });
}

function suggestionsFor(
  reasons: readonly string[],
  ctx: { req?: AdvisoryShapeB['requirements']; cheapest?: number | null; bestQuality?: number | null; body?: AdvisoryShapeB; tokens?: number },
): string[] {
  const out: string[] = [];
  const any = (re: RegExp) => reasons.some((r) => re.test(r));
  const req = ctx.req ?? {};
  if (req.maxCost !== undefined && ctx.cheapest !== null && ctx.cheapest !== undefined && ctx.cheapest > req.maxCost) {
    out.push(`Raise requirements.maxCost: the cheapest matching option costs ${ctx.cheapest} USD for this request`);
  }
  if (req.minQuality !== undefined && ctx.bestQuality !== null && ctx.bestQuality !== undefined && ctx.bestQuality < req.minQuality) {
    out.push(`Lower requirements.minQuality: the best available quality score is ${ctx.bestQuality}`);
  }
  if (req.maxLatency !== undefined || any(/latency/)) out.push('Raise requirements.maxLatency or the policy maxLatencyMs');
  if (req.excludeProviders?.length || any(/deny list/)) out.push('Exclude fewer providers (requirements.excludeProviders or the policy deny lists)');
  if (req.features?.includes('vision')) out.push('Drop the vision feature or add a provider with a vision model');
  if (any(/context window/)) out.push(`Shorten the prompt or add a model whose contextWindow holds ${ctx.tokens ?? 'the'} tokens`);
  if (any(/region|country/)) out.push('Choose another region (context.region) or relax the geofencing rules');
  if (any(/compliance/)) out.push('Add a provider with the required compliance, or use another context.industry');
  if (any(/circuit breaker/)) out.push('Wait for open circuit breakers to recover (GET /api/v1/routing/breakers)');
  if (any(/availability/)) out.push('Lower the policy minAvailability');
  out.push('Add or activate a provider that meets the requirements');
  return out;
}
