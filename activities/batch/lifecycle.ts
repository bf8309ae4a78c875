import { ApplicationFailure } from '@temporalio/common';
import type { Db } from '../../db/connection';
import type { BatchRouting } from '../../domain/batch/routing';
import { BatchJob, BatchSplit } from '../../db/models/batch-job';
import { planSplits } from '../../domain/batch/splits';
import { type BatchFacility, type BatchStatus, facilityFor } from '../../domain/batch/types';
import type { NativeBatchClients } from './native-clients';
import { skipUnfinished } from './item-writes';
import type { BatchItemProtection } from './protection';
import { routeBatch } from './routing';

/**
 * The job-level transitions of a batch, written for the workflow `batch:<id>`. Every write is
 * conditional on the current state (a cancelled job is never moved on) and idempotent (a retried
 * activity finds its own earlier write and returns the same answer).
 */
export interface PlannedSplitRef {
  splitId: string;
  facility: BatchFacility;
}

export type PlanOutcome = { ok: true; splits: PlannedSplitRef[] } | { ok: false; errorMessage: string };

export interface CompletionSummary {
  status: BatchStatus;
  completedItems: number;
  failedItems: number;
  actualCostUSD: number;
  expiresAt: string | null;
  hasCallback: boolean;
}

export function createBatchLifecycleActivities({
  db,
  nativeClients,
  router,
  protection,
}: { db: Db; nativeClients: NativeBatchClients; router: BatchRouting; protection: BatchItemProtection }) {
  async function job(batchId: string): Promise<BatchJob> {
    const j = await BatchJob.query(db).findById(batchId);
    if (!j) throw ApplicationFailure.nonRetryable(`Batch ${batchId} does not exist`, 'BatchNotFound');
    return j;
  }

  return {
    /** QUEUED → VALIDATING. Returns the status the workflow continues from (or stops at). */
    async beginBatch({ batchId }: { batchId: string }): Promise<{ status: BatchStatus }> {
      await db('batch_jobs')
        .where({ id: batchId, status: 'QUEUED' })
        .update({ status: 'VALIDATING', started_at: new Date(), updated_at: new Date() });
      return { status: (await job(batchId)).status };
    },

    /**
     * VALIDATING: resolve the providers, plan and record the splits, then → PROCESSING. A job that
     * cannot run (no provider, the sanitizer unavailable) gets the reason back to fail with.
     */
    async planBatch({ batchId }: { batchId: string }): Promise<PlanOutcome> {
      const j = await job(batchId);
      const existing = await BatchSplit.query(db).where({ batch_id: batchId }).orderBy('position');
      if (!existing.length) {
        // The routing policy is applied again here (the api checked it at POST): a provider excluded
        // since then (policy edited, deactivated, breaker open) gets no split; none left → FAILED.
        const routing = await routeBatch(router, {
          companyId: j.companyId,
          routingPolicyId: j.routingPolicyId,
          providerHint: j.providerHint,
          model: j.requestedModel,
          qualityTier: j.qualityTier,
          sessionUser: !j.apiKeyId,
        });
        if (!routing.ok) return { ok: false, errorMessage: `No provider found: ${routing.message}` };
        // config.sanitization: the profiles are fixed now, and a sanitizer that cannot be reached
        // (or refuses our token or the profiles) fails the job before any item is sent.
        let sanitizationProfiles: string[] | null = null;
        if (j.sanitizationEnabled) {
          sanitizationProfiles = await protection.resolveProfiles(routing.policy?.id ?? null);
          const refusal = await protection.check(sanitizationProfiles);
          if (refusal) return { ok: false, errorMessage: refusal };
        }
        const planned = planSplits(j.splitStrategy, routing.candidates, j.totalItems);
        await db.transaction(async (trx) => {
          await trx('batch_splits').insert(
            planned.map((s, position) => {
              const c = routing.candidates[s.candidateIndex]!;
              const facility = facilityFor(c.provider.type);
              return {
                batch_id: batchId,
                company_id: j.companyId,
                position,
                provider_id: c.provider.id,
                provider_type: c.provider.type,
                provider_name: c.provider.name,
                provider_model: c.model,
                facility: facility !== 'CONCURRENT' && !nativeClients[c.provider.type] ? 'CONCURRENT' : facility,
                seq_from: s.seqFrom,
                seq_to: s.seqTo,
                item_count: s.itemCount,
                input_price_per_million: c.inputPricePerMillion,
                output_price_per_million: c.outputPricePerMillion,
              };
            }),
          );
          const first = routing.candidates[planned[0]!.candidateIndex]!;
          await trx('batch_jobs')
            .where({ id: batchId, status: 'VALIDATING' })
            .update({
              provider_name: first.provider.name,
              provider_model: first.model,
              ...(sanitizationProfiles ? { sanitization_profiles: JSON.stringify(sanitizationProfiles) } : {}),
              updated_at: new Date(),
            });
        });
      }
      const splits = await BatchSplit.query(db).where({ batch_id: batchId }).orderBy('position');
      await db('batch_jobs').where({ id: batchId, status: 'VALIDATING' }).update({ status: 'PROCESSING', updated_at: new Date() });
      return { ok: true, splits: splits.map((s) => ({ splitId: s.id, facility: s.facility })) };
    },

    /** Any active state → FAILED with the reason. Unfinished items are SKIPPED. */
    async failBatch({ batchId, errorMessage }: { batchId: string; errorMessage: string }): Promise<void> {
      await skipUnfinished(db, batchId, undefined, 'The batch job failed before this item ran');
      await db('batch_jobs')
        .where({ id: batchId })
        .whereIn('status', ['QUEUED', 'VALIDATING', 'PROCESSING'])
        .update({ status: 'FAILED', error_message: errorMessage.slice(0, 2000), completed_at: new Date(), updated_at: new Date() });
    },

    /** After cancellation reached every split: unfinished items SKIPPED, the job stays CANCELLED. */
    async settleCancelledBatch({ batchId }: { batchId: string }): Promise<void> {
      await skipUnfinished(db, batchId, undefined, 'The batch job was cancelled before this item ran');
      await db('batch_jobs').where({ id: batchId }).whereIn('status', ['QUEUED', 'VALIDATING', 'PROCESSING']).update({
        status: 'CANCELLED',
        completed_at: new Date(),
        updated_at: new Date(),
      });
      await db('batch_splits').where({ batch_id: batchId }).whereIn('status', ['PENDING', 'PROCESSING']).update({ status: 'CANCELLED', updated_at: new Date() });
    },

    /**
     * PROCESSING → COMPLETED: totals are already current (kept by every item write); this sets the
     * end, the expiry, and logs usage for billing: one executions row per split (mode BATCH,
     * purpose batch, tokens and the half-price cost), keyed by the split id so a retry adds nothing.
     */
    async completeBatch({ batchId, resultsTtlMs }: { batchId: string; resultsTtlMs: number }): Promise<CompletionSummary> {
      const now = new Date();
      await skipUnfinished(db, batchId);
      await db.transaction(async (trx) => {
        const moved = await trx('batch_jobs')
          .where({ id: batchId, status: 'PROCESSING' })
          .update({ status: 'COMPLETED', completed_at: now, expires_at: new Date(now.getTime() + resultsTtlMs), updated_at: now })
          .returning(['company_id', 'api_key_id', 'created_by_user_id']);
        if (!moved.length) return;
        const owner = moved[0] as { company_id: string; api_key_id: string | null; created_by_user_id: string | null };
        const splits = await BatchSplit.query(trx).where({ batch_id: batchId });
        const usage = splits
          .filter((s) => Number(s.inputTokens) + Number(s.outputTokens) > 0)
          .map((s) => ({
            id: s.id,
            company_id: owner.company_id,
            api_key_id: owner.api_key_id,
            user_id: owner.created_by_user_id,
            mode: 'BATCH',
            status: 'SUCCESS',
            purpose: 'batch',
            provider_id: s.providerId,
            provider_type: s.providerType,
            provider_name: s.providerName,
            model: s.providerModel,
            prompt_tokens: Number(s.inputTokens),
            completion_tokens: Number(s.outputTokens),
            total_tokens: Number(s.inputTokens) + Number(s.outputTokens),
            cost_usd: s.costUsd,
            metadata: JSON.stringify({ batchId, splitId: s.id, items: s.itemCount, facility: s.facility, priceFactor: 0.5 }),
          }));
        if (usage.length) await trx('executions').insert(usage).onConflict('id').ignore();
      });
      const j = await job(batchId);
      return {
        status: j.status,
        completedItems: j.completedItems,
        failedItems: j.failedItems,
        actualCostUSD: Number(j.actualCostUsd),
        expiresAt: j.expiresAt ? new Date(j.expiresAt).toISOString() : null,
        hasCallback: Boolean(j.callbackUrl),
      };
    },

    /** COMPLETED → EXPIRED once the results TTL has passed: the stored results are deleted. */
    async expireBatch({ batchId }: { batchId: string }): Promise<void> {
      await db.transaction(async (trx) => {
        const moved = await trx('batch_jobs').where({ id: batchId, status: 'COMPLETED' }).update({ status: 'EXPIRED', updated_at: new Date() }).returning('id');
        if (moved.length) await trx('batch_items').where({ batch_id: batchId }).delete();
      });
    },
  };
}
