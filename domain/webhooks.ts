/**
 * Account webhooks (spec document 3): the event types a subscription may list, the states of a
 * delivery, and the payload every attempt sends. Pure: used by the api, activities and workflows.
 */
export const WEBHOOK_EVENTS = [
  'prompt.executed',
  'prompt.created',
  'prompt.deleted',
  'gateway.executed',
  'analytics.cost.threshold',
  'compliance.failed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The spec's minimum secret length; generated secrets are longer (see services/webhooks/webhooks.ts). */
export const WEBHOOK_SECRET_MIN_LENGTH = 16;

/**
 * PENDING: created, first attempt not yet made. RETRYING: an attempt failed, the next one is
 * scheduled (nextAttemptAt). SUCCEEDED: a 2xx answer. FAILED: the last attempt failed, or the URL is
 * forbidden. CANCELLED: the webhook was deleted while retries were pending.
 */
export const DELIVERY_STATUSES = ['PENDING', 'RETRYING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** WEBHOOK: to an account webhook; CALLBACK: to a URL given elsewhere (batch config.callbackUrl). */
export type DeliverySource = 'WEBHOOK' | 'CALLBACK';

/** The body of one attempt, exactly as signed: {event, id, attempt, createdAt, data}. */
export interface WebhookPayload {
  event: string;
  /** The delivery id: the same on every attempt, so receivers can drop duplicates. */
  id: string;
  /** 1 for the first attempt, 2 for the first retry, ... */
  attempt: number;
  /** When the event happened (ISO 8601). */
  createdAt: string;
  data: Record<string, unknown>;
}

/** data of gateway.executed (the spec leaves it open; documented in docs/API.md). */
export interface GatewayExecutedData {
  executionId: string;
  mode: 'AUTONOMOUS' | 'SUPERVISED';
  provider: string;
  providerType: string;
  model: string;
  tokens: { prompt: number; completion: number; total: number };
  costUSD: number;
  latencyMs: number;
  holdId: string | null;
}

/** "60,300,900" → [60000, 300000, 900000]: the waits before retries 1, 2 and 3. */
export function parseRetryDelaysSeconds(text: string): number[] {
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  const ms = parts.map((p) => Math.round(Number(p) * 1000));
  if (ms.some((v) => !Number.isFinite(v) || v < 0)) throw new Error(`invalid retry delays: ${text}`);
  return ms;
}
