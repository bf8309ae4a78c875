import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection';
import { BatchJob } from '../../db/models/batch-job';
import type { SecretBox } from '../../lib/crypto';
import { insertWebhookDelivery } from '../webhooks';

/**
 * The batch completion callback (spec document 1, Events): a webhook delivery to config.callbackUrl
 * with body {batchId, status, completedItems, failedItems, actualCostUSD, resultsUrl}, signed with
 * the batch's own secret (returned once, at creation) exactly like account webhooks, and retried on
 * their schedule by the delivery workflow. The secret is decrypted here, never in workflow history.
 */
export const BATCH_COMPLETED_EVENT = 'batch.completed';

/** A UUID derived from the batch id, so a retried activity finds the delivery it already stored. */
export function callbackDeliveryId(batchId: string): string {
  const h = createHash('sha256').update(`batch-callback:${batchId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function createBatchCallbackActivities({ db, secretBox }: { db: Db; secretBox: SecretBox }) {
  return {
    async createBatchCallbackDelivery({ batchId, resultsBaseUrl, timeoutMs }: { batchId: string; resultsBaseUrl: string; timeoutMs: number }): Promise<{ deliveryId: string } | null> {
      const job = await BatchJob.query(db).findById(batchId);
      if (!job?.callbackUrl || !job.callbackSecretEncrypted) return null;
      return insertWebhookDelivery(db, secretBox, {
        deliveryId: callbackDeliveryId(batchId),
        companyId: job.companyId,
        webhookId: null,
        url: job.callbackUrl,
        secret: secretBox.decrypt(job.callbackSecretEncrypted),
        event: BATCH_COMPLETED_EVENT,
        data: {
          batchId: job.id,
          status: job.status,
          completedItems: job.completedItems,
          failedItems: job.failedItems,
          actualCostUSD: Number(job.actualCostUsd),
          resultsUrl: `${resultsBaseUrl}/api/v1/batch/${job.id}/results`,
        },
        timeoutMs,
      });
    },
  };
}
