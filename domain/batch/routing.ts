import type { ProviderType } from '../providers';
import { type SelectableProvider, selectCandidates } from '../provider-selection';
import type { QualityTier } from './types';

/**
 * Which providers a batch may use, best first, from the company's active providers and the job's
 * config (providerHint, model, qualityTier). `chooseBatchCandidates` is the rule without any
 * policy or tier (services/batch/routing.ts uses it then, like the gateway without a policy);
 * `batchCandidatesFromRanking` turns the routing engine's ranking into candidates otherwise. Pure.
 *
 * - providerHint names a provider (by name, id or type): it goes first, and alone when the
 *   strategy is single; an unknown hint is an invalid config.
 * - model restricts to providers offering it.
 * chooseBatchCandidates (still usable alone, e.g. by tools):
 * - qualityTier orders the rest: cheap = lowest blended price first; quality = highest first;
 *   fast = the providers' cheapest ("flash"/"mini") models first, like cheap; secure = most
 *   compliance certifications first. Without a tier: the company default, then configured order.
 */
export interface BatchRoutingProvider extends SelectableProvider {
  compliance: string[];
  models: Array<SelectableProvider['models'][number] & { inputPricePerMillion: number; outputPricePerMillion: number }>;
}

export interface BatchRoutingRequest {
  providerHint?: string | null;
  model?: string | null;
  qualityTier?: QualityTier | null;
}

/** A job's routing request: its config's provider fields, its policy and who created it. */
export interface BatchRouteRequest extends BatchRoutingRequest {
  routingPolicyId?: string | null;
  /** The job was created by a signed-in user (user-scope default policies apply). */
  sessionUser?: boolean;
}

/** A job's providers, best first, or why it has none (the status is the api's answer at POST time). */
export type BatchRoute<P extends BatchRoutingProvider = BatchRoutingProvider> =
  | { ok: true; candidates: BatchCandidate<P>[]; reason: string; policy: { id: string; name: string } | null }
  | { ok: false; status: 400 | 403 | 404; code: string; message: string };

/**
 * The seam through which a job's providers are chosen: services/batch/routing.ts implements it over
 * the routing engine; the api uses it at POST time and the worker's batch activities get it
 * injected (activities never import services).
 */
export interface BatchRouting {
  route(companyId: string, req: BatchRouteRequest): Promise<BatchRoute>;
}

export interface BatchCandidate<P extends BatchRoutingProvider> {
  provider: P;
  model: string;
  inputPricePerMillion: number;
  outputPricePerMillion: number;
}

export type BatchRoutingResult<P extends BatchRoutingProvider> =
  | { ok: true; candidates: BatchCandidate<P>[]; reason: string }
  | { ok: false; code: string; message: string };

const PROVIDER_TYPE_NAMES: readonly string[] = ['OPENAI', 'ANTHROPIC', 'GOOGLE', 'DEEPSEEK', 'CUSTOM'];

function priced<P extends BatchRoutingProvider>(provider: P, model: string): BatchCandidate<P> {
  const m = provider.models.find((x) => x.name === model);
  return { provider, model, inputPricePerMillion: m?.inputPricePerMillion ?? 0, outputPricePerMillion: m?.outputPricePerMillion ?? 0 };
}

/** The provider's cheapest or dearest model (by blended list price), for tiers without a model. */
function modelByPrice(p: BatchRoutingProvider, cheapest: boolean): string {
  if (!p.models.length) return p.defaultModel;
  const sorted = [...p.models].sort((a, b) => a.inputPricePerMillion + a.outputPricePerMillion - (b.inputPricePerMillion + b.outputPricePerMillion));
  return (cheapest ? sorted[0] : sorted[sorted.length - 1])!.name;
}

export function chooseBatchCandidates<P extends BatchRoutingProvider>(providers: readonly P[], req: BatchRoutingRequest): BatchRoutingResult<P> {
  let pool = [...providers];
  let hinted: P | undefined;
  const reasons: string[] = [];
  if (req.providerHint) {
    const hint = req.providerHint.trim();
    hinted =
      pool.find((p) => p.name === hint || p.id === hint) ??
      (PROVIDER_TYPE_NAMES.includes(hint.toUpperCase()) ? pool.find((p) => p.type === (hint.toUpperCase() as ProviderType)) : undefined);
    if (!hinted) return { ok: false, code: 'UNKNOWN_PROVIDER_HINT', message: `No active provider matches providerHint ${hint}` };
    reasons.push(`provider hint ${hint}`);
  }
  const selection = selectCandidates(pool, { model: req.model ?? undefined });
  if (!selection.ok) return { ok: false, code: selection.code, message: selection.message };
  pool = selection.candidates.map((c) => c.provider);
  if (req.model) reasons.push(`model ${req.model}`);

  const tier = req.qualityTier ?? null;
  let candidates = pool.map((p) => {
    const model = req.model ?? (tier === 'cheap' || tier === 'fast' ? modelByPrice(p, true) : tier === 'quality' ? modelByPrice(p, false) : p.defaultModel);
    return priced(p, model);
  });
  const blended = (c: BatchCandidate<P>) => c.inputPricePerMillion + c.outputPricePerMillion;
  if (tier === 'cheap' || tier === 'fast') candidates.sort((a, b) => blended(a) - blended(b));
  else if (tier === 'quality') candidates.sort((a, b) => blended(b) - blended(a));
  else if (tier === 'secure') candidates.sort((a, b) => b.provider.compliance.length - a.provider.compliance.length);
  if (tier) reasons.push(`quality tier ${tier}`);

  if (hinted) {
    const index = candidates.findIndex((c) => c.provider.id === hinted.id);
    if (index < 0) return { ok: false, code: 'MODEL_NOT_OFFERED', message: `Provider ${hinted.name} does not offer model ${req.model}` };
    const [first] = candidates.splice(index, 1);
    candidates = [first!, ...candidates];
  }
  if (!candidates.length) return { ok: false, code: 'NO_PROVIDER', message: 'No active provider is configured for this company' };
  return { ok: true, candidates, reason: reasons.length ? reasons.join('; ') : selection.reason };
}

