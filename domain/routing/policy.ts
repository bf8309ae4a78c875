import { z } from 'zod';
import { SECURITY_MODES, type SecurityMode } from '../security/modes';
import { TASK_DIMENSIONS, type TaskDimension } from '../task-vocabulary';

/**
 * The routing policy document (policyJson, version routingPolicyV1) of spec document 1: its schema,
 * its defaults and its normal form. Saved policies, inline gateway policies and what-if rankings all
 * go through `parsePolicyJson`, so the gateway, simulate and rank read one shape.
 *
 * Two fields are ours (the spec's rule 6 names deny lists but not their keys): `providerDenyList`
 * (provider names, ids or types) and `modelDenyList` (model names). See docs/API.md.
 * `security.mode` (off, monitor, block) is the gateway's security-check mode under the policy
 * (issue 20); absent, the company default applies. `preferences.syntheticWeight` (0..1) weighs
 * synthetic probe samples in the window metrics (issue 13; DEFAULT_SYNTHETIC_WEIGHT below).
 */
export const STRATEGIES = ['BALANCED', 'LOWEST_COST', 'LOWEST_LATENCY', 'HIGHEST_QUALITY', 'ROUND_ROBIN'] as const;
export type Strategy = (typeof STRATEGIES)[number];
export const POLICY_SCOPES = ['company', 'user', 'prompt'] as const;
export type PolicyScope = (typeof POLICY_SCOPES)[number];
export const COMPLIANCE_FRAMEWORKS = ['GDPR', 'SOC2', 'HIPAA', 'ISO27001', 'PCI_DSS'] as const;

const clamp = (min: number, max: number, integer = false) =>
  z.number().transform((n) => {
    const v = Math.min(max, Math.max(min, n));
    return integer ? Math.round(v) : v;
  });

const unit = z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');
const geoList = z.array(z.string().trim().min(1).max(16).transform((s) => s.toUpperCase())).max(50);

/** Per-dimension weights 0..10; keys outside the task vocabulary are dropped, values clamped. */
const dimensionWeightsSchema = z.record(z.string(), z.number()).transform((raw) => {
  const out: Partial<Record<TaskDimension, number>> = {};
  for (const [key, value] of Object.entries(raw)) {
    if ((TASK_DIMENSIONS as readonly string[]).includes(key)) out[key as TaskDimension] = Math.min(10, Math.max(0, value));
  }
  return out;
});

const taskFitSchema = z.object({
  enabled: z.boolean().default(false),
  classifier: z.enum(['off', 'regex', 'gateway']).default('gateway'),
  externalEvidence: z.enum(['allow', 'deny']).default('allow'),
  minInternalSamples: clamp(1, 100_000, true).default(30),
  staleAfterDays: clamp(1, 3650, true).default(120),
  minConfidence: clamp(0, 1).default(0.5),
  dimensionWeights: dimensionWeightsSchema.optional(),
});

export const policyJsonSchema = z.object({
  version: z.literal('routingPolicyV1', { error: 'version must be routingPolicyV1' }).default('routingPolicyV1'),
  name: z.string().max(200).optional(),
  scope: z.enum(POLICY_SCOPES).optional(),
  strategy: z.enum(STRATEGIES).default('BALANCED'),
  sanitization: z
    .object({
      mode: z.enum(['disabled', 'automatic', 'manual']).default('disabled'),
      allowedTriggers: z.array(z.enum(['prompt', 'api', 'user_action'])).default([]),
      sensitivityProfiles: z.array(z.string().max(100)).max(50).default([]),
    })
    .optional(),
  security: z.object({ mode: z.enum(SECURITY_MODES, { error: `security.mode must be one of ${SECURITY_MODES.join(', ')}` }) }).optional(),
  hardConstraints: z
    .object({
      minAvailability: unit.default(0.95),
      maxLatencyMs: z.number().positive('must be positive').optional(),
      maxCostPerToken: z.number().nonnegative('must not be negative').optional(),
    })
    .default({ minAvailability: 0.95 }),
  preferences: z
    .object({
      weights: z
        .object({ latency: unit.default(0.25), cost: unit.default(0.25), quality: unit.default(0.25), stability: unit.default(0.25) })
        .optional(),
      taskFit: taskFitSchema.optional(),
      /** How much a synthetic probe counts in the window metrics and task evidence (0 leaves probes out). */
      syntheticWeight: unit.optional(),
    })
    .default({}),
  geoFenceRules: z
    .object({
      allowedRegions: geoList.default([]),
      blockedRegions: geoList.default([]),
      allowedCountries: geoList.default([]),
      blockedCountries: geoList.default([]),
      requireCompliance: z.array(z.enum(COMPLIANCE_FRAMEWORKS)).default([]),
    })
    .optional(),
  providerGroups: z.array(z.string().min(1)).max(50).default([]),
  providerDenyList: z.array(z.string().min(1)).max(200).default([]),
  modelDenyList: z.array(z.string().min(1)).max(500).default([]),
  fallback: z
    .object({
      enabled: z.boolean().default(true),
      maxRetries: z.number().int('must be an integer').min(0).max(10).default(3),
      retryDelayMs: z.number().int('must be an integer').min(0).max(60_000).default(1000),
    })
    .default({ enabled: true, maxRetries: 3, retryDelayMs: 1000 }),
});

export type PolicyJson = z.output<typeof policyJsonSchema>;

