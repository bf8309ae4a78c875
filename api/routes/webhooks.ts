import { z } from 'zod';
import { errorSchema } from '../schemas/common';
import { createWebhookBody, deliverySchema, listDeliveriesQuery, webhookSchema } from '../schemas/webhooks';
import { type AuthRule, defineRoute } from './define';

// Spec document 3: create, delete and deliveries need a session; the list also takes a gateway key.
const managers: AuthRule = { accept: ['session'], permission: 'webhooks.manage' };
const readers: AuthRule = { accept: ['session', 'gateway_key'] };

export const webhookRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v1/webhooks',
    summary: 'Subscribe a URL to account events; the secret is returned in full only here',
    tags: ['Webhooks'],
    auth: managers,
    body: createWebhookBody,
    responses: {
      201: { description: 'Created', schema: z.object({ webhook: webhookSchema }) },
      400: { description: 'Invalid body, or the URL is not HTTPS or points to a private address', schema: errorSchema },
    },
    async handler(ctx, { principal, body }) {
      const webhook = await ctx.services.webhooks.create(principal, body);
      ctx.status = 201;
      return { webhook };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/webhooks',
    summary: "All webhooks of the caller's company (secrets are never returned)",
    tags: ['Webhooks'],
    auth: readers,
    responses: { 200: { description: 'Webhooks', schema: z.object({ webhooks: z.array(webhookSchema) }) } },
    handler: async (ctx, { principal }) => ({ webhooks: await ctx.services.webhooks.list(principal.companyId) }),
  }),
  // Declared before /:webhookId routes would be; DELETE only exists with an id, so no clash.
  defineRoute({
    method: 'get',
    path: '/api/v1/webhooks/deliveries',
    summary: 'Deliveries, newest first, each with every attempt and its outcome',
    tags: ['Webhooks'],
    auth: managers,
    query: listDeliveriesQuery,
    responses: {
      200: {
        description: 'Deliveries and pagination',
        schema: z.object({
          deliveries: z.array(deliverySchema),
          pagination: z.object({ total: z.number(), limit: z.number(), offset: z.number(), hasMore: z.boolean() }),
        }),
      },
      400: { description: 'Invalid query', schema: errorSchema },
    },
    handler: (ctx, { principal, query }) => ctx.services.webhooks.deliveries(principal.companyId, query),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/webhooks/:webhookId',
    summary: 'Delete a webhook (its delivery history stays; pending retries are cancelled)',
    tags: ['Webhooks'],
    auth: managers,
    params: z.object({ webhookId: z.string().min(1) }),
    responses: {
      200: { description: 'Deleted', schema: z.object({ success: z.literal(true) }) },
      404: { description: "Not found in the caller's company", schema: errorSchema },
    },
    async handler(ctx, { principal, params }) {
      await ctx.services.webhooks.remove(principal, params.webhookId);
      return { success: true };
    },
  }),
];