/**
 * Under the routing engine (services/batch/routing.ts): a job's qualityTier replaces the
 * policy's strategy, the policy's filters (geofence, hard constraints, groups, deny lists) and the
 * open breakers still apply. secure keeps the policy's strategy and prefers the providers with the
 * most compliance certifications (see `batchCandidatesFromRanking`).
 */
export type TierStrategy = 'LOWEST_COST' | 'LOWEST_LATENCY' | 'HIGHEST_QUALITY';

export function strategyForTier(tier: QualityTier | null | undefined): TierStrategy | null {
  if (tier === 'cheap') return 'LOWEST_COST';
  if (tier === 'fast') return 'LOWEST_LATENCY';
  if (tier === 'quality') return 'HIGHEST_QUALITY';
  return null;
}

/** One provider/model pair the engine kept, best first (a RoutingCandidate's fields batches read). */
export interface RankedPair {
  providerId: string;
  model: string;
  inputPricePerMillion: number;
  outputPricePerMillion: number;
}

/** Finds the provider a hint names: by name or id, else the first of a provider type. */
export function findHintedProvider<P extends BatchRoutingProvider>(providers: readonly P[], hint: string): P | undefined {
  const h = hint.trim();
  return (
    providers.find((p) => p.name === h || p.id === h) ??
    (PROVIDER_TYPE_NAMES.includes(h.toUpperCase()) ? providers.find((p) => p.type === (h.toUpperCase() as ProviderType)) : undefined)
  );
}

/**
 * From the engine's ranking (provider/model pairs the policy kept, best first) to a batch's
 * candidates: one per provider, with its best-ranked model (a model the job names is already the
 * only one ranked), so round-robin and cost-optimal spread over providers in the policy's order.
 * providerHint puts its provider first; a hint naming an active provider the policy excluded is
 * refused (the policy wins). secure orders by compliance certifications, ties in policy order.
 */
export function batchCandidatesFromRanking<P extends BatchRoutingProvider>(
  ranked: readonly RankedPair[],
  providers: readonly P[],
  req: BatchRoutingRequest & { policyName?: string },
): BatchRoutingResult<P> {
  const byId = new Map(providers.map((p) => [p.id, p]));
  const seen = new Set<string>();
  let candidates: BatchCandidate<P>[] = [];
  // cheap means the cheapest the policy allows: the engine's LOWEST_COST still blends in 30% of the
  // balanced score, so pairs are re-sorted by list price (stable: the engine's order breaks ties),
  // which also gives each provider its cheapest model.
  const blended = (r: RankedPair) => r.inputPricePerMillion + r.outputPricePerMillion;
  const pairs = req.qualityTier === 'cheap' ? [...ranked].sort((a, b) => blended(a) - blended(b)) : ranked;
  for (const r of pairs) {
    const provider = byId.get(r.providerId);
    if (!provider || seen.has(r.providerId)) continue;
    seen.add(r.providerId);
    candidates.push({ provider, model: r.model, inputPricePerMillion: r.inputPricePerMillion, outputPricePerMillion: r.outputPricePerMillion });
  }
  const reasons = [`routing policy ${req.policyName ?? 'default'}`];
  if (req.model) reasons.push(`model ${req.model}`);
  if (req.qualityTier) reasons.push(`quality tier ${req.qualityTier}`);
  if (req.qualityTier === 'secure') {
    candidates = candidates
      .map((c, i) => ({ c, i }))
      .sort((a, b) => b.c.provider.compliance.length - a.c.provider.compliance.length || a.i - b.i)
      .map((x) => x.c);
  }
  if (req.providerHint) {
    const hinted = findHintedProvider(providers, req.providerHint);
    if (!hinted) return { ok: false, code: 'UNKNOWN_PROVIDER_HINT', message: `No active provider matches providerHint ${req.providerHint.trim()}` };
    const index = candidates.findIndex((c) => c.provider.id === hinted.id);
    if (index < 0) {
      return {
        ok: false,
        code: 'PROVIDER_EXCLUDED_BY_POLICY',
        message: `providerHint ${req.providerHint.trim()} names ${hinted.name}, which routing policy ${req.policyName ?? 'default'} excludes${req.model ? ` for model ${req.model}` : ''}`,
      };
    }
    const [first] = candidates.splice(index, 1);
    candidates = [first!, ...candidates];
    reasons.push(`provider hint ${req.providerHint.trim()}`);
  }
  if (!candidates.length) return { ok: false, code: 'POLICY_VIOLATION', message: `Routing policy ${req.policyName ?? 'default'} allows no provider` };
  return { ok: true, candidates, reason: reasons.join('; ') };
}
