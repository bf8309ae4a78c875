import { proxyActivities } from '@temporalio/workflow';
import type { RetentionActivities } from '../activities/retention';

/**
 * One pass of the companies' retention settings (onboarding): started daily by the Temporal
 * Schedule `data-retention:<task queue>` (temporal/retention-schedule.ts); a run still going makes
 * the schedule skip the next one.
 */
const { applyDataRetention } = proxyActivities<RetentionActivities>({
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '10 seconds', maximumInterval: '5 minutes', backoffCoefficient: 2, maximumAttempts: 5 },
});

export async function dataRetentionWorkflow(): Promise<{ executions: number; promptLogs: number; responses: number }> {
  return applyDataRetention();
}
