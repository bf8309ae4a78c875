import { WorkflowIdConflictPolicy, WorkflowNotFoundError } from '@temporalio/client';
import type { Db } from '../../db/connection';
import { ACTIVE_BATCH_STATUSES } from '../../domain/batch/types';
import { parseRetryDelaysSeconds } from '../../domain/webhooks';
import type { Config } from '../../lib/config';
import type { TemporalGateway } from '../../temporal/client';
import { batchWorkflowId } from '../../temporal/workflow-ids';
import { type BatchWorkflowInput, batchWorkflow } from '../../workflows/batch';

/**
 * Starting batch workflows, and the repair that restarts missing ones. Shared by the api
 * (BatchService: create, POST /api/internal/batch/process) and the worker (the repair activity run
 * by the `batch-repair:<taskQueue>` schedule every BATCH_REPAIR_INTERVAL_SECONDS, created by
 * temporal/batch-repair-schedule.ts; the worker injects repairBatchJobs into the activity).
 */

/** The workflow input, from configuration at start time (durations are inputs: tests shorten them). */
export function batchWorkflowInput(c: Config, batchId: string, resultsTtlMs: number): BatchWorkflowInput {
  return {
    batchId,
    resultsTtlMs,
    maxRetryAttempts: c.BATCH_MAX_RETRY_ATTEMPTS,
    concurrency: c.BATCH_CONCURRENCY,
    pageSize: c.BATCH_PAGE_SIZE,
    pollInitialMs: c.BATCH_POLL_INITIAL_MS,
    pollMaxMs: c.BATCH_POLL_MAX_MS,
    webhookTimeoutMs: c.BATCH_WEBHOOK_TIMEOUT_MS,
    webhookRetryDelaysMs: parseRetryDelaysSeconds(c.WEBHOOK_RETRY_DELAYS_SECONDS),
    resultsBaseUrl: (c.PUBLIC_URL ?? `http://127.0.0.1:${c.PORT}`).replace(/\/+$/, ''),
  };
}

/** Starts `batch:<id>`; an already running one is kept (idempotent). */
export async function startBatchWorkflow(temporal: TemporalGateway, config: Config, batchId: string, resultsTtlMs: number): Promise<void> {
  const client = await temporal.client();
  await client.workflow.start(batchWorkflow, {
    workflowId: batchWorkflowId(batchId),
    taskQueue: temporal.taskQueue,
    args: [batchWorkflowInput(config, batchId, resultsTtlMs)],
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
  });
}

/**
 * The spec's background-processor trigger, as a repair in a Temporal world: every active job
 * whose workflow is missing (never started because Temporal was down at create, or terminated
 * by an operator) gets one. Running workflows are left alone.
 */
export async function repairBatchJobs(deps: { db: Db; temporal: TemporalGateway; config: Config }): Promise<{ checked: number; started: string[] }> {
  const active = (await deps.db('batch_jobs').select('id', 'workflow_id', 'results_ttl_ms').whereIn('status', ACTIVE_BATCH_STATUSES).orderBy('created_at')) as Array<{
    id: string;
    workflow_id: string;
    results_ttl_ms: string;
  }>;
  const client = await deps.temporal.client();
  const started: string[] = [];
  for (const job of active) {
    let running = false;
    try {
      const description = await client.workflow.getHandle(job.workflow_id).describe();
      running = description.status.name === 'RUNNING';
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    }
    if (running) continue;
    await startBatchWorkflow(deps.temporal, deps.config, job.id, Number(job.results_ttl_ms));
    started.push(job.id);
  }
  return { checked: active.length, started };
}
