import type { WebhookEvent } from '../../domain/webhooks';
import { BaseModel } from './base';

/** An account webhook subscription (spec document 3, Webhook). The secret is stored encrypted. */
export class Webhook extends BaseModel {
  static override tableName = 'webhooks';

  id!: string;
  companyId!: string;
  name!: string;
  url!: string;
  events!: WebhookEvent[];
  secretEncrypted!: string;
  isActive!: boolean;
  createdByUserId!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}

/** The webhook as the API returns it; `secret` only in the creation answer. */
export interface WebhookDto {
  id: string;
  name: string;
  url: string;
  events: WebhookEvent[];
  isActive: boolean;
  createdAt: string;
  secret?: string;
}

export function toWebhookDto(w: Webhook, secret?: string): WebhookDto {
  return {
    id: w.id,
    name: w.name,
    url: w.url,
    events: w.events,
    ...(secret === undefined ? {} : { secret }),
    isActive: w.isActive,
    createdAt: new Date(w.createdAt).toISOString(),
  };
}
