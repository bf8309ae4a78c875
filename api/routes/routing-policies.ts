import { z } from 'zod';
import { errorSchema, idParams } from '../schemas/common';
import { policyBody, policyRecordSchema, rankBody, rankResponseSchema, simulateBody, simulationSchema } from '../schemas/routing-policies';
import { publicPolicy } from '../../services/routing/policies';
import { type AuthRule, defineRoute } from './define';

const keyOrSession = (permission: AuthRule['permission']): AuthRule => ({ accept: ['session', 'gateway_key'], permission });
const one = z.object({ success: z.literal(true), policy: policyRecordSchema });
const errors = {
  400: { description: 'Invalid policy, or geofencing values that match no active provider', schema: errorSchema },
  401: { description: 'Unauthorized', schema: errorSchema },
  403: { description: 'Missing permission, or FEATURE_NOT_ENTITLED for taskFit.enabled', schema: errorSchema },
};

export const routingPolicyRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/routing/policies',
    summary: "List the company's routing policies",
    tags: ['Routing'],
    auth: keyOrSession('routing.policies.view'),
    responses: {
      200: { description: 'Policies', schema: z.object({ success: z.literal(true), policies: z.array(policyRecordSchema), companyName: z.string().nullable() }) },
      401: errors[401],
    },
    async handler(ctx, { principal }) {
      const { policies, companyName } = await ctx.services.routingPolicies.list(principal.companyId);
      return { success: true, policies: policies.map(publicPolicy), companyName };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/routing/policies',
    summary: 'Create a routing policy',
    tags: ['Routing'],
    auth: keyOrSession('routing.policies.create'),
    body: policyBody,
    responses: { 200: { description: 'Created', schema: one }, ...errors, 409: { description: 'A policy with that name exists', schema: errorSchema } },
    handler: async (ctx, { principal, body }) => ({
      success: true,
      policy: publicPolicy(await ctx.services.routingPolicies.create(principal, body)),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/routing/policies/:id',
    summary: 'One routing policy',
    tags: ['Routing'],
    auth: keyOrSession('routing.policies.view'),
    params: idParams,
    responses: { 200: { description: 'Policy', schema: one }, 404: { description: 'Policy not found', schema: errorSchema } },
    handler: async (ctx, { principal, params }) => ({
      success: true,
      policy: publicPolicy(await ctx.services.routingPolicies.get(principal.companyId, params.id)),
    }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/routing/policies/:id',
    summary: 'Change a routing policy (any subset of name, description, scope, isDefault, policyJson)',
    tags: ['Routing'],
    auth: keyOrSession('routing.policies.edit'),
    params: idParams,
    body: policyBody,
    responses: {
      200: { description: 'Updated', schema: one },
      ...errors,
      404: { description: 'Policy not found', schema: errorSchema },
      409: { description: 'Name taken', schema: errorSchema },
    },
    handler: async (ctx, { principal, params, body }) => ({
      success: true,
      policy: publicPolicy(await ctx.services.routingPolicies.update(principal, params.id, body)),
    }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/routing/policies/:id',
    summary: 'Delete a routing policy',
    tags: ['Routing'],
    auth: keyOrSession('routing.policies.delete'),
    params: idParams,
    responses: {
      200: { description: 'Deleted', schema: z.object({ success: z.literal(true), message: z.string() }) },
      404: { description: 'Policy not found', schema: errorSchema },
    },
    async handler(ctx, { principal, params }) {
      await ctx.services.routingPolicies.remove(principal, params.id);
      return { success: true, message: 'Policy deleted' };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/routing/policies/:id/simulate',
    summary: 'Simulate a policy: primary, fallbacks, filtered-out candidates; with content or taskCodes also the task-fit ranking',
    tags: ['Routing'],
    auth: { accept: ['session'], permission: 'routing.policies.view' },
    params: idParams,
    body: simulateBody,
    responses: {
      200: { description: 'Simulation', schema: simulationSchema },
      400: { description: 'A taskCodes, content or taskFit value of the wrong type', schema: errorSchema },
      404: { description: 'Policy not found', schema: errorSchema },
    },
    handler: (ctx, { principal, params, body }) => ctx.services.routing.simulate(principal, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/routing/rank',
    summary: 'Rank provider/model pairs for a policy (policyId, inline policy, else the company default)',
    tags: ['Routing'],
    auth: { accept: ['session'], permission: 'routing.policies.view' },
    body: rankBody,
    responses: {
      200: { description: 'Ranking', schema: rankResponseSchema },
      400: { description: 'Invalid inline policy or task fields', schema: errorSchema },
      404: { description: 'Policy not found', schema: errorSchema },
    },
    handler: (ctx, { principal, body }) => ctx.services.routing.rankProviders(principal, body),
  }),
];
