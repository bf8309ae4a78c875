import type { Principal } from '../domain/principal';
import type { createContainer } from '../services/container';
import { SIMULATOR_API_KEY } from '../services/providers/simulator-providers';
import { randomToken } from '../lib/crypto';

/**
 * The routing scenario's company: `count` active simulator providers and, with `policy`, a saved
 * company-default routing policy. Every provider is OPENAI-type against the simulator's /v1 (the
 * same adapter and provider call as the foundation run); they differ in name, region, country,
 * compliance and prices, so the geofence and the cost constraint filter some out and the scores
 * differ. Two models each: 2 × count candidates per decision.
 */
export const SCENARIO_GEO = [
  { network: 'US', country: 'US' },
  { network: 'EU', country: 'DE' },
  { network: 'EU', country: 'IE' },
  { network: 'APAC', country: 'SG' },
  { network: 'EU', country: 'FR' },
] as const;

export const SCENARIO_POLICY_JSON = {
  version: 'routingPolicyV1',
  strategy: 'BALANCED',
  hardConstraints: { minAvailability: 0.95, maxLatencyMs: 5000, maxCostPerToken: 0.000005 },
  preferences: { weights: { latency: 0.4, cost: 0.3, quality: 0.2, stability: 0.1 } },
  geoFenceRules: { allowedRegions: ['US', 'EU'], blockedCountries: ['FR'], requireCompliance: ['GDPR'] },
  fallback: { enabled: true, maxRetries: 3, retryDelayMs: 0 },
};

export async function seedScenario(
  container: ReturnType<typeof createContainer>,
  simulatorUrl: string,
  count: number,
  policy: boolean,
  stamp: string,
): Promise<{ gatewayKey: string; companyId: string }> {
  const s = container.services;
  const company = await s.companies.createCompany({ name: `Bench Routing Co ${stamp}` });
  const { user } = await s.companies.addUser(company.id, {
    email: `bench-routing-${randomToken('', 8).toLowerCase()}@example.test`,
    password: `pw-${randomToken('', 16)}`,
    role: 'ACCOUNT_OWNER',
  });
  const base = simulatorUrl.replace(/\/+$/, '');
  for (let i = 0; i < count; i++) {
    const geo = SCENARIO_GEO[i % SCENARIO_GEO.length]!;
    await s.providers.create(
      company.id,
      {
        type: 'OPENAI',
        name: `sim-openai-${String(i + 1).padStart(2, '0')}`,
        baseUrl: `${base}/v1`,
        apiKey: SIMULATOR_API_KEY,
        defaultModel: 'gpt-4o-mini',
        models: [
          { name: 'gpt-4o-mini', inputPricePerMillion: 0.15 + i * 0.01, outputPricePerMillion: 0.6 + i * 0.02, contextWindow: 128_000, supportsVision: true, specializations: ['general'] },
          { name: 'gpt-4o', inputPricePerMillion: 2.5, outputPricePerMillion: 10, contextWindow: 128_000, supportsVision: true, specializations: ['reasoning', 'coding'] },
        ],
        locationCountry: geo.country,
        locationNetwork: geo.network,
        // Every fourth provider lacks GDPR: the compliance rule filters it.
        compliance: i % 4 === 3 ? ['SOC2'] : ['SOC2', 'GDPR', 'ISO27001'],
        isDefault: i === 0,
      },
      { userId: user.id },
    );
  }
  if (policy) {
    const principal: Principal = {
      via: 'session',
      companyId: company.id,
      userId: user.id,
      role: 'ACCOUNT_OWNER',
      permissions: new Set(),
      features: new Set(),
    };
    await s.routingPolicies.create(principal, { name: 'bench balanced', scope: 'company', isDefault: true, policyJson: SCENARIO_POLICY_JSON });
  }
  const { key } = await s.apiKeys.create(company.id, { name: 'bench routing key', kind: 'GATEWAY', type: 'FULL_ACCESS' }, { userId: user.id });
  return { gatewayKey: key, companyId: company.id };
}

