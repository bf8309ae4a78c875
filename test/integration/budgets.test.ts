import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { type WebhookDelivery, createWebhookReceiver } from '../../examples/webhook-receiver';
import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { executionRecord } from '../support/execution-records';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Monthly budgets from onboarding, over a real api, database, simulator and Temporal worker
 * (webhook deliveries): waves of concurrent executions cross the budget; the overspend stays below
 * one wave's worth of calls (the calls in flight when the budget was reached); later executions get
 * 402 BUDGET_EXCEEDED; spend equals the execution records' cost; analytics.cost.threshold arrives
 * once each for 50, 80 and 100 percent. per_user budgets are per key owner; DRY_RUN is never refused.
 */
let stack: Stack;
let server: Server;
const received: WebhookDelivery[] = [];
let secret = '';
let hookUrl = '';

type Any = any;

beforeAll(async () => {
  stack = await startStack({ worker: true, env: { OUTBOUND_URL_ALLOWLIST: '127.0.0.1', BREAKER_HEALTH_SCHEDULE: 'false' } });
  server = createWebhookReceiver({
    get secret() {
      return secret;
    },
    onDelivery: (d) => void received.push(d),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});

afterAll(async () => {
  server?.close();
  await stack?.stop();
});

const PROMPT = 'Write one sentence about budgets.';
const config = (budgetMode: string, budgetAmount: number) => ({
  useCases: ['routing_gateway'],
  organizationType: 'tech',
  complianceFrameworks: ['none'],
  geoProcessing: { mode: 'none', regions: [], countries: [] },
  teamSize: 'small',
  enableProjects: false,
  roles: ['developers'],
  providerAccess: 'platform',
  routingPriority: 'cost',
  providerRestriction: 'custom',
  customAllowedProviders: ['OPENAI'],
  sanitizationMode: 'disabled',
  encryptionEnabled: true,
  dataRetention: '30',
  budgetMode,
  budgetAmount,
});
const execute = (token: string, body: Record<string, unknown> = {}) => stack.http<Any>('POST', '/api/gateway/execute', { token, body: { prompt: PROMPT, ...body } });

/** The cost of one execution of PROMPT on the company's OPENAI provider, from its execution record. */
async function costOfOneCall(co: TestCompany): Promise<number> {
  const res = await execute(co.gatewayKey, { providerType: 'OPENAI' });
  expect(res.status).toBe(200);
  await stack.container.services.recorder.flush();
  const row = await stack.container.db('executions').where({ company_id: co.companyId }).orderBy('created_at', 'desc').first('cost_usd');
  return Number(row.cost_usd);
}

describe('budgets', () => {
  it('holds under concurrent requests: overspend below one wave of calls in flight, 402 after, events once each', async () => {
    const co = await stack.createCompany();
    const session = await stack.login(co.adminEmail, co.adminPassword);
    const hook = await stack.http<Any>('POST', '/api/v1/webhooks', { token: session, body: { name: 'budget', url: hookUrl, events: ['analytics.cost.threshold'] } });
    secret = hook.body.webhook.secret;
    const perCall = await costOfOneCall(co);
    expect(perCall).toBeGreaterThan(0);
    const budget = Number((perCall * 10).toFixed(6)); // ten calls' worth
    expect((await stack.http<Any>('POST', '/api/v1/onboarding/setup', { token: session, body: config('company', budget) })).status).toBe(200);
    const since = new Date();

    const WAVE = 8;
    const statuses: number[] = [];
    for (let wave = 0; wave < 6 && !statuses.includes(402); wave++) {
      const answers = await Promise.all(Array.from({ length: WAVE }, () => execute(co.gatewayKey)));
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.every((s) => s === 200 || s === 402)).toBe(true);
    expect(statuses).toContain(402);

    // Everything settled: the next execution is refused with the documented body (a finished
    // call's cost counts from its record at once, written or not: see the race test below).
    const refused = await execute(co.gatewayKey);
    expect(refused.status).toBe(402);
    const month = new Date().toISOString().slice(0, 7);
    expect(refused.body).toEqual({
      success: false,
      error: `The monthly budget of ${budget} USD is used up`,
      code: 'BUDGET_EXCEEDED',
      budget: { mode: 'company', amount: budget, spent: expect.any(Number), month },
    });
    // DRY_RUN bills nothing and is not refused.
    expect((await execute(co.gatewayKey, { executionMode: 'DRY_RUN' })).status).toBe(200);

    await stack.container.services.recorder.flush();
    const db = stack.container.db;
    const records = await db('executions').where({ company_id: co.companyId }).andWhere('created_at', '>=', since).whereNot({ mode: 'DRY_RUN' }).select('cost_usd');
    const billed = records.reduce((sum, r) => sum + Number(r.cost_usd), 0);
    const spend = Number((await db('budget_spend').where({ company_id: co.companyId, scope_key: 'company', month }).first()).spent_usd);
    // Spend is exactly what the execution records cost (every admitted call, no more).
    expect(spend).toBeCloseTo(billed, 6);
    expect(records.length).toBe(statuses.filter((s) => s === 200).length);
    // The overspend: calls admitted before the budget was reached finish and are billed; at most one
    // wave (WAVE calls in flight) beyond the budget, and in practice less.
    expect(spend).toBeGreaterThanOrEqual(budget);
    expect(spend - budget).toBeLessThan(WAVE * perCall + 1e-9);
    expect(refused.body.budget.spent).toBeCloseTo(spend, 6);

    // 50, 80 and 100 percent: one delivery each.
    const deadline = Date.now() + 60_000;
    const mine = () => received.filter((d) => d.event === 'analytics.cost.threshold' && (d.data as Any).budgetUsd === budget);
    while (mine().length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 1500)); // a duplicate would have arrived by now
    expect(mine().map((d) => (d.data as Any).threshold).sort((a: number, b: number) => a - b)).toEqual([50, 80, 100]);
    for (const d of mine()) expect(d.data).toEqual({ threshold: expect.any(Number), budgetMode: 'company', scope: 'company', month, budgetUsd: budget, spentUsd: expect.any(Number) });
    expect(await db('budget_threshold_events').where({ company_id: co.companyId }).count<{ count: string }[]>('* as count')).toEqual([{ count: '3' }]);
    console.log(`budgets: budget ${budget} USD (10 calls of ${perCall}); ${records.length} calls billed in waves of ${WAVE}; overspend ${(spend - budget).toFixed(6)} USD = ${((spend - budget) / perCall).toFixed(2)} calls`);
  }, 180_000);

  it('counts every record exactly once: a call longer than the budget cache, and flushes committing during the admission read', async () => {
    // A finished call's cost must count from its record at once, before the recorder writes it,
    // exactly once, whatever the timing: otherwise a call is admitted over the budget.
    const co = await stack.createCompany();
    const session = await stack.login(co.adminEmail, co.adminPassword);
    expect((await stack.http<Any>('POST', '/api/v1/onboarding/setup', { token: session, body: config('company', 1_000_000) })).status).toBe(200);
    const { recorder, budgets } = stack.container.services;
    const principal: Principal = { via: 'api_key', companyId: co.companyId, userId: co.adminUserId, role: null, permissions: new Set(), features: new Set() };
    const cost = 0.25;
    // A call that outlasts the 5 s budget cache between admit and its record still counts at once.
    expect((await budgets.spendOf(principal))?.spent).toBe(0); // admit reads the budget
    await new Promise((r) => setTimeout(r, 5_200));
    recorder.record(executionRecord({ companyId: co.companyId, costUsd: cost }));
    let recorded = cost;
    expect((await budgets.spendOf(principal))?.spent).toBeCloseTo(recorded, 9);
    // A flush that commits while admit reads budget_spend: the row read predates the commit, and
    // the commit has taken the record out of the pending sum. Made certain here by letting the
    // budget_spend read return only after a flush (the database and the flush are real).
    const deps = (budgets as unknown as { deps: { db: Db } }).deps;
    const db = deps.db;
    deps.db = ((table: string) => {
      const query = db(table);
      if (table !== 'budget_spend') return query;
      const first = query.first.bind(query);
      const firstAfterAFlush = (...columns: string[]) =>
        first(...columns).then(async (row: unknown) => {
          await recorder.flush();
          return row;
        });
      return Object.assign(query, { first: firstAfterAFlush });
    }) as unknown as Db;
    try {
      recorder.record(executionRecord({ companyId: co.companyId, costUsd: cost }));
      recorded += cost;
      expect((await budgets.spendOf(principal))?.spent).toBeCloseTo(recorded, 9);
    } finally {
      deps.db = db;
    }
    await recorder.flush();
    const month = new Date().toISOString().slice(0, 7);
    expect(Number((await stack.container.db('budget_spend').where({ company_id: co.companyId, scope_key: 'company', month }).first()).spent_usd)).toBeCloseTo(recorded, 6);
  }, 120_000);

  it('per_user: each key owner has the budget; one used up does not stop another', async () => {
    const co = await stack.createCompany();
    const session = await stack.login(co.adminEmail, co.adminPassword);
    const perCall = await costOfOneCall(co);
    // 1.5 calls' worth per user: two calls are admitted (the second at 1 call spent), the third refused.
    expect((await stack.http<Any>('POST', '/api/v1/onboarding/setup', { token: session, body: config('per_user', Number((perCall * 1.5).toFixed(6))) })).status).toBe(200);
    const other = await stack.addUser(co.companyId, 'MEMBER');
    const { key: otherKey } = await stack.container.services.apiKeys.create(co.companyId, { name: 'other', kind: 'GATEWAY', type: 'FULL_ACCESS' }, { userId: other.userId });
    expect([(await execute(co.gatewayKey)).status, (await execute(co.gatewayKey)).status, (await execute(co.gatewayKey)).status]).toEqual([200, 200, 402]);
    expect((await execute(otherKey)).status).toBe(200);
    const refusal = await execute(co.gatewayKey);
    expect(refusal.body.budget).toMatchObject({ mode: 'per_user' });
  }, 120_000);
});
