import { type Client, ScheduleAlreadyRunning, ScheduleNotFoundError, ScheduleOverlapPolicy } from '@temporalio/client';
import { providerHealthScheduleId } from './workflow-ids';

/**
 * The Temporal Schedule that runs providerHealthWorkflow (workflows/provider-health.ts) every
 * BREAKER_HEALTH_INTERVAL_SECONDS: one per task queue (`provider-health:<queue>`). Created when a
 * worker starts (workers/worker.ts), never by the api, so the api boots without Temporal; a later
 * worker start with other settings updates it. Overlapping runs are skipped.
 */
export interface ProviderHealthScheduleSettings {
  intervalSeconds: number;
  windowSeconds: number;
  retentionDays: number;
}

export async function ensureProviderHealthSchedule(client: Client, taskQueue: string, s: ProviderHealthScheduleSettings): Promise<void> {
  const scheduleId = providerHealthScheduleId(taskQueue);
  const spec = { intervals: [{ every: `${s.intervalSeconds}s` as const }] };
  const action = {
    type: 'startWorkflow' as const,
    workflowType: 'providerHealthWorkflow',
    taskQueue,
    workflowId: `provider-health-run:${taskQueue}`,
    args: [{ windowSeconds: s.windowSeconds, retentionDays: s.retentionDays }] as [{ windowSeconds: number; retentionDays: number }],
  };
  try {
    await client.schedule.create({ scheduleId, spec, action, policies: { overlap: ScheduleOverlapPolicy.SKIP } });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec, action }));
  }
}

export async function deleteProviderHealthSchedule(client: Client, taskQueue: string): Promise<void> {
  try {
    await client.schedule.getHandle(providerHealthScheduleId(taskQueue)).delete();
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
  }
}
