import { EvidenceIndex } from '../../domain/routing/evidence';
import { parsePolicyJson } from '../../domain/routing/policy';
import { NO_METRICS, metricsKey, rank, violations } from '../../domain/routing/rank';
import { buildTaskProfile, rankChanges } from '../../domain/routing/task-profile';
import type { CandidateMetrics, RoutingCandidate } from '../../domain/routing/types';
import { classifyTask } from '../../domain/task-classifier';

const cand = (over: Partial<RoutingCandidate> & { providerId: string; model: string }): RoutingCandidate => ({
  providerName: over.providerId,
  providerType: 'OPENAI',
  region: 'US',
  country: 'US',
  compliance: ['SOC2'],
  inputPricePerMillion: 1,
  outputPricePerMillion: 1,
  specializations: [],
  supportsVision: false,
  isDefault: false,
  isDefaultModel: true,
  ...over,
});

const m = (p50: number, availability = 1, samples = 20): CandidateMetrics => ({
  samples,
  p50LatencyMs: p50,
  p95LatencyMs: p50 * 1.2,
  errorRate: 1 - availability,
  availability,
  costPerToken: null,
});

function policy(json: Record<string, unknown>) {
  const parsed = parsePolicyJson(json);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.policy;
}

const evidence = new EvidenceIndex(
  [
    { family: 'fast', match: ['fast'], tier: 'economy', tierQuality: 70 },
    { family: 'smart', match: ['smart'], tier: 'frontier', tierQuality: 90 },
    { family: 'coder', match: ['coder'], tier: 'standard', tierQuality: 75 },
  ],
  [
    { family: 'coder', dimension: 'coding', score: 98, benchmark: 'HumanEval', source: 'test', asOf: '2026-10-01' },
    { family: 'smart', dimension: 'coding', score: 80, benchmark: 'HumanEval', source: 'test', asOf: '2026-10-01' },
    { family: 'fast', dimension: 'coding', score: 99, benchmark: 'HumanEval', source: 'old', asOf: '2020-01-01' },
  ],
  'test',
);

const A = cand({ providerId: 'a', model: 'fast-1', inputPricePerMillion: 0.1, outputPricePerMillion: 0.4 });
const B = cand({ providerId: 'b', model: 'smart-1', inputPricePerMillion: 5, outputPricePerMillion: 15, region: 'EU', country: 'DE', compliance: ['GDPR', 'SOC2'] });
const C = cand({ providerId: 'c', model: 'coder-1', inputPricePerMillion: 1, outputPricePerMillion: 2, region: 'APAC', country: 'SG', compliance: [] });
const metrics = new Map([
  [metricsKey('a', 'fast-1'), m(300)],
  [metricsKey('b', 'smart-1'), m(900)],
  [metricsKey('c', 'coder-1'), m(40)],
]);
const base = { candidates: [A, B, C], metrics, evidence };
const order = (d: ReturnType<typeof rank>) => d.ranked.map((r) => r.candidate.providerId);

describe('policy document', () => {
  it('fills defaults, clamps task-fit numbers and drops unknown dimensions', () => {
    const parsed = parsePolicyJson({
      preferences: { taskFit: { enabled: true, minInternalSamples: 0, staleAfterDays: 99999, minConfidence: 3, dimensionWeights: { coding: 50, nonsense: 2 } } },
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.policy.hardConstraints.minAvailability).toBe(0.95);
    expect(parsed.policy.fallback).toEqual({ enabled: true, maxRetries: 3, retryDelayMs: 1000 });
    expect(parsed.policy.taskFit).toMatchObject({ minInternalSamples: 1, staleAfterDays: 3650, minConfidence: 1, dimensionWeights: { coding: 10 } });
    expect(parsed.json.preferences.taskFit?.dimensionWeights).toEqual({ coding: 10 });
  });

  it('reports each invalid field with its path', () => {
    const parsed = parsePolicyJson({ strategy: 'FASTEST', preferences: { weights: { cost: 2 } } });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues.map((i) => i.path.join('.'))).toEqual(expect.arrayContaining(['strategy', 'preferences.weights.cost']));
  });
});

