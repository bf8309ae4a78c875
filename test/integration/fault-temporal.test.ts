import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DevServer, freePort, startDevServer } from '../../temporal/dev-server';
import { jsonl, uploadBatch, waitForBatch } from '../support/batch';
import { type Stack, type TestCompany, startStack } from '../support/stack';
import { type WorkerProcess, spawnWorkerProcess } from '../support/worker-process';

/**
 * Issue 21, fault test: the Temporal server stops while a held answer waits for its reviewer and a
 * batch is half done, stays down for a while, and comes back on the same address with the same
 * SQLite file. While it is down the api answers at once what needs it (503, nothing half-written)
 * and keeps serving what does not (AUTONOMOUS); once it is back, without restarting the api or the
 * worker, the hold is approved and the batch completes with every item exactly once.
 *
 * This file runs its own dev server (the suite's shared one must not go down under other files).
 */
jest.setTimeout(300_000);

let temporal: DevServer;
let port: number;
let dataDir: string;
let stack: Stack;
let worker: WorkerProcess | null = null;
let company: TestCompany;
let session: string;

async function startTemporal(): Promise<DevServer> {
  return startDevServer({
    cliPath: process.env.TEST_TEMPORAL_CLI ?? 'temporal',
    port,
    headless: true,
    dbFile: path.join(dataDir, 'temporal.sqlite'),
    logFile: path.join(dataDir, 'temporal.log'),
    startTimeoutMs: 120_000,
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-fault-temporal-'));
  port = await freePort();
  temporal = await startTemporal();
  stack = await startStack({
    worker: false,
    env: { TEMPORAL_ADDRESS: temporal.address, BATCH_CONCURRENCY: '2', BATCH_PAGE_SIZE: '10' },
  });
  worker = await spawnWorkerProcess(stack.config, { env: { BREAKER_HEALTH_SCHEDULE: 'false', BATCH_REPAIR_SCHEDULE: 'false' } });
  company = await stack.createCompany({ withSimulator: false });
  // One provider behind a slow key: the batch is still running when the server stops.
  await stack.container.services.providers.create(
    company.companyId,
    {
      type: 'GOOGLE',
      name: 'slow-google',
      baseUrl: stack.simulatorUrl,
      apiKey: 'sim;latency=150;id=fault-temporal',
      defaultModel: 'gemini-2.5-flash',
      models: [{ name: 'gemini-2.5-flash', inputPricePerMillion: 0.3, outputPricePerMillion: 2.5 }],
      isDefault: true,
    },
    { userId: company.adminUserId },
  );
  session = await stack.login(company.adminEmail, company.adminPassword);
});

afterAll(async () => {
  await worker?.kill();
  await stack?.stop();
  await temporal?.stop().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await run();
  return { value, ms: performance.now() - t0 };
}

describe('the Temporal server stops and comes back with a hold and a batch in flight', () => {
  it('refuses what needs it at once, serves the rest, and finishes both once it is back', async () => {
    // In flight: a held answer and a batch of 80 items (about 6 s at 2 calls of 150 ms in flight).
    const held = await stack.http<any>('POST', '/api/gateway/execute', { token: company.gatewayKey, body: { prompt: 'Hold me', executionMode: 'SUPERVISED' } });
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ success: true, mode: 'SUPERVISED' });
    const holdId: string = held.body.holdId;

    const N = 80;
    const created = await uploadBatch(stack.url, company.gatewayKey, jsonl(N, 'ft'), {});
    expect(created.status).toBe(201);
    const batchId: string = created.body.batchId;
    const completed = async () => Number((await stack.container.db('batch_jobs').where({ id: batchId }).first()).completed_items);
    const started = Date.now();
    while ((await completed()) < 10) {
      if (Date.now() - started > 60_000) throw new Error('the batch never got going');
      await new Promise((r) => setTimeout(r, 100));
    }

    await temporal.stop();
    const holdsBefore = Number((await stack.container.db('execution_holds').where({ company_id: company.companyId }).count({ n: '*' }))[0]!.n);

    // Down: a new SUPERVISED execute is refused with 503 within seconds, and no hold row is left behind.
    const refused = await timed(() =>
      stack.http<any>('POST', '/api/gateway/execute', { token: company.gatewayKey, body: { prompt: 'Hold me too', executionMode: 'SUPERVISED' } }),
    );
    expect(refused.value.status).toBe(503);
    expect(refused.value.body).toMatchObject({ success: false, code: 'HOLD_UNAVAILABLE' });
    expect(refused.ms).toBeLessThan(10_000);
    const holdsDuring = Number((await stack.container.db('execution_holds').where({ company_id: company.companyId }).count({ n: '*' }))[0]!.n);
    expect(holdsDuring).toBe(holdsBefore);

    // Down: approving the waiting hold is refused with 503 and the hold stays pending.
    const approveDown = await timed(() => stack.http<any>('PATCH', `/api/v1/execution-holds/${holdId}`, { token: session, body: { action: 'approve' } }));
    console.log(`down: SUPERVISED refused in ${refused.ms.toFixed(0)} ms, approve refused in ${approveDown.ms.toFixed(0)} ms: ${JSON.stringify(approveDown.value.body)}`);
    expect(approveDown.value.status).toBe(503);
    expect(approveDown.value.body).toMatchObject({ code: 'WORKFLOW_SERVICE_UNAVAILABLE' });
    expect(approveDown.value.headers.get('retry-after')).toBe('5');
    expect(approveDown.ms).toBeLessThan(10_000);
    expect((await stack.http<any>('GET', `/api/v1/execution-holds/${holdId}`, { token: session })).body).toMatchObject({ status: 'PENDING_REVIEW' });

    // Down: AUTONOMOUS does not need Temporal.
    const autonomous = await stack.http<any>('POST', '/api/gateway/execute', { token: company.gatewayKey, body: { prompt: 'Still here?' } });
    expect(autonomous.status).toBe(200);
    expect(autonomous.body.success).toBe(true);

    // The batch does not move while its workflow cannot run (calls in flight may still land).
    await new Promise((r) => setTimeout(r, 3000));
    const frozen = await completed();
    await new Promise((r) => setTimeout(r, 2000));
    expect(await completed()).toBe(frozen);
    expect(frozen).toBeLessThan(N);

    // Back on the same address and file; neither the api nor the worker is restarted.
    temporal = await startTemporal();

    const approved = await (async () => {
      const deadline = Date.now() + 90_000;
      for (;;) {
        const res = await stack.http<any>('PATCH', `/api/v1/execution-holds/${holdId}`, { token: session, body: { action: 'approve' } });
        if (res.status !== 503 || Date.now() > deadline) return res;
        await new Promise((r) => setTimeout(r, 1000));
      }
    })();
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ hold: { status: 'APPROVED' }, responsePayload: { content: expect.stringContaining('Hold me') } });

    const done = await waitForBatch(stack, company.gatewayKey, batchId, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 180_000);
    expect(done).toMatchObject({ status: 'COMPLETED', totalItems: N, completedItems: N, failedItems: 0 });
    const rows = await stack.container.db('batch_items').where({ batch_id: batchId }).select('external_id', 'status');
    expect(rows).toHaveLength(N);
    expect(new Set(rows.map((r: any) => r.external_id)).size).toBe(N);
    expect(rows.every((r: any) => r.status === 'SUCCESS')).toBe(true);

    // And new holds work again.
    const again = await stack.http<any>('POST', '/api/gateway/execute', { token: company.gatewayKey, body: { prompt: 'Hold me again', executionMode: 'SUPERVISED' } });
    expect(again.status).toBe(200);
    expect(again.body.holdId).toEqual(expect.any(String));
    expect(worker?.output.join('\n')).not.toMatch(/worker (crashed|failed)/i);
  });
});
