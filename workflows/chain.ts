import { proxyActivities } from '@temporalio/workflow';
import type { ChainActivities, ChainRunOutcome } from '../activities/chain-steps';

/**
 * One run of an MCP chain tool, `chain:<runId>`: its stored prompts in order, each at the version
 * pinned when the run started (the input carries the version ids, so a production label moved
 * mid-run changes nothing). Each step sees the caller's arguments, `previousOutput` and
 * `step<N>Output` of every earlier step. A step that is refused or fails ends the run FAILED.
 * The history holds every finished step: a worker lost mid-run resumes at the step it was in.
 */
export interface ChainWorkflowInput {
  runId: string;
  companyId: string;
  userId: string | null;
  apiKeyId: string | null;
  steps: Array<{ promptId: string; versionId: string }>;
  arguments: Record<string, unknown>;
  /** Heartbeat timeout of a step (MCP_CHAIN_STEP_HEARTBEAT_MS): how soon a lost worker's step is retried. */
  heartbeatMs: number;
}

export async function chainWorkflow(input: ChainWorkflowInput): Promise<ChainRunOutcome> {
  const { runChainStep } = proxyActivities<ChainActivities>({
    startToCloseTimeout: '10 minutes',
    heartbeatTimeout: input.heartbeatMs,
    retry: { initialInterval: '1 second', maximumInterval: '30 seconds', backoffCoefficient: 2, maximumAttempts: 10 },
  });
  const { finishChainRun } = proxyActivities<ChainActivities>({
    startToCloseTimeout: '30 seconds',
    retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
  });

  const outcome: ChainRunOutcome = { runId: input.runId, status: 'COMPLETED', outputs: [], error: null, totalTokens: 0 };
  const variables: Record<string, unknown> = { ...input.arguments };
  for (const [i, step] of input.steps.entries()) {
    const n = i + 1;
    const r = await runChainStep({ runId: input.runId, step: n, companyId: input.companyId, userId: input.userId, apiKeyId: input.apiKeyId, promptId: step.promptId, versionId: step.versionId, variables: { ...variables } }).catch(
      (err: unknown) => ({ ok: false as const, code: 'STEP_FAILED', message: err instanceof Error ? err.message : String(err) }),
    );
    if (!r.ok) {
      outcome.status = 'FAILED';
      outcome.error = { step: n, code: r.code, message: r.message };
      break;
    }
    outcome.outputs.push({ step: n, promptId: step.promptId, versionId: step.versionId, content: r.content, totalTokens: r.totalTokens, executionId: r.executionId, provider: r.provider, model: r.model });
    outcome.totalTokens += r.totalTokens;
    variables.previousOutput = r.content;
    variables[`step${n}Output`] = r.content;
  }
  await finishChainRun(outcome);
  return outcome;
}
