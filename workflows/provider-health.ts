import { proxyActivities } from '@temporalio/workflow';
import type { BreakerActivities } from '../activities/breakers';

/**
 * Run by the Temporal schedule `provider-health:<taskQueue>` (api/services/provider-health.ts
 * creates it): one health snapshot with a trust score for every active provider.
 */
export interface ProviderHealthInput {
  windowSeconds: number;
  retentionDays: number;
  /** How long the per-minute routing rollups are kept (optional: schedules made before them lack it). */
  rollupRetentionMinutes?: number;
  taskRollupRetentionDays?: number;
}

const { writeProviderHealthSnapshots } = proxyActivities<BreakerActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', maximumAttempts: 5 },
});

export async function providerHealthWorkflow(input: ProviderHealthInput): Promise<{ written: number }> {
  return writeProviderHealthSnapshots(input);
}
