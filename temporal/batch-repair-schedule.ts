import { ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';
import type { Config } from '../lib/config';
import type { TemporalGateway } from './client';
import { batchRepairRunWorkflowId, batchRepairScheduleId } from './workflow-ids';

/**
 * Creates (or updates to this config) the schedule `batch-repair:<taskQueue>`, which runs
 * batchRepairWorkflow every BATCH_REPAIR_INTERVAL_SECONDS. Called by every worker at start; a run
 * still going when the next is due is skipped (overlap SKIP).
 */
export async function ensureBatchRepairSchedule(temporal: TemporalGateway, config: Config): Promise<string> {
  const client = await temporal.client();
  const scheduleId = batchRepairScheduleId(temporal.taskQueue);
  const action = {
    type: 'startWorkflow' as const,
    workflowType: 'batchRepairWorkflow',
    taskQueue: temporal.taskQueue,
    workflowId: batchRepairRunWorkflowId(temporal.taskQueue),
    args: [] as [],
    // A run nobody picks up (no worker left on the queue) ends instead of blocking later runs.
    workflowExecutionTimeout: `${Math.max(config.BATCH_REPAIR_INTERVAL_SECONDS * 5, 300)}s`,
  };
  const spec = { intervals: [{ every: `${config.BATCH_REPAIR_INTERVAL_SECONDS}s` }] };
  try {
    await client.schedule.create({ scheduleId, spec, action, policies: { overlap: ScheduleOverlapPolicy.SKIP } });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    // Another worker created it, or the interval changed since: make it match this config.
    await client.schedule.getHandle(scheduleId).update((prev) => ({ ...prev, spec, action }));
  }
  return scheduleId;
}
