import { TASK_DIMENSIONS, type TaskDimension } from '../task-vocabulary';
import type { BenchmarkRow, CandidateTaskFit, InternalEvidence, Provenance, RoutingCandidate } from './types';
import type { TaskFitSettings } from './policy';

/**
 * Task-fit evidence for one provider/model and the dimensions of a task profile. Per dimension one
 * source decides, in this order:
 *   internal  the company's own calls tagged with that dimension, once minInternalSamples are in;
 *   external  the newest public benchmark row of the model's family not older than staleAfterDays
 *             (skipped when the policy denies external evidence);
 *   manual    a specialization tag on the provider or model (the static quality lifted by 15);
 *   tier      the model family's static quality.
 * The blended quality is the weighted mean over the profile's dimensions (dimensionWeights, default 1).
 */
export interface ModelFamily {
  family: string;
  /** Lower-case model-name prefixes that belong to the family (longest match wins). */
  match: string[];
  tier: string;
  /** 0..100 */
  tierQuality: number;
}

/** Unknown models: a middling static quality, so they neither win nor lose on quality alone. */
export const UNKNOWN_TIER_QUALITY = 60;
const MANUAL_LIFT = 15;
const DAY_MS = 86_400_000;

export class EvidenceIndex {
  private readonly prefixes: Array<{ prefix: string; family: ModelFamily }>;
  private readonly rows = new Map<string, Array<BenchmarkRow & { asOfMs: number }>>();
  private readonly familyCache = new Map<string, ModelFamily | null>();

  constructor(
    families: readonly ModelFamily[],
    rows: readonly BenchmarkRow[],
    readonly datasetVersion: string,
  ) {
    this.prefixes = families
      .flatMap((family) => family.match.map((prefix) => ({ prefix: prefix.toLowerCase(), family })))
      .sort((a, b) => b.prefix.length - a.prefix.length);
    for (const row of rows) {
      const key = `${row.family}|${row.dimension}`;
      const list = this.rows.get(key) ?? [];
      list.push({ ...row, asOfMs: Date.parse(row.asOf) });
      this.rows.set(key, list);
    }
    // Newest first, so the first fresh row is the one that counts.
    for (const list of this.rows.values()) list.sort((a, b) => b.asOf.localeCompare(a.asOf));
  }

  familyOf(model: string): ModelFamily | null {
    const cached = this.familyCache.get(model);
    if (cached !== undefined) return cached;
    const name = model.toLowerCase();
    const found = this.prefixes.find((p) => name.startsWith(p.prefix))?.family ?? null;
    if (this.familyCache.size > 10_000) this.familyCache.clear();
    this.familyCache.set(model, found);
    return found;
  }

  tierQuality(model: string): number {
    return this.familyOf(model)?.tierQuality ?? UNKNOWN_TIER_QUALITY;
  }

  /** Benchmark rows of the model's family for a dimension, newest first. */
  external(model: string, dimension: TaskDimension): ReadonlyArray<BenchmarkRow & { asOfMs: number }> {
    const family = this.familyOf(model);
    return family ? (this.rows.get(`${family.family}|${dimension}`) ?? []) : [];
  }

  static empty(): EvidenceIndex {
    return new EvidenceIndex([], [], 'none');
  }
}

export const internalKey = (providerId: string, model: string, dimension: TaskDimension) => `${providerId}|${model}|${dimension}`;

export function candidateTaskFit(
  candidate: RoutingCandidate,
  dimensions: readonly TaskDimension[],
  settings: TaskFitSettings,
  evidence: EvidenceIndex,
  internal: ReadonlyMap<string, InternalEvidence>,
  now: number,
): CandidateTaskFit {
  const legacy = evidence.tierQuality(candidate.model);
  const perDimension: Partial<Record<TaskDimension, number>> = {};
  const provenance: Provenance[] = [];
  let weighted = 0;
  let totalWeight = 0;
  const staleBefore = now - settings.staleAfterDays * DAY_MS;
  for (const dimension of dimensions) {
    const weight = settings.dimensionWeights[dimension] ?? 1;
    let entry: Provenance | null = null;
    const own = internal.get(internalKey(candidate.providerId, candidate.model, dimension));
    if (own && own.samples >= settings.minInternalSamples) {
      entry = { dimension, score: own.score, source: 'internal', asOf: own.asOf, benchmarks: [], weight, n: own.samples };
    }
    if (!entry && settings.externalEvidence === 'allow') {
      const row = evidence.external(candidate.model, dimension).find((r) => r.asOfMs >= staleBefore);
      if (row) entry = { dimension, score: row.score, source: 'external', asOf: row.asOf, benchmarks: [row.benchmark], weight };
    }
    if (!entry && candidate.specializations.includes(dimension)) {
      entry = { dimension, score: Math.min(100, legacy + MANUAL_LIFT), source: 'manual', asOf: null, benchmarks: [], weight };
    }
    entry ??= { dimension, score: legacy, source: 'tier', asOf: null, benchmarks: [], weight };
    perDimension[dimension] = entry.score;
    provenance.push(entry);
    weighted += entry.score * weight;
    totalWeight += weight;
  }
  const blended = totalWeight > 0 ? Math.round((weighted / totalWeight) * 10) / 10 : legacy;
  return { legacyQualityScore: legacy, blendedQualityScore: blended, perDimension, provenance };
}

export function isTaskDimension(value: string): value is TaskDimension {
  return (TASK_DIMENSIONS as readonly string[]).includes(value);
}

export interface StaleEvidence {
  /** Candidate × dimension pairs whose benchmark rows all predate staleAfterDays (so tier or manual decided). */
  count: number;
  staleAfterDays: number;
  /** The newest of those excluded rows (ISO date), or null when none was excluded. */
  newestAsOf: string | null;
}

/**
 * How much external evidence was left out as stale in a ranking: a pair counts when external
 * evidence was allowed, the family has benchmark rows for the dimension, and still the dimension
 * fell to manual or tier (had any row been fresh it would have been external). Internal evidence
 * decides before external, so those pairs never count. Makes "old benchmarks silently ignored" visible.
 */
export function staleExternalEvidence(
  ranked: ReadonlyArray<{ candidate: RoutingCandidate; taskFit: CandidateTaskFit | null }>,
  settings: TaskFitSettings,
  evidence: EvidenceIndex,
): StaleEvidence {
  let count = 0;
  let newest: string | null = null;
  if (settings.externalEvidence === 'allow') {
    for (const r of ranked) {
      for (const p of r.taskFit?.provenance ?? []) {
        if (p.source !== 'manual' && p.source !== 'tier') continue;
        const rows = evidence.external(r.candidate.model, p.dimension);
        if (!rows.length) continue;
        count++;
        if (newest === null || rows[0]!.asOf > newest) newest = rows[0]!.asOf;
      }
    }
  }
  return { count, staleAfterDays: settings.staleAfterDays, newestAsOf: newest };
}
