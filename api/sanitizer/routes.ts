import { timingSafeEqual } from 'node:crypto';
import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { ApiError, zodDetails } from '../../lib/errors';
import { sha256Hex } from '../../lib/crypto';
import type { SanitizerContainer } from '../../services/sanitizer/container';
import {
  desanitizeRequestSchema,
  desanitizeResponseSchema,
  entityModelStatusSchema,
  errorSchema,
  exposureClearSchema,
  exposureDtoSchema,
  exposureFilterSchema,
  exposureRecordSchema,
  idParamsSchema,
  inspectHeadersRequestSchema,
  inspectHeadersResponseSchema,
  purgeResponseSchema,
  redlistAddSchema,
  redlistEntrySchema,
  restoreRequestSchema,
  restoreResponseSchema,
  sanitizeRequestBody,
  sanitizeResponseSchema,
  sessionResponseSchema,
  tokenParamsSchema,
} from './schemas';
import { handoffSanitizerRoutes } from './handoff-routes';

/**
 * The sanitizer's routes, declared like api/routes/define.ts does for the api (zod validation and
 * the OpenAPI document from the same schemas), with two differences the spec asks for: invalid or
 * missing fields answer 422 (VALIDATION_ERROR), and authentication is one service token.
 */
type AnyZod = z.ZodType;

export interface SanitizerRoute {
  method: 'get' | 'post' | 'delete';
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  body?: AnyZod;
  query?: AnyZod;
  params?: AnyZod;
  responses: Record<number, { description: string; schema?: AnyZod }>;
  // biome-ignore lint/suspicious/noExplicitAny: inputs are validated by the schemas above; each handler states its own types.
  handler: (ctx: Context, input: { body: any; query: any; params: any }, c: SanitizerContainer) => unknown | Promise<unknown>;
}

const errors = {
  401: { description: 'Missing or wrong service token', schema: errorSchema },
  422: { description: 'Missing or invalid fields', schema: errorSchema },
};
const notFound = { 404: { description: 'Session not found, purged or expired', schema: errorSchema } };

export const sanitizerRoutes: SanitizerRoute[] = [
  {
    method: 'post',
    path: '/api/v1/sanitize',
    summary: 'Detect and replace personal data in a document',
    description:
      'Returns a session token (null for detect_only), the document rebuilt with stand-ins, the protected provider transport and its context. Only protected_document is to be sent to an external model.',
    tags: ['Sanitizer'],
    body: sanitizeRequestBody,
    responses: {
      200: { description: 'Sanitized (or detected)', schema: sanitizeResponseSchema },
      400: { description: 'Invalid document_type, malformed base64, empty document, unknown profile', schema: errorSchema },
      413: { description: 'Document too large', schema: errorSchema },
      ...errors,
    },
    handler: (_ctx, { body }, c) => c.service.sanitize(body),
  },
  {
    method: 'post',
    path: '/api/v1/inspect-headers',
    summary: 'Suggest entity types for the columns of a csv or xlsx',
    tags: ['Sanitizer'],
    body: inspectHeadersRequestSchema,
    responses: { 200: { description: 'Columns', schema: inspectHeadersResponseSchema }, 400: { description: 'Bad document', schema: errorSchema }, ...errors },
    handler: (_ctx, { body }, c) => c.service.inspectHeaders(body),
  },
  {
    method: 'post',
    path: '/api/v1/desanitize',
    summary: 'Restore original values in text (fuzzy)',
    tags: ['Sanitizer'],
    body: desanitizeRequestSchema,
    responses: { 200: { description: 'Restored', schema: desanitizeResponseSchema }, ...notFound, ...errors },
    handler: (_ctx, { body }, c) => c.service.desanitize(body),
  },
  {
    method: 'get',
    path: '/api/v1/sessions/:token',
    summary: 'Session metadata',
    tags: ['Sessions'],
    params: tokenParamsSchema,
    responses: { 200: { description: 'The session', schema: sessionResponseSchema }, ...notFound, ...errors },
    handler: (_ctx, { params }, c) => c.service.getSession(params.token),
  },
  {
    method: 'post',
    path: '/api/v1/sessions/:token/restore',
    summary: 'Restore original values in content (fuzzy or strict)',
    description: 'strict restores only complete nonce-bound wrappers: use it for provider output.',
    tags: ['Sessions'],
    params: tokenParamsSchema,
    body: restoreRequestSchema,
    responses: { 200: { description: 'Restored', schema: restoreResponseSchema }, ...notFound, ...errors },
    handler: (_ctx, { params, body }, c) => c.service.restore(params.token, body),
  },
  {
    method: 'delete',
    path: '/api/v1/sessions/:token',
    summary: 'Purge a session: mapping, sanitized document and session key are destroyed at once',
    tags: ['Sessions'],
    params: tokenParamsSchema,
    responses: { 200: { description: 'Purged', schema: purgeResponseSchema }, ...notFound, ...errors },
    handler: (_ctx, { params }, c) => c.service.purge(params.token),
  },
  {
    method: 'post',
    path: '/api/v1/admin/credential-exposure/record',
    summary: 'Record a credential exposure (the value is reduced to a fingerprint)',
    tags: ['Admin'],
    body: exposureRecordSchema,
    responses: { 201: { description: 'Recorded', schema: exposureDtoSchema }, ...errors },
    handler: async (ctx, { body }, c) => {
      ctx.status = 201;
      return c.exposures.record(body);
    },
  },
  {
    method: 'get',
    path: '/api/v1/admin/credential-exposure/list',
    summary: 'List credential exposures',
    tags: ['Admin'],
    query: exposureFilterSchema,
    responses: {
      200: { description: 'Entries, newest first', schema: z.object({ entries: z.array(exposureDtoSchema), total: z.number().int() }) },
      ...errors,
    },
    handler: (_ctx, { query }, c) => c.exposures.list(query),
  },
  {
    method: 'get',
    path: '/api/v1/admin/credential-exposure/csv',
    summary: 'Download credential exposures as CSV',
    tags: ['Admin'],
    query: exposureFilterSchema,
    responses: { 200: { description: 'text/csv' }, ...errors },
    handler: async (ctx, { query }, c) => {
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', 'attachment; filename="credential-exposures.csv"');
      return c.exposures.csv(query);
    },
  },
  {
    method: 'post',
    path: '/api/v1/admin/credential-exposure/clear',
    summary: 'Mark matching exposures cleared (append-only: nothing is deleted)',
    tags: ['Admin'],
    body: exposureClearSchema,
    responses: { 200: { description: 'How many entries were marked', schema: z.object({ cleared: z.number().int() }) }, ...errors },
    handler: async (_ctx, { body }, c) => ({ cleared: await c.exposures.clear(body) }),
  },
  {
    method: 'post',
    path: '/api/v1/admin/redlist',
    summary: 'Add a term that is always detected',
    tags: ['Admin'],
    body: redlistAddSchema,
    responses: { 201: { description: 'Added', schema: redlistEntrySchema }, 409: { description: 'Term exists', schema: errorSchema }, ...errors },
    handler: async (ctx, { body }, c) => {
      ctx.status = 201;
      return c.redlist.add(body);
    },
  },
  {
    method: 'get',
    path: '/api/v1/admin/redlist',
    summary: 'List redlist terms',
    tags: ['Admin'],
    responses: { 200: { description: 'Terms', schema: z.object({ entries: z.array(redlistEntrySchema) }) }, ...errors },
    handler: async (_ctx, _input, c) => ({ entries: await c.redlist.list() }),
  },
  {
    method: 'delete',
    path: '/api/v1/admin/redlist/:id',
    summary: 'Remove a redlist term',
    tags: ['Admin'],
    params: idParamsSchema,
    responses: { 204: { description: 'Removed' }, 404: { description: 'No such entry', schema: errorSchema }, ...errors },
    handler: async (ctx, { params }, c) => {
      await c.redlist.remove(params.id);
      ctx.status = 204;
    },
  },
  {
    method: 'get',
    path: '/api/v1/admin/entity-model',
    summary: 'The entity-model switch: its settings and whether the model is loaded',
    description:
      'Gatehouse extension. `{enabled: false}` when ENTITY_MODEL_ENABLED is off; otherwise the model directory, threshold, idle unload timeout, state (unloaded, loading, loaded), and how often it was loaded and unloaded since start.',
    tags: ['Admin'],
    responses: { 200: { description: 'Status', schema: entityModelStatusSchema }, ...errors },
    handler: (_ctx, _input, c) => c.entityModel?.status() ?? { enabled: false },
  },
];

