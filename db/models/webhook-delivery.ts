import type { DeliverySource, DeliveryStatus } from '../../domain/webhooks';
import { BaseModel } from './base';

/** One event to one URL, retried by its workflow `webhook-delivery:<id>`. */
export class WebhookDelivery extends BaseModel {
  static override tableName = 'webhook_deliveries';
  static override jsonAttributes = ['data'];

  id!: string;
  companyId!: string;
  webhookId!: string | null;
  source!: DeliverySource;
  event!: string;
  url!: string;
  secretEncrypted!: string;
  data!: Record<string, unknown>;
  timeoutMs!: number | null;
  status!: DeliveryStatus;
  attemptCount!: number;
  lastStatusCode!: number | null;
  lastError!: string | null;
  nextAttemptAt!: Date | null;
  completedAt!: Date | null;
  workflowId!: string;
  createdAt!: Date;
  updatedAt!: Date;
  attempts?: WebhookDeliveryAttempt[];

  static override get relationMappings() {
    return {
      attempts: {
        relation: BaseModel.HasManyRelation,
        modelClass: WebhookDeliveryAttempt,
        join: { from: 'webhook_deliveries.id', to: 'webhook_delivery_attempts.delivery_id' },
      },
    };
  }
}

export class WebhookDeliveryAttempt extends BaseModel {
  static override tableName = 'webhook_delivery_attempts';

  id!: string;
  deliveryId!: string;
  attempt!: number;
  success!: boolean;
  statusCode!: number | null;
  error!: string | null;
  durationMs!: number;
  attemptedAt!: Date;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A delivery with every attempt, as GET /api/v1/webhooks/deliveries returns it (docs/API.md). */
export function toDeliveryDto(d: WebhookDelivery) {
  return {
    id: d.id,
    webhookId: d.webhookId,
    source: d.source,
    event: d.event,
    url: d.url,
    status: d.status,
    attemptCount: d.attemptCount,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    nextAttemptAt: iso(d.nextAttemptAt),
    completedAt: iso(d.completedAt),
    createdAt: iso(d.createdAt)!,
    attempts: [...(d.attempts ?? [])]
      .sort((a, b) => a.attempt - b.attempt)
      .map((a) => ({
        attempt: a.attempt,
        success: a.success,
        statusCode: a.statusCode,
        error: a.error,
        durationMs: a.durationMs,
        attemptedAt: iso(a.attemptedAt)!,
      })),
  };
}
export type DeliveryDto = ReturnType<typeof toDeliveryDto>;
