import type { Db } from '../../db/connection';
import {
  type BatchRoute,
  type BatchRouteRequest,
  type BatchRouting,
  batchCandidatesFromRanking,
  chooseBatchCandidates,
  strategyForTier,
} from '../../domain/batch/routing';
import type { BreakerGate } from '../../domain/routing/breaker-gate';
import { DEFAULT_POLICY, type RoutingPolicy } from '../../domain/routing/policy';
import type { Config } from '../../lib/config';
import type { SecretBox } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Principal } from '../../domain/principal';
import { AuditService } from '../audit/audit';
import { ProviderGroupService } from '../providers/provider-groups';
import { ProviderService, type RuntimeProvider } from '../providers/providers';
import { RoutingService } from '../routing/routing';
import { RoutingMetricsService } from '../routing/metrics';
import { RoutingPolicyService } from '../routing/policies';

/**
 * Which providers a batch job uses, through the routing engine (issue 4: "The provider is chosen
 * through the routing policy, providerHint, qualityTier and model"). Used twice per job: by the api
 * at POST time (validation and the cost estimate) and by the worker when the job is planned
 * (activities/batch/lifecycle.ts planBatch), so providers excluded since the POST are not used.
 *
 * - The policy: config.routingPolicyId (404 POLICY_NOT_FOUND when not the company's), else the
 *   company's default policy (user scope for jobs created by a signed-in user, then company scope).
 * - qualityTier replaces the policy's strategy (cheap LOWEST_COST, fast LOWEST_LATENCY, quality
 *   HIGHEST_QUALITY; secure keeps it and prefers compliance certifications); without a saved policy
 *   a tier ranks under the engine's default policy.
 * - Everything the policy filters (geofence, hard constraints, provider groups, deny lists) and every
 *   provider whose circuit breaker is open is left out of the job's splits.
 * - model restricts the ranking to that model; providerHint puts its provider first.
 * - No policy and no tier: the gateway's rule without a policy (the company default provider first,
 *   then configured order), still without open breakers.
 */
export class BatchRouter implements BatchRouting {
  constructor(
    private readonly deps: {
      routing: RoutingService;
      providers: ProviderService;
      /** Called before each decision (the worker refreshes its breaker snapshot here). */
      beforeRoute?: () => Promise<void>;
    },
  ) {}

  async route(companyId: string, req: BatchRouteRequest): Promise<BatchRoute<RuntimeProvider>> {
    const { routing, providers } = this.deps;
    await this.deps.beforeRoute?.();
    const active = await providers.runtimeProviders(companyId);
    if (!active.length) return { ok: false, status: 400, code: 'NO_PROVIDER', message: 'No active provider is configured for this company' };

    let applied: { id: string; name: string; policy: RoutingPolicy } | null = null;
    if (req.routingPolicyId) {
      try {
        const saved = await routing.policyById(companyId, req.routingPolicyId);
        applied = { id: saved.id, name: saved.name, policy: saved.policy };
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) {
          return { ok: false, status: 404, code: 'POLICY_NOT_FOUND', message: `Routing policy ${req.routingPolicyId} not found` };
        }
        throw err;
      }
    } else {
      const def = await routing.defaultPolicy(companyId, { sessionUser: req.sessionUser ?? false });
      if (def) applied = { id: def.id, name: def.name, policy: def.policy };
    }

    const blocked = routing.breakers.blockedProviderIds();
    const tierStrategy = strategyForTier(req.qualityTier);
    if (!applied && !req.qualityTier) {
      // No policy applies: the foundation's selection, as the gateway does without one.
      const chosen = chooseBatchCandidates(active, req);
      if (!chosen.ok) return { ok: false, status: 400, code: chosen.code, message: chosen.message };
      const open = chosen.candidates.filter((c) => !blocked.has(c.provider.id));
      if (!open.length) return { ok: false, status: 403, code: 'POLICY_VIOLATION', message: 'Every matching provider has an open circuit breaker' };
      return { ok: true, candidates: open, reason: chosen.reason, policy: null };
    }

