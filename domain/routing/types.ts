import type { TaskDimension } from '../task-vocabulary';

/**
 * What the routing engine reads and what it decides. Everything here is plain data: the api
 * builds candidates from the company's active providers, metrics from the executions window and
 * evidence from the benchmark table, then asks the pure engine (rank.ts) for a decision.
 */

/** A message a client can translate: a stable key and its variables. */
export interface Explanation {
  key: string;
  vars: Record<string, string | number | boolean | null>;
}

/** One provider/model pair the company could route to. */
export interface RoutingCandidate {
  /** `${providerId}|${model}` (metricsKey), precomputed when candidates are built; derived when absent. */
  key?: string;
  providerId: string;
  providerName: string;
  providerType: string;
  model: string;
  region: string | null;
  country: string | null;
  compliance: readonly string[];
  /** USD per million tokens (list prices). */
  inputPricePerMillion: number;
  outputPricePerMillion: number;
  /** Tags of the provider and the model, mapped into the task vocabulary. */
  specializations: readonly TaskDimension[];
  supportsVision: boolean;
  isDefault: boolean;
  /** The provider's default model: ROUND_ROBIN and plain orders prefer it among a provider's models. */
  isDefaultModel: boolean;
}

/** Observed behaviour of one provider/model over the metrics window. */
export interface CandidateMetrics {
  /** Provider attempts in the window (caller errors excluded). */
  samples: number;
  p50LatencyMs: number | null;
  p95LatencyMs: number | null;
  errorRate: number;
  availability: number;
  /** Observed USD per token (cost / tokens); null without successful calls. */
  costPerToken: number | null;
}

/** Own evidence per task dimension: how calls tagged with that dimension went. */
export interface InternalEvidence {
  samples: number;
  /** 0..100 */
  score: number;
  asOf: string;
}

/** One row of the external benchmark data set (data/benchmarks). */
export interface BenchmarkRow {
  family: string;
  dimension: TaskDimension;
  /** 0..100 */
  score: number;
  benchmark: string;
  source: string;
  asOf: string;
}

export type EvidenceSource = 'internal' | 'external' | 'manual' | 'tier';

export interface Provenance {
  dimension: TaskDimension;
  score: number;
  source: EvidenceSource;
  asOf: string | null;
  benchmarks: string[];
  weight: number;
  n?: number;
}

export interface CandidateTaskFit {
  legacyQualityScore: number;
  blendedQualityScore: number;
  perDimension: Partial<Record<TaskDimension, number>>;
  provenance: Provenance[];
}

export interface TaskProfile {
  codes: string[];
  dimensions: TaskDimension[];
  confidence: number;
  source: 'EXPLICIT' | 'CLASSIFIED' | 'NONE';
  classifierVersion: string;
  notes: Explanation[];
}

export type TaskFitReason = 'policy-disabled' | 'profile-not-applied' | 'below-min-confidence' | 'not-entitled' | 'mode-off';

export interface ScoreParts {
  latency: number;
  cost: number;
  quality: number;
  stability: number;
}

export interface RankedCandidate {
  candidate: RoutingCandidate;
  metrics: CandidateMetrics;
  /** Estimated figures for responses. */
  estimatedLatencyMs: number | null;
  estimatedCostPerToken: number;
  /** 0..100: the task-fit blended quality when task fit is applied, else the static quality. */
  qualityScore: number;
  scores: ScoreParts;
  /** 0..1 */
  compositeScore: number;
  specializationMatches: TaskDimension[];
  taskFit: CandidateTaskFit | null;
  reasoning: string;
  explanations: Explanation[];
}

export interface FilteredCandidate {
  providerId: string;
  provider: string;
  model: string;
  reasons: string[];
  explanations: Explanation[];
  /** A geofence, deny-list rule: what the gateway reports as a policy violation (rule 6). */
  violation: boolean;
}

export interface RoutingDecision {
  strategy: string;
  ranked: RankedCandidate[];
  filteredOut: FilteredCandidate[];
  totalCandidates: number;
  geofencingApplied: boolean;
  geoRulesApplied: string[];
  taskFit: { applied: boolean; reason: TaskFitReason | null };
  explanations: Explanation[];
}
