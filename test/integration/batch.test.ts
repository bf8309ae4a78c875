import { Client, Connection } from '@temporalio/client';
import { batchWorkflowId } from '../../temporal/workflow-ids';
import { jsonl, uploadBatch, waitForBatch } from '../support/batch';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Batch jobs end to end: the API as specified, the workflow `batch:<id>` on a real Temporal server,
 * providers through the simulator. Native facilities (OPENAI, ANTHROPIC) live in batch-native.test.ts.
 */
let stack: Stack;
let company: TestCompany;
let temporal: Client;

const FAST = {
  BATCH_POLL_INITIAL_MS: '200',
  BATCH_POLL_MAX_MS: '1000',
  BATCH_PAGE_SIZE: '200',
};

beforeAll(async () => {
  stack = await startStack({ worker: true, env: FAST });
  company = await stack.createCompany();
  temporal = new Client({ connection: await Connection.connect({ address: process.env.TEST_TEMPORAL_ADDRESS! }) });
});

afterAll(async () => {
  await temporal?.connection.close();
  await stack?.stop();
});

describe('batch API', () => {
  it('creates from JSON and answers 201 with the spec shape', async () => {
    const res = await stack.http<any>('POST', '/api/v1/batch', {
      token: company.gatewayKey,
      body: { items: [{ id: 'a', prompt: 'Hello' }, { id: 'b', prompt: 'Hi {{who}}', variables: { who: 'there' } }], config: { providerHint: 'GOOGLE', name: 'tiny' } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ batchId: expect.any(String), status: 'QUEUED', totalItems: 2, estimatedCostUSD: expect.any(Number), createdAt: expect.any(String) });
    const done = await waitForBatch(stack, company.gatewayKey, res.body.batchId, (b) => b.status === 'COMPLETED');
    expect(done).toMatchObject({ batchId: res.body.batchId, name: 'tiny', totalItems: 2, completedItems: 2, failedItems: 0, progress: 1, providerName: 'sim-google', providerModel: 'gemini-2.5-flash', splitStrategy: 'single', qualityTier: null, sanitizationEnabled: false, errorMessage: null, metadata: {} });
    expect(done.splits).toEqual([{ id: expect.any(String), providerName: 'sim-google', providerModel: 'gemini-2.5-flash', itemCount: 2, status: 'COMPLETED', costUSD: done.actualCostUSD }]);
    const results = await stack.http<any>('GET', `/api/v1/batch/${res.body.batchId}/results`, { token: company.gatewayKey });
    expect(results.body.items[1]).toMatchObject({ externalId: 'b', sequenceIndex: 1, status: 'SUCCESS', response: expect.stringContaining('Hi there') });
    const description = await temporal.workflow.getHandle(batchWorkflowId(res.body.batchId)).describe();
    expect(description.type).toBe('batchWorkflow');
  });

  it('answers 400 for missing items, bad items, duplicates and invalid config; nothing is stored', async () => {
    const post = (body: unknown) => stack.http<any>('POST', '/api/v1/batch', { token: company.gatewayKey, body });
    const before = await stack.http<any>('GET', '/api/v1/batch?limit=100', { token: company.gatewayKey });
    expect((await post({})).body.code).toBe('MISSING_ITEMS');
    expect((await post({ items: [] })).body.code).toBe('MISSING_ITEMS');
    expect((await post({ items: [{ id: 'x' }] })).status).toBe(400);
    expect((await post({ items: [{ id: 'x', prompt: 'a' }, { id: 'x', prompt: 'b' }] })).body.code).toBe('DUPLICATE_ITEM_ID');
    const badConfig = await post({ items: [{ id: 'x', prompt: 'a' }], config: { splitStrategy: 'random' } });
    expect(badConfig.status).toBe(400);
    expect(badConfig.body.code).toBe('INVALID_CONFIG');
    expect((await post({ items: [{ id: 'x', prompt: 'a' }], config: { providerHint: 'nope' } })).body.code).toBe('INVALID_CONFIG');
    const badLine = await uploadBatch(stack.url, company.gatewayKey, '{"id":"1","prompt":"ok"}\nnot json\n', {});
    expect(badLine.status).toBe(400);
    expect(badLine.body.error).toContain('line 2');
    const after = await stack.http<any>('GET', '/api/v1/batch?limit=100', { token: company.gatewayKey });
    expect(after.body.total).toBe(before.body.total);
    expect((await stack.http('POST', '/api/v1/batch', { body: { items: [{ id: 'a', prompt: 'b' }] } })).status).toBe(401);
  });

  it('enforces BATCH_MAX_ITEMS and BATCH_MAX_FILE_SIZE_MB', async () => {
    const small = await startStack({ env: { BATCH_MAX_ITEMS: '5', BATCH_MAX_FILE_SIZE_MB: '0.001' } });
    try {
      const co = await small.createCompany();
      const many = await small.http<any>('POST', '/api/v1/batch', { token: co.gatewayKey, body: { items: Array.from({ length: 6 }, (_, i) => ({ id: `${i}`, prompt: 'p' })) } });
      expect(many.status).toBe(400);
      expect(many.body.code).toBe('TOO_MANY_ITEMS');
      const long = (i: number) => `${JSON.stringify({ id: `${i}`, prompt: 'x'.repeat(600) })}\n`;
      const big = await uploadBatch(small.url, co.gatewayKey, long(1) + long(2) + long(3), {});
      expect(big.status).toBe(400);
      expect(big.body.code).toBe('FILE_TOO_LARGE');
      const tooMany = await uploadBatch(small.url, co.gatewayKey, jsonl(6), {});
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.code).toBe('TOO_MANY_ITEMS');
    } finally {
      await small.stop();
    }
  });

  it("another company's batch is 404 for detail, results and cancel", async () => {
    const res = await stack.http<any>('POST', '/api/v1/batch', { token: company.gatewayKey, body: { items: [{ id: 'a', prompt: 'x' }] } });
    const other = await stack.createCompany();
    for (const [method, path] of [
      ['GET', `/api/v1/batch/${res.body.batchId}`],
      ['GET', `/api/v1/batch/${res.body.batchId}/results`],
      ['POST', `/api/v1/batch/${res.body.batchId}/cancel`],
    ] as const) {
      expect((await stack.http(method, path, { token: other.gatewayKey })).status).toBe(404);
    }
    expect((await stack.http('GET', '/api/v1/batch/not-a-uuid', { token: company.gatewayKey })).status).toBe(404);
    const list = await stack.http<any>('GET', '/api/v1/batch', { token: other.gatewayKey });
    expect(list.body).toEqual({ jobs: [], total: 0, limit: 20, offset: 0 });
  });
});

