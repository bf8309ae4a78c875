import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * POST /api/v1/routing/policies/{id}/simulate and POST /api/v1/routing/rank over the five simulator
 * providers, with the task-aware body: external benchmark evidence for math moves DeepSeek ahead of
 * the static quality leader, and rankChanges says so.
 */
let stack: Stack;
let company: TestCompany;
let session: string;
type Body = Record<string, any>;

const post = (path: string, body?: unknown, token = session) => stack.http<Body>('POST', path, { token, body });

async function createPolicy(name: string, policyJson: Body) {
  const res = await post('/api/v1/routing/policies', { name, scope: 'company', policyJson }, company.gatewayKey);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.policy.id as string;
}

let quality: string;
let qualityNoTaskFit: string;

beforeAll(async () => {
  stack = await startStack();
  company = await stack.createCompany();
  session = await stack.login(company.adminEmail, company.adminPassword);
  // The benchmark rows date from 2024: a long staleAfterDays lets them count.
  quality = await createPolicy('quality-taskfit', {
    strategy: 'HIGHEST_QUALITY',
    preferences: { taskFit: { enabled: true, staleAfterDays: 3650, classifier: 'regex' } },
  });
  qualityNoTaskFit = await createPolicy('quality-plain', { strategy: 'HIGHEST_QUALITY', preferences: { taskFit: { staleAfterDays: 3650 } } });
});

afterAll(async () => {
  await stack?.stop();
});

