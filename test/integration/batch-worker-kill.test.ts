import { deleteSanitizerCleanupSchedule } from '../../temporal/sanitizer-schedule';
import { jsonl, uploadBatch, waitForBatch } from '../support/batch';
import { type Stack, type TestCompany, startStack } from '../support/stack';
import { type WorkerProcess, spawnWorkerProcess } from '../support/worker-process';

/**
 * Issue 4: "a worker killed mid-batch and restarted: the batch completes with every item exactly
 * once". Not a graceful stop (batch-facilities.test.ts stops the in-process worker, which drains
 * its activities first): the worker here is a process of its own, SIGKILLed with provider calls
 * in flight and results not yet written. Temporal notices through the missed heartbeats of the
 * page activity (heartbeatTimeout in workflows/batch.ts) and retries it on the fresh worker.
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

    const mid = await waitForBatch(stack, co.gatewayKey, batchId, (b) => b.completedItems >= N * 0.1, 60_000);
    expect(mid.completedItems).toBeLessThan(N * 0.7);
    await killWorker();
    const callsAtKill = (await stack.simStats()).byKey[key]?.requests ?? 0;

    // Nothing runs while no worker is alive: the job stays PROCESSING, part done.
    await new Promise((r) => setTimeout(r, 1000));
    const dead = await stack.http<any>('GET', `/api/v1/batch/${batchId}`, { token: co.gatewayKey });
    expect(dead.body.status).toBe('PROCESSING');
    expect(dead.body.completedItems).toBeLessThan(N);
    expect((await stack.simStats()).byKey[key]?.requests ?? 0).toBe(callsAtKill);

    await startWorker();
    await expectEveryItemExactlyOnce(co, batchId, N, 'kc');

    // At-least-once towards the provider: at least one call per item; the repeats are the calls of
    // the killed page whose answers were not written yet (at most one page's worth).
    const calls = (await stack.simStats()).byKey[key]?.requests ?? 0;
    expect(calls).toBeGreaterThanOrEqual(N);
    expect(calls).toBeLessThanOrEqual(N + PAGE_SIZE);
    await killWorker();
  });
});
