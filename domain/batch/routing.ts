import type { ProviderType } from '../../activities/providers/types';
import { type SelectableProvider, selectCandidates } from '../provider-selection';
import type { QualityTier } from './types';

/**
 * Which providers a batch may use, best first, from the company's active providers and the job's
 * config (providerHint, model, qualityTier). This is the pre-routing-engine rule; the routing
 * policy engine (config.routingPolicyId) plugs in at activities/batch/routing.ts, which calls this
 * when no policy applies. Pure.
 *
 * - providerHint names a provider (by name, id or type): it goes first, and alone when the
 *   strategy is single; an unknown hint is an invalid config.
 * - model restricts to providers offering it.
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
