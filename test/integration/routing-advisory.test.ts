import { randomUUID } from 'node:crypto';
import { AdvisoryRateLimiter } from '../../services/routing/advisory-rate-limit';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * The routing advisories over a real api and database: shape A and shape B of
 * POST /api/gateway/routing-advisory, the tier limit (configured to 3 per hour for Free here), and
 * the subscriber advisory with task-fit evidence that never reorders and never shows internal data.
 */
let stack: Stack;
let co: TestCompany;
let session: string;

beforeAll(async () => {
  stack = await startStack({
    env: { ROUTING_ADVISORY_LIMIT_FREE: '3', ROUTING_ADVISORY_SUBSCRIBER_LIMIT_PER_HOUR: '25', BREAKER_HEALTH_SCHEDULE: 'false' },
  });
  co = await stack.createCompany();
  session = await stack.login(co.adminEmail, co.adminPassword);
});

afterAll(async () => {
  await stack?.stop();
});

const advise = (body: unknown, token?: string) => stack.http<any>('POST', '/api/gateway/routing-advisory', { token, body });

/** null or a number (latency figures are null until a model has traffic). */
const nullableNumber = { asymmetricMatch: (v: unknown) => v === null || typeof v === 'number', toString: () => 'nullableNumber' };

const shapeB = (overrides: Record<string, any> = {}, company = co) => ({
  requestId: `req-${randomUUID()}`,
  prompt: { text: 'Summarise the quarterly report for the board', type: 'chat', tokens: 1200, expectedResponseTokens: 400 },
  requirements: {},
  context: { userId: 'end-user-7', companyId: company.companyId, tier: 'enterprise', priority: 'normal' },
  ...overrides,
});

