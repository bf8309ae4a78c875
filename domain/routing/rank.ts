import type { TaskDimension } from '../task-vocabulary';
import { type EvidenceIndex, candidateTaskFit } from './evidence';
import { type RoutingPolicy, describeGeoRules, hasGeoRules } from './policy';
import type {
  CandidateMetrics,
  CandidateTaskFit,
  Explanation,
  FilteredCandidate,
  InternalEvidence,
  RankedCandidate,
  RoutingCandidate,
  RoutingDecision,
  ScoreParts,
  TaskFitReason,
  TaskProfile,
} from './types';

/**
 * The routing engine: filters the candidates by the policy's hard rules, scores the rest and orders
 * them. Pure and allocation-light: the gateway calls it on every request that has a policy
 * (bench/routing.ts measures it). The first ranked candidate is called; the rest are the fallbacks.
 *
 * Scores, each normalised to 0..1 across the surviving candidates:
 *   latency   p50 of the window, lower is better (unknown: the median of the known ones)
 *   cost      list price per token (mean of input and output), lower is better
 *   quality   the model family's static quality, or the task-fit blended quality when task fit applies
 *             (min-max normalised like the others; the raw 0..100 figure is reported as qualityScore)
 *   stability availability minus half the p95/p50 spread (unknown: 0.75)
 * BALANCED weighs them by preferences.weights; LOWEST_COST, LOWEST_LATENCY and HIGHEST_QUALITY put
 * 70% on their factor and keep 30% of the balanced score to break ties; ROUND_ROBIN orders by the
 * balanced score, then rotates the providers by the request counter. Requested specializations are
 * a soft preference worth 10% of the composite.
 */

/** Below this many attempts a candidate's window metrics are not trusted (priors are used instead). */
export const MIN_METRIC_SAMPLES = 3;

export const NO_METRICS: CandidateMetrics = Object.freeze({
  samples: 0,
  p50LatencyMs: null,
  p95LatencyMs: null,
  errorRate: 0,
  availability: 1,
  costPerToken: null,
});

export type TaskFitMode = 'policy' | 'off' | 'on';

export interface TaskFitInput {
  profile: TaskProfile;
  mode: TaskFitMode;
  /** The company's package includes TASK_FIT_ROUTING. */
  entitled: boolean;
  evidence: EvidenceIndex;
  internal: ReadonlyMap<string, InternalEvidence>;
  now: number;
}

export interface RankInput {
  candidates: readonly RoutingCandidate[];
  policy: RoutingPolicy;
  /** Keyed by metricsKey(providerId, model). */
  metrics: ReadonlyMap<string, CandidateMetrics>;
  /** Open circuit breakers. */
  blockedProviderIds?: ReadonlySet<string>;
  /** The providers of the policy's providerGroups, resolved by the caller; null when the policy names none. */
  groupProviderIds?: ReadonlySet<string> | null;
  specializations?: readonly TaskDimension[];
  /** For static quality when task fit is not in play. */
  evidence: EvidenceIndex;
  taskFit?: TaskFitInput | null;
  /** ROUND_ROBIN position (requests served so far). */
  rotation?: number;
  /**
   * How many ranked candidates get reasoning and explanations (default all). The gateway asks for
   * the first only: fallbacks need no prose on the hot path.
   */
  explain?: number;
}

export const metricsKey = (providerId: string, model: string) => `${providerId}|${model}`;
const NO_DIMENSIONS: TaskDimension[] = [];
const ZERO_SCORES: ScoreParts = Object.freeze({ latency: 0, cost: 0, quality: 0, stability: 0 });

const ex = (key: string, vars: Explanation['vars'] = {}): Explanation => ({ key, vars });
const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function listCostPerToken(c: RoutingCandidate): number {
  return (c.inputPricePerMillion + c.outputPricePerMillion) / 2 / 1_000_000;
}

function matchesDeny(list: readonly string[], c: RoutingCandidate): string | null {
  for (const entry of list) {
    const e = entry.toLowerCase();
    if (e === c.providerId.toLowerCase() || e === c.providerName.toLowerCase() || e === c.providerType.toLowerCase()) return entry;
  }
  return null;
}

