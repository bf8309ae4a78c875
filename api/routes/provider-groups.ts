import { z } from 'zod';
import { publicGroup } from '../../services/providers/provider-groups';
import { errorSchema, idParams } from '../schemas/common';
import { createProviderGroupBody, providerGroupSchema, updateProviderGroupBody } from '../schemas/providers';
import { type AuthRule, defineRoute } from './define';

const viewers: AuthRule = { accept: ['session', 'gateway_key'], permission: 'providers.view' };
const managers: AuthRule = { accept: ['session', 'gateway_key'], permission: 'providers.manage' };
const one = z.object({ group: providerGroupSchema });

export const providerGroupRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/provider-groups',
    summary: 'List provider groups',
    tags: ['Providers'],
    auth: viewers,
    responses: { 200: { description: 'Groups', schema: z.object({ groups: z.array(providerGroupSchema) }) } },
    handler: async (ctx, { principal }) => ({
      groups: (await ctx.services.providerGroups.list(principal.companyId)).map(publicGroup),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/provider-groups',
    summary: 'Create a provider group: ordered providers and a rotation (ROUND_ROBIN, SEQUENTIAL, RANDOM)',
    tags: ['Providers'],
    auth: managers,
    body: createProviderGroupBody,
    responses: {
      201: { description: 'Created', schema: one },
      400: { description: 'Invalid group', schema: errorSchema },
      409: { description: 'Name taken', schema: errorSchema },
    },
    async handler(ctx, { principal, body }) {
      const group = await ctx.services.providerGroups.create(principal, body);
      ctx.status = 201;
      return { group: publicGroup(group) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/provider-groups/:id',
    summary: 'One provider group',
    tags: ['Providers'],
    auth: viewers,
    params: idParams,
    responses: { 200: { description: 'Group', schema: one }, 404: { description: 'Not found', schema: errorSchema } },
    handler: async (ctx, { principal, params }) => ({
      group: publicGroup(await ctx.services.providerGroups.get(principal.companyId, params.id)),
    }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/provider-groups/:id',
    summary: 'Change a provider group',
    tags: ['Providers'],
    auth: managers,
    params: idParams,
    body: updateProviderGroupBody,
    responses: {
      200: { description: 'Updated', schema: one },
      400: { description: 'Invalid change', schema: errorSchema },
      404: { description: 'Not found', schema: errorSchema },
    },
    handler: async (ctx, { principal, params, body }) => ({
      group: publicGroup(await ctx.services.providerGroups.update(principal, params.id, body)),
    }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/provider-groups/:id',
    summary: 'Delete a provider group',
    tags: ['Providers'],
    auth: managers,
    params: idParams,
    responses: {
      200: { description: 'Deleted', schema: z.object({ success: z.literal(true) }) },
      404: { description: 'Not found', schema: errorSchema },
    },
    async handler(ctx, { principal, params }) {
      await ctx.services.providerGroups.remove(principal, params.id);
      return { success: true };
    },
  }),
];