export interface TaskFitSettings {
  enabled: boolean;
  classifier: 'off' | 'regex' | 'gateway';
  externalEvidence: 'allow' | 'deny';
  minInternalSamples: number;
  staleAfterDays: number;
  minConfidence: number;
  dimensionWeights: Partial<Record<TaskDimension, number>>;
}

export interface GeoRules {
  allowedRegions: string[];
  blockedRegions: string[];
  allowedCountries: string[];
  blockedCountries: string[];
  requireCompliance: string[];
}

/** The policy as the engine reads it: every default filled in. */
export interface RoutingPolicy {
  strategy: Strategy;
  hardConstraints: { minAvailability: number; maxLatencyMs: number | null; maxCostPerToken: number | null };
  weights: { latency: number; cost: number; quality: number; stability: number };
  taskFit: TaskFitSettings;
  geo: GeoRules;
  providerGroups: string[];
  providerDenyList: string[];
  modelDenyList: string[];
  fallback: { enabled: boolean; maxRetries: number; retryDelayMs: number };
  /** The gateway's security-check mode under this policy; null: the company default. */
  securityMode?: SecurityMode | null;
  /** Weight of synthetic probe samples in the window metrics and task evidence (DEFAULT_SYNTHETIC_WEIGHT when absent). */
  syntheticWeight?: number;
}

/**
 * A synthetic probe counts half a live call by default. It is a real call to the same provider and
 * model (real availability, latency and cost), so it is evidence; but it is a short fixed prompt
 * every few minutes, not the company's traffic, so where live calls exist they should dominate the
 * latency and cost figures. A weight changes nothing where only one kind of sample exists (a ratio of
 * probes alone is the probes' ratio), so a provider without live traffic is still judged by its
 * probes, but it needs twice as many of them to reach the minimum sample counts (MIN_METRIC_SAMPLES,
 * taskFit.minInternalSamples). 0 leaves probes out, 1 counts them like live calls. Circuit breakers
 * and the health snapshots' trust score count every probe in full, whatever the weight.
 */
export const DEFAULT_SYNTHETIC_WEIGHT = 0.5;

export const DEFAULT_TASK_FIT: TaskFitSettings = {
  enabled: false,
  classifier: 'gateway',
  externalEvidence: 'allow',
  minInternalSamples: 30,
  staleAfterDays: 120,
  minConfidence: 0.5,
  dimensionWeights: {},
};

export interface PolicyIssue {
  path: string[];
  message: string;
}

export type ParsedPolicy = { ok: true; json: PolicyJson; policy: RoutingPolicy } | { ok: false; issues: PolicyIssue[] };

/** Validates and normalises a policyJson document (clamping task-fit numbers, dropping unknown dimensions). */
export function parsePolicyJson(raw: unknown): ParsedPolicy {
  const result = policyJsonSchema.safeParse(raw ?? {});
  if (!result.success) {
    return { ok: false, issues: result.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })) };
  }
  return { ok: true, json: result.data, policy: toRoutingPolicy(result.data) };
}

export function toRoutingPolicy(json: PolicyJson): RoutingPolicy {
  const w = json.preferences.weights;
  const tf = json.preferences.taskFit;
  const geo = json.geoFenceRules;
  return {
    strategy: json.strategy,
    hardConstraints: {
      minAvailability: json.hardConstraints.minAvailability,
      maxLatencyMs: json.hardConstraints.maxLatencyMs ?? null,
      maxCostPerToken: json.hardConstraints.maxCostPerToken ?? null,
    },
    weights: { latency: w?.latency ?? 0.25, cost: w?.cost ?? 0.25, quality: w?.quality ?? 0.25, stability: w?.stability ?? 0.25 },
    taskFit: tf ? { ...tf, dimensionWeights: tf.dimensionWeights ?? {} } : { ...DEFAULT_TASK_FIT },
    geo: {
      allowedRegions: geo?.allowedRegions ?? [],
      blockedRegions: geo?.blockedRegions ?? [],
      allowedCountries: geo?.allowedCountries ?? [],
      blockedCountries: geo?.blockedCountries ?? [],
      requireCompliance: geo?.requireCompliance ?? [],
    },
    providerGroups: json.providerGroups,
    providerDenyList: json.providerDenyList,
    modelDenyList: json.modelDenyList,
    fallback: json.fallback,
    securityMode: json.security?.mode ?? null,
    syntheticWeight: json.preferences.syntheticWeight ?? DEFAULT_SYNTHETIC_WEIGHT,
  };
}

/** The policy the engine uses when none applies (plain ranking, default constraints). */
export const DEFAULT_POLICY: RoutingPolicy = toRoutingPolicy(policyJsonSchema.parse({}));

/** Whether any geofencing rule is set. */
export function hasGeoRules(geo: GeoRules): boolean {
  return (
    geo.allowedRegions.length + geo.blockedRegions.length + geo.allowedCountries.length + geo.blockedCountries.length + geo.requireCompliance.length >
    0
  );
}

/** The rules as short strings for responses (geoRulesApplied): `allowedRegions:EU`, `requireCompliance:GDPR`. */
export function describeGeoRules(geo: GeoRules): string[] {
  const out: string[] = [];
  for (const key of ['allowedRegions', 'blockedRegions', 'allowedCountries', 'blockedCountries', 'requireCompliance'] as const) {
    if (geo[key].length) out.push(`${key}:${geo[key].join(',')}`);
  }
  return out;
}
