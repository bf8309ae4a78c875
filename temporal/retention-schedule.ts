import { type Client, ScheduleAlreadyRunning, ScheduleNotFoundError, ScheduleOverlapPolicy } from '@temporalio/client';

/**
 * The Temporal Schedule that runs dataRetentionWorkflow every `intervalSeconds` (a day by default:
 * DATA_RETENTION_INTERVAL_SECONDS). One per task queue, created when a worker starts; a later start
 * with another interval updates it. Overlapping runs are skipped.
 */
export const dataRetentionScheduleId = (taskQueue: string) => `data-retention:${taskQueue}`;

export async function ensureDataRetentionSchedule(client: Client, taskQueue: string, intervalSeconds: number): Promise<void> {
  const scheduleId = dataRetentionScheduleId(taskQueue);
  const spec = { intervals: [{ every: `${intervalSeconds}s` as const }] };
  const action = {
    type: 'startWorkflow' as const,
    workflowType: 'dataRetentionWorkflow',
    workflowId: `data-retention-run:${taskQueue}`,
    taskQueue,
    args: [] as [],
  };
  try {
    await client.schedule.create({ scheduleId, spec, action, policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' } });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec, action }));
  }
}

export async function deleteDataRetentionSchedule(client: Client, taskQueue: string): Promise<void> {
  try {
    await client.schedule.getHandle(dataRetentionScheduleId(taskQueue)).delete();
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
  }
}