/** Why a candidate may not be used under the policy; empty when it may. Exported for explicit requests (rule 6). */
export function violations(c: RoutingCandidate, policy: RoutingPolicy): Explanation[] {
  const out: Explanation[] = [];
  const deniedProvider = policy.providerDenyList.length ? matchesDeny(policy.providerDenyList, c) : null;
  if (deniedProvider) out.push(ex('routing.filter.providerDenied', { provider: c.providerName, entry: deniedProvider }));
  if (policy.modelDenyList.length && policy.modelDenyList.some((m) => m.toLowerCase() === c.model.toLowerCase())) {
    out.push(ex('routing.filter.modelDenied', { model: c.model }));
  }
  const g = policy.geo;
  if (g.blockedRegions.length && c.region && g.blockedRegions.includes(c.region)) {
    out.push(ex('routing.filter.geo.blockedRegion', { region: c.region }));
  }
  if (g.allowedRegions.length && !(c.region && g.allowedRegions.includes(c.region))) {
    out.push(ex('routing.filter.geo.regionNotAllowed', { region: c.region, allowed: g.allowedRegions.join(',') }));
  }
  if (g.blockedCountries.length && c.country && g.blockedCountries.includes(c.country)) {
    out.push(ex('routing.filter.geo.blockedCountry', { country: c.country }));
  }
  if (g.allowedCountries.length && !(c.country && g.allowedCountries.includes(c.country))) {
    out.push(ex('routing.filter.geo.countryNotAllowed', { country: c.country, allowed: g.allowedCountries.join(',') }));
  }
  for (const framework of g.requireCompliance) {
    if (!c.compliance.includes(framework)) out.push(ex('routing.filter.geo.complianceMissing', { framework }));
  }
  return out;
}

/** A candidate's policy-rule verdict: what violations() returns, and its plain-language reasons. */
export interface RuleVerdict {
  readonly explanations: readonly Explanation[];
  readonly reasons: readonly string[];
  /** The filteredOut entry when only these rules filter the candidate (built once, shared). */
  readonly filtered: FilteredCandidate | null;
}

const ALLOWED: RuleVerdict = Object.freeze({ explanations: Object.freeze([]) as readonly Explanation[], reasons: Object.freeze([]) as readonly string[], filtered: null });
const verdictMemo = new WeakMap<RoutingPolicy, WeakMap<RoutingCandidate, RuleVerdict>>();

/**
 * violations() memoised per (policy object, candidate object): the rules (deny lists, geofence,
 * compliance) read nothing but the two, and both come from caches that replace their objects when
 * anything changes (a provider edit builds new candidates, a policy edit or TTL a new policy), so a
 * verdict is computed once per pair instead of on every request. The result is shared: callers
 * must not mutate it.
 */
export function ruleVerdict(c: RoutingCandidate, policy: RoutingPolicy): RuleVerdict {
  let perPolicy = verdictMemo.get(policy);
  if (!perPolicy) {
    perPolicy = new WeakMap();
    verdictMemo.set(policy, perPolicy);
  }
  let verdict = perPolicy.get(c);
  if (verdict === undefined) {
    const explanations = violations(c, policy);
    if (explanations.length) {
      const reasons = explanations.map(describe);
      const filtered = { providerId: c.providerId, provider: c.providerName, model: c.model, reasons, explanations, violation: true };
      verdict = Object.freeze({ explanations, reasons, filtered });
    } else verdict = ALLOWED;
    perPolicy.set(c, verdict);
  }
  return verdict;
}

/** Plain-language text for an explanation key (reasoning strings and filteredOut reasons). */
export function describe(e: Explanation): string {
  const v = e.vars;
  switch (e.key) {
    case 'routing.filter.providerDenied':
      return `provider ${v.provider} is on the policy's provider deny list (${v.entry})`;
    case 'routing.filter.modelDenied':
      return `model ${v.model} is on the policy's model deny list`;
    case 'routing.filter.geo.blockedRegion':
      return `region ${v.region} is blocked`;
    case 'routing.filter.geo.regionNotAllowed':
      return `region ${v.region ?? 'unknown'} is not among the allowed regions ${v.allowed}`;
    case 'routing.filter.geo.blockedCountry':
      return `country ${v.country} is blocked`;
    case 'routing.filter.geo.countryNotAllowed':
      return `country ${v.country ?? 'unknown'} is not among the allowed countries ${v.allowed}`;
    case 'routing.filter.geo.complianceMissing':
      return `no ${v.framework} compliance`;
    case 'routing.filter.breakerOpen':
      return 'circuit breaker open';
    case 'routing.filter.notInGroup':
      return "not in the policy's provider groups";
    case 'routing.filter.availability':
      return `availability ${v.availability} below the minimum ${v.min}`;
    case 'routing.filter.latency':
      return `p95 latency ${v.latencyMs} ms above the maximum ${v.max} ms`;
    case 'routing.filter.cost':
      return `cost per token ${v.costPerToken} above the maximum ${v.max}`;
    default:
      return e.key;
  }
}

