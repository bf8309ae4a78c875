import { type Client, ScheduleAlreadyRunning, ScheduleNotFoundError, ScheduleOverlapPolicy } from '@temporalio/client';
import type { Config } from '../lib/config';
import type { ProviderHealthInput } from '../domain/routing/provider-health';
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
  /** The routing rollups no window reads any more are pruned by the same run. */
  rollupRetentionMinutes: number;
  taskRollupRetentionDays: number;
}

export async function ensureProviderHealthSchedule(client: Client, taskQueue: string, s: ProviderHealthScheduleSettings): Promise<void> {
  const scheduleId = providerHealthScheduleId(taskQueue);
  const spec = { intervals: [{ every: `${s.intervalSeconds}s` as const }] };
  const action = {
    type: 'startWorkflow' as const,
    workflowType: 'providerHealthWorkflow',
    taskQueue,
    workflowId: `provider-health-run:${taskQueue}`,
    args: [
      {
        windowSeconds: s.windowSeconds,
        retentionDays: s.retentionDays,
        rollupRetentionMinutes: s.rollupRetentionMinutes,
        taskRollupRetentionDays: s.taskRollupRetentionDays,
      },
    ] as [ProviderHealthInput],
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

/**
 * How long the routing rollups are kept: the longest window that reads them (the api's routing
 * window, the health window) plus an hour, and the task evidence window plus a day. The worker reads
 * ROUTING_METRICS_WINDOW_MINUTES and ROUTING_EVIDENCE_DAYS too: set them alike for api and worker.
 */
export function rollupRetention(
  config: Pick<Config, 'ROUTING_METRICS_WINDOW_MINUTES' | 'BREAKER_HEALTH_WINDOW_SECONDS' | 'ROUTING_EVIDENCE_DAYS'>,
): Pick<ProviderHealthScheduleSettings, 'rollupRetentionMinutes' | 'taskRollupRetentionDays'> {
  return {
    rollupRetentionMinutes: Math.max(config.ROUTING_METRICS_WINDOW_MINUTES, Math.ceil(config.BREAKER_HEALTH_WINDOW_SECONDS / 60)) + 60,
    taskRollupRetentionDays: Math.ceil(config.ROUTING_EVIDENCE_DAYS) + 1,
  };
}
