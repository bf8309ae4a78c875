import { z } from 'zod';
import { usageScope } from '../../services/usage/scope';
import { publicSubscription } from '../../services/usage/subscriptions';
import { errorSchema, idParams } from '../schemas/common';
import { createSubscriptionSchema, subscriptionSchema, updateSubscriptionSchema } from '../schemas/usage';
import { type AuthRule, defineRoute } from './define';

/**
 * Routing advisory subscriptions (not shown by the spec; docs/API.md): who calls the subscriber
 * advisory with which API key, at which tier and limits. Managed by the roles that read usage
 * (SUPER_ADMIN, ACCOUNT_OWNER, SYNTHETIC_ADMIN), within the caller's own company.
 */
const TAGS = ['Usage'];
const sessions: AuthRule = { accept: ['session'] };
const one = z.object({ subscription: subscriptionSchema });

export const advisorySubscriptionRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v1/advisory-subscriptions',
    summary: 'Create an advisory subscription for an API key of the company',
    tags: TAGS,
    auth: sessions,
    body: createSubscriptionSchema,
    responses: {
      201: { description: 'Created', schema: one },
      400: { description: 'Invalid body, or apiKeyId is not an active GATEWAY or EXTERNAL key of the company', schema: errorSchema },
      403: { description: 'Insufficient permissions', schema: errorSchema },
      409: { description: 'The key already belongs to a subscription (API_KEY_IN_USE)', schema: errorSchema },
    },
    async handler(ctx, { principal, body }) {
      usageScope(principal);
      const sub = await ctx.services.advisorySubscriptions.create(principal, body);
      ctx.status = 201;
      return { subscription: publicSubscription(sub) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/advisory-subscriptions',
    summary: "The company's advisory subscriptions, newest first",
    tags: TAGS,
    auth: sessions,
    responses: { 200: { description: 'Subscriptions', schema: z.object({ subscriptions: z.array(subscriptionSchema) }) } },
    async handler(ctx, { principal }) {
      usageScope(principal);
      return { subscriptions: (await ctx.services.advisorySubscriptions.list(principal.companyId)).map(publicSubscription) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/advisory-subscriptions/:id',
    summary: 'One advisory subscription',
    tags: TAGS,
    auth: sessions,
    params: idParams,
    responses: { 200: { description: 'The subscription', schema: one }, 404: { description: 'Subscription not found', schema: errorSchema } },
    async handler(ctx, { principal, params }) {
      usageScope(principal);
      return { subscription: publicSubscription(await ctx.services.advisorySubscriptions.get(principal.companyId, params.id)) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/advisory-subscriptions/:id',
    summary: 'Change name, contact, tier, limits or expiry (the API key stays)',
    tags: TAGS,
    auth: sessions,
    params: idParams,
    body: updateSubscriptionSchema,
    responses: { 200: { description: 'The subscription', schema: one }, 404: { description: 'Subscription not found', schema: errorSchema } },
    async handler(ctx, { principal, params, body }) {
      usageScope(principal);
      return { subscription: publicSubscription(await ctx.services.advisorySubscriptions.update(principal, params.id, body)) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/advisory-subscriptions/:id',
    summary: 'Delete a subscription with its usage events (the API key stays)',
    tags: TAGS,
    auth: sessions,
    params: idParams,
    responses: { 204: { description: 'Deleted' }, 404: { description: 'Subscription not found', schema: errorSchema } },
    async handler(ctx, { principal, params }) {
      usageScope(principal);
      await ctx.services.advisorySubscriptions.remove(principal, params.id);
      ctx.status = 204;
    },
  }),
];