describe('routing advisory, shape A', () => {
  it('recommends a primary and fallbacks with the documented fields', async () => {
    const res = await advise({ input: 'Write a short poem about the sea' }, co.gatewayKey);
    expect(res.status).toBe(200);
    const entry = { provider: expect.any(String), model: expect.any(String), estimatedCost: expect.any(Number), qualityScore: expect.any(Number) };
    expect(res.body).toEqual({
      success: true,
      recommendation: {
        primary: { ...entry, estimatedLatency: nullableNumber, reasoning: expect.any(String) },
        fallbacks: expect.any(Array),
        policyApplied: 'default',
      },
    });
    expect(res.body.recommendation.fallbacks.length).toBe(3);
    for (const f of res.body.recommendation.fallbacks) expect(Object.keys(f).sort()).toEqual(['estimatedCost', 'estimatedLatency', 'model', 'provider', 'qualityScore']);
  });

  it('follows an inline policy, and a saved policy by id (which wins)', async () => {
    const cheap = await advise({ input: 'hello', routingPolicy: { strategy: 'LOWEST_COST' } }, co.gatewayKey);
    expect(cheap.status).toBe(200);
    expect(cheap.body.recommendation.policyApplied).toBe('inline');
    const { primary, fallbacks } = cheap.body.recommendation;
    for (const f of fallbacks) expect(primary.estimatedCost).toBeLessThanOrEqual(f.estimatedCost);

    const created = await stack.http<any>('POST', '/api/v1/routing/policies', {
      token: session,
      body: { name: 'EU only', scope: 'company', policyJson: { strategy: 'HIGHEST_QUALITY', geoFenceRules: { allowedRegions: ['EU'] } } },
    });
    expect(created.status).toBe(200);
    const saved = await advise({ input: 'hello', policyId: created.body.policy.id, routingPolicy: { strategy: 'LOWEST_COST' } }, co.gatewayKey);
    expect(saved.status).toBe(200);
    expect(saved.body.recommendation.policyApplied).toBe('EU only');
    const names = [saved.body.recommendation.primary, ...saved.body.recommendation.fallbacks].map((r: any) => r.provider);
    expect(new Set(names)).toEqual(new Set(['sim-google', 'sim-custom']));

    const other = await stack.createCompany();
    const foreign = await advise({ input: 'hello', policyId: created.body.policy.id }, other.gatewayKey);
    expect(foreign.status).toBe(404);
  });

  it('answers 401 {error, message} without credentials and 400 without input', async () => {
    const res = await advise({ input: 'hello' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect((await advise({ routingPolicy: {} }, co.gatewayKey)).status).toBe(400);
  });
});

describe('routing advisory, shape B', () => {
  it('answers with recommendation, cost analysis, performance, compliance, warnings and metadata', async () => {
    const body = shapeB();
    const res = await advise(body, session);
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.requestId).toBe(body.requestId);
    expect(r.recommendation.primary).toEqual({
      provider: expect.any(String),
      model: expect.any(String),
      endpoint: expect.stringMatching(/^http/),
      estimatedLatency: nullableNumber,
      estimatedCost: expect.any(Number),
      qualityScore: expect.any(Number),
      availability: expect.any(Number),
      reasoning: expect.any(String),
    });
    expect(r.recommendation.fallback.length).toBeGreaterThan(0);
    expect(r.recommendation.fallback.map((f: any) => f.triggerCondition)).toEqual(
      ['primary_error', 'primary_timeout', 'rate_limit'].slice(0, r.recommendation.fallback.length),
    );
    for (const f of r.recommendation.fallback) expect(f).toEqual({ provider: expect.any(String), model: expect.any(String), endpoint: expect.any(String), triggerCondition: expect.any(String) });
    // Enterprise: load balancing over the primary and fallbacks, in whole percentages.
    expect(r.recommendation.loadBalancing.strategy).toBe('weighted');
    const shares = Object.values(r.recommendation.loadBalancing.distribution) as number[];
    expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
    expect(Object.keys(r.recommendation.loadBalancing.distribution)).toContain(r.recommendation.primary.provider);

    expect(r.costAnalysis).toEqual({
      estimatedCost: r.recommendation.primary.estimatedCost,
      costBreakdown: { inputTokens: expect.any(Number), outputTokens: expect.any(Number), apiCalls: 1, totalCost: r.recommendation.primary.estimatedCost },
      savings: { comparedToDefault: expect.any(Number), optimizationApplied: expect.arrayContaining(['strategy:BALANCED']) },
    });
    expect(r.costAnalysis.costBreakdown.inputTokens + r.costAnalysis.costBreakdown.outputTokens).toBeCloseTo(r.costAnalysis.estimatedCost, 8);
    expect(r.performanceMetrics).toEqual({
      expectedLatency: { p50: nullableNumber, p95: nullableNumber, p99: nullableNumber },
      throughput: expect.any(Number),
      successRate: expect.any(Number),
    });
    expect(r.compliance).toEqual({ dataResidency: expect.any(String), gdprCompliant: expect.any(Boolean), hipaaCompliant: expect.any(Boolean), sox: expect.any(Boolean) });
    expect(r.warnings).toEqual(expect.any(Array));
    expect(r.metadata).toEqual({ decisionTime: expect.any(Number), factorsConsidered: expect.arrayContaining(['policy', 'load_balancing']), cacheHit: false, version: '1.0.0' });
  });

  it('applies requirements and context: excluded, preferred, industry compliance, realtime priority', async () => {
    const excluded = await advise(shapeB({ requirements: { excludeProviders: ['sim-openai', 'sim-anthropic', 'sim-google', 'sim-deepseek'] } }), session);
    expect(excluded.status).toBe(200);
    expect(excluded.body.recommendation.primary.provider).toBe('sim-custom');

    const preferred = await advise(shapeB({ requirements: { preferredProviders: ['sim-deepseek'] } }), session);
    expect(preferred.body.recommendation.primary.provider).toBe('sim-deepseek');

    const health = await advise(shapeB({ context: { ...shapeB().context, industry: 'healthcare' } }), session);
    expect(health.status).toBe(200);
    expect(health.body.compliance.hipaaCompliant).toBe(true);

    const realtime = await advise(shapeB({ context: { ...shapeB().context, priority: 'realtime' } }), session);
    expect(realtime.body.recommendation.loadBalancing.strategy).toBe('least_latency');
    expect(realtime.body.costAnalysis.savings.optimizationApplied).toContain('strategy:LOWEST_LATENCY');
  });

  it('404 with suggestions when nothing matches', async () => {
    const res = await advise(shapeB({ requirements: { maxCost: 0.000000001 } }), session);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect(res.body.suggestions.some((s: string) => s.includes('maxCost'))).toBe(true);
  });

  it('checks vision and the context window on the model records, and says which features cannot be verified', async () => {
    // 300,000 prompt tokens: only the 1,000,000-token Gemini models hold it (others: 64k-200k).
    const long = await advise(shapeB({ prompt: { text: 'a long contract', type: 'analysis', tokens: 300_000, expectedResponseTokens: 2_000 } }), session);
    expect(long.status).toBe(200);
    expect(long.body.recommendation.primary.model).toMatch(/^gemini-/);
    for (const f of long.body.recommendation.fallback) expect(f.model).toMatch(/^gemini-/);
    expect(long.body.metadata.factorsConsidered).toContain('model.contextWindow');

    const tooLong = await advise(shapeB({ prompt: { text: 'an archive', type: 'analysis', tokens: 2_000_000 } }), session);
    expect(tooLong.status).toBe(404);
    expect(tooLong.body.suggestions.some((s: string) => s.includes('contextWindow'))).toBe(true);

    // vision: deepseek-chat and llama (no vision) are never recommended.
    const vision = await advise(shapeB({ requirements: { features: ['vision', 'function_calling', 'streaming', 'code_execution'] } }), session);
    expect(vision.status).toBe(200);
    const models = [vision.body.recommendation.primary.model, ...vision.body.recommendation.fallback.map((f: any) => f.model)];
    expect(models).not.toContain('deepseek-chat');
    expect(models).not.toContain('llama-3.1-70b-instruct');
    for (const feature of ['function_calling', 'streaming', 'code_execution']) {
      expect(vision.body.warnings.some((w: string) => w.startsWith(`requirements.features ${feature}: not verified`))).toBe(true);
    }
    expect(vision.body.warnings.some((w: string) => w.startsWith('requirements.features vision'))).toBe(false);
  });

  it('400 {error, details: {missingFields}} for an incomplete body', async () => {
    const res = await advise({ requestId: 'r-1', prompt: { text: 'hi' }, context: { userId: 'u', companyId: co.companyId } }, session);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: expect.any(String), details: { missingFields: ['prompt.type', 'context.tier'] } });
    const bad = await advise(shapeB({ prompt: { text: 'hi', type: 'poem' } }), session);
    expect(bad.status).toBe(400);
  });

  it('needs a session (401 {error, message} with an API key) and the caller’s own company', async () => {
    const res = await advise(shapeB(), co.gatewayKey);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: expect.any(String), message: expect.stringContaining('session') });
    const other = await advise(shapeB({ context: { ...shapeB().context, companyId: randomUUID() } }), session);
    expect(other.status).toBe(403);
  });

  it('offers load balancing to enterprise only', async () => {
    const pro = await stack.createCompany();
    await stack.container.db('companies').where({ id: pro.companyId }).update({ tier: 'professional' });
    const proSession = await stack.login(pro.adminEmail, pro.adminPassword);
    const res = await advise(shapeB({ context: { ...shapeB().context, companyId: pro.companyId, tier: 'professional' } }, pro), proSession);
    expect(res.status).toBe(200);
    expect(res.body.recommendation.loadBalancing).toBeUndefined();
    expect(res.body.recommendation.primary).toBeDefined();
  });

  it('limits requests per tier and hour (Free set to 3 here) with 429, across api processes', async () => {
    const free = await stack.createCompany();
    await stack.container.db('companies').where({ id: free.companyId }).update({ tier: 'free' });
    const freeSession = await stack.login(free.adminEmail, free.adminPassword);
    const body = () => shapeB({ context: { userId: 'u', companyId: free.companyId, tier: 'free' } }, free);
    for (let i = 0; i < 3; i++) expect((await advise(body(), freeSession)).status).toBe(200);
    const limited = await advise(body(), freeSession);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: expect.any(String), retryAfter: expect.any(Number), limit: { requests: 3, window: '1h', tier: 'free' } });
    expect(limited.body.retryAfter).toBeGreaterThan(0);
    expect(limited.body.retryAfter).toBeLessThanOrEqual(3600);
    expect(limited.headers.get('retry-after')).toBe(String(limited.body.retryAfter));

    // The count lives in PostgreSQL: another process (a limiter with no memory of its own) agrees.
    const row = await stack.container.db('routing_advisory_usage').where({ company_id: free.companyId }).first();
    expect(row.requests).toBe(3);
    const elsewhere = await new AdvisoryRateLimiter(stack.container.db).hit(free.companyId, `advisory-b:company:${free.companyId}`, 3);
    expect(elsewhere.allowed).toBe(false);

    // Enterprise is unlimited: the enterprise company above has made more than 3 and was never limited.
    expect(await stack.container.db('routing_advisory_usage').where({ company_id: co.companyId }).first()).toBeUndefined();
  });
});