    const model = req.model ?? null;
    if (model && !active.some((p) => p.defaultModel === model || p.models.some((m) => m.name === model))) {
      return { ok: false, status: 400, code: 'MODEL_NOT_OFFERED', message: `No active provider offers model ${model}` };
    }
    const base = applied?.policy ?? DEFAULT_POLICY;
    const policy: RoutingPolicy = tierStrategy ? { ...base, strategy: tierStrategy } : base;
    const policyName = applied?.name ?? 'default';
    const { decision } = await routing.decide(principalFor(companyId), policy, {
      rotationKey: `batch:${applied?.id ?? 'default'}`,
      restrictTo: model ? (c) => c.model === model : undefined,
      explain: 0,
    });
    if (!decision.ranked.length) {
      const why = [...new Set(decision.filteredOut.flatMap((f) => f.reasons))].slice(0, 5).join('; ');
      return {
        ok: false,
        status: 403,
        code: 'POLICY_VIOLATION',
        message: `Routing policy ${policyName} allows no provider${model ? ` for model ${model}` : ''}${why ? ` (${why})` : ''}`,
      };
    }
    const chosen = batchCandidatesFromRanking(
      decision.ranked.map((r) => r.candidate),
      active,
      { ...req, policyName },
    );
    if (!chosen.ok) return { ok: false, status: chosen.code === 'PROVIDER_EXCLUDED_BY_POLICY' || chosen.code === 'POLICY_VIOLATION' ? 403 : 400, code: chosen.code, message: chosen.message };
    return { ok: true, candidates: chosen.candidates, reason: chosen.reason, policy: applied ? { id: applied.id, name: applied.name } : null };
  }
}

/** Routing reads only the company (and features, for task fit, which batches do not use). */
function principalFor(companyId: string): Principal {
  return { via: 'api_key', companyId, userId: null, role: null, permissions: new Set(), features: new Set() };
}

/**
 * The worker's view of the circuit breakers: the provider_breakers rows the `breaker:<providerId>`
 * workflows write, read before each batch is planned. Open and half-open providers are both left
 * out: a half-open provider admits a few probes, not a whole split.
 */
export class BreakerSnapshot implements BreakerGate {
  private blocked: ReadonlySet<string> = new Set();

  constructor(private readonly db: Db) {}

  async refresh(): Promise<void> {
    const rows = (await this.db('provider_breakers').whereIn('state', ['open', 'half-open']).select('provider_id')) as Array<{ provider_id: string }>;
    this.blocked = new Set(rows.map((r) => r.provider_id));
  }

  blockedProviderIds(): ReadonlySet<string> {
    return this.blocked;
  }

  recordOutcome(): void {}
}

/**
 * A BatchRouter for the worker process: the routing services over its database, without caches
 * (a job is planned once; a policy or provider changed a moment ago must count).
 */
export function createWorkerBatchRouter(deps: { db: Db; secretBox: SecretBox; logger: Logger; config: Config }): BatchRouter {
  const { db, secretBox, logger, config } = deps;
  const audit = new AuditService(db);
  const providers = new ProviderService(db, secretBox, audit, 0);
  const groups = new ProviderGroupService(db, audit, 0);
  const policies = new RoutingPolicyService(db, audit, providers, 0);
  const metrics = new RoutingMetricsService(db, logger, {
    windowMinutes: config.ROUTING_METRICS_WINDOW_MINUTES,
    ttlMs: config.ROUTING_METRICS_TTL_MS,
    evidenceDays: config.ROUTING_EVIDENCE_DAYS,
  });
  const breakers = new BreakerSnapshot(db);
  const routing = new RoutingService({ db, providers, groups, policies, metrics, breakers, logger });
  return new BatchRouter({ routing, providers, beforeRoute: () => breakers.refresh() });
}
