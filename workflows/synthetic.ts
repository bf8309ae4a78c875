import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { SyntheticActivities } from '../activities/synthetic/runs';

/**
 * One run of a synthetic schedule, started by its Temporal Schedule `synthetic:<scheduleId>` (or
 * by run now, which triggers the same schedule). Each target (the provider, or every member of the
 * group) is probed in its own activity, a few at a time; each writes one log entry. The run key is
 * this workflow's id and run id, so a retried activity or a replay after a lost worker never writes
 * a second entry for the same probe, and every run writes its own.
 */
export interface SyntheticRunInput {
  scheduleId: string;
  /** Probes in flight at once. */
  concurrency?: number;
}

const { loadSyntheticRun } = proxyActivities<SyntheticActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5 },
});

const { runSyntheticProbe } = proxyActivities<SyntheticActivities>({
  // One provider call (its timeout is PROVIDER_TIMEOUT_MS); provider failures are logged entries, so retries only cover infrastructure.
  startToCloseTimeout: '3 minutes',
  retry: { initialInterval: '2 seconds', maximumInterval: '30 seconds', maximumAttempts: 5 },
});

export async function syntheticRunWorkflow(input: SyntheticRunInput): Promise<{ probed: number; refused: string | null; statuses: string[] }> {
  const plan = await loadSyntheticRun({ scheduleId: input.scheduleId });
  // The workflow id alone is not unique: the schedule names a run after the second it started, so
  // two run-now triggers within one second reuse the id (the first run already closed) and the second
  // run would find the first one's entries and probe nothing. The run id is unique per run and
  // stays the same across activity retries and replays.
  const info = workflowInfo();
  const runKey = `${info.workflowId}/${info.runId}`;
  const queue = [...plan.targets];
  const statuses: string[] = [];
  const lane = async () => {
    for (let t = queue.shift(); t; t = queue.shift()) {
      const out = await runSyntheticProbe({ scheduleId: input.scheduleId, runKey, providerId: t.providerId, model: t.model }).catch(() => ({ status: 'NOT_EXECUTED' }));
      statuses.push(out.status);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(input.concurrency ?? 4, queue.length)) }, lane));
  return { probed: plan.targets.length, refused: plan.refused, statuses };
}
