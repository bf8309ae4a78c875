import { setMaxListeners } from 'node:events';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Db } from '../../db/connection';
import { BatchSplit } from '../../db/models/batch-job';
import { NATIVE_CHUNK_LIMIT, batchItemCostUsd } from '../../domain/batch/types';
import { renderTemplate } from '../../domain/template';
import type { Config } from '../../lib/config';
import type { SecretBox } from '../../lib/crypto';
import type { Logger } from '../../lib/logger';
import type { ProviderRegistry } from '../providers';
import type { ProviderBatchState } from '../providers/batch/types';
import { type CompletionRequest, ProviderError, type ProviderTarget } from '../../domain/providers';
import { withKeepAlive } from './heartbeat';
import { type ItemOutcome, writeItemOutcomes } from './item-writes';
import type { NativeBatchClients } from './native-clients';
import { type BatchItemProtection, ItemProtectionFailed, type ProtectableItem, mapPool } from './protection';
import { loadTarget } from './routing';
import { auditBatchFindings, batchSecurityMode, scanBatchItems } from './security';

/**
 * Running a split's items. Two ways, chosen when the split was planned:
 *  - CONCURRENT (GOOGLE and every type without a native facility): a page of items per activity,
 *    `concurrency` provider calls in flight through the gateway adapters, each failed call retried
 *    until the item has been tried maxRetryAttempts times (after Retry-After when the provider sent one);
 *  - NATIVE (OPENAI, ANTHROPIC): items are submitted as provider batches of at most the provider's
 *    size, polled by the workflow with backoff, and their results streamed back into PostgreSQL;
 *    failed items go into the next round, until they have been tried maxRetryAttempts times.
 * BATCH_MAX_RETRY_ATTEMPTS (2) is the number of tries an item gets: an item that fails twice is ERROR.
 * Activities read and write items themselves: only ids and counts cross the workflow boundary.
 *
 * config.sanitization (activities/batch/protection.ts): every item is protected through the
 * sanitizer before it reaches either facility, and its answer restored before it is stored; an
 * item that cannot be protected or restored is ERROR with errorCode SANITIZER_FAILED.
 */
interface ItemRow extends ProtectableItem {
  id: string;
  sequence_index: number;
  prompt: string;
  system_prompt: string | null;
  variables: Record<string, string> | null;
  attempts: number;
}

const ITEM_COLUMNS = ['id', 'sequence_index', 'prompt', 'system_prompt', 'variables', 'attempts', 'sanitizer_session_encrypted', 'protected_prompt', 'protected_system_prompt'];

export interface PageInput {
  batchId: string;
  splitId: string;
  afterSeq: number;
  pageSize: number;
  concurrency: number;
  maxRetryAttempts: number;
  /** Base delay between tries of one item when the provider gives no Retry-After. */
  retryBaseMs: number;
}

export interface PageResult {
  processed: number;
  lastSeq: number;
  done: boolean;
}

export interface NativeChunkInput {
  batchId: string;
  splitId: string;
  round: number;
  chunk: number;
  afterSeq: number;
}

function requestOf(item: ItemRow): CompletionRequest {
  const variables = item.variables ?? undefined;
  return {
    prompt: renderTemplate(item.prompt, variables),
    systemPrompt: item.system_prompt ? renderTemplate(item.system_prompt, variables) : undefined,
  };
}

const customIdOf = (item: { id: string }) => `item-${item.id}`;
const itemIdOf = (customId: string) => (customId.startsWith('item-') ? customId.slice(5) : null);

function sanitizerFailed(item: { id: string }, message: string, attempts?: number, usage?: Pick<ItemOutcome, 'inputTokens' | 'outputTokens' | 'costUsd'>): ItemOutcome {
  return {
    id: item.id,
    status: 'ERROR',
    response: null,
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    costUsd: usage?.costUsd ?? 0,
    errorCode: 'SANITIZER_FAILED',
    errorMessage: message,
    attempts,
  };
}

function asProviderError(err: unknown): ProviderError {
  return err instanceof ProviderError ? err : new ProviderError('UNKNOWN', err instanceof Error ? err.message : String(err));
}