describe('strategies', () => {
  it('LOWEST_LATENCY picks the fastest, LOWEST_COST the cheapest, HIGHEST_QUALITY the best tier', () => {
    expect(order(rank({ ...base, policy: policy({ strategy: 'LOWEST_LATENCY' }) }))[0]).toBe('c');
    expect(order(rank({ ...base, policy: policy({ strategy: 'LOWEST_COST' }) }))[0]).toBe('a');
    expect(order(rank({ ...base, policy: policy({ strategy: 'HIGHEST_QUALITY' }) }))[0]).toBe('b');
  });

  it('BALANCED follows the weights', () => {
    const costOnly = rank({ ...base, policy: policy({ strategy: 'BALANCED', preferences: { weights: { latency: 0, cost: 1, quality: 0, stability: 0 } } }) });
    expect(order(costOnly)[0]).toBe('a');
    const latencyOnly = rank({ ...base, policy: policy({ preferences: { weights: { latency: 1, cost: 0, quality: 0, stability: 0 } } }) });
    expect(order(latencyOnly)[0]).toBe('c');
  });

  it('ROUND_ROBIN rotates the first choice over the providers', () => {
    const p = policy({ strategy: 'ROUND_ROBIN' });
    const firsts = [0, 1, 2, 3].map((rotation) => order(rank({ ...base, policy: p, rotation }))[0]);
    expect(new Set(firsts.slice(0, 3)).size).toBe(3);
    expect(firsts[3]).toBe(firsts[0]);
  });

  it('specializations are a soft preference', () => {
    const tagged = cand({ providerId: 'd', model: 'fast-2', specializations: ['coding'], inputPricePerMillion: 0.1, outputPricePerMillion: 0.4 });
    const d = rank({ candidates: [A, tagged], metrics: new Map([[metricsKey('a', 'fast-1'), m(300)], [metricsKey('d', 'fast-2'), m(300)]]), evidence, policy: policy({}), specializations: ['coding'] });
    expect(order(d)).toEqual(['d', 'a']);
    expect(d.ranked[0]!.specializationMatches).toEqual(['coding']);
  });
});

describe('filters', () => {
  it('hard constraints exclude slow, costly and unavailable candidates, with reasons', () => {
    const withFlaky = new Map(metrics);
    withFlaky.set(metricsKey('a', 'fast-1'), m(300, 0.5));
    const d = rank({ ...base, metrics: withFlaky, policy: policy({ hardConstraints: { maxLatencyMs: 500, maxCostPerToken: 0.000005 } }) });
    expect(order(d)).toEqual(['c']);
    const reasons = Object.fromEntries(d.filteredOut.map((f) => [f.providerId, f.explanations.map((e) => e.key)]));
    expect(reasons.a).toEqual(['routing.filter.availability']);
    expect(reasons.b).toEqual(expect.arrayContaining(['routing.filter.latency', 'routing.filter.cost']));
  });

  it('does not judge availability or latency on too few samples', () => {
    const thin = new Map([[metricsKey('b', 'smart-1'), m(5000, 0, 1)]]);
    const d = rank({ candidates: [B], metrics: thin, evidence, policy: policy({ hardConstraints: { maxLatencyMs: 100 } }) });
    expect(order(d)).toEqual(['b']);
  });

  it('geofencing: allowed and blocked regions and countries, required compliance', () => {
    expect(order(rank({ ...base, policy: policy({ geoFenceRules: { allowedRegions: ['EU'] } }) }))).toEqual(['b']);
    expect(order(rank({ ...base, policy: policy({ geoFenceRules: { blockedCountries: ['US'] } }) })).sort()).toEqual(['b', 'c']);
    expect(order(rank({ ...base, policy: policy({ geoFenceRules: { requireCompliance: ['GDPR'] } }) }))).toEqual(['b']);
    const d = rank({ ...base, policy: policy({ geoFenceRules: { allowedCountries: ['SG'] } }) });
    expect(order(d)).toEqual(['c']);
    expect(d.geofencingApplied).toBe(true);
    expect(d.geoRulesApplied).toEqual(['allowedCountries:SG']);
    expect(d.filteredOut.every((f) => f.violation)).toBe(true);
  });

  it('deny lists match provider id, name or type and model names', () => {
    const p = policy({ providerDenyList: ['b'], modelDenyList: ['coder-1'] });
    expect(order(rank({ ...base, policy: p }))).toEqual(['a']);
    expect(violations(A, policy({ providerDenyList: ['openai'] }))[0]!.key).toBe('routing.filter.providerDenied');
  });

  it('skips providers with open breakers and providers outside the policy groups', () => {
    expect(order(rank({ ...base, policy: policy({}), blockedProviderIds: new Set(['c']) })).sort()).toEqual(['a', 'b']);
    expect(order(rank({ ...base, policy: policy({}), groupProviderIds: new Set(['a']) }))).toEqual(['a']);
  });

  it('treats unknown metrics neutrally', () => {
    const d = rank({ candidates: [A], metrics: new Map(), evidence, policy: policy({}) });
    expect(d.ranked[0]!.metrics).toBe(NO_METRICS);
    expect(d.ranked[0]!.explanations.map((e) => e.key)).toContain('routing.rank.noMetrics');
  });
});

