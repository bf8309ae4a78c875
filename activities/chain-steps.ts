import type { Db } from '../db/connection';
import { withKeepAlive } from './batch/heartbeat';
import { CaseExecutionError, type PromptCaseExecutor } from './prompt-tests';

/**
 * Activities of an MCP chain run (`chain:<runId>`, workflows/chain.ts). A step is one gateway
 * execution of a stored prompt at the version pinned when the run started, by the key that called
 * the tool (its owner's role, the company's routing policy, execution records), through the same
 * port the prompt test runs use (services/prompts/test-case-executor.ts): activities never import
 * services/.
 *
 * A step heartbeats while its provider call runs, so a worker that dies mid-step is noticed within
 * the heartbeat timeout and the step runs again on another worker (the provider call is
 * at-least-once; the run's record is written once, by finishChainRun over a RUNNING row).
 */
export interface ChainStepInput {
  runId: string;
  step: number;
  companyId: string;
  userId: string | null;
  apiKeyId: string | null;
  /** Public promptId of the step's prompt and the version pinned at the start. */
  promptId: string;
  versionId: string;
  variables: Record<string, unknown>;
}

export type ChainStepResult =
  | { ok: true; content: string; totalTokens: number; executionId: string; provider: string; model: string }
  | { ok: false; code: string; message: string };

export interface ChainRunOutcome {
  runId: string;
  status: 'COMPLETED' | 'FAILED';
  outputs: Array<{ step: number; promptId: string; versionId: string; content: string; totalTokens: number; executionId: string; provider: string; model: string }>;
  error: { step: number; code: string; message: string } | null;
  totalTokens: number;
}

export function createChainActivities({ db, promptCases }: { db: Db; promptCases?: PromptCaseExecutor }) {
  return {
    async runChainStep(input: ChainStepInput): Promise<ChainStepResult> {
      if (!promptCases) throw new Error('this worker has no prompt executor');
      return withKeepAlive(async () => {
        try {
          const out = await promptCases.execute({
            companyId: input.companyId,
            requestedByUserId: input.userId,
            requestedByApiKeyId: input.apiKeyId,
            promptId: input.promptId,
            versionId: input.versionId,
            variables: input.variables,
            source: 'mcp-chain',
          });
          return { ok: true, content: out.content, totalTokens: out.totalTokens, executionId: out.executionId, provider: out.provider, model: out.model };
        } catch (err) {
          // A refusal (4xx) or a provider failure ends the chain; anything else is retried.
          if (err instanceof CaseExecutionError) return { ok: false, code: err.code, message: err.message };
          throw err;
        }
      });
    },

    async finishChainRun(outcome: ChainRunOutcome): Promise<void> {
      await db('mcp_chain_runs')
        .where({ id: outcome.runId, status: 'RUNNING' })
        .update({
          status: outcome.status,
          outputs: JSON.stringify(outcome.outputs),
          error: outcome.error ? `step ${outcome.error.step}: ${outcome.error.code}: ${outcome.error.message}` : null,
          total_tokens: outcome.totalTokens,
          completed_at: db.fn.now(),
        });
    },
  };
}

export type ChainActivities = ReturnType<typeof createChainActivities>;
