import { WorkflowIdConflictPolicy } from '@temporalio/client';
import type { ChainRunOutcome } from '../../activities/chain-steps';
import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import type { Config } from '../../lib/config';
import { ApiError } from '../../lib/errors';
import { isUuid, newId } from '../../lib/ids';
import type { TemporalGateway } from '../../temporal/client';
import { chainWorkflowId } from '../../temporal/workflow-ids';
import type { ChainWorkflowInput } from '../../workflows/chain';

/**
 * Chain tool runs: a row in mcp_chain_runs and the durable workflow `chain:<runId>`
 * (workflows/chain.ts) that runs the steps at the versions pinned here. tools/call waits for the
 * run up to MCP_CHAIN_WAIT_MS; the run goes on if the caller or the api goes away, and its state is
 * readable at GET /api/v1/mcp/chain-runs/:runId.
 */
export interface PinnedStep {
  promptId: string;
  promptDbId: string;
  versionId: string;
  versionNumber: number;
}

export type ChainWait = { done: true; outcome: ChainRunOutcome } | { done: false; runId: string };

export class McpChains {
  constructor(private readonly deps: { db: Db; temporal: TemporalGateway; config: Config }) {}

  async start(principal: Principal, tool: { id: string; name: string }, steps: PinnedStep[], args: Record<string, unknown>): Promise<string> {
    const runId = newId();
    await this.deps.db('mcp_chain_runs').insert({
      id: runId,
      company_id: principal.companyId,
      tool_id: tool.id,
      tool_name: tool.name,
      api_key_id: principal.apiKey?.id ?? null,
      user_id: principal.userId,
      steps: JSON.stringify(steps),
    });
    const input: ChainWorkflowInput = {
      runId,
      companyId: principal.companyId,
      userId: principal.userId,
      apiKeyId: principal.apiKey?.id ?? null,
      steps: steps.map((s) => ({ promptId: s.promptId, versionId: s.versionId })),
      arguments: args,
      heartbeatMs: this.deps.config.MCP_CHAIN_STEP_HEARTBEAT_MS,
    };
    try {
      const client = await this.deps.temporal.client();
      await client.workflow.start('chainWorkflow', {
        workflowId: chainWorkflowId(runId),
        taskQueue: this.deps.temporal.taskQueue,
        args: [input],
        workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
      });
    } catch (err) {
      await this.deps.db('mcp_chain_runs').where({ id: runId }).update({ status: 'FAILED', error: 'the chain workflow could not be started', completed_at: this.deps.db.fn.now() });
      throw err;
    }
    return runId;
  }

  /** Waits for the run's result, at most MCP_CHAIN_WAIT_MS. */
  async wait(runId: string): Promise<ChainWait> {
    const client = await this.deps.temporal.client();
    const handle = client.workflow.getHandle(chainWorkflowId(runId));
    // Abort the result's long-poll when the wait ends: a poll merely raced against a timer kept
    // polling Temporal until the run finished, one per slow call, and threw "Channel has been shut
    // down" from a timer once the client closed (seen by the tenant-isolation test's teardown).
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.deps.config.MCP_CHAIN_WAIT_MS);
    try {
      const outcome = (await client.withAbortSignal(abort.signal, () => handle.result())) as ChainRunOutcome;
      return { done: true, outcome };
    } catch (err) {
      if (abort.signal.aborted) return { done: false, runId };
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** GET /api/v1/mcp/chain-runs/:runId: the run's record, in the caller's company only. */
  async get(principal: Principal, runId: string) {
    const row = isUuid(runId) ? await this.deps.db('mcp_chain_runs').where({ id: runId, company_id: principal.companyId }).first() : undefined;
    if (!row) throw ApiError.notFound('Chain run not found', 'CHAIN_RUN_NOT_FOUND');
    return {
      runId: row.id,
      workflowId: chainWorkflowId(row.id),
      toolName: row.tool_name,
      status: row.status,
      steps: row.steps,
      outputs: row.outputs,
      error: row.error,
      totalTokens: row.total_tokens,
      createdAt: row.created_at.toISOString(),
      completedAt: row.completed_at?.toISOString() ?? null,
    };
  }
}
