import { Client, Connection } from '@temporalio/client';
import { verifySignature } from '../../lib/webhook-signature';
import { batchWorkflowId } from '../../temporal/workflow-ids';
import { jsonl, startReceiver, uploadBatch, waitForBatch } from '../support/batch';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Batch jobs through each provider facility: OPENAI and ANTHROPIC native batches, GOOGLE
 * concurrent execution. Costs at half the list price, results as JSON and JSONL, the signed
 * completion callback, cancel in flight, a worker stopped mid-batch, retries ending in ERROR,
 * the concurrency limit and the repair trigger.
 */
let stack: Stack;
let company: TestCompany;
let temporal: Client;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const LIST_PRICE: Record<string, { input: number; output: number }> = {
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'claude-haiku-4-5': { input: 1, output: 5 },
  'gemini-2.5-flash': { input: 0.3, output: 2.5 },
};

beforeAll(async () => {
  receiver = await startReceiver();
  stack = await startStack({
    worker: true,
    env: {
      BATCH_POLL_INITIAL_MS: '200',
      BATCH_POLL_MAX_MS: '500',
      BATCH_PAGE_SIZE: '250',
      OUTBOUND_URL_ALLOWLIST: '127.0.0.1',
      WEBHOOK_RETRY_DELAYS_SECONDS: '1,1',
    },
  });
  company = await stack.createCompany();
  temporal = new Client({ connection: await Connection.connect({ address: process.env.TEST_TEMPORAL_ADDRESS! }) });
});

afterAll(async () => {
  await temporal?.connection.close();
  await stack?.stop();
  await receiver?.close();
});

/** A company whose only provider is the simulator of `type` with a behaviour-carrying key. */
async function companyWith(type: 'OPENAI' | 'ANTHROPIC' | 'GOOGLE', key: string): Promise<TestCompany> {
  const co = await stack.createCompany({ withSimulator: false });
  const base = stack.simulatorUrl;
  const model = { OPENAI: 'gpt-4o-mini', ANTHROPIC: 'claude-haiku-4-5', GOOGLE: 'gemini-2.5-flash' }[type];
  await stack.container.services.providers.create(
    co.companyId,
    {
      type,
      name: `slow-${type.toLowerCase()}`,
      baseUrl: type === 'OPENAI' ? `${base}/v1` : base,
      apiKey: key,
      defaultModel: model,
      models: [{ name: model, inputPricePerMillion: LIST_PRICE[model]!.input, outputPricePerMillion: LIST_PRICE[model]!.output }],
      isDefault: true,
    },
    { userId: co.adminUserId },
  );
  return co;
}

async function allResults(s: Stack, token: string, batchId: string) {
  const items: any[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await s.http<any>('GET', `/api/v1/batch/${batchId}/results?limit=1000&offset=${offset}`, { token });
    items.push(...page.body.items);
    if (offset + 1000 >= page.body.total) return { items, total: page.body.total };
  }
}

