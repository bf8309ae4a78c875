import { Client, Connection, ScheduleNotFoundError } from '@temporalio/client';
import { providerHealthScheduleId } from '../../temporal/workflow-ids';
import { type Stack, startStack } from '../support/stack';

/**
 * The provider health schedule belongs to the worker: an api process boots and serves without
 * creating it (nor needing Temporal for it); a worker start creates it with the BREAKER_HEALTH_* settings.
 */
let stack: Stack | undefined;
let temporal: Client;

beforeAll(async () => {
  temporal = new Client({ connection: await Connection.connect({ address: process.env.TEST_TEMPORAL_ADDRESS! }) });
});

afterAll(async () => {
  await stack?.stop();
  await temporal?.connection.close();
});

describe('provider health schedule', () => {
  it('the api boots with Temporal unreachable and creates no schedule', async () => {
    const offline = await startStack({ env: { TEMPORAL_ADDRESS: '127.0.0.1:1' } });
    try {
      const res = await offline.http<any>('GET', '/healthz');
      expect(res.status).toBe(200);
      // Also nothing under this queue on the real server.
      await expect(temporal.schedule.getHandle(providerHealthScheduleId(offline.config.TEMPORAL_TASK_QUEUE)).describe()).rejects.toBeInstanceOf(
        ScheduleNotFoundError,
      );
    } finally {
      await offline.stop();
    }
  });

  it('is created by the worker with the configured interval and action', async () => {
    stack = await startStack({ env: { BREAKER_HEALTH_INTERVAL_SECONDS: '45', BREAKER_HEALTH_WINDOW_SECONDS: '600' } });
    const handle = temporal.schedule.getHandle(providerHealthScheduleId(stack.config.TEMPORAL_TASK_QUEUE));
    // The api alone (real Temporal reachable) still does not create it.
    await new Promise((r) => setTimeout(r, 300));
    await expect(handle.describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);

    await stack.startWorker();
    const description = await handle.describe();
    expect(description.spec.intervals?.[0]?.every).toBe(45_000);
    expect(description.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'providerHealthWorkflow',
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      args: [{ windowSeconds: 600, retentionDays: 7 }],
    });
    // The service can still trigger a run through it.
    await stack.container.services.providerHealth.snapshotNow();

    await stack.stopWorker();
    await expect(handle.describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);
  });

  it('is not created when BREAKER_HEALTH_SCHEDULE is false', async () => {
    const off = await startStack({ worker: true, env: { BREAKER_HEALTH_SCHEDULE: 'false' } });
    try {
      await expect(temporal.schedule.getHandle(providerHealthScheduleId(off.config.TEMPORAL_TASK_QUEUE)).describe()).rejects.toBeInstanceOf(
        ScheduleNotFoundError,
      );
    } finally {
      await off.stop();
    }
  });
});
