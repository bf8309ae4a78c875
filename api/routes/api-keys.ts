import { z } from 'zod';
import { apiKeySchema, createApiKeyBody, listApiKeysQuery, updateApiKeyBody } from '../schemas/api-keys';
import { publicApiKey } from '../../services/auth/api-keys';
import { errorSchema, idParams } from '../schemas/common';
import { type AuthRule, defineRoute } from './define';

// Keys are managed by signed-in administrators only: a key cannot mint or revoke keys.
const admins: AuthRule = { accept: ['session'], permission: 'api_keys.manage' };

const oneKey = z.object({ apiKey: apiKeySchema });

export const apiKeyRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v1/api-keys',
    summary: 'Create an API key; the secret is in the response once and never again',
    tags: ['API keys'],
    auth: admins,
    body: createApiKeyBody,
    responses: {
      201: { description: 'Created', schema: z.object({ apiKey: apiKeySchema, key: z.string() }) },
      400: { description: 'Invalid combination of kind, type and scopes', schema: errorSchema },
    },
    async handler(ctx, { principal, body }) {
      const created = await ctx.services.apiKeys.create(principal.companyId, body, {
        userId: principal.userId,
        ip: ctx.ip,
      });
      ctx.status = 201;
      return created;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/api-keys',
    summary: "List the company's API keys (never their secrets)",
    tags: ['API keys'],
    auth: admins,
    query: listApiKeysQuery,
    responses: { 200: { description: 'Keys', schema: z.object({ apiKeys: z.array(apiKeySchema) }) } },
    handler: async (ctx, { principal, query }) => ({
      apiKeys: await ctx.services.apiKeys.list(principal.companyId, { includeRevoked: query.includeRevoked }),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/api-keys/:id',
    summary: 'One API key (never its secret)',
    tags: ['API keys'],
    auth: admins,
    params: idParams,
    responses: {
      200: { description: 'The key', schema: oneKey },
      404: { description: 'No such key in this company', schema: errorSchema },
    },
    handler: async (ctx, { principal, params }) => ({
      apiKey: publicApiKey(await ctx.services.apiKeys.get(principal.companyId, params.id)),
    }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/api-keys/:id',
    summary: 'Rename a key or change its monthly quotas or expiry (kind, type, scopes and secret never change)',
    tags: ['API keys'],
    auth: admins,
    params: idParams,
    body: updateApiKeyBody,
    responses: {
      200: { description: 'Updated', schema: oneKey },
      400: { description: 'Invalid change', schema: errorSchema },
      404: { description: 'No such key in this company', schema: errorSchema },
    },
    handler: async (ctx, { principal, params, body }) => ({
      apiKey: await ctx.services.apiKeys.update(principal, params.id, body, ctx.ip),
    }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/api-keys/:id',
    summary: 'Revoke an API key (effective at once on this instance, within seconds everywhere)',
    tags: ['API keys'],
    auth: admins,
    params: idParams,
    responses: {
      200: { description: 'Revoked', schema: oneKey },
      404: { description: 'No such key in this company', schema: errorSchema },
    },
    handler: async (ctx, { principal, params }) => ({
      apiKey: await ctx.services.apiKeys.revoke(principal, params.id, ctx.ip),
    }),
  }),
];