describe.each([
  ['OPENAI', 'gpt-4o-mini', 'batches.create'],
  ['ANTHROPIC', 'claude-haiku-4-5', 'message_batches.create'],
  ['GOOGLE', 'gemini-2.5-flash', null],
] as const)('a 1,000-item JSONL batch through %s', (type, model, nativeEndpoint) => {
  it('completes with every result, half-price costs, JSONL download and a signed callback', async () => {
    const statsBefore = await stack.simStats();
    const created = await uploadBatch(stack.url, company.gatewayKey, jsonl(1000, type), { providerHint: type, name: `${type} run`, callbackUrl: receiver.url, metadata: { run: type } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'QUEUED', totalItems: 1000, estimatedCostUSD: expect.any(Number), callbackSigningSecret: expect.stringMatching(/^whsec_/) });
    const { batchId, callbackSigningSecret } = created.body;

    const done = await waitForBatch(stack, company.gatewayKey, batchId, (b) => b.status === 'COMPLETED');
    expect(done).toMatchObject({ status: 'COMPLETED', completedItems: 1000, failedItems: 0, progress: 1, providerModel: model, metadata: { run: type } });
    expect(done.splits).toHaveLength(1);
    expect(new Date(done.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    // Every item exactly once, with its own answer.
    const { items, total } = await allResults(stack, company.gatewayKey, batchId);
    expect(total).toBe(1000);
    expect(new Set(items.map((i) => i.externalId)).size).toBe(1000);
    expect(items.every((i) => i.status === 'SUCCESS')).toBe(true);
    expect(items[7]).toMatchObject({ externalId: `${type}-7`, sequenceIndex: 7, response: expect.stringContaining('Question 7 number 7') });

    // Half of list price, per item and in total; usage logged for billing.
    const price = LIST_PRICE[model]!;
    let sum = 0;
    for (const i of items) {
      const list = (i.inputTokens * price.input + i.outputTokens * price.output) / 1e6;
      expect(i.costUSD).toBeCloseTo(list / 2, 7);
      sum += i.costUSD;
    }
    expect(done.actualCostUSD).toBeCloseTo(sum, 6);
    expect(done.inputTokensTotal).toBe(items.reduce((a, i) => a + i.inputTokens, 0));
    const usage = await stack.container.db('executions').where({ company_id: company.companyId, purpose: 'batch' }).whereRaw("metadata->>'batchId' = ?", [batchId]);
    expect(usage).toHaveLength(1);
    expect(Number(usage[0].cost_usd)).toBeCloseTo(sum, 6);
    expect(usage[0].mode).toBe('BATCH');

    // The facility used.
    const statsAfter = await stack.simStats();
    const endpointCount = (st: typeof statsAfter, ep: string) => Object.values(st.byKey).reduce((a, k) => a + (k.byEndpoint[ep] ?? 0), 0);
    if (nativeEndpoint) expect(endpointCount(statsAfter, nativeEndpoint) - endpointCount(statsBefore, nativeEndpoint)).toBe(1);
    else expect(statsAfter.total - statsBefore.total).toBe(1000);

    // JSONL download, streamed.
    const res = await fetch(`${stack.url}/api/v1/batch/${batchId}/results`, { headers: { authorization: `Bearer ${company.gatewayKey}`, accept: 'application/jsonl' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="batch-${batchId}-results.jsonl"`);
    expect(res.headers.get('content-type')).toContain('application/jsonl');
    const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1000);
    expect(lines[999]).toEqual(items[999]);

    // The completion callback: the spec's body, signed with the batch's secret.
    const deadline = Date.now() + 20_000;
    const find = () => receiver.received.find((r) => JSON.parse(r.body).batchId === batchId);
    while (!find() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const call = find();
    expect(call).toBeDefined();
    expect(JSON.parse(call!.body)).toEqual({
      batchId,
      status: 'COMPLETED',
      completedItems: 1000,
      failedItems: 0,
      actualCostUSD: done.actualCostUSD,
      resultsUrl: expect.stringMatching(new RegExp(`/api/v1/batch/${batchId}/results$`)),
    });
    const signature = String(call!.headers['x-service-signature']);
    expect(verifySignature(callbackSigningSecret, call!.body, signature).ok).toBe(true);
    expect(verifySignature('whsec_wrong', call!.body, signature).ok).toBe(false);
  });
});

describe('cancel in flight', () => {
  it('cancels a native batch at the provider and stops the workflow', async () => {
    const co = await companyWith('OPENAI', 'sim;batchMs=60000');
    const created = await stack.http<any>('POST', '/api/v1/batch', { token: co.gatewayKey, body: { items: Array.from({ length: 20 }, (_, i) => ({ id: `c${i}`, prompt: `p${i}` })) } });
    const { batchId } = created.body;
    await waitForBatch(stack, co.gatewayKey, batchId, (b) => b.status === 'PROCESSING');
    // Wait until the provider batch exists.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !(await stack.container.db('batch_submissions').where({ batch_id: batchId }).first())) await new Promise((r) => setTimeout(r, 100));
    const cancel = await stack.http<any>('POST', `/api/v1/batch/${batchId}/cancel`, { token: co.gatewayKey });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ batchId, status: 'CANCELLED' });
    expect(await temporal.workflow.getHandle(batchWorkflowId(batchId)).result()).toBe('CANCELLED');
    const stats = await stack.simStats();
    expect(stats.byKey['sim;batchMs=60000']?.byEndpoint['batches.cancel']).toBe(1);
    const detail = await stack.http<any>('GET', `/api/v1/batch/${batchId}`, { token: co.gatewayKey });
    expect(detail.body.status).toBe('CANCELLED');
    expect(detail.body.splits[0].status).toBe('CANCELLED');
    const skipped = await stack.http<any>('GET', `/api/v1/batch/${batchId}/results?status=SKIPPED`, { token: co.gatewayKey });
    expect(skipped.body.total).toBe(20);
    const again = await stack.http<any>('POST', `/api/v1/batch/${batchId}/cancel`, { token: co.gatewayKey });
    expect(again.status).toBe(400);
  });

  it('cancels a concurrent batch mid-way: done items stay, the rest are SKIPPED', async () => {
    const co = await companyWith('GOOGLE', 'sim;latency=100');
    const created = await uploadBatch(stack.url, co.gatewayKey, jsonl(400), {});
    const { batchId } = created.body;
    await waitForBatch(stack, co.gatewayKey, batchId, (b) => b.completedItems >= 40);
    expect((await stack.http('POST', `/api/v1/batch/${batchId}/cancel`, { token: co.gatewayKey })).status).toBe(200);
    expect(await temporal.workflow.getHandle(batchWorkflowId(batchId)).result()).toBe('CANCELLED');
    const detail = await stack.http<any>('GET', `/api/v1/batch/${batchId}`, { token: co.gatewayKey });
    expect(detail.body.status).toBe('CANCELLED');
    expect(detail.body.completedItems).toBeLessThan(400);
    const { total: skipped } = (await stack.http<any>('GET', `/api/v1/batch/${batchId}/results?status=SKIPPED&limit=1`, { token: co.gatewayKey })).body;
    const { total: succeeded } = (await stack.http<any>('GET', `/api/v1/batch/${batchId}/results?status=SUCCESS&limit=1`, { token: co.gatewayKey })).body;
    expect(skipped + succeeded).toBe(400);
    expect(succeeded).toBe(detail.body.completedItems);
  });
});

describe('a worker stopped mid-batch', () => {
  it('completes after a restart with every item exactly once', async () => {
    const co = await companyWith('GOOGLE', 'sim;latency=40');
    const created = await uploadBatch(stack.url, co.gatewayKey, jsonl(1000), {});
    const { batchId } = created.body;
    await waitForBatch(stack, co.gatewayKey, batchId, (b) => b.completedItems >= 150);
    await stack.stopWorker();
    const paused = await stack.http<any>('GET', `/api/v1/batch/${batchId}`, { token: co.gatewayKey });
    expect(paused.body.status).toBe('PROCESSING');
    expect(paused.body.completedItems).toBeLessThan(1000);
    await stack.startWorker();
    const done = await waitForBatch(stack, co.gatewayKey, batchId, (b) => b.status === 'COMPLETED');
    expect(done.completedItems).toBe(1000);
    const rows = await stack.container.db('batch_items').where({ batch_id: batchId }).select('status', 'external_id', 'cost_usd');
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((r: any) => r.external_id)).size).toBe(1000);
    expect(rows.every((r: any) => r.status === 'SUCCESS')).toBe(true);
    expect(done.actualCostUSD).toBeCloseTo(rows.reduce((a: number, r: any) => a + Number(r.cost_usd), 0), 6);
  });
});

describe('failed items', () => {
  it('concurrent: items failing twice (429) end as ERROR with RATE_LIMIT, after exactly two calls', async () => {
    const key = 'sim;fail=429;retryAfter=0';
    const co = await companyWith('GOOGLE', key);
    const created = await stack.http<any>('POST', '/api/v1/batch', { token: co.gatewayKey, body: { items: Array.from({ length: 10 }, (_, i) => ({ id: `f${i}`, prompt: 'p' })) } });
    const done = await waitForBatch(stack, co.gatewayKey, created.body.batchId, (b) => b.status === 'COMPLETED');
    expect(done).toMatchObject({ completedItems: 0, failedItems: 10, progress: 1 });
    const results = await stack.http<any>('GET', `/api/v1/batch/${created.body.batchId}/results?status=ERROR`, { token: co.gatewayKey });
    expect(results.body.total).toBe(10);
    expect(results.body.items[0]).toMatchObject({ status: 'ERROR', errorCode: 'RATE_LIMIT', errorMessage: expect.any(String), costUSD: 0 });
    expect((await stack.simStats()).byKey[key]?.requests).toBe(20);
  });

  it('native: items failing twice end as ERROR; items failing once succeed on the retry', async () => {
    const twice = await companyWith('ANTHROPIC', 'sim;batchMs=100;itemFailTimes=2;itemFailStatus=429');
    const once = await companyWith('ANTHROPIC', 'sim;batchMs=100;itemFailTimes=1;itemFailStatus=429');
    const items = { items: Array.from({ length: 5 }, (_, i) => ({ id: `n${i}`, prompt: 'p' })) };
    const a = await stack.http<any>('POST', '/api/v1/batch', { token: twice.gatewayKey, body: items });
    const b = await stack.http<any>('POST', '/api/v1/batch', { token: once.gatewayKey, body: items });
    const failed = await waitForBatch(stack, twice.gatewayKey, a.body.batchId, (x) => x.status === 'COMPLETED');
    expect(failed).toMatchObject({ completedItems: 0, failedItems: 5 });
    const errors = await stack.http<any>('GET', `/api/v1/batch/${a.body.batchId}/results`, { token: twice.gatewayKey });
    expect(errors.body.items.map((i: any) => i.errorCode)).toEqual(Array(5).fill('RATE_LIMIT'));
    const retried = await waitForBatch(stack, once.gatewayKey, b.body.batchId, (x) => x.status === 'COMPLETED');
    expect(retried).toMatchObject({ completedItems: 5, failedItems: 0 });
  });
});

describe('limits and repair', () => {
  it('an 11th active job answers 429 CONCURRENT_LIMIT', async () => {
    const co = await companyWith('OPENAI', 'sim;batchMs=60000;id=limit');
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await stack.http<any>('POST', '/api/v1/batch', { token: co.gatewayKey, body: { items: [{ id: 'a', prompt: 'p' }] } });
      expect(res.status).toBe(201);
      ids.push(res.body.batchId);
    }
    const eleventh = await stack.http<any>('POST', '/api/v1/batch', { token: co.gatewayKey, body: { items: [{ id: 'a', prompt: 'p' }] } });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.code).toBe('CONCURRENT_LIMIT');
    const list = await stack.http<any>('GET', '/api/v1/batch?limit=5', { token: co.gatewayKey });
    expect(list.body).toMatchObject({ total: 10, limit: 5, offset: 0 });
    expect(list.body.jobs).toHaveLength(5);
    // A cancelled job frees its slot.
    expect((await stack.http('POST', `/api/v1/batch/${ids[0]}/cancel`, { token: co.gatewayKey })).status).toBe(200);
    expect((await stack.http('POST', '/api/v1/batch', { token: co.gatewayKey, body: { items: [{ id: 'a', prompt: 'p' }] } })).status).toBe(201);
    const active = await stack.http<any>('GET', '/api/v1/batch?status=CANCELLED', { token: co.gatewayKey });
    expect(active.body.total).toBe(1);
    for (const job of (await stack.http<any>('GET', '/api/v1/batch?limit=100', { token: co.gatewayKey })).body.jobs) {
      if (job.status !== 'CANCELLED') await stack.http('POST', `/api/v1/batch/${job.id}/cancel`, { token: co.gatewayKey });
    }
  });

  it('POST /api/internal/batch/process starts a workflow for an active job that has none', async () => {
    const co = await companyWith('GOOGLE', 'sim;latency=300;id=repair');
    const created = await stack.http<any>('POST', '/api/v1/batch', { token: co.gatewayKey, body: { items: Array.from({ length: 3 }, (_, i) => ({ id: `r${i}`, prompt: 'p' })) } });
    const { batchId } = created.body;
    await temporal.workflow.getHandle(batchWorkflowId(batchId)).terminate('operator mistake');
    expect((await stack.http('POST', '/api/internal/batch/process', { headers: { 'x-internal-job': 'wrong-token-0123456789' } })).status).toBe(401);
    const repaired = await stack.http<any>('POST', '/api/internal/batch/process', { headers: { 'x-internal-job': stack.config.INTERNAL_JOB_TOKEN } });
    expect(repaired.status).toBe(200);
    expect(repaired.body.started).toContain(batchId);
    const done = await waitForBatch(stack, co.gatewayKey, batchId, (b) => b.status === 'COMPLETED');
    expect(done.completedItems).toBe(3);
    const again = await stack.http<any>('POST', '/api/internal/batch/process', { headers: { 'x-internal-job': stack.config.INTERNAL_JOB_TOKEN } });
    expect(again.body.started).not.toContain(batchId);
  });
});
