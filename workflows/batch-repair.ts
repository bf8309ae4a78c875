import { proxyActivities } from '@temporalio/workflow';
import type { BatchActivities } from '../activities/batch';

/**
 * Run by the Temporal schedule `batch-repair:<taskQueue>` (created by the worker at start, see
 * services/batch/repair.ts): the spec's "runs every 60 seconds" background processor. Every
 * active batch job whose `batch:<id>` workflow is missing gets one; running jobs are left alone.
 */
const { repairBatchJobs } = proxyActivities<BatchActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', maximumAttempts: 3 },
});

export async function batchRepairWorkflow(): Promise<{ checked: number; started: string[] }> {
  return repairBatchJobs();
}
