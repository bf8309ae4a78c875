import { type Client, ScheduleAlreadyRunning, ScheduleNotFoundError, ScheduleOverlapPolicy } from '@temporalio/client';

/**
 * The Temporal Schedule that runs sanitizerCleanupWorkflow every `intervalSeconds`. One schedule
 * per task queue (`sanitizer-cleanup:<queue>`), created when a worker starts; a later start with
 * another interval updates it. Overlapping runs are skipped: one cleanup at a time is enough.
 */
export const sanitizerCleanupScheduleId = (taskQueue: string) => `sanitizer-cleanup:${taskQueue}`;

export async function ensureSanitizerCleanupSchedule(client: Client, taskQueue: string, intervalSeconds: number): Promise<void> {
  const scheduleId = sanitizerCleanupScheduleId(taskQueue);
  const spec = { intervals: [{ every: `${intervalSeconds}s` as const }] };
  const action = {
    type: 'startWorkflow' as const,
    workflowType: 'sanitizerCleanupWorkflow',
    workflowId: `sanitizer-cleanup-run:${taskQueue}`,
    taskQueue,
    args: [] as [],
  };
  try {
    await client.schedule.create({ scheduleId, spec, action, policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 minute' } });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec, action }));
  }
}

export async function deleteSanitizerCleanupSchedule(client: Client, taskQueue: string): Promise<void> {
  try {
    await client.schedule.getHandle(sanitizerCleanupScheduleId(taskQueue)).delete();
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
  }
}