describe('results retention', () => {
  it('a completed batch becomes EXPIRED when the results TTL passes, and its results are gone', async () => {
    const short = await startStack({ worker: true, env: { ...FAST, BATCH_RESULTS_TTL_SECONDS: '2' } });
    try {
      const co = await short.createCompany();
      const res = await short.http<any>('POST', '/api/v1/batch', { token: co.gatewayKey, body: { items: [{ id: 'a', prompt: 'x' }], config: { providerHint: 'GOOGLE' } } });
      const done = await waitForBatch(short, co.gatewayKey, res.body.batchId, (b) => b.status === 'COMPLETED');
      expect(new Date(done.expiresAt).getTime() - new Date(done.completedAt).getTime()).toBe(2000);
      const expired = await waitForBatch(short, co.gatewayKey, res.body.batchId, (b) => b.status === 'EXPIRED', 20_000);
      expect(expired.progress).toBe(1);
      const results = await short.http<any>('GET', `/api/v1/batch/${res.body.batchId}/results`, { token: co.gatewayKey });
      expect(results.body.total).toBe(0);
      expect(await temporal.workflow.getHandle(batchWorkflowId(res.body.batchId)).result()).toBe('EXPIRED');
      expect((await short.http('POST', `/api/v1/batch/${res.body.batchId}/cancel`, { token: co.gatewayKey })).status).toBe(400);
    } finally {
      await short.stop();
    }
  });
});
