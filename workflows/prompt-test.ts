import { proxyActivities } from '@temporalio/workflow';
import type { PromptTestActivities } from '../activities/prompt-tests';

/**
 * One test run of a stored prompt version, `prompt-test:<runId>`: each case (one test set) runs
 * through the gateway in an activity, a few at a time, then the run's passed/total is written.
 * The run and its cases are rows; the workflow passes ids only. A worker lost mid-run resumes
 * from history: recorded cases are not executed again.
 */
export interface PromptTestWorkflowInput {
  runId: string;
  /** Cases in flight at once (each is a provider call). */
  concurrency?: number;
}

const { startPromptTestRun, finishPromptTestRun } = proxyActivities<PromptTestActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

const { runPromptTestCase } = proxyActivities<PromptTestActivities>({
  // One gateway execution with its fallbacks; provider failures are recorded by the activity, so
  // retries here only cover infrastructure (database, a lost worker).
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute', backoffCoefficient: 2, maximumAttempts: 5 },
});

export async function promptTestWorkflow(input: PromptTestWorkflowInput): Promise<{ status: string; passed: number; total: number }> {
  const started = await startPromptTestRun({ runId: input.runId });
  if (!started.refused) {
    const queue = [...started.caseIds];
    const lane = async () => {
      for (let caseId = queue.shift(); caseId; caseId = queue.shift()) {
        // A case whose activity gave up (retries spent) stays PENDING and is closed as ERROR below; the others still run.
        await runPromptTestCase({ runId: input.runId, caseId }).catch(() => undefined);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(input.concurrency ?? 4, queue.length)) }, lane));
  }
  return finishPromptTestRun({ runId: input.runId, refused: started.refused });
}