interface Scored {
  c: RoutingCandidate;
  m: CandidateMetrics;
  latency: number | null;
  cost: number;
  quality: number;
  legacyQuality: number;
  stability: number;
  taskFit: CandidateTaskFit | null;
  spec: TaskDimension[];
  scores: ScoreParts;
  composite: number;
  index: number;
}

/** Whether task fit changes the ranking, and why not when it does not. */
export function taskFitOutcome(policy: RoutingPolicy, input: TaskFitInput | null | undefined): { applied: boolean; reason: TaskFitReason | null } {
  if (!input || input.mode === 'off') return { applied: false, reason: 'mode-off' };
  if (input.mode === 'policy' && !policy.taskFit.enabled) return { applied: false, reason: 'policy-disabled' };
  if (!input.entitled) return { applied: false, reason: 'not-entitled' };
  if (input.profile.source === 'NONE' || !input.profile.dimensions.length) return { applied: false, reason: 'profile-not-applied' };
  if (input.profile.confidence < policy.taskFit.minConfidence) return { applied: false, reason: 'below-min-confidence' };
  return { applied: true, reason: null };
}

export function rank(input: RankInput): RoutingDecision {
  const { policy, candidates } = input;
  const blocked = input.blockedProviderIds;
  const group = input.groupProviderIds;
  const hc = policy.hardConstraints;
  const tf = taskFitOutcome(policy, input.taskFit);
  const profileDims = input.taskFit?.profile.dimensions ?? [];
  const wanted = input.specializations ?? [];
  const filteredOut: FilteredCandidate[] = [];
  const eligible: Scored[] = [];
  // Per-request reasons (breakers, groups, window metrics) collect here and are copied only for a
  // filtered candidate: most candidates have none, and allocation is GC time on the hot path.
  const scratch: Explanation[] = [];
  const checkRules = policy.providerDenyList.length > 0 || policy.modelDenyList.length > 0 || hasGeoRules(policy.geo);

  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i]!;
    const m = input.metrics.get(c.key ?? metricsKey(c.providerId, c.model)) ?? NO_METRICS;
    // The policy's own rules are memoised per (policy, candidate) (ruleVerdict).
    const rules = checkRules ? ruleVerdict(c, policy) : ALLOWED;
    const violation = rules.explanations.length > 0;
    const extra = scratch;
    extra.length = 0;
    if (blocked?.has(c.providerId)) extra.push(ex('routing.filter.breakerOpen', { providerId: c.providerId }));
    if (group && !group.has(c.providerId)) extra.push(ex('routing.filter.notInGroup', { providerId: c.providerId }));
    const trusted = m.samples >= MIN_METRIC_SAMPLES;
    if (trusted && m.availability < hc.minAvailability) {
      extra.push(ex('routing.filter.availability', { availability: round3(m.availability), min: hc.minAvailability }));
    }
    const p95 = trusted ? (m.p95LatencyMs ?? m.p50LatencyMs) : null;
    if (hc.maxLatencyMs !== null && p95 !== null && p95 > hc.maxLatencyMs) {
      extra.push(ex('routing.filter.latency', { latencyMs: Math.round(p95), max: hc.maxLatencyMs }));
    }
    const cost = listCostPerToken(c) || (m.costPerToken ?? 0);
    if (hc.maxCostPerToken !== null && cost > hc.maxCostPerToken) {
      extra.push(ex('routing.filter.cost', { costPerToken: cost, max: hc.maxCostPerToken }));
    }
    if (!extra.length && rules.filtered) {
      filteredOut.push(rules.filtered);
      continue;
    }
    if (violation || extra.length) {
      const explanations = [...rules.explanations, ...extra];
      const reasons = [...rules.reasons, ...extra.map(describe)];
      filteredOut.push({ providerId: c.providerId, provider: c.providerName, model: c.model, reasons, explanations, violation });
      continue;
    }
    const legacyQuality = input.evidence.tierQuality(c.model);
    const taskFit =
      input.taskFit && profileDims.length
        ? candidateTaskFit(c, profileDims, policy.taskFit, input.taskFit.evidence, input.taskFit.internal, input.taskFit.now)
        : null;
    const quality = tf.applied && taskFit ? taskFit.blendedQualityScore : legacyQuality;
    let stability = 0.75;
    if (trusted) {
      const spread = m.p95LatencyMs && m.p50LatencyMs && m.p95LatencyMs > 0 ? (m.p95LatencyMs - m.p50LatencyMs) / m.p95LatencyMs : 0;
      stability = Math.max(0, m.availability - 0.5 * spread);
    }
    const spec = wanted.length ? wanted.filter((w) => c.specializations.includes(w)) : NO_DIMENSIONS;
    eligible.push({
      c,
      m,
      latency: trusted ? m.p50LatencyMs : null,
      cost,
      quality,
      legacyQuality,
      stability,
      taskFit,
      spec,
      scores: ZERO_SCORES,
      composite: 0,
      index: i,
    });
  }

  // Normalisation ranges over the eligible set.
  let minL = Number.POSITIVE_INFINITY;
  let maxL = Number.NEGATIVE_INFINITY;
  let minC = Number.POSITIVE_INFINITY;
  let maxC = Number.NEGATIVE_INFINITY;
  let minQ = Number.POSITIVE_INFINITY;
  let maxQ = Number.NEGATIVE_INFINITY;
  const known: number[] = [];
  for (const s of eligible) {
    if (s.latency !== null) {
      known.push(s.latency);
      if (s.latency < minL) minL = s.latency;
      if (s.latency > maxL) maxL = s.latency;
    }
    if (s.cost < minC) minC = s.cost;
    if (s.cost > maxC) maxC = s.cost;
    if (s.quality < minQ) minQ = s.quality;
    if (s.quality > maxQ) maxQ = s.quality;
  }
  known.sort((a, b) => a - b);
  const medianLatency = known.length ? known[Math.floor(known.length / 2)]! : null;

  const w = policy.weights;
  const wsum = w.latency + w.cost + w.quality + w.stability;
  const bw = wsum > 0 ? { l: w.latency / wsum, c: w.cost / wsum, q: w.quality / wsum, s: w.stability / wsum } : { l: 0.25, c: 0.25, q: 0.25, s: 0.25 };
  const focus: keyof ScoreParts | null =
    policy.strategy === 'LOWEST_COST' ? 'cost' : policy.strategy === 'LOWEST_LATENCY' ? 'latency' : policy.strategy === 'HIGHEST_QUALITY' ? 'quality' : null;

  for (const s of eligible) {
    const lat = s.latency ?? medianLatency;
    const latency = lat === null || maxL === minL ? 1 : 1 - (lat - minL) / (maxL - minL);
    const cost = maxC === minC ? 1 : 1 - (s.cost - minC) / (maxC - minC);
    const quality = maxQ === minQ ? s.quality / 100 : (s.quality - minQ) / (maxQ - minQ);
    const stability = s.stability;
    s.scores = { latency: round3(latency), cost: round3(cost), quality: round3(quality), stability: round3(stability) };
    const balanced = bw.l * latency + bw.c * cost + bw.q * quality + bw.s * stability;
    let composite = focus ? 0.7 * s.scores[focus] + 0.3 * balanced : balanced;
    if (wanted.length) composite = 0.9 * composite + 0.1 * (s.spec.length / wanted.length);
    s.composite = round3(composite);
  }

  eligible.sort(
    (a, b) =>
      b.composite - a.composite ||
      Number(b.c.isDefault) - Number(a.c.isDefault) ||
      Number(b.c.isDefaultModel) - Number(a.c.isDefaultModel) ||
      a.index - b.index,
  );
  const ordered = policy.strategy === 'ROUND_ROBIN' ? rotateProviders(eligible, input.rotation ?? 0) : eligible;

  const geofencingApplied = hasGeoRules(policy.geo);
  const geoRules = geofencingApplied ? geoRulesOf(policy) : NO_GEO_RULES;
  const explain = input.explain ?? ordered.length;
  const ranked: RankedCandidate[] = ordered.map((s, position) => toRanked(s, position, policy.strategy, focus, tf.applied, position < explain));
  const explanations: Explanation[] = [ex('routing.strategy', { strategy: policy.strategy })];
  if (geofencingApplied) explanations.push(ex('routing.geofence.applied', { rules: geoRules.joined }));
  if (filteredOut.length) explanations.push(ex('routing.filteredOut', { count: filteredOut.length }));
  if (!ranked.length) explanations.push(ex('routing.noCandidate', { total: candidates.length }));
  return {
    strategy: policy.strategy,
    ranked,
    filteredOut,
    totalCandidates: candidates.length,
    geofencingApplied,
    geoRulesApplied: geofencingApplied ? [...geoRules.list] : [],
    taskFit: tf,
    explanations,
  };
}

