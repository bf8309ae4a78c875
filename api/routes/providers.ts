import { z } from 'zod';
import { publicProvider } from '../../services/providers/providers';
import { errorSchema, idParams } from '../schemas/common';
import { createProviderBody, providerSchema, updateProviderBody } from '../schemas/providers';
import { type AuthRule, defineRoute } from './define';

const viewers: AuthRule = { accept: ['session', 'gateway_key'], permission: 'providers.view' };
const managers: AuthRule = { accept: ['session', 'gateway_key'], permission: 'providers.manage' };
const one = z.object({ provider: providerSchema });

export const providerRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/providers',
    summary: "List the company's providers (credentials are never returned)",
    tags: ['Providers'],
    auth: viewers,
    responses: { 200: { description: 'Providers', schema: z.object({ providers: z.array(providerSchema) }) } },
    handler: async (ctx, { principal }) => ({
      providers: (await ctx.services.providers.list(principal.companyId)).map(publicProvider),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/providers',
    summary: 'Register a provider: type, endpoint, encrypted credentials, models and prices, location, compliance',
    tags: ['Providers'],
    auth: managers,
    body: createProviderBody,
    responses: {
      201: { description: 'Created', schema: one },
      400: { description: 'Invalid provider', schema: errorSchema },
      409: { description: 'A provider with that name exists', schema: errorSchema },
    },
    async handler(ctx, { principal, body }) {
      const provider = await ctx.services.providers.create(principal.companyId, body, {
        userId: principal.userId,
        apiKeyId: principal.apiKey?.id ?? null,
      });
      ctx.status = 201;
      return { provider: publicProvider(provider) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/providers/:id',
    summary: 'One provider',
    tags: ['Providers'],
    auth: viewers,
    params: idParams,
    responses: { 200: { description: 'Provider', schema: one }, 404: { description: 'Not found', schema: errorSchema } },
    handler: async (ctx, { principal, params }) => ({
      provider: publicProvider(await ctx.services.providers.get(principal.companyId, params.id)),
    }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/providers/:id',
    summary: 'Change a provider; send apiKey to rotate its credentials',
    tags: ['Providers'],
    auth: managers,
    params: idParams,
    body: updateProviderBody,
    responses: {
      200: { description: 'Updated', schema: one },
      400: { description: 'Invalid change', schema: errorSchema },
      404: { description: 'Not found', schema: errorSchema },
      409: { description: 'Name taken', schema: errorSchema },
    },
    handler: async (ctx, { principal, params, body }) => ({
      provider: publicProvider(await ctx.services.providers.update(principal, params.id, body)),
    }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/providers/:id',
    summary: 'Delete a provider (execution records keep its name)',
    tags: ['Providers'],
    auth: managers,
    params: idParams,
    responses: {
      200: { description: 'Deleted', schema: z.object({ success: z.literal(true) }) },
      404: { description: 'Not found', schema: errorSchema },
    },
    async handler(ctx, { principal, params }) {
      await ctx.services.providers.remove(principal, params.id);
      return { success: true };
    },
  }),
];
