import { deleteSanitizerCleanupSchedule } from '../../temporal/sanitizer-schedule';
import { jsonl, uploadBatch, waitForBatch } from '../support/batch';
import { type Stack, type TestCompany, startStack } from '../support/stack';
import { type WorkerProcess, spawnWorkerProcess } from '../support/worker-process';

/**
 * Issue 4: "a worker killed mid-batch and restarted: the batch completes with every item exactly
 * once". Not a graceful stop (batch-facilities.test.ts stops the in-process worker, which drains
 * its activities first): the worker here is a process of its own, SIGKILLed with provider calls
 * in flight and results not yet written (concurrent split), or while it polls a provider batch
 * (native split). Temporal notices through the missed heartbeats (heartbeatTimeout in
 * workflows/batch.ts, activities/batch/heartbeat.ts) and retries the activity on the fresh worker;
 * the workflows resume from their histories.
 *
 * Delivery to the provider is at-least-once: calls the killed worker had in flight, or whose
 * answers it had not yet written, are made again by the retried activity. Storage is exactly
 * once: item outcomes are written only over unfinished rows (activities/batch/item-writes.ts), so
 * every item has one result and the job's counters count it once.
 */
jest.setTimeout(240_000);

const PAGE_SIZE = 100;
let stack: Stack;
let worker: WorkerProcess | null = null;

// The worker process serves the stack's queue with the stack's config; schedules that would
// outlive the test (health snapshots, batch repair) are off: recovery here is Temporal's own.
const WORKER_ENV = { BREAKER_HEALTH_SCHEDULE: 'false', BATCH_REPAIR_SCHEDULE: 'false' };

beforeAll(async () => {
  stack = await startStack({
    worker: false,
    env: {
      // Workflow inputs come from the api's config: a slow enough concurrent split (5 calls in
      // flight, pages of 100) and quick native polling.
      BATCH_CONCURRENCY: '5',
      BATCH_PAGE_SIZE: String(PAGE_SIZE),
      BATCH_POLL_INITIAL_MS: '200',
      BATCH_POLL_MAX_MS: '500',
    },
  });
});

afterAll(async () => {
  await worker?.kill();
  if (stack) await deleteSanitizerCleanupSchedule(await stack.container.temporal.client(), stack.config.TEMPORAL_TASK_QUEUE).catch(() => {});
  await stack?.stop();
});

async function startWorker(): Promise<WorkerProcess> {
  worker = await spawnWorkerProcess(stack.config, { env: WORKER_ENV });
  return worker;
}

async function killWorker(): Promise<void> {
  const w = worker;
  worker = null;
  await w?.kill();
}

/** A company whose only provider is the simulator of `type`, behind a behaviour-carrying key. */
async function companyWith(type: 'OPENAI' | 'GOOGLE', key: string): Promise<TestCompany> {
  const co = await stack.createCompany({ withSimulator: false });
  const model = type === 'OPENAI' ? 'gpt-4o-mini' : 'gemini-2.5-flash';
  await stack.container.services.providers.create(
    co.companyId,
    {
      type,
      name: `kill-${type.toLowerCase()}`,
      baseUrl: type === 'OPENAI' ? `${stack.simulatorUrl}/v1` : stack.simulatorUrl,
      apiKey: key,
      defaultModel: model,
      models: [{ name: model, inputPricePerMillion: 0.3, outputPricePerMillion: 2.5 }],
      isDefault: true,
    },
    { userId: co.adminUserId },
  );
  return co;
}

/** Every item stored exactly once: one SUCCESS row per input line, counters equal to the rows. */
async function expectEveryItemExactlyOnce(co: TestCompany, batchId: string, n: number, prefix: string) {
  const done = await waitForBatch(stack, co.gatewayKey, batchId, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 180_000);
  expect(done).toMatchObject({ status: 'COMPLETED', totalItems: n, completedItems: n, failedItems: 0, progress: 1 });
  const job = await stack.container.db('batch_jobs').where({ id: batchId }).first();
  expect({ completed: job.completed_items, failed: job.failed_items, skipped: job.skipped_items }).toEqual({ completed: n, failed: 0, skipped: 0 });

  const items: Array<{ externalId: string; status: string; response: string; sequenceIndex: number }> = [];
  let total = 0;
  for (let offset = 0; ; offset += 1000) {
    const page = await stack.http<any>('GET', `/api/v1/batch/${batchId}/results?limit=1000&offset=${offset}`, { token: co.gatewayKey });
    expect(page.status).toBe(200);
    items.push(...page.body.items);
    total = page.body.total;
    if (offset + 1000 >= total) break;
  }
  expect(total).toBe(n);
  expect(items).toHaveLength(n);
  expect(new Set(items.map((i) => i.externalId))).toEqual(new Set(Array.from({ length: n }, (_, i) => `${prefix}-${i}`)));
  expect(items.every((i) => i.status === 'SUCCESS')).toBe(true);
  expect(items.every((i) => i.response.includes(`Question ${i.sequenceIndex} number ${i.sequenceIndex}`))).toBe(true);

  // Every row terminal, and the job's counters (grown per written row) equal the rows: nothing counted twice.
  const rows = await stack.container.db('batch_items').where({ batch_id: batchId }).select('status', 'cost_usd', 'input_tokens');
  expect(rows).toHaveLength(n);
  expect(rows.every((r: any) => r.status === 'SUCCESS')).toBe(true);
  expect(done.inputTokensTotal).toBe(rows.reduce((a: number, r: any) => a + Number(r.input_tokens), 0));
  expect(done.actualCostUSD).toBeCloseTo(rows.reduce((a: number, r: any) => a + Number(r.cost_usd), 0), 6);
  return done;
}