describe('simulate', () => {
  it('without task fields: primary, fallbacks, totals, window; taskProfile and taskFit null', async () => {
    const res = await post(`/api/v1/routing/policies/${quality}/simulate`);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.success).toBe(true);
    expect(b.policy).toEqual({ id: quality, name: 'quality-taskfit' });
    expect(b.simulation.primary).toMatchObject({
      provider: 'sim-anthropic',
      model: 'claude-sonnet-4-5',
      qualityScore: 90,
      availability: 1,
      compositeScore: expect.any(Number),
      reasoning: expect.stringContaining('HIGHEST_QUALITY'),
    });
    expect(b.simulation.primary).toHaveProperty('estimatedLatency');
    expect(b.simulation.primary.estimatedCost).toBeGreaterThan(0);
    expect(b.simulation.totalCandidates).toBe(8);
    expect(b.simulation.fallbacks).toHaveLength(7);
    expect(b.simulation.fallbacks[0]).not.toHaveProperty('reasoning');
    expect(b.simulation.filteredOut).toEqual([]);
    expect(b.metadata.basedOnWindow).toMatchObject({ windowMinutes: 60, samples: expect.any(Number) });
    expect(new Date(b.metadata.simulatedAt).getTime()).not.toBeNaN();
    expect(b.taskProfile).toBeNull();
    expect(b.taskFit).toBeNull();
  });

  it('with taskCodes: task fit reorders, and rankChanges lists the moves', async () => {
    const res = await post(`/api/v1/routing/policies/${quality}/simulate`, { taskCodes: ['math'] });
    expect(res.status).toBe(200);
    const { taskProfile, taskFit, simulation } = res.body;
    expect(taskProfile).toMatchObject({ codes: ['math'], dimensions: ['math'], confidence: 1, source: 'EXPLICIT', applied: true, classifierVersion: 'explicit' });
    expect(taskFit).toMatchObject({ mode: 'policy', policyEnabled: true, applied: true, reason: null });
    expect(simulation.primary).toMatchObject({ provider: 'sim-deepseek', model: 'deepseek-chat' });
    expect(taskFit.ranking[0]).toMatchObject({ rank: 1, provider: 'sim-deepseek', model: 'deepseek-chat', compositeScore: expect.any(Number) });
    expect(taskFit.ranking[0].taskFit).toMatchObject({ legacyQualityScore: 82, blendedQualityScore: 90.2 });
    expect(taskFit.ranking[0].taskFit.provenance[0]).toMatchObject({ dimension: 'math', source: 'external', benchmarks: ['MATH-500'], asOf: '2024-12-26' });
    expect(taskFit.taskFitOff[0]).toMatchObject({ provider: 'sim-anthropic', model: 'claude-sonnet-4-5' });
    expect(taskFit.rankChanges).toEqual(expect.arrayContaining([{ provider: 'sim-deepseek', model: 'deepseek-chat', from: expect.any(Number), to: 1 }]));
    expect(taskFit.rankChanges.length).toBeGreaterThan(1);
    expect(taskFit.explanations[0]).toEqual({ key: 'taskFit.applied', vars: expect.any(Object) });
  });

  it('taskFit off, a disabled policy and mode on say whether and why task fit applied', async () => {
    const off = (await post(`/api/v1/routing/policies/${quality}/simulate`, { taskCodes: 'math', taskFit: 'off' })).body.taskFit;
    expect(off).toMatchObject({ applied: false, reason: 'mode-off', rankChanges: [] });
    const disabled = (await post(`/api/v1/routing/policies/${qualityNoTaskFit}/simulate`, { taskCodes: 'math' })).body;
    expect(disabled.taskFit).toMatchObject({ mode: 'policy', policyEnabled: false, applied: false, reason: 'policy-disabled' });
    expect(disabled.simulation.primary.provider).toBe('sim-anthropic');
    const whatIf = (await post(`/api/v1/routing/policies/${qualityNoTaskFit}/simulate`, { taskCodes: 'math', taskFit: 'on' })).body;
    expect(whatIf.taskFit).toMatchObject({ mode: 'on', applied: true });
    expect(whatIf.simulation.primary.provider).toBe('sim-deepseek');
  });

  it('classifies content with the rule-based classifier', async () => {
    const res = await post(`/api/v1/routing/policies/${quality}/simulate`, { content: 'Solve this equation step by step and compute the integral: 3 * 4 + 2^5' });
    expect(res.status).toBe(200);
    expect(res.body.taskProfile).toMatchObject({ source: 'CLASSIFIED', classifierVersion: 'rules-v1' });
    expect(res.body.taskProfile.dimensions).toContain('math');
    const vague = await post(`/api/v1/routing/policies/${quality}/simulate`, { content: 'ok' });
    expect(vague.body.taskProfile.source).toBe('NONE');
    expect(vague.body.taskFit).toMatchObject({ applied: false, reason: 'profile-not-applied' });
  });

  it('reports filtered-out candidates with reasons', async () => {
    const eu = await createPolicy('eu', { geoFenceRules: { allowedRegions: ['EU'] } });
    const res = await post(`/api/v1/routing/policies/${eu}/simulate`, {});
    expect(res.body.simulation.totalCandidates).toBe(8);
    expect(new Set([res.body.simulation.primary, ...res.body.simulation.fallbacks].map((c: Body) => c.provider))).toEqual(new Set(['sim-google', 'sim-custom']));
    const openai = res.body.simulation.filteredOut.find((f: Body) => f.provider === 'sim-openai');
    expect(openai.reasons[0]).toContain('not among the allowed regions');
  });

  it('refuses wrong types (400), API keys (401) and other companies (404)', async () => {
    expect((await post(`/api/v1/routing/policies/${quality}/simulate`, { taskCodes: 7 })).status).toBe(400);
    expect((await post(`/api/v1/routing/policies/${quality}/simulate`, { taskFit: 'maybe' })).status).toBe(400);
    expect((await post(`/api/v1/routing/policies/${quality}/simulate`, {}, company.gatewayKey)).status).toBe(401);
    const other = await stack.createCompany();
    const otherSession = await stack.login(other.adminEmail, other.adminPassword);
    const res = await post(`/api/v1/routing/policies/${quality}/simulate`, {}, otherSession);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Policy not found');
  });
});

