import type { ProviderType } from './providers';
import { type TaskDimension, toDimension } from './task-vocabulary';

/**
 * Choosing the provider and model for a gateway call before the routing engine exists: an explicit
 * providerType/model, a provider group's rotation, else the company default. The result is an
 * ordered list: the first candidate is called, the others are the fallbacks. Pure: the rotation
 * counter and random numbers are passed in.
 */
export type Rotation = 'ROUND_ROBIN' | 'SEQUENTIAL' | 'RANDOM';

export interface SelectableModel {
  name: string;
  supportsVision: boolean;
  specializations: string[];
}

export interface SelectableProvider {
  id: string;
  type: ProviderType;
  name: string;
  defaultModel: string;
  models: SelectableModel[];
  specializations: string[];
  isDefault: boolean;
}

export interface SelectionRequest {
  providerType?: ProviderType;
  model?: string;
  specializations?: TaskDimension[];
  /** An image attachment: prefer vision-capable models. */
  needsVision?: boolean;
}

export interface GroupRotation {
  providerIds: string[];
  rotation: Rotation;
  /** How many requests this group has served (ROUND_ROBIN position). */
  counter: number;
  /** Numbers in [0, 1) for RANDOM. */
  random: () => number;
}

export interface Candidate<P extends SelectableProvider> {
  provider: P;
  model: string;
}

export type SelectionResult<P extends SelectableProvider> =
  | { ok: true; candidates: Candidate<P>[]; reason: string }
  | { ok: false; code: 'NO_PROVIDER' | 'NO_PROVIDER_OF_TYPE' | 'MODEL_NOT_OFFERED' | 'EMPTY_GROUP'; message: string };

function tagsOf(p: SelectableProvider, model: string): TaskDimension[] {
  const m = p.models.find((x) => x.name === model);
  const terms = [...p.specializations, ...(m?.specializations ?? [])];
  return terms.map(toDimension).filter((d): d is TaskDimension => d !== null);
}

/** The model to call on a provider: the requested one, else the best specialised one, else its default. */
function modelFor(p: SelectableProvider, req: SelectionRequest): string {
  if (req.model) return req.model;
  const wanted = req.specializations ?? [];
  if (wanted.length || req.needsVision) {
    let best = p.defaultModel;
    let bestScore = -1;
    for (const m of p.models) {
      const tags = tagsOf(p, m.name);
      const score = wanted.filter((w) => tags.includes(w)).length + (req.needsVision && m.supportsVision ? 1 : 0);
      if (score > bestScore || (score === bestScore && m.name === p.defaultModel)) {
        best = m.name;
        bestScore = score;
      }
    }
    return best;
  }
  return p.defaultModel;
}

function rotate<T>(items: T[], by: number): T[] {
  if (!items.length) return items;
  const k = ((by % items.length) + items.length) % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function selectCandidates<P extends SelectableProvider>(
  providers: readonly P[],
  req: SelectionRequest,
  group?: GroupRotation,
): SelectionResult<P> {
  let pool: P[];
  let reason: string;
  if (group) {
    pool = group.providerIds.map((id) => providers.find((p) => p.id === id)).filter((p): p is P => Boolean(p));
    if (!pool.length) return { ok: false, code: 'EMPTY_GROUP', message: 'The provider group has no active providers' };
    if (group.rotation === 'ROUND_ROBIN') pool = rotate(pool, group.counter);
    else if (group.rotation === 'RANDOM') pool = shuffle(pool, group.random);
    reason = `provider group rotation ${group.rotation}`;
  } else {
    // Default first, then the rest in the order they were configured.
    pool = [...providers].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    reason = 'company default provider';
  }
  if (!pool.length) return { ok: false, code: 'NO_PROVIDER', message: 'No active provider is configured for this company' };

  if (req.providerType) {
    pool = pool.filter((p) => p.type === req.providerType);
    if (!pool.length) {
      return { ok: false, code: 'NO_PROVIDER_OF_TYPE', message: `No active provider of type ${req.providerType}` };
    }
    reason = `requested provider type ${req.providerType}`;
  }
  if (req.model) {
    const offering = pool.filter((p) => p.defaultModel === req.model || p.models.some((m) => m.name === req.model));
    if (offering.length) {
      pool = offering;
      reason = `${reason}; requested model ${req.model}`;
    } else if (!req.providerType) {
      return { ok: false, code: 'MODEL_NOT_OFFERED', message: `No active provider offers model ${req.model}` };
    }
  }

  const wanted = req.specializations ?? [];
  if (wanted.length && !group) {
    // Soft preference: providers with more matching specialisation tags move forward (stable).
    const score = (p: P) => {
      const tags = [...new Set(p.models.flatMap((m) => tagsOf(p, m.name)))];
      return wanted.filter((w) => tags.includes(w)).length;
    };
    pool = pool
      .map((p, i) => ({ p, i, s: score(p) }))
      .sort((a, b) => b.s - a.s || a.i - b.i)
      .map((x) => x.p);
    reason = `${reason}; preferring specializations ${wanted.join(', ')}`;
  }

  return { ok: true, candidates: pool.map((provider) => ({ provider, model: modelFor(provider, req) })), reason };
}
