import { ApplicationFailure } from '@temporalio/common';
import type { Db } from '../db/connection';
import { Webhook } from '../db/models/webhook';
import { WebhookDelivery, WebhookDeliveryAttempt } from '../db/models/webhook-delivery';
import type { DeliveryStatus, WebhookPayload } from '../domain/webhooks';
import type { Config } from '../lib/config';
import type { SecretBox } from '../lib/crypto';
import { newId } from '../lib/ids';
import type { Logger } from '../lib/logger';
import { postOutbound } from '../lib/outbound-http';
import { OutboundUrlPolicy } from '../lib/outbound-url';
import { SIGNATURE_HEADER, signPayload } from '../lib/webhook-signature';
import { webhookDeliveryWorkflowId } from '../temporal/workflow-ids';

export interface CreateWebhookDeliveryInput {
  companyId: string;
  /** The account webhook, or null for a callback URL given elsewhere (batch config.callbackUrl). */
  webhookId: string | null;
  url: string;
  /** Plain text; stored encrypted. */
  secret: string;
  event: string;
  data: Record<string, unknown>;
  timeoutMs?: number;
  /**
   * Optional caller-chosen id (a UUID). A workflow that passes one derived from its own id makes
   * this activity idempotent: a retry after a lost acknowledgement finds the row instead of adding one.
   */
  deliveryId?: string;
}

export interface AttemptWebhookDeliveryInput {
  deliveryId: string;
  /** 1-based. */
  attempt: number;
  timeoutMs?: number;
  /** The wait before the next attempt if this one fails; null when this is the last attempt. */
  nextRetryDelayMs: number | null;
}

export interface AttemptOutcome {
  /** The delivery's status after this attempt: RETRYING means the workflow waits and tries again. */
  status: DeliveryStatus;
  statusCode: number | null;
  error: string | null;
}

/** Inserts a delivery row; idempotent when the caller passes deliveryId. */
export async function insertWebhookDelivery(db: Db, secretBox: SecretBox, input: CreateWebhookDeliveryInput): Promise<{ deliveryId: string }> {
  const id = input.deliveryId ?? newId();
  await WebhookDelivery.query(db)
    .insert({
      id,
      companyId: input.companyId,
      webhookId: input.webhookId,
      source: input.webhookId ? 'WEBHOOK' : 'CALLBACK',
      event: input.event,
      url: input.url,
      secretEncrypted: secretBox.encrypt(input.secret),
      data: input.data,
      timeoutMs: input.timeoutMs ?? null,
      status: 'PENDING',
      workflowId: webhookDeliveryWorkflowId(id),
    })
    .onConflict('id')
    .ignore();
  return { deliveryId: id };
}

const FINAL: ReadonlySet<DeliveryStatus> = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED']);

/**
 * Webhook delivery activities. The delivery workflow owns the schedule (attempt, wait, attempt...);
 * these make one signed POST each and persist what happened. A delivery is at-least-once: should the
 * worker die between the POST and the write, the attempt is made again with the same payload id.
 */
export function createWebhookActivities({ db, config, secretBox, logger }: { db: Db; config: Config; secretBox: SecretBox; logger: Logger }) {
  const policy = new OutboundUrlPolicy(config.OUTBOUND_URL_ALLOWLIST);

  return {
    /** Stores a delivery (secret encrypted) for webhookDeliveryWorkflow to send; see CreateWebhookDeliveryInput. */
    async createWebhookDelivery(input: CreateWebhookDeliveryInput): Promise<{ deliveryId: string }> {
      return insertWebhookDelivery(db, secretBox, input);
    },

    async attemptWebhookDelivery(input: AttemptWebhookDeliveryInput): Promise<AttemptOutcome> {
      const delivery = await WebhookDelivery.query(db).findById(input.deliveryId);
      if (!delivery) throw ApplicationFailure.nonRetryable(`Delivery ${input.deliveryId} does not exist`, 'DeliveryNotFound');
      if (FINAL.has(delivery.status)) {
        return { status: delivery.status, statusCode: delivery.lastStatusCode, error: delivery.lastError };
      }
      if (delivery.source === 'WEBHOOK') {
        const webhook = delivery.webhookId ? await Webhook.query(db).findById(delivery.webhookId) : undefined;
        if (!webhook?.isActive) {
          await WebhookDelivery.query(db)
            .findById(delivery.id)
            .patch({ status: 'CANCELLED', nextAttemptAt: null, completedAt: new Date(), lastError: 'webhook deleted or inactive', updatedAt: new Date() });
          return { status: 'CANCELLED', statusCode: null, error: 'webhook deleted or inactive' };
        }
      }

      const payload: WebhookPayload = {
        event: delivery.event,
        id: delivery.id,
        attempt: input.attempt,
        createdAt: new Date(delivery.createdAt).toISOString(),
        data: delivery.data,
      };
      // A batch completion callback carries the spec's own body ({batchId, status, ...}); the
      // delivery id and event still travel in the headers, and the signature covers this body.
      const body = delivery.source === 'CALLBACK' ? JSON.stringify(delivery.data) : JSON.stringify(payload);
      const attemptedAt = new Date();
      const outcome = await postOutbound(
        policy,
        delivery.url,
        body,
        {
          'content-type': 'application/json',
          'user-agent': 'Gatehouse-Webhooks/1.0',
          [SIGNATURE_HEADER]: signPayload(secretBox.decrypt(delivery.secretEncrypted), body),
          'X-Service-Event': delivery.event,
          'X-Service-Delivery': delivery.id,
        },
        {
          timeoutMs: input.timeoutMs ?? delivery.timeoutMs ?? config.WEBHOOK_TIMEOUT_MS,
          requireHttps: delivery.source === 'WEBHOOK',
        },
      );

      const error = outcome.ok ? null : outcome.error.slice(0, 1000);
      // A forbidden address will not become allowed by waiting: no retries for BLOCKED.
      const retry = !outcome.ok && outcome.kind !== 'BLOCKED' && input.nextRetryDelayMs !== null;
      const status: DeliveryStatus = outcome.ok ? 'SUCCEEDED' : retry ? 'RETRYING' : 'FAILED';
      const now = new Date();
      await db.transaction(async (trx) => {
        await WebhookDeliveryAttempt.query(trx)
          .insert({
            deliveryId: delivery.id,
            attempt: input.attempt,
            success: outcome.ok,
            statusCode: outcome.statusCode,
            error,
            durationMs: outcome.durationMs,
            attemptedAt,
          })
          .onConflict(['delivery_id', 'attempt'])
          .merge();
        await WebhookDelivery.query(trx)
          .findById(delivery.id)
          .patch({
            status,
            attemptCount: input.attempt,
            lastStatusCode: outcome.statusCode,
            lastError: error,
            nextAttemptAt: retry ? new Date(now.getTime() + input.nextRetryDelayMs!) : null,
            completedAt: status === 'RETRYING' ? null : now,
            updatedAt: now,
          });
      });
      if (!outcome.ok) {
        logger.info({ deliveryId: delivery.id, attempt: input.attempt, kind: outcome.kind, statusCode: outcome.statusCode, status }, 'webhook attempt failed');
      }
      return { status, statusCode: outcome.statusCode, error };
    },
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