describe('task fit', () => {
  const tfPolicy = (extra: Record<string, unknown> = {}) =>
    policy({ strategy: 'HIGHEST_QUALITY', preferences: { taskFit: { enabled: true, staleAfterDays: 1000, ...extra } } });
  const profile = buildTaskProfile({ codes: ['coding'] });
  const tf = (over: Partial<Parameters<typeof rank>[0]['taskFit'] & object> = {}) => ({
    profile,
    mode: 'policy' as const,
    entitled: true,
    evidence,
    internal: new Map(),
    now: Date.parse('2026-11-01'),
    ...over,
  });

  it('external benchmark evidence reorders candidates, with provenance', () => {
    const off = rank({ ...base, policy: tfPolicy(), taskFit: tf({ mode: 'off' }) });
    const on = rank({ ...base, policy: tfPolicy(), taskFit: tf() });
    expect(off.taskFit).toEqual({ applied: false, reason: 'mode-off' });
    expect(on.taskFit.applied).toBe(true);
    expect(order(off)[0]).toBe('b');
    expect(order(on)[0]).toBe('c');
    const coder = on.ranked.find((r) => r.candidate.providerId === 'c')!;
    expect(coder.taskFit!.provenance[0]).toMatchObject({ dimension: 'coding', source: 'external', score: 98, benchmarks: ['HumanEval'] });
    expect(coder.taskFit!.legacyQualityScore).toBe(75);
    expect(rankChanges(on.ranked, off.ranked).length).toBeGreaterThan(0);
  });

  it('stale rows carry no weight; denied external evidence falls back to tags and tier', () => {
    const fresh = rank({ ...base, policy: tfPolicy({ staleAfterDays: 120 }), taskFit: tf() });
    const fast = fresh.ranked.find((r) => r.candidate.providerId === 'a')!;
    expect(fast.taskFit!.provenance[0]!.source).toBe('tier');
    const denied = rank({ ...base, policy: tfPolicy({ externalEvidence: 'deny' }), taskFit: tf() });
    expect(denied.ranked.every((r) => r.taskFit!.provenance[0]!.source === 'tier')).toBe(true);
  });

  it('internal evidence outranks external from minInternalSamples on', () => {
    const internal = new Map([['c|coder-1|coding', { samples: 40, score: 50, asOf: '2026-10-30T00:00:00Z' }]]);
    const d = rank({ ...base, policy: tfPolicy({ minInternalSamples: 30 }), taskFit: tf({ internal }) });
    const coder = d.ranked.find((r) => r.candidate.providerId === 'c')!;
    expect(coder.taskFit!.provenance[0]).toMatchObject({ source: 'internal', n: 40, score: 50 });
    const few = rank({ ...base, policy: tfPolicy({ minInternalSamples: 100 }), taskFit: tf({ internal }) });
    expect(few.ranked.find((r) => r.candidate.providerId === 'c')!.taskFit!.provenance[0]!.source).toBe('external');
  });

  it('says why task fit was not applied', () => {
    expect(rank({ ...base, policy: policy({}), taskFit: tf() }).taskFit.reason).toBe('policy-disabled');
    expect(rank({ ...base, policy: policy({}), taskFit: tf({ mode: 'on', entitled: false }) }).taskFit.reason).toBe('not-entitled');
    const weak = buildTaskProfile({ content: 'hello there' });
    expect(rank({ ...base, policy: tfPolicy(), taskFit: tf({ profile: weak }) }).taskFit.reason).toBe('profile-not-applied');
    const low = { ...profile, source: 'CLASSIFIED' as const, confidence: 0.3 };
    expect(rank({ ...base, policy: tfPolicy({ minConfidence: 0.5 }), taskFit: tf({ profile: low }) }).taskFit.reason).toBe('below-min-confidence');
  });
});

describe('task profile and classifier', () => {
  it('stated codes are EXPLICIT with full confidence; unknown terms are noted', () => {
    const p = buildTaskProfile({ codes: ['code', 'legal', 'bogus'] });
    expect(p).toMatchObject({ dimensions: ['coding', 'domain_legal'], confidence: 1, source: 'EXPLICIT' });
    expect(p.notes[0]!.key).toBe('task.codes.unknownIgnored');
  });

  it('classifies clear prompts confidently and vague ones weakly', () => {
    const code = classifyTask('Please debug this TypeScript function:\n```ts\nfunction add(a, b) { return a - b }\n```');
    expect(code.dimensions[0]).toBe('coding');
    expect(code.confidence).toBeGreaterThanOrEqual(0.5);
    const legal = classifyTask('Review the liability clause of this contract for GDPR issues');
    expect(legal.dimensions).toContain('domain_legal');
    expect(classifyTask('hi').confidence).toBe(0);
  });
});
