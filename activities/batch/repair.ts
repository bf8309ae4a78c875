import { repairBatchJobs } from '../../api/services/batch-repair';
import type { Db } from '../../db/connection';
import type { Config } from '../../lib/config';
import { TemporalGateway } from '../../temporal/client';

/**
 * The activity behind the `batch-repair:<taskQueue>` schedule: the same repair as POST
 * /api/internal/batch/process. It starts workflows, so it holds a Temporal client of its own,
 * opened on the first run.
 */
export function createBatchRepairActivities({ db, config }: { db: Db; config: Config }) {
  const temporal = new TemporalGateway(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE, config.TEMPORAL_TASK_QUEUE);
  return {
    repairBatchJobs(): Promise<{ checked: number; started: string[] }> {
      return repairBatchJobs({ db, temporal, config });
    },
  };
}
