import { EvidenceIndex } from '../../domain/routing/evidence';
import { parsePolicyJson } from '../../domain/routing/policy';
import { describe as describeExplanation, metricsKey, rank, ruleVerdict, violations } from '../../domain/routing/rank';
import type { CandidateMetrics, RoutingCandidate } from '../../domain/routing/types';

/**
 * The gateway's hot-path memos (issue 3, bench/gateway-plan.ts): a memoised policy-rule verdict
 * must say exactly what violations() says, and a ranking that reuses memoised filteredOut entries
 * must equal one computed afresh, including when per-request reasons (breakers) join the rules.
 */
const cand = (providerId: string, model: string, over: Partial<RoutingCandidate> = {}): RoutingCandidate => ({
  providerId,
  providerName: providerId,
  providerType: 'OPENAI',
  model,
  region: 'US',
  country: 'US',
  compliance: ['SOC2', 'GDPR'],
  inputPricePerMillion: 1,
  outputPricePerMillion: 2,
  specializations: [],
  supportsVision: false,
  isDefault: false,
  isDefaultModel: true,
  ...over,
});

function policy(json: Record<string, unknown>) {
  const parsed = parsePolicyJson(json);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.policy;
}

const evidence = new EvidenceIndex([], [], 'test');
const geo = policy({
  strategy: 'BALANCED',
  hardConstraints: { minAvailability: 0.9, maxCostPerToken: 0.000005 },
  geoFenceRules: { allowedRegions: ['US', 'EU'], blockedCountries: ['FR'], requireCompliance: ['GDPR'] },
});
const candidates = [
  cand('us', 'm1'),
  cand('fr', 'm1', { region: 'EU', country: 'FR' }),
  cand('sg', 'm1', { region: 'APAC', country: 'SG', compliance: [] }),
  cand('de', 'm1', { region: 'EU', country: 'DE' }),
  cand('de', 'big', { region: 'EU', country: 'DE', inputPricePerMillion: 5, outputPricePerMillion: 15 }),
];
const m = (availability: number): CandidateMetrics => ({ samples: 20, p50LatencyMs: 100, p95LatencyMs: 150, errorRate: 1 - availability, availability, costPerToken: null });

test('ruleVerdict says what violations() says, once per (policy, candidate)', () => {
  for (const c of candidates) {
    const v = ruleVerdict(c, geo);
    expect(v.explanations).toEqual(violations(c, geo));
    expect(v.reasons).toEqual(violations(c, geo).map(describeExplanation));
    expect(ruleVerdict(c, geo)).toBe(v);
    expect(v.filtered === null).toBe(v.explanations.length === 0);
  }
  // Another policy object gets its own verdicts.
  const open = policy({ strategy: 'BALANCED' });
  expect(ruleVerdict(candidates[1]!, open).explanations).toEqual([]);
  expect(ruleVerdict(candidates[1]!, geo).explanations.length).toBeGreaterThan(0);
});

test('a ranking with memoised rule verdicts equals a fresh one, with breaker and metric reasons joined', () => {
  const metrics = new Map([[metricsKey('fr', 'm1'), m(0.5)], [metricsKey('de', 'm1'), m(0.5)]]);
  const blocked = new Set(['sg']);
  const input = { candidates, policy: geo, metrics, evidence, blockedProviderIds: blocked };
  const first = rank(input);
  const again = rank(input);
  // A fresh policy object (nothing memoised yet) must decide the same.
  const fresh = rank({ ...input, policy: policy({ ...geoJson() }) });
  for (const d of [again, fresh]) {
    expect(d.ranked.map((r) => `${r.candidate.providerId}/${r.candidate.model}`)).toEqual(first.ranked.map((r) => `${r.candidate.providerId}/${r.candidate.model}`));
    expect(d.filteredOut).toEqual(first.filteredOut);
  }
  expect(first.ranked.map((r) => r.candidate.providerId)).toEqual(['us']);
  const byId = Object.fromEntries(first.filteredOut.map((f) => [`${f.providerId}/${f.model}`, f]));
  // Rules first, then per-request reasons, in that order.
  expect(byId['fr/m1']!.explanations.map((e) => e.key)).toEqual(['routing.filter.geo.blockedCountry', 'routing.filter.availability']);
  expect(byId['sg/m1']!.explanations.map((e) => e.key)).toEqual([
    'routing.filter.geo.regionNotAllowed',
    'routing.filter.geo.complianceMissing',
    'routing.filter.breakerOpen',
  ]);
  expect(byId['sg/m1']!.violation).toBe(true);
  expect(byId['de/m1']!.violation).toBe(false);
  expect(byId['de/big']!.reasons[0]).toMatch(/cost per token/);
  expect(first.geoRulesApplied).toEqual(['allowedRegions:US,EU', 'blockedCountries:FR', 'requireCompliance:GDPR']);
  // The response arrays are the caller's own.
  first.geoRulesApplied.push('x');
  expect(rank(input).geoRulesApplied).toHaveLength(3);
});

function geoJson() {
  return {
    strategy: 'BALANCED',
    hardConstraints: { minAvailability: 0.9, maxCostPerToken: 0.000005 },
    geoFenceRules: { allowedRegions: ['US', 'EU'], blockedCountries: ['FR'], requireCompliance: ['GDPR'] },
  };
}
