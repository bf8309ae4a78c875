import { randomUUID } from 'node:crypto';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * GET /api/v1/analytics/executions: the dashboards' series over seeded execution records, per
 * company only, for roles with usage.view, and with DRY_RUN records counted apart.
 */
let stack: Stack;
let a: TestCompany;
let b: TestCompany;
let tokenA: string;
let tokenB: string;

const minute = Math.floor((Date.now() - 30 * 60_000) / 60_000) * 60_000;

function execution(companyId: string, o: { at: number; status?: string; mode?: string; tokens?: number; cost?: number; latency?: number; attempts?: number; policy?: string }) {
  const providerId = randomUUID();
  return {
    id: randomUUID(),
    company_id: companyId,
    mode: o.mode ?? 'AUTONOMOUS',
    status: o.status ?? 'SUCCESS',
    provider_id: providerId,
    provider_type: 'OPENAI',
    provider_name: 'p1',
    model: 'm1',
    total_tokens: o.tokens ?? 10,
    cost_usd: o.cost ?? 0.5,
    latency_ms: o.latency ?? 100,
    attempts: JSON.stringify(Array.from({ length: o.attempts ?? 1 }, () => ({ providerId, providerType: 'OPENAI', providerName: 'p1', model: 'm1', status: 'SUCCESS', latencyMs: 1 }))),
    metadata: JSON.stringify(o.policy ? { policyName: o.policy } : {}),
    created_at: new Date(o.at),
  };
}

beforeAll(async () => {
  stack = await startStack();
  a = await stack.createCompany();
  b = await stack.createCompany();
  tokenA = await stack.login(a.adminEmail, a.adminPassword);
  tokenB = await stack.login(b.adminEmail, b.adminPassword);
  await stack.container.db('executions').insert([
    execution(a.companyId, { at: minute + 1_000, latency: 100, tokens: 10, cost: 0.25 }),
    execution(a.companyId, { at: minute + 2_000, latency: 300, tokens: 30, cost: 0.75, attempts: 3, policy: 'cheap' }),
    execution(a.companyId, { at: minute + 3_000, status: 'ERROR', latency: 9000, tokens: 0, cost: 0 }),
    execution(a.companyId, { at: minute + 4_000, mode: 'DRY_RUN', latency: 5 }),
    // Older than an hour: in 24h, not in 1h.
    execution(a.companyId, { at: minute - 3 * 3_600_000, tokens: 1000 }),
    execution(b.companyId, { at: minute + 1_000, tokens: 999 }),
  ]);
});

afterAll(async () => {
  await stack?.stop();
});

it('answers per-bucket series for the last hour, DRY_RUN apart, errors out of the latency', async () => {
  const res = await stack.http<any>('GET', '/api/v1/analytics/executions?range=1h', { token: tokenA });
  expect(res.status).toBe(200);
  expect(res.body.bucketSeconds).toBe(60);
  expect(res.body.buckets.length).toBeGreaterThanOrEqual(60);
  const i = res.body.buckets.indexOf(minute / 1000);
  expect(i).toBeGreaterThanOrEqual(0);
  expect(res.body.series).toHaveLength(1);
  const s = res.body.series[0];
  expect(s).toMatchObject({ provider: 'p1', providerType: 'OPENAI', model: 'm1' });
  expect(s.executions[i]).toBe(3);
  expect(s.errors[i]).toBe(1);
  expect(s.tokens[i]).toBe(40);
  expect(s.costUsd[i]).toBeCloseTo(1, 8);
  expect(s.p50LatencyMs[i]).toBe(200);
  expect(s.p95LatencyMs[i]).toBe(290);
  expect(s.fallbacks[i]).toBe(1);
  expect(s.executions.reduce((x: number, y: number) => x + y, 0)).toBe(3);
  expect(res.body.routing.policies).toEqual(
    expect.arrayContaining([
      { policy: 'cheap', executions: expect.any(Array) },
      { policy: '(no policy)', executions: expect.any(Array) },
    ]),
  );
  expect(res.body.routing.policies.find((p: { policy: string }) => p.policy === 'cheap').executions[i]).toBe(1);
  expect(res.body.totals).toMatchObject({ executions: 3, errors: 1, errorRate: 0.3333, tokens: 40, fallbacks: 1, dryRuns: 1, p50LatencyMs: 200 });
});

it('widens to the day with 15-minute buckets', async () => {
  const res = await stack.http<any>('GET', '/api/v1/analytics/executions?range=24h', { token: tokenA });
  expect(res.body.bucketSeconds).toBe(900);
  expect(res.body.totals).toMatchObject({ executions: 4, tokens: 1040 });
});

it("shows a company only its own executions, refuses roles without usage.view and unknown ranges", async () => {
  const other = await stack.http<any>('GET', '/api/v1/analytics/executions?range=1h', { token: tokenB });
  expect(other.body.totals).toMatchObject({ executions: 1, tokens: 999 });

  const member = await stack.addUser(a.companyId, 'MEMBER');
  const memberToken = await stack.login(member.email, member.password);
  expect((await stack.http('GET', '/api/v1/analytics/executions', { token: memberToken })).status).toBe(403);
  expect((await stack.http('GET', '/api/v1/analytics/executions?range=1y', { token: tokenA })).status).toBe(400);
  // A gateway key with the permission reads it too (a READ_ONLY key of an administrator).
  const key = await stack.createKey(a, 'READ_ONLY');
  expect((await stack.http<any>('GET', '/api/v1/analytics/executions?range=1h', { token: key })).body.totals.executions).toBe(3);
});
