import { proxyActivities } from '@temporalio/workflow';
import type { SanitizerCleanupActivities } from '../activities/sanitizer/cleanup';

/**
 * One cleanup pass over sanitizer sessions whose TTL has passed. Started by the Temporal Schedule
 * `sanitizer-cleanup:<task queue>` (see temporal/sanitizer-schedule.ts) every
 * SANITIZER_CLEANUP_INTERVAL_SECONDS; the schedule skips a run while the previous one is still going.
 */
const { deleteExpiredSanitizerSessions } = proxyActivities<SanitizerCleanupActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', backoffCoefficient: 2, maximumAttempts: 5 },
});

export async function sanitizerCleanupWorkflow(): Promise<{ deleted: number }> {
  return { deleted: await deleteExpiredSanitizerSessions() };
}