const NO_GEO_RULES = Object.freeze({ list: Object.freeze([]) as readonly string[], joined: '' });
const geoRulesMemo = new WeakMap<RoutingPolicy, { list: readonly string[]; joined: string }>();

/** describeGeoRules of a policy, once per policy object (the strings are the same on every request). */
function geoRulesOf(policy: RoutingPolicy): { list: readonly string[]; joined: string } {
  let rules = geoRulesMemo.get(policy);
  if (!rules) {
    const list = describeGeoRules(policy.geo);
    rules = { list, joined: list.join('; ') };
    geoRulesMemo.set(policy, rules);
  }
  return rules;
}

/** ROUND_ROBIN: each provider's best model, providers rotated by the counter; other models follow. */
function rotateProviders(sorted: Scored[], counter: number): Scored[] {
  const firsts: Scored[] = [];
  const rest: Scored[] = [];
  const seen = new Set<string>();
  for (const s of sorted) {
    if (seen.has(s.c.providerId)) rest.push(s);
    else {
      seen.add(s.c.providerId);
      firsts.push(s);
    }
  }
  if (firsts.length < 2) return sorted;
  // Rotate in a stable provider order (by id), not the score order, so every provider gets its turn.
  firsts.sort((a, b) => (a.c.providerId < b.c.providerId ? -1 : a.c.providerId > b.c.providerId ? 1 : 0));
  const k = ((counter % firsts.length) + firsts.length) % firsts.length;
  return [...firsts.slice(k), ...firsts.slice(0, k), ...rest];
}

