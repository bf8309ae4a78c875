import type { Db } from '../db/connection';
import { Prompt } from '../db/models/prompt';
import { PromptTestCase, PromptTestRun } from '../db/models/prompt-test-run';
import { evaluateExpectations } from '../domain/prompts/expectations';

/**
 * Activities of a prompt test run (`prompt-test:<runId>`, workflows/prompt-test.ts). The run and
 * its cases are rows written when the run was created; the activities execute one case each
 * through the gateway (the company's routing policy applies, the case's values are the variables)
 * and record the answer, provider, tokens, cost, latency and every expectation's outcome.
 *
 * The gateway is reached through a port (PromptCaseExecutor) that the worker wires to the
 * gateway service: activities sit below services and never import them.
 *
 * Each activity is idempotent: a case already recorded is not executed again after a retry.
 */
export interface CaseExecution {
  content: string;
  provider: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  costUsd: number;
  latencyMs: number;
  executionId: string;
}

/** A refusal or failure the case records (4xx from the gateway, provider failure): never retried. */
export class CaseExecutionError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface PromptCaseExecutor {
  execute(input: {
    companyId: string;
    requestedByUserId: string | null;
    requestedByApiKeyId: string | null;
    promptId: string;
    versionId: string;
    variables: Record<string, unknown>;
    /** metadata.source of the execution record; default 'prompt-test' (chain steps say 'mcp-chain'). */
    source?: string;
  }): Promise<CaseExecution>;
}

export interface StartedRun {
  caseIds: string[];
  /** Set when the run cannot start (the prompt was deactivated or deleted meanwhile). */
  refused: string | null;
}

export function createPromptTestActivities({ db, promptCases }: { db: Db; promptCases?: PromptCaseExecutor }) {
  return {
    async startPromptTestRun(input: { runId: string }): Promise<StartedRun> {
      const run = await PromptTestRun.query(db).findById(input.runId);
      if (!run) return { caseIds: [], refused: 'the run no longer exists' };
      const prompt = await Prompt.query(db).findById(run.promptId);
      if (!prompt) return { caseIds: [], refused: 'the prompt was deleted' };
      if (!prompt.isActive) return { caseIds: [], refused: 'the prompt is deactivated' };
      if (run.status === 'QUEUED') await PromptTestRun.query(db).findById(run.id).patch({ status: 'RUNNING', startedAt: new Date(), updatedAt: new Date() });
      const cases = await PromptTestCase.query(db).where({ run_id: run.id }).orderBy('position').select('id');
      return { caseIds: cases.map((c) => c.id), refused: null };
    },

    async runPromptTestCase(input: { runId: string; caseId: string }): Promise<{ status: string }> {
      const testCase = await PromptTestCase.query(db).findOne({ id: input.caseId, run_id: input.runId });
      if (!testCase) return { status: 'MISSING' };
      if (testCase.status !== 'PENDING') return { status: testCase.status };
      const run = (await PromptTestRun.query(db).findById(input.runId))!;
      const prompt = await Prompt.query(db).findById(run.promptId);
      const record = (patch: Partial<PromptTestCase>) => PromptTestCase.query(db).findById(testCase.id).where({ status: 'PENDING' }).patch({ ...patch, completedAt: new Date() });
      if (!prompt?.isActive) {
        await record({ status: 'ERROR', errorCode: 'PROMPT_DEACTIVATED', errorMessage: 'The prompt was deactivated during the run' });
        return { status: 'ERROR' };
      }
      if (!promptCases) throw new Error('this worker has no prompt case executor');
      try {
        const out = await promptCases.execute({
          companyId: run.companyId,
          requestedByUserId: run.requestedByUserId,
          requestedByApiKeyId: run.requestedByApiKeyId,
          promptId: prompt.promptId,
          versionId: run.versionId,
          variables: testCase.values,
        });
        const evaluation = evaluateExpectations(out.content, { expectedContains: testCase.expectedContains, expectedPattern: testCase.expectedPattern });
        const status = evaluation.passed === evaluation.total ? 'PASSED' : 'FAILED';
        await record({
          status,
          answer: out.content,
          provider: out.provider,
          model: out.model,
          promptTokens: out.promptTokens,
          completionTokens: out.completionTokens,
          totalTokens: out.totalTokens,
          costUsd: out.costUsd,
          latencyMs: out.latencyMs,
          executionId: out.executionId,
          checks: evaluation.results,
        });
        return { status };
      } catch (err) {
        if (!(err instanceof CaseExecutionError)) throw err;
        await record({ status: 'ERROR', errorCode: err.code, errorMessage: err.message.slice(0, 1000) });
        return { status: 'ERROR' };
      }
    },

    async finishPromptTestRun(input: { runId: string; refused: string | null }): Promise<{ status: string; passed: number; total: number }> {
      return db.transaction(async (trx) => {
        const run = await PromptTestRun.query(trx).findById(input.runId).forUpdate();
        if (!run) return { status: 'MISSING', passed: 0, total: 0 };
        if (run.status === 'COMPLETED' || run.status === 'FAILED') return { status: run.status, passed: run.passed, total: run.total };
        // Cases still PENDING here never ran: the run was refused, or their activity gave up.
        await PromptTestCase.query(trx)
          .where({ run_id: run.id, status: 'PENDING' })
          .patch({
            status: 'ERROR',
            errorCode: input.refused ? 'RUN_REFUSED' : 'NOT_EXECUTED',
            errorMessage: input.refused ?? 'the case could not be executed (infrastructure failure after retries)',
            completedAt: new Date(),
          });
        const counts = await trx('prompt_test_cases').where({ run_id: run.id }).select('status').count<{ status: string; count: string }[]>({ count: '*' }).groupBy('status');
        const n = (s: string) => Number(counts.find((c) => c.status === s)?.count ?? 0);
        const status = input.refused ? 'FAILED' : 'COMPLETED';
        await PromptTestRun.query(trx)
          .findById(run.id)
          .patch({ status, passed: n('PASSED'), failed: n('FAILED'), errored: n('ERROR'), error: input.refused, completedAt: new Date(), updatedAt: new Date() });
        return { status, passed: n('PASSED'), total: run.total };
      });
    },
  };
}

export type PromptTestActivities = ReturnType<typeof createPromptTestActivities>;