describe('a worker process killed mid-batch (SIGKILL) and restarted', () => {
  it('concurrent (GOOGLE): the batch completes with every item exactly once', async () => {
    const N = 600;
    // 100 ms a call, 5 in flight: about 50 items a second, so the kill lands well inside the run.
    const key = 'sim;latency=100;id=kill-concurrent';
    const co = await companyWith('GOOGLE', key);
    await startWorker();
    const created = await uploadBatch(stack.url, co.gatewayKey, jsonl(N, 'kc'), {});
    expect(created.status).toBe(201);
    const { batchId } = created.body;

    // Kill mid-page: between 10% and 70% done, after the page wrote its first results (they are
    // written every 50 items and at the end of a page of 100) and with calls in flight, so the
    // retried page must skip the items already stored and redo only the others.
    const calls = async () => (await stack.simStats()).byKey[key]?.requests ?? 0;
    const completed = async () => Number((await stack.container.db('batch_jobs').where({ id: batchId }).first()).completed_items);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [done, called] = [await completed(), await calls()];
      if (done >= N * 0.1 && done % PAGE_SIZE !== 0 && called - done >= 5) break;
      if (Date.now() > deadline) throw new Error(`batch ${batchId} never got going:\n${worker?.output.slice(-20).join('\n')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await killWorker();
    // The dead worker's last requests reach the simulator (or not) within a moment; then nothing moves.
    await new Promise((r) => setTimeout(r, 500));
    const callsAtKill = await calls();
    const writtenAtKill = await completed();
    expect(writtenAtKill).toBeGreaterThanOrEqual(N * 0.1);
    expect(writtenAtKill).toBeLessThan(N * 0.7);
    // Calls the killed worker made whose answers it never stored.
    const lost = callsAtKill - writtenAtKill;
    expect(lost).toBeGreaterThan(0);
    expect(writtenAtKill % PAGE_SIZE).not.toBe(0);
    await new Promise((r) => setTimeout(r, 1000));
    const dead = await stack.http<any>('GET', `/api/v1/batch/${batchId}`, { token: co.gatewayKey });
    expect(dead.body).toMatchObject({ status: 'PROCESSING', completedItems: writtenAtKill });
    expect(await calls()).toBe(callsAtKill);

    await startWorker();
    await expectEveryItemExactlyOnce(co, batchId, N, 'kc');

    // At-least-once towards the provider: the retried page calls again exactly the items whose
    // answers the killed worker had not stored; every other item was called once.
    expect(await calls()).toBe(N + lost);
    await killWorker();
  });

  it('native (OPENAI), killed while polling: the provider batch is not submitted again, every item exactly once', async () => {
    const N = 200;
    // The provider batch takes 8 s; the workflow polls it every 200-500 ms.
    const key = 'sim;batchMs=8000;id=kill-native';
    const co = await companyWith('OPENAI', key);
    await startWorker();
    const created = await uploadBatch(stack.url, co.gatewayKey, jsonl(N, 'kn'), {});
    expect(created.status).toBe(201);
    const { batchId } = created.body;

    // Submitted (recorded in batch_submissions) and polled at least once: the split is in its polling loop.
    const endpoint = async (name: string) => (await stack.simStats()).byKey[key]?.byEndpoint[name] ?? 0;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const subs = await stack.container.db('batch_submissions').where({ batch_id: batchId });
      if (subs.length === 1 && (await endpoint('batches.retrieve')) >= 1) break;
      if (Date.now() > deadline) throw new Error(`batch ${batchId} never reached polling:\n${worker?.output.slice(-20).join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await killWorker();
    const dead = await stack.http<any>('GET', `/api/v1/batch/${batchId}`, { token: co.gatewayKey });
    expect(dead.body).toMatchObject({ status: 'PROCESSING', completedItems: 0 });

    await startWorker();
    await expectEveryItemExactlyOnce(co, batchId, N, 'kn');

    // One provider batch for the job: the restarted worker resumed polling the recorded one.
    expect(await endpoint('batches.create')).toBe(1);
    expect(await endpoint('files.create')).toBe(1);
    const subs = await stack.container.db('batch_submissions').where({ batch_id: batchId });
    expect(subs).toHaveLength(1);
    expect(subs[0].status).toBe('completed');
    await killWorker();
  });
});