export function createBatchExecutionActivities(deps: {
  db: Db;
  config: Config;
  secretBox: SecretBox;
  logger: Logger;
  providerRegistry: ProviderRegistry;
  nativeClients: NativeBatchClients;
  protection: BatchItemProtection;
}) {
  const { db, config, secretBox, providerRegistry, nativeClients, protection } = deps;

  async function splitContext(splitId: string): Promise<{ split: BatchSplit; target: ProviderTarget; prices: { inputPricePerMillion: number; outputPricePerMillion: number } }> {
    const split = await BatchSplit.query(db).findById(splitId);
    if (!split) throw ApplicationFailure.nonRetryable(`Split ${splitId} does not exist`, 'SplitNotFound');
    if (!split.providerId) throw ApplicationFailure.nonRetryable(`Split ${splitId} has no provider`, 'SplitWithoutProvider');
    const target = await loadTarget(db, secretBox, split.providerId, split.providerModel, config.PROVIDER_TIMEOUT_MS);
    const prices = { inputPricePerMillion: Number(split.inputPricePerMillion), outputPricePerMillion: Number(split.outputPricePerMillion) };
    return { split, target, prices };
  }

  function nativeClient(split: BatchSplit) {
    const client = nativeClients[split.providerType as ProviderTarget['type']];
    if (!client) throw ApplicationFailure.nonRetryable(`No native batch facility for ${split.providerType}`, 'NoNativeFacility');
    return client;
  }

  async function jobIsActive(batchId: string): Promise<boolean> {
    const row = await db('batch_jobs').select('status').where({ id: batchId }).first();
    return Boolean(row && ['QUEUED', 'VALIDATING', 'PROCESSING'].includes(row.status));
  }

  /**
   * Strict restore of a native round's successful answers, each with its item's session, a few in
   * flight; an answer that cannot be restored becomes ERROR SANITIZER_FAILED (its usage kept).
   */
  async function restoreChunk<C extends { id: string; ok: boolean; outcome: ItemOutcome }>(chunk: C[]): Promise<C[]> {
    const tokens = await protection.sealedTokens(chunk.filter((c) => c.ok).map((c) => c.id));
    return mapPool(chunk, protection.concurrency, async (c) => {
      if (!c.ok || c.outcome.response === null) return c;
      try {
        return { ...c, outcome: { ...c.outcome, response: await protection.restore(tokens.get(c.id) ?? null, c.outcome.response) } };
      } catch (err) {
        if (!(err instanceof ItemProtectionFailed)) throw err;
        return { ...c, outcome: sanitizerFailed(c.outcome, err.message, undefined, c.outcome) };
      }
    });
  }

  const activities = {
    /**
     * One page of a concurrent split: the next `pageSize` unfinished items after `afterSeq`.
     * Results are written every few dozen items and at the end, so a worker killed mid-page
     * loses at most the calls in flight; the retried activity starts again from the first item
     * still unfinished. Authentication failure stops the job (non-retryable).
     */
    async runConcurrentPage(input: PageInput): Promise<PageResult> {
      const ctx = Context.current();
      // Every call in flight listens on the activity's cancellation signal.
      setMaxListeners(input.concurrency + 10, ctx.cancellationSignal);
      if (!(await jobIsActive(input.batchId))) return { processed: 0, lastSeq: input.afterSeq, done: true };
      const { split, target, prices } = await splitContext(input.splitId);
      const profiles = await protection.profilesOf(input.batchId);
      const items = (await db('batch_items')
        .select(ITEM_COLUMNS)
        .where({ batch_id: input.batchId })
        .where('sequence_index', '>', Math.max(input.afterSeq, split.seqFrom - 1))
        .where('sequence_index', '<', split.seqTo)
        .whereIn('status', ['PENDING', 'PROCESSING'])
        .orderBy('sequence_index')
        .limit(input.pageSize)) as ItemRow[];
      if (!items.length) return { processed: 0, lastSeq: input.afterSeq, done: true };
      await db('batch_items').whereIn('id', items.map((i) => i.id)).where({ status: 'PENDING' }).update({ status: 'PROCESSING', updated_at: new Date() });
      // Security checks (block: the item is ERROR SECURITY_BLOCKED and not sent; see ./security.ts).
      const securityMode = await batchSecurityMode(db, input.batchId);
      const verdicts = await scanBatchItems(items.map((i) => ({ id: i.id, request: requestOf(i) })), securityMode);
      await auditBatchFindings(db, input.batchId, securityMode, verdicts);
      const refused = new Map(verdicts.refused.map((o) => [o.id, o]));

      const maxTries = Math.max(1, input.maxRetryAttempts);
      const buffer: ItemOutcome[] = [];
      let authFailure: ProviderError | null = null;
      const flush = async () => {
        if (!buffer.length) return;
        await writeItemOutcomes(db, input.batchId, buffer.splice(0, buffer.length));
      };

      const runItem = async (item: ItemRow): Promise<ItemOutcome> => {
        const refusal = refused.get(item.id);
        if (refusal) return refusal;
        let protectedRequest: CompletionRequest;
        try {
          protectedRequest = profiles ? await protection.protect(item, requestOf(item), profiles) : requestOf(item);
        } catch (err) {
          if (err instanceof ItemProtectionFailed) return sanitizerFailed(item, err.message, item.attempts);
          throw err;
        }
        const request = { ...protectedRequest, signal: ctx.cancellationSignal };
        let tries = item.attempts;
        let last: ProviderError | null = null;
        while (tries < maxTries) {
          tries++;
          try {
            const result = await providerRegistry.complete(target, request);
            let response = result.content;
            if (profiles) {
              try {
                response = await protection.restore(item.sanitizer_session_encrypted, response);
              } catch (err) {
                if (!(err instanceof ItemProtectionFailed)) throw err;
                const usage = { inputTokens: result.usage.promptTokens, outputTokens: result.usage.completionTokens, costUsd: batchItemCostUsd(prices, result.usage) };
                return sanitizerFailed(item, err.message, tries, usage);
              }
            }
            return {
              id: item.id,
              status: 'SUCCESS',
              response,
              inputTokens: result.usage.promptTokens,
              outputTokens: result.usage.completionTokens,
              costUsd: batchItemCostUsd(prices, result.usage),
              errorCode: null,
              errorMessage: null,
              attempts: tries,
            };
          } catch (err) {
            if (ctx.cancellationSignal.aborted) throw err;
            last = asProviderError(err);
            if (last.kind === 'AUTH') {
              authFailure = last;
              throw last;
            }
            if (!last.retryable) break;
            if (tries < maxTries) await ctx.sleep(Math.min(last.retryAfterMs ?? input.retryBaseMs * 2 ** (tries - 1), 30_000));
          }
        }
        return {
          id: item.id,
          status: 'ERROR',
          response: null,
          inputTokens: 0,
          outputTokens: 0,
          costUsd: 0,
          errorCode: last?.kind ?? 'UNKNOWN',
          errorMessage: last?.message ?? 'failed',
          attempts: tries,
        };
      };

      // A sliding window of `concurrency` calls; results are flushed in groups of 50.
      let next = 0;
      let processed = 0;
      const workers = Array.from({ length: Math.min(input.concurrency, items.length) }, async () => {
        while (next < items.length && !authFailure && !ctx.cancellationSignal.aborted) {
          const item = items[next++]!;
          const outcome = await runItem(item);
          buffer.push(outcome);
          processed++;
          ctx.heartbeat({ processed });
          if (buffer.length >= 50) await flush();
        }
      });
      const settled = await Promise.allSettled(workers);
      await flush();
      if (authFailure) {
        throw ApplicationFailure.nonRetryable(`Provider ${split.providerName} refused the credentials: ${(authFailure as ProviderError).message}`, 'ProviderAuth');
      }
      if (ctx.cancellationSignal.aborted) throw ctx.cancellationSignal.reason ?? new Error('cancelled');
      const rejected = settled.find((s) => s.status === 'rejected');
      if (rejected) throw (rejected as PromiseRejectedResult).reason;
      const lastSeq = items[items.length - 1]!.sequence_index;
      return { processed, lastSeq, done: items.length < input.pageSize };
    },

    /**
     * Submits the next chunk of a split's PENDING items as one native provider batch, and records
     * it. A retried call finds its submission (split, round, chunk) and returns it again. Returns
     * submitted 0 when no PENDING item is left after afterSeq.
     */
    async submitNativeChunk(input: NativeChunkInput): Promise<{ submitted: number; lastSeq: number; submissionId: string | null }> {
      const existing = await db('batch_submissions').where({ split_id: input.splitId, round: input.round, chunk: input.chunk }).first();
      if (existing) return { submitted: existing.item_count, lastSeq: existing.last_seq ?? input.afterSeq, submissionId: existing.id };
      if (!(await jobIsActive(input.batchId))) return { submitted: 0, lastSeq: input.afterSeq, submissionId: null };
      const { split, target } = await splitContext(input.splitId);
      const limit = NATIVE_CHUNK_LIMIT[split.facility as 'NATIVE_OPENAI' | 'NATIVE_ANTHROPIC'] ?? 10_000;
      const items = (await db('batch_items')
        .select(ITEM_COLUMNS)
        .where({ batch_id: input.batchId, status: 'PENDING' })
        .where('sequence_index', '>', Math.max(input.afterSeq, split.seqFrom - 1))
        .where('sequence_index', '<', split.seqTo)
        .orderBy('sequence_index')
        .limit(limit)) as ItemRow[];
      if (!items.length) return { submitted: 0, lastSeq: input.afterSeq, submissionId: null };
      const client = nativeClient(split);
      const chunkLastSeq = items[items.length - 1]!.sequence_index;
      // Security checks before protection: a refused item is ERROR SECURITY_BLOCKED and not in the provider batch.
      const securityMode = await batchSecurityMode(db, input.batchId);
      const verdicts = await scanBatchItems(items.map((i) => ({ id: i.id, request: requestOf(i) })), securityMode);
      await auditBatchFindings(db, input.batchId, securityMode, verdicts);
      if (verdicts.refused.length) {
        await writeItemOutcomes(db, input.batchId, verdicts.refused);
        const fetched = items.length;
        const refusedIds = new Set(verdicts.refused.map((o) => o.id));
        items.splice(0, items.length, ...items.filter((i) => !refusedIds.has(i.id)));
        // Nothing left to send in this chunk: report it handled so the workflow moves past it.
        if (!items.length) return { submitted: fetched, lastSeq: chunkLastSeq, submissionId: null };
      }
      let lines: Array<{ customId: string; request: CompletionRequest }>;
      const profiles = await protection.profilesOf(input.batchId);
      if (profiles) {
        // Protected before the provider sees anything; an item that cannot be protected is ERROR and not sent.
        const protectedLines = await mapPool(items, protection.concurrency, async (item) => {
          try {
            return { item, request: await protection.protect(item, requestOf(item), profiles) };
          } catch (err) {
            if (err instanceof ItemProtectionFailed) return { item, failure: err.message };
            throw err;
          }
        });
        const failures = protectedLines.filter((p) => 'failure' in p) as Array<{ item: ItemRow; failure: string }>;
        if (failures.length) await writeItemOutcomes(db, input.batchId, failures.map((f) => sanitizerFailed(f.item, f.failure)));
        const ready = protectedLines.filter((p) => 'request' in p) as Array<{ item: ItemRow; request: CompletionRequest }>;
        // Nothing left to send in this chunk: report it handled so the workflow moves past it.
        if (!ready.length) return { submitted: items.length, lastSeq: chunkLastSeq, submissionId: null };
        items.splice(0, items.length, ...ready.map((r) => r.item));
        lines = ready.map((r) => ({ customId: customIdOf(r.item), request: r.request }));
      } else {
        lines = items.map((i) => ({ customId: customIdOf(i), request: requestOf(i) }));
      }
      let providerBatchId: string;
      try {
        ({ providerBatchId } = await client.submit(target, lines));
      } catch (err) {
        const e = asProviderError(err);
        if (e.kind === 'AUTH' || e.kind === 'BAD_REQUEST') {
          throw ApplicationFailure.nonRetryable(`Provider ${split.providerName} refused the batch: ${e.message}`, `Provider${e.kind}`);
        }
        throw err;
      }
      const lastSeq = chunkLastSeq;
      const submissionId = await db.transaction(async (trx) => {
        const [row] = await trx('batch_submissions')
          .insert({ batch_id: input.batchId, split_id: input.splitId, round: input.round, chunk: input.chunk, provider_batch_id: providerBatchId, item_count: items.length, last_seq: lastSeq })
          .returning('id');
        await trx('batch_items')
          .whereIn('id', items.map((i) => i.id))
          .where({ status: 'PENDING' })
          .update({ status: 'PROCESSING', attempts: trx.raw('attempts + 1'), updated_at: new Date() });
        return (row as { id: string }).id;
      });
      return { submitted: items.length, lastSeq, submissionId };
    },

    /** Polls every unfinished submission of a round; true when all have ended at the provider. */
    async pollNativeRound({ splitId, round }: { splitId: string; round: number }): Promise<{ ended: boolean; counts: { total: number; finished: number } }> {
      const { split, target } = await splitContext(splitId);
      const client = nativeClient(split);
      const subs = await db('batch_submissions').where({ split_id: splitId, round });
      let ended = true;
      let total = 0;
      let finished = 0;
      for (const s of subs) {
        let state: ProviderBatchState = s.status;
        if (state === 'in_progress') {
          const status = await client.poll(target, s.provider_batch_id);
          state = status.state;
          total += status.counts.total;
          finished += status.counts.succeeded + status.counts.failed;
          if (state !== 'in_progress') await db('batch_submissions').where({ id: s.id }).update({ status: state });
        }
        if (state === 'in_progress') ended = false;
      }
      return { ended, counts: { total, finished } };
    },

    /**
     * Streams the results of every ended submission of a round into PostgreSQL, in chunks.
     * Successes are final; failures go back to PENDING for the next round while tries remain,
     * else ERROR. Items the provider returned nothing for are SKIPPED, unless their provider batch
     * failed as a whole (then they are retried like failures). Returns the items left to retry.
     */
    async collectNativeRound({ batchId, splitId, round, maxRetryAttempts }: { batchId: string; splitId: string; round: number; maxRetryAttempts: number }): Promise<{ retry: number }> {
      const ctx = Context.current();
      const { split, target, prices } = await splitContext(splitId);
      const client = nativeClient(split);
      const maxTries = Math.max(1, maxRetryAttempts);
      const profiles = await protection.profilesOf(batchId);
      const subs = await db('batch_submissions').where({ split_id: splitId, round });
      let wholeBatchFailed = false;
      for (const s of subs) {
        if (s.status === 'failed') {
          wholeBatchFailed = true;
          continue;
        }
        let buffer: Array<{ id: string; ok: boolean; outcome: ItemOutcome }> = [];
        const flush = async () => {
          if (!buffer.length) return;
          let chunk = buffer;
          buffer = [];
          if (profiles) chunk = await restoreChunk(chunk);
          // Failures with tries left are not final: PENDING again, for the next round.
          const ids = chunk.filter((c) => !c.ok).map((c) => c.id);
          const attempts = new Map<string, number>();
          if (ids.length) {
            const rows = await db('batch_items').select('id', 'attempts').whereIn('id', ids);
            for (const r of rows as Array<{ id: string; attempts: number }>) attempts.set(String(r.id), r.attempts);
          }
          const outcomes = chunk.map((c) => {
            if (!c.ok && (attempts.get(c.id) ?? maxTries) < maxTries) return { ...c.outcome, status: 'PENDING' as const };
            return c.outcome;
          });
          await writeItemOutcomes(db, batchId, outcomes);
          ctx.heartbeat();
        };
        for await (const r of client.results(target, s.provider_batch_id)) {
          const id = itemIdOf(r.customId);
          if (!id) continue;
          if (r.ok) {
            buffer.push({
              id,
              ok: true,
              outcome: {
                id,
                status: 'SUCCESS',
                response: r.content,
                inputTokens: r.usage.promptTokens,
                outputTokens: r.usage.completionTokens,
                costUsd: batchItemCostUsd(prices, r.usage),
                errorCode: null,
                errorMessage: null,
              },
            });
          } else {
            buffer.push({ id, ok: false, outcome: { id, status: 'ERROR', response: null, inputTokens: 0, outputTokens: 0, costUsd: 0, errorCode: r.errorCode, errorMessage: r.errorMessage } });
          }
          if (buffer.length >= 500) await flush();
        }
        await flush();
      }
      // Still PROCESSING after every result was read: nothing came back for these items.
      const leftover = db('batch_items').where({ batch_id: batchId, status: 'PROCESSING' }).where('sequence_index', '>=', split.seqFrom).where('sequence_index', '<', split.seqTo);
      if (wholeBatchFailed) {
        await leftover.clone().where('attempts', '<', maxTries).update({ status: 'PENDING', error_code: 'PROVIDER_BATCH_FAILED', error_message: 'The provider batch failed', updated_at: new Date() });
        const rows = (await leftover.clone().select('id')) as Array<{ id: string }>;
        await writeItemOutcomes(
          db,
          batchId,
          rows.map((r) => ({ id: String(r.id), status: 'ERROR', response: null, inputTokens: 0, outputTokens: 0, costUsd: 0, errorCode: 'PROVIDER_BATCH_FAILED', errorMessage: 'The provider batch failed' })),
        );
      } else {
        const rows = (await leftover.clone().select('id')) as Array<{ id: string }>;
        await writeItemOutcomes(
          db,
          batchId,
          rows.map((r) => ({ id: String(r.id), status: 'SKIPPED', response: null, inputTokens: 0, outputTokens: 0, costUsd: 0, errorCode: 'SKIPPED', errorMessage: 'No result was received from the provider' })),
        );
      }
      const [{ count }] = (await db('batch_items')
        .where({ batch_id: batchId, status: 'PENDING' })
        .where('sequence_index', '>=', split.seqFrom)
        .where('sequence_index', '<', split.seqTo)
        .count({ count: '*' })) as Array<{ count: string }>;
      return { retry: Number(count) };
    },

    /** Cancels the split's provider batches still running (best effort: a provider may have ended them). */
    async cancelNativeSubmissions({ splitId }: { splitId: string }): Promise<number> {
      const subs = await db('batch_submissions').where({ split_id: splitId, status: 'in_progress' });
      if (!subs.length) return 0;
      const { split, target } = await splitContext(splitId);
      const client = nativeClient(split);
      for (const s of subs) {
        try {
          await client.cancel(target, s.provider_batch_id);
          await db('batch_submissions').where({ id: s.id }).update({ status: 'cancelled' });
        } catch (err) {
          deps.logger.warn({ err, splitId, providerBatchId: s.provider_batch_id }, 'provider batch cancel failed');
        }
      }
      return subs.length;
    },

    /** Sums the split's items into its row (cost, tokens) and sets its final status. */
    async finishSplit({ splitId, status }: { splitId: string; status: 'COMPLETED' | 'FAILED' | 'CANCELLED' }): Promise<void> {
      const split = await BatchSplit.query(db).findById(splitId);
      if (!split) return;
      const [sum] = (await db('batch_items')
        .where({ batch_id: split.batchId })
        .where('sequence_index', '>=', split.seqFrom)
        .where('sequence_index', '<', split.seqTo)
        .sum({ cost: 'cost_usd', input: 'input_tokens', output: 'output_tokens' })) as Array<{ cost: string | null; input: string | null; output: string | null }>;
      await db('batch_splits')
        .where({ id: splitId })
        .update({ status, cost_usd: sum?.cost ?? 0, input_tokens: sum?.input ?? 0, output_tokens: sum?.output ?? 0, updated_at: new Date() });
    },

    async markSplitProcessing({ splitId }: { splitId: string }): Promise<void> {
      await db('batch_splits').where({ id: splitId, status: 'PENDING' }).update({ status: 'PROCESSING', updated_at: new Date() });
    },
  };
  // The activities that talk to a provider heartbeat while they run (workflows/batch.ts proxies
  // them with a heartbeatTimeout): a killed worker's page, submission or poll is retried within
  // seconds, however slow the provider.
  return {
    ...activities,
    runConcurrentPage: (input: PageInput) => withKeepAlive(() => activities.runConcurrentPage(input)),
    submitNativeChunk: (input: NativeChunkInput) => withKeepAlive(() => activities.submitNativeChunk(input)),
    pollNativeRound: (input: { splitId: string; round: number }) => withKeepAlive(() => activities.pollNativeRound(input)),
    collectNativeRound: (input: { batchId: string; splitId: string; round: number; maxRetryAttempts: number }) => withKeepAlive(() => activities.collectNativeRound(input)),
    cancelNativeSubmissions: (input: { splitId: string }) => withKeepAlive(() => activities.cancelNativeSubmissions(input)),
  };
}
