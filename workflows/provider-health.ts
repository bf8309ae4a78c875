import { proxyActivities } from '@temporalio/workflow';
import type { BreakerActivities } from '../activities/breakers';
import type { ProviderHealthInput } from '../domain/routing/provider-health';

/**
 * Run by the Temporal schedule `provider-health:<taskQueue>` (temporal/provider-health-schedule.ts,
 * created by the worker at start): one health snapshot with a trust score for every active provider.
 */
const { writeProviderHealthSnapshots } = proxyActivities<BreakerActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', maximumAttempts: 5 },
});

export async function providerHealthWorkflow(input: ProviderHealthInput): Promise<{ written: number }> {
  return writeProviderHealthSnapshots(input);
}