describe('subscriber advisory', () => {
  let key: string;
  beforeAll(async () => {
    key = await stack.createKey(co, 'FULL_ACCESS');
    // Own execution evidence for coding on sim-openai/gpt-4o: visible to the company's rank, never to subscribers.
    const provider = await stack.container.db('providers').where({ company_id: co.companyId, name: 'sim-openai' }).first();
    await stack.container.db('executions').insert(
      Array.from({ length: 40 }, () => ({
        id: randomUUID(),
        company_id: co.companyId,
        mode: 'AUTONOMOUS',
        status: 'SUCCESS',
        provider_id: provider.id,
        provider_type: 'OPENAI',
        provider_name: 'sim-openai',
        model: 'gpt-4o',
        metadata: JSON.stringify({ taskDimensions: ['coding'] }),
        attempts: JSON.stringify([]),
      })),
    );
    stack.container.services.routingMetrics.invalidate(co.companyId);
    // The benchmark data set is dated 2024: a company default that accepts evidence up to ten years old.
    const policy = await stack.http<any>('POST', '/api/v1/routing/policies', {
      token: session,
      body: { name: 'Default with old benchmarks', scope: 'company', isDefault: true, policyJson: { preferences: { taskFit: { staleAfterDays: 3650 } } } },
    });
    expect(policy.status).toBe(200);
  });

  const get = (query = '', token = key) => stack.http<any>('GET', `/api/v1/routing-advisory${query}`, { token });
  const post = (body: unknown, token = key) => stack.http<any>('POST', '/api/v1/routing-advisory', { token, body });

  it('ranks without task fields and adds nothing task-related', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.recommendations.length).toBeGreaterThan(5);
    expect(res.body.recommendations[0]).toMatchObject({ rank: 1, provider: expect.any(String), model: expect.any(String), compositeScore: expect.any(Number) });
    expect(res.body.taskProfile).toBeUndefined();
    expect(res.body.taskFit).toBeUndefined();
  });

  it('adds the task profile and external evidence, best first, at most ten, never reordering, never internal', async () => {
    const plain = await post({});
    const res = await get('?taskCodes=coding,not-a-real-code');
    expect(res.status).toBe(200);
    const order = (b: any) => b.recommendations.map((r: any) => `${r.provider}/${r.model}`);
    expect(order(res.body)).toEqual(order(plain.body));
    expect(res.body.taskProfile).toMatchObject({ codes: ['coding', 'not-a-real-code'], dimensions: ['coding'], source: 'EXPLICIT', applied: true, classifierVersion: 'explicit', confidence: 1 });
    const evidence = res.body.taskFit.evidence;
    expect(evidence.length).toBeGreaterThan(0);
    expect(evidence.length).toBeLessThanOrEqual(10);
    const blended = evidence.map((e: any) => e.taskFit.blendedQualityScore);
    expect(blended).toEqual([...blended].sort((a: number, b: number) => b - a));
    const sources = evidence.flatMap((e: any) => e.taskFit.provenance.map((p: any) => p.source));
    expect(sources).not.toContain('internal');
    expect(sources).toContain('external');
    expect(JSON.stringify(res.body)).not.toContain('"internal"');

    // The company's own rank does use its internal evidence for the same model.
    const rank = await stack.http<any>('POST', '/api/v1/routing/rank', { token: session, body: { taskCodes: ['coding'], taskFit: 'on' } });
    expect(rank.status).toBe(200);
    const gpt4o = rank.body.taskFit.ranking.find((r: any) => r.provider === 'sim-openai' && r.model === 'gpt-4o');
    expect(gpt4o.taskFit.provenance.map((p: any) => p.source)).toContain('internal');
    const subscriberGpt4o = evidence.find((e: any) => e.model === 'gpt-4o');
    if (subscriberGpt4o) expect(subscriberGpt4o.taskFit.provenance.every((p: any) => p.source !== 'internal')).toBe(true);
  });

  it('classifies content, applies the filters, and refuses wrong types', async () => {
    const classified = await post({ content: 'Fix this TypeScript function that throws a null pointer error:\nfunction f(x) { return x.y }' });
    expect(classified.status).toBe(200);
    expect(classified.body.taskProfile.source).toBe('CLASSIFIED');

    const filtered = await post({ providerTypes: ['ANTHROPIC', 'GOOGLE'], regions: ['US'] });
    expect(filtered.status).toBe(200);
    expect(filtered.body.recommendations.length).toBeGreaterThan(0);
    for (const r of filtered.body.recommendations) {
      expect(r.providerType).toBe('ANTHROPIC');
      expect(r.region).toBe('US');
    }
    const hipaa = await post({ complianceFrameworks: ['HIPAA'] });
    for (const r of hipaa.body.recommendations) expect(r.compliance).toContain('HIPAA');

    expect((await post({ taskCodes: 5 })).status).toBe(400);
    expect((await post({ content: { text: 'x' } })).status).toBe(400);
    expect((await post({ content: 'x'.repeat(20_001) })).status).toBe(400);
    expect((await get(`?taskCodes=${Array.from({ length: 21 }, (_, i) => `c${i}`).join(',')}`)).status).toBe(400);
  });

  it('GET takes the POST filters as query parameters', async () => {
    const viaPost = await post({ providerTypes: ['ANTHROPIC', 'GOOGLE'], complianceFrameworks: ['SOC2'], maxCost: 0.01, minPerformance: 0 });
    const viaGet = await get('?providerTypes=ANTHROPIC,GOOGLE&complianceFrameworks=SOC2&maxCost=0.01&minPerformance=0');
    expect(viaGet.status).toBe(200);
    expect(viaGet.body.recommendations.length).toBeGreaterThan(0);
    const order = (b: any) => b.recommendations.map((r: any) => `${r.provider}/${r.model}`);
    expect(order(viaGet.body)).toEqual(order(viaPost.body));
    for (const r of viaGet.body.recommendations) {
      expect(['ANTHROPIC', 'GOOGLE']).toContain(r.providerType);
      expect(r.compliance).toContain('SOC2');
      expect(r.estimatedCost).toBeLessThanOrEqual(0.01);
    }
    // A filter narrows what the plain GET returns.
    const cheap = await get('?maxCost=0.001');
    expect(cheap.body.recommendations.length).toBeLessThan((await get()).body.recommendations.length);
    for (const r of cheap.body.recommendations) expect(r.estimatedCost).toBeLessThanOrEqual(0.001);
    expect((await get('?maxCost=lots')).status).toBe(400);
    expect((await get('?minPerformance=101')).status).toBe(400);
  });

  it('takes API keys only and is rate limited per key', async () => {
    expect((await get('', session)).status).toBe(401);
    const limitedKey = await stack.createKey(co, 'FULL_ACCESS');
    for (let i = 0; i < 25; i++) expect((await get('', limitedKey)).status).toBe(200);
    const limited = await get('', limitedKey);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ retryAfter: expect.any(Number), limit: { requests: 25, window: '1h' } });
    // Other keys of the company keep their own allowance.
    expect((await get('', key)).status).toBe(200);
  });
});
