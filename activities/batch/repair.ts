import type { ActivityUseCases } from '..';

/**
 * The activity behind the `batch-repair:<taskQueue>` schedule: the same repair as POST
 * /api/internal/batch/process (services/batch/repair.ts, injected by the worker: it starts
 * workflows through the worker's own Temporal client).
 */
export function createBatchRepairActivities(useCases: Pick<ActivityUseCases, 'repairBatchJobs'>) {
  return {
    repairBatchJobs(): Promise<{ checked: number; started: string[] }> {
      return useCases.repairBatchJobs();
    },
  };
}
