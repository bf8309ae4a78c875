import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * The routing engine in the gateway, on providers created through the API and pointed at the
 * simulator with different latencies, prices and locations: strategies, hard constraints,
 * geofencing, the 403 violation body, and fallback on 500 / 429 / timeouts within maxRetries.
 * PROVIDER_TIMEOUT_MS is 2 s in this stack (slowest healthy provider here: 800 ms) so a timeout is quick.
 */
let stack: Stack;
let company: TestCompany;
const ids: Record<string, string> = {};

type Body = Record<string, any>;
const execute = (body: Body, token = company.gatewayKey) => stack.http<Body>('POST', '/api/gateway/execute', { token, body });

async function addProvider(c: TestCompany, p: Body) {
  const res = await stack.http<Body>('POST', '/api/v1/providers', { token: c.gatewayKey, body: p });
  if (res.status !== 201) throw new Error(`provider: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.provider.id as string;
}

async function freshMetrics() {
  await stack.container.services.recorder.flush();
  stack.container.services.routingMetrics.invalidate();
}

beforeAll(async () => {
  stack = await startStack({ env: { PROVIDER_TIMEOUT_MS: '2000' } });
  company = await stack.createCompany({ withSimulator: false });
  const sim = stack.simulatorUrl;
  // fast: quick, dear, US. cheap: slow, cheapest, EU/DE with GDPR. smart: best quality tier, dearest, APAC/SG.
  ids.fast = await addProvider(company, {
    type: 'OPENAI', name: 'fast', baseUrl: `${sim}/v1`, apiKey: 'sim;latency=5;id=fast',
    models: [{ name: 'gpt-4o-mini', inputPricePerMillion: 2, outputPricePerMillion: 8 }],
    locationCountry: 'US', locationNetwork: 'US', compliance: ['SOC2'], isDefault: true,
  });
  ids.cheap = await addProvider(company, {
    type: 'ANTHROPIC', name: 'cheap', baseUrl: sim, apiKey: 'sim;latency=800;id=cheap',
    models: [{ name: 'claude-haiku-4-5', inputPricePerMillion: 0.1, outputPricePerMillion: 0.2 }],
    locationCountry: 'DE', locationNetwork: 'EU', compliance: ['GDPR', 'SOC2'],
  });
  ids.smart = await addProvider(company, {
    type: 'GOOGLE', name: 'smart', baseUrl: sim, apiKey: 'sim;latency=400;id=smart',
    models: [{ name: 'gemini-2.5-pro', inputPricePerMillion: 5, outputPricePerMillion: 15 }],
    locationCountry: 'SG', locationNetwork: 'APAC', compliance: [],
  });
  // Window metrics come from real calls: four per provider, chosen explicitly (no policy yet). The
  // first call of each includes connection set-up, so the latencies are far apart.
  await Promise.all(
    ['OPENAI', 'ANTHROPIC', 'GOOGLE'].map(async (providerType) => {
      for (let i = 0; i < 4; i++) expect((await execute({ prompt: `warm ${i}`, providerType })).status).toBe(200);
    }),
  );
  await freshMetrics();
});

afterAll(async () => {
  await stack?.stop();
});

const providerFor = async (policy: Body, extra: Body = {}) => {
  const res = await execute({ prompt: 'route me', policy, ...extra });
  expect(res.status).toBe(200);
  return res.body;
};

describe('strategies pick what they should', () => {
  it.each([
    ['LOWEST_LATENCY', 'fast'],
    ['LOWEST_COST', 'cheap'],
    ['HIGHEST_QUALITY', 'smart'],
  ])('%s picks %s', async (strategy, name) => {
    const body = await providerFor({ strategy });
    expect(body.provider.name).toBe(name);
    expect(body.policyChecked).toBe(true);
    expect(body.policyName).toBe('inline');
  });

  it('BALANCED follows the weights', async () => {
    expect((await providerFor({ strategy: 'BALANCED', preferences: { weights: { latency: 1, cost: 0, quality: 0, stability: 0 } } })).provider.name).toBe('fast');
    expect((await providerFor({ strategy: 'BALANCED', preferences: { weights: { latency: 0, cost: 1, quality: 0, stability: 0 } } })).provider.name).toBe('cheap');
  });

  it('ROUND_ROBIN rotates over the providers', async () => {
    const names = [];
    for (let i = 0; i < 3; i++) names.push((await providerFor({ strategy: 'ROUND_ROBIN' })).provider.name);
    expect(new Set(names)).toEqual(new Set(['fast', 'cheap', 'smart']));
  });
});

describe('hard constraints and geofencing exclude what they must', () => {
  it('maxLatencyMs leaves only the fast provider (DRY_RUN shows no fallback)', async () => {
    const res = await execute({ prompt: 'x', executionMode: 'DRY_RUN', policy: { strategy: 'LOWEST_COST', hardConstraints: { maxLatencyMs: 300 } } });
    expect(res.status).toBe(200);
    expect(res.body.routingPlan).toMatchObject({ provider: 'fast', fallbackProviders: [], geofencingApplied: false, geofencingRegion: null });
  });

  it('maxCostPerToken leaves only the cheap provider', async () => {
    const plan = (await execute({ prompt: 'x', executionMode: 'DRY_RUN', policy: { strategy: 'LOWEST_LATENCY', hardConstraints: { maxCostPerToken: 0.000001 } } })).body.routingPlan;
    expect(plan.provider).toBe('cheap');
    expect(plan.fallbackProviders).toEqual([]);
  });

  it('allowedRegions routes to the EU and reports the geofence', async () => {
    const body = await providerFor({ strategy: 'LOWEST_LATENCY', geoFenceRules: { allowedRegions: ['EU'] } });
    expect(body.provider.name).toBe('cheap');
    expect(body.metadata.geoRuleSource).toBe('inline-policy');
    expect(body.metadata.geoRulesApplied).toEqual(['allowedRegions:EU']);
    const plan = (await execute({ prompt: 'x', executionMode: 'DRY_RUN', policy: { geoFenceRules: { blockedCountries: ['DE', 'SG'] }, strategy: 'LOWEST_COST' } })).body.routingPlan;
    expect(plan).toMatchObject({ provider: 'fast', fallbackProviders: [], geofencingApplied: true, geofencingRegion: 'US', policyId: null });
  });

  it('requireCompliance excludes providers without the framework; the fallback order is ranked', async () => {
    const plan = (await execute({ prompt: 'x', executionMode: 'DRY_RUN', policy: { strategy: 'LOWEST_LATENCY', geoFenceRules: { requireCompliance: ['SOC2'] } } })).body.routingPlan;
    expect(plan.provider).toBe('fast');
    expect(plan.fallbackProviders).toEqual(['cheap']);
  });
});

describe('policy violations (rule 6)', () => {
  it('a company default policy checks every execution and answers 403 with the spec body', async () => {
    const created = await stack.http<Body>('POST', '/api/v1/routing/policies', {
      token: company.gatewayKey,
      body: { name: 'eu-only', scope: 'company', isDefault: true, policyJson: { geoFenceRules: { blockedCountries: ['US'] } } },
    });
    expect(created.status).toBe(200);
    try {
      const res = await execute({ prompt: 'to the US please', providerType: 'OPENAI' });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, error: expect.any(String), provider: 'fast', model: 'gpt-4o-mini', policyChecked: true, policyName: 'eu-only' });
      const denied = await execute({ prompt: 'deny', policyId: created.body.policy.id, model: 'gpt-4o-mini' });
      expect(denied.status).toBe(403);
      // Without an explicit choice the default policy routes around the blocked provider.
      const ok = await execute({ prompt: 'anywhere allowed' });
      expect(ok.status).toBe(200);
      expect(ok.body.provider.name).not.toBe('fast');
      expect(ok.body).toMatchObject({ policyChecked: true, policyName: 'eu-only' });
      expect(ok.body.metadata.geoRuleSource).toBe('company-default');
    } finally {
      await stack.http('DELETE', `/api/v1/routing/policies/${created.body.policy.id}`, { token: company.gatewayKey });
    }
  });

  it('a prompt-scope default applies to executions that name a prompt', async () => {
    const created = await stack.http<Body>('POST', '/api/v1/routing/policies', {
      token: company.gatewayKey,
      body: { name: 'prompt-default', scope: 'prompt', isDefault: true, policyJson: { modelDenyList: ['gpt-4o-mini'] } },
    });
    expect(created.status).toBe(200);
    try {
      // metadata.promptId names a stored prompt (issue 11): create one to name.
      const stored = await stack.http<Body>('POST', '/api/v1/prompts', { token: company.gatewayKey, body: { name: 'welcome-mail', userPrompt: 'x' } });
      expect(stored.status).toBe(201);
      const named = await execute({ providerType: 'OPENAI', metadata: { promptId: stored.body.prompt.promptId } });
      expect(named.status).toBe(403);
      expect(named.body).toMatchObject({ policyChecked: true, policyName: 'prompt-default', model: 'gpt-4o-mini' });
      const plain = await execute({ prompt: 'x', providerType: 'OPENAI' });
      expect(plain.status).toBe(200);
      expect(plain.body.policyChecked).toBe(false);
    } finally {
      await stack.http('DELETE', `/api/v1/routing/policies/${created.body.policy.id}`, { token: company.gatewayKey });
    }
  });

  it('a deny list refuses the named model', async () => {
    const res = await execute({ prompt: 'x', providerType: 'GOOGLE', policy: { modelDenyList: ['gemini-2.5-pro'] } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, provider: 'smart', model: 'gemini-2.5-pro', policyChecked: true, policyName: 'inline' });
  });

  it('a model the provider does not list is still checked against the policy', async () => {
    // providerType + an unlisted model: the provider's default entry carries the call with that model,
    // which the ranker never saw, so the gateway checks it like any chosen model.
    const res = await execute({ prompt: 'x', providerType: 'OPENAI', model: 'gpt-internal-only', policy: { modelDenyList: ['gpt-internal-only'] } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, provider: 'fast', model: 'gpt-internal-only', policyChecked: true, policyName: 'inline' });
  });

  it('a session pinned to a model the policy denies is refused, not silently sent', async () => {
    const first = await execute({ prompt: 'pin', providerType: 'OPENAI', model: 'gpt-legacy-pinned', session_id: 'routing-pin-1' });
    expect(first.status).toBe(200);
    expect(first.body.provider).toMatchObject({ name: 'fast' });
    // Under a policy the ranker offers fast/gpt-4o-mini; the session moves it first with its pinned model.
    const pinned = await execute({ prompt: 'again', session_id: 'routing-pin-1', policy: { strategy: 'LOWEST_LATENCY', modelDenyList: ['gpt-legacy-pinned'] } });
    expect(pinned.status).toBe(403);
    expect(pinned.body).toMatchObject({ success: false, provider: 'fast', model: 'gpt-legacy-pinned', policyChecked: true });
    // Without the deny entry the same session keeps its provider and model.
    const allowed = await execute({ prompt: 'again', session_id: 'routing-pin-1', policy: { strategy: 'LOWEST_LATENCY' } });
    expect(allowed.status).toBe(200);
    expect(allowed.body.provider).toMatchObject({ name: 'fast', model: 'gpt-legacy-pinned' });
  });

  it('an unknown policyId is 404 and an invalid inline policy is 400', async () => {
    expect((await execute({ prompt: 'x', policyId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    const bad = await execute({ prompt: 'x', policy: { strategy: 'FASTEST' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Invalid policy');
  });
});

describe('fallback over ranked candidates', () => {
  let fb: TestCompany;
  beforeAll(async () => {
    fb = await stack.createCompany({ withSimulator: false });
    const sim = stack.simulatorUrl;
    // Cheapest first under LOWEST_COST: broken (500), limited (429 with retry-after), then healthy.
    await addProvider(fb, { type: 'DEEPSEEK', name: 'broken', baseUrl: `${sim}/v1`, apiKey: 'sim;fail=500', models: [{ name: 'deepseek-chat', inputPricePerMillion: 0.01, outputPricePerMillion: 0.01 }] });
    await addProvider(fb, { type: 'CUSTOM', name: 'limited', baseUrl: `${sim}/v1`, apiKey: 'sim;rate429=1;retryAfter=1', models: [{ name: 'llama-3.1-70b-instruct', inputPricePerMillion: 0.02, outputPricePerMillion: 0.02 }] });
    await addProvider(fb, { type: 'OPENAI', name: 'healthy', baseUrl: `${sim}/v1`, apiKey: 'sim;latency=1', models: [{ name: 'gpt-4o-mini', inputPricePerMillion: 1, outputPricePerMillion: 1 }] });
    await addProvider(fb, { type: 'ANTHROPIC', name: 'rejects', baseUrl: sim, apiKey: 'sim;fail=400', isActive: false, models: [{ name: 'claude-haiku-4-5', inputPricePerMillion: 0.001, outputPricePerMillion: 0.001 }] });
  });

  // Cost alone decides the order here (other factors weighted 0), so the failing providers come first.
  const policy = (maxRetries: number) => ({
    strategy: 'LOWEST_COST',
    preferences: { weights: { latency: 0, cost: 1, quality: 0, stability: 0 } },
    hardConstraints: { minAvailability: 0 },
    fallback: { enabled: true, maxRetries, retryDelayMs: 30 },
  });

  it('falls back past a 500 and a 429 to the next provider; every attempt is in the record', async () => {
    const res = await execute({ prompt: 'keep trying', policy: policy(3) }, fb.gatewayKey);
    expect(res.status).toBe(200);
    expect(res.body.provider.name).toBe('healthy');
    await stack.container.services.recorder.flush();
    const row = await stack.container.db('executions').where({ id: res.body.executionId }).first();
    expect(row.attempts.map((a: Body) => [a.providerName, a.status, a.errorKind ?? null])).toEqual([
      ['broken', 'ERROR', 'SERVER'],
      ['limited', 'ERROR', 'RATE_LIMIT'],
      ['healthy', 'SUCCESS', null],
    ]);
    expect(row.attempts[1].retryAfterMs).toBe(1000);
    expect(row.attempts[1].waitedMs).toBeGreaterThanOrEqual(30);
    expect(row.metadata).toMatchObject({ policyName: 'inline', policySource: 'inline-policy' });
  });

  it('stops after maxRetries fallbacks', async () => {
    const res = await execute({ prompt: 'give up soon', policy: policy(1) }, fb.gatewayKey);
    expect(res.status).toBe(500);
    expect(res.body.attempts).toBe(2);
    const off = await execute({ prompt: 'no fallback', policy: { ...policy(3), fallback: { enabled: false } } }, fb.gatewayKey);
    expect(off.status).toBe(500);
    expect(off.body.attempts).toBe(1);
  });

  it('falls back when the first candidate times out; the TIMEOUT attempt is in the record', async () => {
    const slow = await stack.createCompany({ withSimulator: false });
    const sim = stack.simulatorUrl;
    // Cheapest answers after 8 s, past PROVIDER_TIMEOUT_MS (2 s); the next one answers at once.
    await addProvider(slow, { type: 'DEEPSEEK', name: 'sleepy', baseUrl: `${sim}/v1`, apiKey: 'sim;latency=8000;id=sleepy', models: [{ name: 'deepseek-chat', inputPricePerMillion: 0.01, outputPricePerMillion: 0.01 }] });
    await addProvider(slow, { type: 'OPENAI', name: 'awake', baseUrl: `${sim}/v1`, apiKey: 'sim;latency=1;id=awake', models: [{ name: 'gpt-4o-mini', inputPricePerMillion: 1, outputPricePerMillion: 1 }] });
    const started = Date.now();
    const res = await execute({ prompt: 'wake up', policy: policy(2) }, slow.gatewayKey);
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.provider.name).toBe('awake');
    // Gave up on the sleepy provider at the timeout, not after its 8 s answer.
    expect(took).toBeGreaterThanOrEqual(2_000);
    expect(took).toBeLessThan(7_000);
    await stack.container.services.recorder.flush();
    const row = await stack.container.db('executions').where({ id: res.body.executionId }).first();
    expect(row.attempts.map((a: Body) => [a.providerName, a.status, a.errorKind ?? null])).toEqual([
      ['sleepy', 'ERROR', 'TIMEOUT'],
      ['awake', 'SUCCESS', null],
    ]);
    expect((await stack.simStats()).byKey['sim;latency=8000;id=sleepy']?.requests).toBe(1);
  });

  it('never falls back on a 400', async () => {
    const rejects = (await stack.http<Body>('GET', '/api/v1/providers', { token: fb.gatewayKey })).body.providers.find((p: Body) => p.name === 'rejects');
    await stack.http('PATCH', `/api/v1/providers/${rejects.id}`, { token: fb.gatewayKey, body: { isActive: true } });
    try {
      const res = await execute({ prompt: 'bad request', policy: policy(3) }, fb.gatewayKey);
      expect(res.status).toBe(500);
      expect(res.body.attempts).toBe(1);
      expect(res.body.providerErrorKind).toBe('BAD_REQUEST');
    } finally {
      await stack.http('PATCH', `/api/v1/providers/${rejects.id}`, { token: fb.gatewayKey, body: { isActive: false } });
    }
  });
});

describe('task hints (rule 5)', () => {
  it('records stated task codes with the execution and refuses unknown specializations', async () => {
    const res = await execute({ prompt: 'write code', metadata: { taskCodes: 'code, math' }, policy: { strategy: 'BALANCED' } });
    expect(res.status).toBe(200);
    await stack.container.services.recorder.flush();
    const row = await stack.container.db('executions').where({ id: res.body.executionId }).first();
    expect(row.metadata).toMatchObject({ taskDimensions: ['coding', 'math'], taskSource: 'EXPLICIT' });
    const bad = await execute({ prompt: 'x', specializations: ['telepathy'] });
    expect(bad.status).toBe(400);
  });

  it('asks the gateway classifier once when the rules are not confident, recorded as task-classification', async () => {
    const before = await stack.container.db('executions').where({ company_id: company.companyId, purpose: 'task-classification' }).count({ n: '*' });
    const res = await execute({ prompt: 'hello there', policy: { preferences: { taskFit: { enabled: true, classifier: 'gateway' } } } });
    expect(res.status).toBe(200);
    await stack.container.services.recorder.flush();
    const after = await stack.container.db('executions').where({ company_id: company.companyId, purpose: 'task-classification' }).count({ n: '*' });
    expect(Number(after[0]!.n) - Number(before[0]!.n)).toBe(1);
    // Stated codes never trigger a classification request.
    await execute({ prompt: 'hello again', metadata: { taskCodes: ['coding'] }, policy: { preferences: { taskFit: { enabled: true, classifier: 'gateway' } } } });
    await stack.container.services.recorder.flush();
    const still = await stack.container.db('executions').where({ company_id: company.companyId, purpose: 'task-classification' }).count({ n: '*' });
    expect(Number(still[0]!.n)).toBe(Number(after[0]!.n));
  });
});
