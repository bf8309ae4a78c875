import { type Client, ScheduleAlreadyRunning, ScheduleNotFoundError, ScheduleOverlapPolicy } from '@temporalio/client';
import { shieldLeaverRunWorkflowId, shieldLeaverScheduleId } from './workflow-ids';

/**
 * The Temporal Schedule that runs shieldLeaverSweepWorkflow every `intervalSeconds` (one per task
 * queue, created when a worker starts; a later start with another interval updates it).
 */
export async function ensureShieldLeaverSchedule(client: Client, taskQueue: string, intervalSeconds: number): Promise<void> {
  const scheduleId = shieldLeaverScheduleId(taskQueue);
  const spec = { intervals: [{ every: `${intervalSeconds}s` as const }] };
  const action = {
    type: 'startWorkflow' as const,
    workflowType: 'shieldLeaverSweepWorkflow',
    workflowId: shieldLeaverRunWorkflowId(taskQueue),
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

export async function deleteShieldLeaverSchedule(client: Client, taskQueue: string): Promise<void> {
  try {
    await client.schedule.getHandle(shieldLeaverScheduleId(taskQueue)).delete();
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
  }
}