describe('rank', () => {
  it('ranks under a saved policy with taskProfile and taskFit', async () => {
    const res = await post('/api/v1/routing/rank', { policyId: quality, taskCodes: 'mathematics' });
    expect(res.status).toBe(200);
    expect(res.body.policy).toEqual({ id: quality, name: 'quality-taskfit' });
    expect(res.body.ranking[0]).toMatchObject({ rank: 1, provider: 'sim-deepseek' });
    expect(res.body.taskProfile.dimensions).toEqual(['math']);
    expect(res.body.taskFit.applied).toBe(true);
    expect(res.body.taskFit.rankChanges.length).toBeGreaterThan(0);
  });

  it('says when benchmark evidence was left out as stale (evidence.stale)', async () => {
    // Default staleAfterDays (120): the 2024 rows never count, and the explanations say how many were skipped.
    const fresh = await post('/api/v1/routing/rank', { policy: { strategy: 'HIGHEST_QUALITY' }, taskCodes: ['math', 'coding'], taskFit: 'on' });
    expect(fresh.status).toBe(200);
    const stale = fresh.body.taskFit.explanations.find((e: Body) => e.key === 'evidence.stale');
    expect(stale).toBeDefined();
    expect(stale.vars).toMatchObject({ staleAfterDays: 120, newestAsOf: expect.stringMatching(/^2024-/) });
    expect(stale.vars.count).toBeGreaterThan(0);
    const sources = fresh.body.taskFit.ranking.flatMap((r: Body) => r.taskFit.provenance.map((p: Body) => p.source));
    expect(sources).not.toContain('external');

    // Under a policy that accepts ten-year-old evidence nothing is skipped, and the key is absent.
    const long = await post('/api/v1/routing/rank', { policyId: quality, taskCodes: ['math', 'coding'] });
    expect(long.body.taskFit.explanations.map((e: Body) => e.key)).not.toContain('evidence.stale');
    // Denied external evidence is not "stale" either.
    const denied = await post('/api/v1/routing/rank', {
      policy: { strategy: 'HIGHEST_QUALITY', preferences: { taskFit: { externalEvidence: 'deny' } } },
      taskCodes: ['math'],
      taskFit: 'on',
    });
    expect(denied.status).toBe(200);
    expect(denied.body.taskFit.explanations.map((e: Body) => e.key)).not.toContain('evidence.stale');

    // simulate says the same.
    const plainDefault = await createPolicy('quality-default-staleness', { strategy: 'HIGHEST_QUALITY' });
    const sim = await post(`/api/v1/routing/policies/${plainDefault}/simulate`, { taskCodes: ['math'], taskFit: 'on' });
    expect(sim.status).toBe(200);
    expect(sim.body.taskFit.explanations.find((e: Body) => e.key === 'evidence.stale')?.vars.count).toBeGreaterThan(0);
  });

  it('without task fields both are null; an inline policy works; a bad one is 400', async () => {
    const plain = await post('/api/v1/routing/rank', { policy: { strategy: 'LOWEST_COST' } });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ policy: { id: 'inline', name: 'inline' }, strategy: 'LOWEST_COST', taskProfile: null, taskFit: null });
    expect(plain.body.ranking[0]).toMatchObject({ provider: 'sim-openai', model: 'gpt-4o-mini' });
    expect(plain.body.ranking).toHaveLength(8);
    const bad = await post('/api/v1/routing/rank', { policy: { strategy: 'CHEAPEST' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Invalid policy');
  });

  it('says not-entitled when the package lacks task-fit routing', async () => {
    const standard = await stack.createCompany({ packageName: 'standard' });
    const token = await stack.login(standard.adminEmail, standard.adminPassword);
    const res = await post('/api/v1/routing/rank', { policy: { strategy: 'HIGHEST_QUALITY' }, taskCodes: ['math'], taskFit: 'on' }, token);
    expect(res.status).toBe(200);
    expect(res.body.taskFit).toMatchObject({ applied: false, reason: 'not-entitled', rankChanges: [] });
  });
});
