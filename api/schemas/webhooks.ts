import { z } from 'zod';
import { DELIVERY_STATUSES, WEBHOOK_EVENTS, WEBHOOK_SECRET_MIN_LENGTH } from '../../domain/webhooks';
import { paginationQuery } from './common';

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);

export const createWebhookBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    url: z.string().url('url must be a valid URL').max(2048).describe('HTTPS URL; see docs/API.md for the outbound URL rules'),
    events: z.array(webhookEventSchema).min(1, 'events needs at least one event type'),
    secret: z
      .string()
      .min(WEBHOOK_SECRET_MIN_LENGTH, `secret must be at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`)
      .max(256)
      .optional()
      .describe('HMAC signing secret; generated when omitted. Returned only in this answer'),
  })
  .openapi('CreateWebhookRequest');

export const webhookSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    events: z.array(webhookEventSchema),
    secret: z.string().optional().describe('Only in the creation answer'),
    isActive: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('Webhook');

export const deliveryAttemptSchema = z
  .object({
    attempt: z.number().int().describe('1 for the first attempt'),
    success: z.boolean().describe('true for a 2xx answer'),
    statusCode: z.number().int().nullable().describe('null when no HTTP answer came (timeout, network error, refused address)'),
    error: z.string().nullable(),
    durationMs: z.number().int(),
    attemptedAt: z.string(),
  })
  .openapi('WebhookDeliveryAttempt');

export const deliverySchema = z
  .object({
    id: z.string().describe('The payload id: the same on every attempt'),
    webhookId: z.string().nullable().describe('null for a callback (batch callbackUrl) or when the webhook was deleted'),
    source: z.enum(['WEBHOOK', 'CALLBACK']),
    event: z.string(),
    url: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attemptCount: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.string().nullable().describe('When RETRYING: the next attempt'),
    completedAt: z.string().nullable(),
    createdAt: z.string(),
    attempts: z.array(deliveryAttemptSchema),
  })
  .openapi('WebhookDelivery');

export const listDeliveriesQuery = paginationQuery(50, 100).extend({
  webhookId: z.string().optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
});