function toRanked(s: Scored, position: number, strategy: string, focus: keyof ScoreParts | null, taskFitApplied: boolean, explain: boolean): RankedCandidate {
  const ranked: RankedCandidate = {
    candidate: s.c,
    metrics: s.m,
    estimatedLatencyMs: s.latency,
    estimatedCostPerToken: s.cost,
    qualityScore: s.quality,
    scores: s.scores,
    compositeScore: s.composite,
    specializationMatches: s.spec,
    taskFit: s.taskFit,
    reasoning: '',
    explanations: NO_EXPLANATIONS,
  };
  if (!explain) return ranked;
  const explanations: Explanation[] = [
    ex('routing.rank.position', { position: position + 1, composite: s.composite }),
    ex('routing.rank.scores', { latency: s.scores.latency, cost: s.scores.cost, quality: s.scores.quality, stability: s.scores.stability }),
  ];
  if (focus) explanations.push(ex('routing.rank.focus', { strategy, factor: focus, score: s.scores[focus] }));
  if (s.spec.length) explanations.push(ex('routing.rank.specializations', { matched: s.spec.join(',') }));
  if (taskFitApplied && s.taskFit) {
    explanations.push(ex('routing.rank.taskFit', { blended: s.taskFit.blendedQualityScore, legacy: s.taskFit.legacyQualityScore }));
  }
  if (s.m.samples < MIN_METRIC_SAMPLES) explanations.push(ex('routing.rank.noMetrics', { samples: s.m.samples }));
  const latencyText = s.latency === null ? 'no latency data yet' : `p50 ${Math.round(s.latency)} ms`;
  const reasoning =
    `${strategy}: composite ${s.composite} (latency ${s.scores.latency}, cost ${s.scores.cost}, quality ${s.scores.quality}, stability ${s.scores.stability}); ` +
    `${latencyText}, availability ${round3(s.m.availability)}${s.spec.length ? `, matches ${s.spec.join(', ')}` : ''}` +
    `${taskFitApplied && s.taskFit ? `, task fit ${s.taskFit.blendedQualityScore}` : ''}`;
  ranked.reasoning = reasoning;
  ranked.explanations = explanations;
  return ranked;
}
const NO_EXPLANATIONS: Explanation[] = [];
