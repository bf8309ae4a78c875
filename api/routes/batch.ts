import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { z } from 'zod';
import { ApiError } from '../../lib/errors';
import {
  batchDetailSchema,
  batchIdParams,
  batchListEntrySchema,
  batchResultItemSchema,
  batchResultsQuery,
  createBatchResponse,
  listBatchQuery,
} from '../schemas/batch';
import { errorSchema } from '../schemas/common';
import { readMultipartBatch } from '../../services/batch/intake';
import { type AuthRule, defineRoute } from './define';

// Spec: batch takes a session cookie or an API key.
const batchUsers: AuthRule = { accept: ['session', 'gateway_key'], permission: 'batch.use' };
const tags = ['Batch'];

function wantsJsonl(ctx: Context): boolean {
  const accept = ctx.get('accept').toLowerCase();
  return accept.includes('application/jsonl') || accept.includes('application/x-ndjson');
}

function checkInternalToken(ctx: Context): void {
  const given = Buffer.from(ctx.get('x-internal-job'));
  const expected = Buffer.from(ctx.config.INTERNAL_JOB_TOKEN);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ApiError(401, 'UNAUTHORIZED', 'A valid x-internal-job token is required');
  }
}

export const batchRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v1/batch',
    // Up to BATCH_MAX_ITEMS prompts in one JSON body (larger jobs upload JSONL, streamed past the parser).
    bodyLimit: '25mb',
    summary: 'Create a batch job from JSON {items, config} or a multipart JSONL upload (fields file and config)',
    description:
      'JSON: {items: [{id, prompt, systemPrompt?, variables?}], config?}. Multipart: field `file` (JSONL, one item per line) and ' +
      'field `config` (a JSON string). Limits: BATCH_MAX_ITEMS items, BATCH_MAX_FILE_SIZE_MB per file, BATCH_MAX_CONCURRENT_JOBS ' +
      'active jobs per company. With config.callbackUrl the answer carries callbackSigningSecret, shown only here.',
    tags,
    auth: batchUsers,
    responses: {
      201: { description: 'Queued', schema: createBatchResponse },
      400: { description: 'Missing items or file, too many items, file too large, invalid item or config', schema: errorSchema },
      401: { description: 'Unauthenticated', schema: errorSchema },
      429: { description: 'CONCURRENT_LIMIT: too many active jobs', schema: errorSchema },
    },
    handler: async (ctx, { principal }) => {
      const service = ctx.services.batch;
      let result: Awaited<ReturnType<typeof service.create>>;
      if (ctx.is('multipart/form-data')) {
        const upload = readMultipartBatch(ctx.req as never, {
          maxItems: ctx.config.BATCH_MAX_ITEMS,
          maxFileBytes: Math.floor(ctx.config.BATCH_MAX_FILE_SIZE_MB * 1024 * 1024),
        });
        result = await service.create(principal, { kind: 'multipart', upload });
      } else {
        const body = (ctx.request as { body?: unknown }).body;
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          throw ApiError.badRequest('Missing items or file: send JSON {items: [...]} or a multipart JSONL field "file"', undefined, 'MISSING_ITEMS');
        }
        const { items, config } = body as { items?: unknown; config?: unknown };
        result = await service.create(principal, { kind: 'json', items, config });
      }
      ctx.status = 201;
      return result;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/batch',
    summary: "List the company's batch jobs, newest first",
    tags,
    auth: batchUsers,
    query: listBatchQuery,
    responses: {
      200: {
        description: 'Jobs',
        schema: z.object({ jobs: z.array(batchListEntrySchema), total: z.number(), limit: z.number(), offset: z.number() }),
      },
      400: { description: 'Invalid query', schema: errorSchema },
    },
    handler: (ctx, { principal, query }) => ctx.services.batch.list(principal.companyId, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/batch/:batchId',
    summary: 'Batch job detail, with its splits',
    tags,
    auth: batchUsers,
    params: batchIdParams,
    responses: { 200: { description: 'The job', schema: batchDetailSchema }, 404: { description: 'Not found', schema: errorSchema } },
    handler: (ctx, { principal, params }) => ctx.services.batch.detail(principal.companyId, params.batchId),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/batch/:batchId/results',
    summary: 'Batch results: JSON pages, or the whole set as a JSONL download with Accept: application/jsonl',
    tags,
    auth: batchUsers,
    params: batchIdParams,
    query: batchResultsQuery,
    responses: {
      200: {
        description: 'Results (JSON) or a JSONL attachment',
        schema: z.object({ items: z.array(batchResultItemSchema), total: z.number(), limit: z.number(), offset: z.number() }),
      },
      400: { description: 'Invalid query', schema: errorSchema },
      404: { description: 'Not found', schema: errorSchema },
    },
    handler: async (ctx, { principal, params, query }) => {
      if (wantsJsonl(ctx)) {
        const { filename, stream } = await ctx.services.batch.resultsStream(principal.companyId, params.batchId, query);
        ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
        ctx.type = 'application/jsonl; charset=utf-8';
        return stream;
      }
      return ctx.services.batch.results(principal.companyId, params.batchId, query);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/batch/:batchId/cancel',
    summary: 'Cancel an active batch job (QUEUED, VALIDATING or PROCESSING)',
    tags,
    auth: batchUsers,
    params: batchIdParams,
    responses: {
      200: { description: 'Cancelled', schema: z.object({ batchId: z.string(), status: z.literal('CANCELLED') }) },
      400: { description: 'Already completed, failed, cancelled or expired', schema: errorSchema },
      404: { description: 'Not found', schema: errorSchema },
    },
    handler: (ctx, { principal, params }) => ctx.services.batch.cancel(principal.companyId, params.batchId),
  }),
  defineRoute({
    method: 'post',
    path: '/api/internal/batch/process',
    summary: 'Repair trigger: starts the workflow of every active batch job that has none (header x-internal-job)',
    description:
      'The spec names this the background processor, run every 60 seconds. Jobs are workflows started on create, so this only ' +
      'repairs: a job stored while Temporal was unreachable, or whose workflow an operator terminated, gets its workflow.',
    tags,
    auth: 'public',
    responses: {
      200: { description: 'What was checked and started', schema: z.object({ checked: z.number(), started: z.array(z.string()) }) },
      401: { description: 'Missing or wrong x-internal-job token', schema: errorSchema },
    },
    handler: async (ctx) => {
      checkInternalToken(ctx);
      return ctx.services.batch.repair();
    },
  }),
];