function parse(schema: AnyZod | undefined, value: unknown, what: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (what === 'body' ? undefined : {}));
  if (!result.success) {
    const first = result.error.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    throw new ApiError(422, 'VALIDATION_ERROR', `Invalid ${what}: ${where}${first?.message ?? 'invalid'}`, zodDetails(result.error));
  }
  return result.data;
}

/** Bearer SANITIZER_API_TOKEN, compared in constant time over digests. Open when no token is configured. */
function authorize(ctx: Context, token: string | undefined) {
  if (!token) return;
  const header = ctx.get('authorization');
  const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const ok = given !== '' && timingSafeEqual(Buffer.from(sha256Hex(given), 'hex'), Buffer.from(sha256Hex(token), 'hex'));
  if (!ok) throw ApiError.unauthorized('A valid sanitizer service token is required (Authorization: Bearer <SANITIZER_API_TOKEN>)');
}

export function mountSanitizerRoutes(router: Router, registry: OpenAPIRegistry, c: SanitizerContainer) {
  for (const route of [...sanitizerRoutes, ...handoffSanitizerRoutes]) {
    registry.registerPath({
      method: route.method,
      path: route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}'),
      summary: route.summary,
      description: route.description,
      tags: route.tags,
      security: c.config.SANITIZER_API_TOKEN ? [{ bearer: [] }] : [],
      request: {
        params: route.params as never,
        query: route.query as never,
        body: route.body ? { content: { 'application/json': { schema: route.body } }, required: true } : undefined,
      } as RouteConfig['request'],
      responses: Object.fromEntries(
        Object.entries(route.responses).map(([status, r]) => [
          status,
          { description: r.description, content: r.schema ? { 'application/json': { schema: r.schema } } : undefined },
        ]),
      ),
    });
    router[route.method](route.path, async (ctx) => {
      authorize(ctx, c.config.SANITIZER_API_TOKEN);
      const input = {
        params: parse(route.params, ctx.params, 'path parameters'),
        query: parse(route.query, ctx.query, 'query'),
        body: parse(route.body, (ctx.request as { body?: unknown }).body, 'body'),
      };
      const result = await route.handler(ctx, input, c);
      if (result !== undefined) ctx.body = result;
    });
  }
}
