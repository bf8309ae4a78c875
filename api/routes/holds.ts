import { z } from 'zod';
import { toHoldDto } from '../../db/models/execution-hold';
import { errorSchema, idParams } from '../schemas/common';
import { holdSchema, listHoldsQuery, resolveHoldBody } from '../schemas/holds';
import { type AuthRule, defineRoute } from './define';

// Spec: execution holds take a session only. Reviewing needs holds.review.
const viewers: AuthRule = { accept: ['session'], permission: 'holds.view' };
const reviewers: AuthRule = { accept: ['session'], permission: 'holds.review' };

export const holdRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/execution-holds',
    summary: "List the company's execution holds (default PENDING_REVIEW, newest first)",
    tags: ['Execution holds'],
    auth: viewers,
    query: listHoldsQuery,
    responses: {
      200: {
        description: 'Holds and pagination',
        schema: z.object({
          holds: z.array(holdSchema),
          pagination: z.object({ total: z.number(), limit: z.number(), offset: z.number(), hasMore: z.boolean() }),
        }),
      },
      400: { description: 'Invalid query', schema: errorSchema },
    },
    handler: (ctx, { principal, query }) => ctx.services.holds.list(principal.companyId, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/execution-holds/:id',
    summary: 'One execution hold',
    tags: ['Execution holds'],
    auth: viewers,
    params: idParams,
    responses: { 200: { description: 'The hold', schema: holdSchema }, 404: { description: 'Not found', schema: errorSchema } },
    handler: async (ctx, { principal, params }) => toHoldDto(await ctx.services.holds.get(principal.companyId, params.id)),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/execution-holds/:id',
    summary: 'Approve (returns {hold, responsePayload}) or reject (returns the hold) a pending hold',
    tags: ['Execution holds'],
    auth: reviewers,
    params: idParams,
    body: resolveHoldBody,
    responses: {
      200: { description: 'Resolved', schema: z.union([z.object({ hold: holdSchema, responsePayload: holdSchema.shape.responsePayload }), holdSchema]) },
      400: { description: 'Invalid body, or the hold is already resolved', schema: errorSchema },
      404: { description: 'Not found in the caller\u2019s company', schema: errorSchema },
    },
    handler: (ctx, { principal, params, body }) => ctx.services.holds.resolve(principal, params.id, body.action, body.reason),
  }),
];
