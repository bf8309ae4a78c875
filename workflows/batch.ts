import {
  ApplicationFailure,
  CancellationScope,
  ChildWorkflowFailure,
  ParentClosePolicy,
  continueAsNew,
  executeChild,
  isCancellation,
  proxyActivities,
  sleep,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import type { BatchActivities } from '../activities/batch';
import type { PlannedSplitRef } from '../activities/batch/lifecycle';
import { type BatchFacility, type BatchStatus, nextPollDelayMs } from '../domain/batch/types';
import { batchSplitWorkflowId, webhookDeliveryWorkflowId } from '../temporal/workflow-ids';
import { webhookDeliveryWorkflow } from './webhook-delivery';

/**
 * One batch job: `batch:<batchId>`, started when the job is created.
 *
 *   QUEUED → VALIDATING (providers resolved, splits planned and recorded) → PROCESSING (one child
 *   workflow per split) → COMPLETED, FAILED (errorMessage) or CANCELLED; then, after the results
 *   TTL, EXPIRED. The completion callback is a child webhook delivery workflow.
 *
 * Item data never enters the history: activities read and write PostgreSQL, the workflows pass
 * ids, sequence positions and counts. Cancelling this workflow (POST .../cancel) cancels the
 * children, whose cleanup cancels the provider batches still running.
 */
export interface BatchWorkflowInput {
  batchId: string;
  resultsTtlMs: number;
  maxRetryAttempts: number;
  concurrency: number;
  pageSize: number;
  pollInitialMs: number;
  pollMaxMs: number;
  webhookTimeoutMs: number;
  webhookRetryDelaysMs: number[];
  /** The api's public base URL, for the callback's resultsUrl. */
  resultsBaseUrl: string;
}

export interface BatchSplitInput {
  batchId: string;
  splitId: string;
  facility: BatchFacility;
  maxRetryAttempts: number;
  concurrency: number;
  pageSize: number;
  pollInitialMs: number;
  pollMaxMs: number;
  /** Where a continued-as-new run picks up. */
  resume?: { afterSeq?: number; round?: number; polling?: boolean; pollDelayMs?: number };
}

const retry = { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 } as const;

// Short state writes: a database outage is waited out.
const lifecycle = proxyActivities<BatchActivities>({ startToCloseTimeout: '2 minutes', retry });
// Long item work: heartbeats let a dead worker's page be retried within seconds and carry cancellation.
const work = proxyActivities<BatchActivities>({ startToCloseTimeout: '1 hour', heartbeatTimeout: '15 seconds', retry });
// Provider batch calls (submit a chunk of up to 50,000 lines, poll, cancel): they heartbeat while
// they run (activities/batch/heartbeat.ts), so a long upload is allowed its time while a worker
// killed mid-call is noticed in seconds rather than after the whole startToCloseTimeout.
const providerBatch = proxyActivities<BatchActivities>({ startToCloseTimeout: '30 minutes', heartbeatTimeout: '15 seconds', retry });

export async function batchWorkflow(input: BatchWorkflowInput): Promise<BatchStatus> {
  const { batchId } = input;
  let status: BatchStatus;
  try {
    status = await runBatch(input);
  } catch (err) {
    if (!isCancellation(err)) throw err;
    await CancellationScope.nonCancellable(() => lifecycle.settleCancelledBatch({ batchId }));
    return 'CANCELLED';
  }
  if (status !== 'COMPLETED') return status;

  const summary = await lifecycle.completeBatch({ batchId, resultsTtlMs: input.resultsTtlMs });
  if (summary.status !== 'COMPLETED') return summary.status;
  if (summary.hasCallback) await sendCompletionCallback(input);

  // Results are kept for the TTL, then deleted: EXPIRED.
  const expiresAt = summary.expiresAt ? new Date(summary.expiresAt).getTime() : Date.now() + input.resultsTtlMs;
  await sleep(Math.max(1, expiresAt - Date.now()));
  await lifecycle.expireBatch({ batchId });
  return 'EXPIRED';
}

async function runBatch(input: BatchWorkflowInput): Promise<BatchStatus> {
  const { batchId } = input;
  const begun = await lifecycle.beginBatch({ batchId });
  if (begun.status !== 'VALIDATING' && begun.status !== 'PROCESSING') return begun.status;

  const plan = await lifecycle.planBatch({ batchId });
  if (!plan.ok) {
    await lifecycle.failBatch({ batchId, errorMessage: plan.errorMessage });
    return 'FAILED';
  }

  const outcomes = await Promise.allSettled(plan.splits.map((split) => runSplit(input, split)));
  const cancelled = outcomes.find((o) => o.status === 'rejected' && isCancellation(o.reason));
  if (cancelled) throw (cancelled as PromiseRejectedResult).reason;
  const failed = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult | undefined;
  if (failed) {
    await lifecycle.failBatch({ batchId, errorMessage: failureMessage(failed.reason) });
    return 'FAILED';
  }
  return 'COMPLETED';
}

function runSplit(input: BatchWorkflowInput, split: PlannedSplitRef): Promise<void> {
  return executeChild(batchSplitWorkflow, {
    workflowId: batchSplitWorkflowId(input.batchId, split.splitId),
    args: [
      {
        batchId: input.batchId,
        splitId: split.splitId,
        facility: split.facility,
        maxRetryAttempts: input.maxRetryAttempts,
        concurrency: input.concurrency,
        pageSize: input.pageSize,
        pollInitialMs: input.pollInitialMs,
        pollMaxMs: input.pollMaxMs,
      },
    ],
  });
}

function failureMessage(err: unknown): string {
  let e: unknown = err;
  // ChildWorkflowFailure → ActivityFailure → ApplicationFailure: the innermost message is the reason.
  while (e instanceof Error && (e as { cause?: unknown }).cause instanceof Error) e = (e as { cause?: unknown }).cause;
  if (err instanceof ChildWorkflowFailure && !(e instanceof Error)) return err.message;
  return e instanceof Error ? e.message : String(e);
}

/**
 * Stores the signed callback delivery and hands it to the webhook delivery workflow (its retry
 * schedule is the account webhooks' one). Abandoned on close: the expiry wait must not hold it.
 */
async function sendCompletionCallback(input: BatchWorkflowInput): Promise<void> {
  const created = await lifecycle.createBatchCallbackDelivery({
    batchId: input.batchId,
    resultsBaseUrl: input.resultsBaseUrl,
    timeoutMs: input.webhookTimeoutMs,
  });
  if (!created) return;
  await startChild(webhookDeliveryWorkflow, {
    workflowId: webhookDeliveryWorkflowId(created.deliveryId),
    args: [{ deliveryId: created.deliveryId, retryDelaysMs: input.webhookRetryDelaysMs, timeoutMs: input.webhookTimeoutMs }],
    parentClosePolicy: ParentClosePolicy.ABANDON,
  });
}

/**
 * One split of a batch: `batch:<batchId>:split:<splitId>`. Concurrent splits run page by page;
 * native splits submit provider batches, poll them with backoff and collect their results, with
 * further rounds for failed items. Continues as new when Temporal suggests it, so its history
 * stays short however long the provider takes.
 */
export async function batchSplitWorkflow(input: BatchSplitInput): Promise<void> {
  const { splitId } = input;
  try {
    await lifecycle.markSplitProcessing({ splitId });
    if (input.facility === 'CONCURRENT') await runConcurrent(input);
    else await runNative(input);
    await lifecycle.finishSplit({ splitId, status: 'COMPLETED' });
  } catch (err) {
    if (isCancellation(err)) {
      await CancellationScope.nonCancellable(async () => {
        if (input.facility !== 'CONCURRENT') await providerBatch.cancelNativeSubmissions({ splitId });
        await lifecycle.finishSplit({ splitId, status: 'CANCELLED' });
      });
    } else {
      await CancellationScope.nonCancellable(() => lifecycle.finishSplit({ splitId, status: 'FAILED' }));
    }
    throw err;
  }
}

async function runConcurrent(input: BatchSplitInput): Promise<void> {
  let afterSeq = input.resume?.afterSeq ?? -1;
  for (;;) {
    const page = await work.runConcurrentPage({
      batchId: input.batchId,
      splitId: input.splitId,
      afterSeq,
      pageSize: input.pageSize,
      concurrency: input.concurrency,
      maxRetryAttempts: input.maxRetryAttempts,
      retryBaseMs: 250,
    });
    if (page.done) return;
    afterSeq = page.lastSeq;
    if (workflowInfo().continueAsNewSuggested) {
      await continueAsNew<typeof batchSplitWorkflow>({ ...input, resume: { afterSeq } });
    }
  }
}

async function runNative(input: BatchSplitInput): Promise<void> {
  let round = input.resume?.round ?? 0;
  let polling = input.resume?.polling ?? false;
  let delay = input.resume?.pollDelayMs ?? 0;
  for (;;) {
    if (!polling) {
      // Submit every PENDING item of the split, in provider-sized chunks.
      let afterSeq = -1;
      for (let chunk = 0; ; chunk++) {
        const sub = await providerBatch.submitNativeChunk({ batchId: input.batchId, splitId: input.splitId, round, chunk, afterSeq });
        if (sub.submitted === 0) break;
        afterSeq = sub.lastSeq;
      }
      polling = true;
      delay = 0;
    }
    // Poll with backoff until the provider has ended every batch of this round.
    for (;;) {
      delay = nextPollDelayMs(delay, input.pollInitialMs, input.pollMaxMs);
      await sleep(delay);
      const polled = await providerBatch.pollNativeRound({ splitId: input.splitId, round });
      if (polled.ended) break;
      if (workflowInfo().continueAsNewSuggested) {
        await continueAsNew<typeof batchSplitWorkflow>({ ...input, resume: { round, polling: true, pollDelayMs: delay } });
      }
    }
    const collected = await work.collectNativeRound({ batchId: input.batchId, splitId: input.splitId, round, maxRetryAttempts: input.maxRetryAttempts });
    polling = false;
    if (collected.retry === 0) return;
    round++;
    if (round >= Math.max(1, input.maxRetryAttempts)) {
      throw ApplicationFailure.nonRetryable(`Items still pending after ${round} rounds`, 'BatchRoundsExhausted');
    }
  }
}
