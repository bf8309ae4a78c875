import { z } from 'zod';
import { ApiError } from '../../lib/errors';
import type { Principal } from '../../domain/principal';
import { errorSchema } from '../schemas/common';
import {
  cloneBody,
  createPromptBody,
  listPromptsQuery,
  paginationSchema,
  productionBody,
  promptParams,
  promptSchema,
  updatePromptBody,
  versionParams,
  versionSchema,
  versionsQuery,
} from '../schemas/prompts';
import { type AuthRule, defineRoute } from './define';

/**
 * Stored prompts (spec document 2). Authentication is the spec's table: create and list take a
 * session, a FULL_ACCESS or OPENAI_COMPAT gateway key, or an external key with the matching scope;
 * get and versions a session or any gateway key; update, delete, clone and the production label a
 * session. Every answer carries Cache-Control: no-store.
 */
export const createAndList: AuthRule = { accept: ['session', 'gateway_key', 'external_key'], keyTypes: ['FULL_ACCESS', 'OPENAI_COMPAT'] };
export const readPrompts: AuthRule = { accept: ['session', 'gateway_key'] };
const sessionOnly: AuthRule = { accept: ['session'] };

/** External keys act only within their scopes (routingOverrides.permissions in the spec). */
export function requireScope(principal: Principal, scopes: string[]): void {
  if (principal.apiKey?.kind !== 'EXTERNAL') return;
  if (!scopes.some((s) => principal.apiKey!.scopes.includes(s))) {
    throw ApiError.forbidden(`This external key needs the scope ${scopes.join(' or ')}`, 'MISSING_SCOPE');
  }
}

const one = z.object({ success: z.literal(true), prompt: promptSchema });
const notFound = { description: 'PROMPT_NOT_FOUND: no such prompt in your company, or not visible to you', schema: errorSchema };
const badRequest = { description: 'Invalid body (INVALID_PROMPT and zod details)', schema: errorSchema };
const tags = ['Prompts'];

export const promptRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v1/prompts',
    summary: 'Create a stored prompt (version 1 becomes production)',
    tags,
    auth: createAndList,
    noStore: true,
    body: createPromptBody,
    responses: {
      201: { description: 'Created', schema: one },
      400: badRequest,
      401: { description: 'Unauthorized', schema: errorSchema },
      403: { description: 'Key type or scope not allowed', schema: errorSchema },
      409: { description: 'DUPLICATE_PROMPT_NAME or DUPLICATE_PROMPT_CONTENT', schema: errorSchema },
    },
    async handler(ctx, { principal, body }) {
      requireScope(principal, ['create:prompts']);
      const prompt = await ctx.services.prompts.create(principal, body);
      ctx.status = 201;
      return { success: true, prompt };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/prompts',
    summary: 'List the prompts visible to the caller, with filters, sort and pagination',
    tags,
    auth: createAndList,
    noStore: true,
    query: listPromptsQuery,
    responses: { 200: { description: 'Prompts', schema: z.object({ success: z.literal(true), prompts: z.array(promptSchema), pagination: paginationSchema }) }, 400: badRequest },
    async handler(ctx, { principal, query }) {
      requireScope(principal, ['read:prompts', 'read:own-prompts']);
      return { success: true, ...(await ctx.services.prompts.list(principal, query)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/prompts/clone',
    summary: 'Copy a visible prompt: new id and name, PRIVATE, owned by the caller',
    tags,
    auth: sessionOnly,
    noStore: true,
    body: cloneBody,
    responses: { 201: { description: 'The copy', schema: one }, 404: notFound, 409: { description: 'Name taken', schema: errorSchema } },
    async handler(ctx, { principal, body }) {
      const prompt = await ctx.services.prompts.clone(principal, body);
      ctx.status = 201;
      return { success: true, prompt };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/prompts/:id',
    summary: "A prompt with its latest version's content (public promptId or database id)",
    tags,
    auth: readPrompts,
    noStore: true,
    params: promptParams,
    responses: { 200: { description: 'Prompt', schema: one }, 404: notFound },
    handler: async (ctx, { principal, params }) => ({ success: true, prompt: await ctx.services.prompts.get(principal, params.id) }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/prompts/:id',
    summary: 'Change any subset of the fields plus isActive; a content change makes a new immutable version',
    tags,
    auth: sessionOnly,
    noStore: true,
    params: promptParams,
    body: updatePromptBody,
    responses: {
      200: { description: 'Updated', schema: one },
      400: badRequest,
      403: { description: 'PROMPT_EDIT_FORBIDDEN: only the owner or a company admin', schema: errorSchema },
      404: notFound,
      409: { description: 'DUPLICATE_PROMPT_NAME or DUPLICATE_PROMPT_CONTENT', schema: errorSchema },
    },
    handler: async (ctx, { principal, params, body }) => ({ success: true, prompt: await ctx.services.prompts.update(principal, params.id, body) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/prompts/:id',
    summary: 'Delete a deactivated prompt with its versions, test sets, runs and bindings',
    tags,
    auth: sessionOnly,
    noStore: true,
    params: promptParams,
    responses: {
      200: { description: 'Deleted', schema: z.object({ success: z.literal(true), promptId: z.string(), message: z.string() }) },
      404: notFound,
      409: { description: 'PROMPT_ACTIVE: deactivate it first', schema: errorSchema },
    },
    async handler(ctx, { principal, params }) {
      const { promptId } = await ctx.services.prompts.remove(principal, params.id);
      return { success: true, promptId, message: 'Prompt deleted' };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/prompts/:id/versions',
    summary: 'Version history, oldest first (order=desc for newest first)',
    tags,
    auth: readPrompts,
    noStore: true,
    params: promptParams,
    query: versionsQuery,
    responses: {
      200: {
        description: 'Versions',
        schema: z.object({ success: z.literal(true), promptId: z.string(), order: z.enum(['asc', 'desc']), productionVersionId: z.string().nullable(), versions: z.array(versionSchema) }),
      },
      404: notFound,
    },
    handler: async (ctx, { principal, params, query }) => ({ success: true, order: query.order, ...(await ctx.services.prompts.versions(principal, params.id, query.order)) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/prompts/:id/versions/:version',
    summary: 'One version: production, latest, a version number or a version id',
    tags,
    auth: readPrompts,
    noStore: true,
    params: versionParams,
    responses: { 200: { description: 'Version', schema: z.object({ success: z.literal(true), promptId: z.string(), version: versionSchema }) }, 404: { description: 'PROMPT_NOT_FOUND or VERSION_NOT_FOUND', schema: errorSchema } },
    handler: async (ctx, { principal, params }) => ({ success: true, ...(await ctx.services.prompts.version(principal, params.id, params.version)) }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/prompts/:id/production',
    summary: 'Move the production label to a version ({versionId} or {versionNumber})',
    tags,
    auth: sessionOnly,
    noStore: true,
    params: promptParams,
    body: productionBody,
    responses: { 200: { description: 'The prompt, production moved', schema: one }, 403: { description: 'Only the owner or a company admin', schema: errorSchema }, 404: { description: 'PROMPT_NOT_FOUND or VERSION_NOT_FOUND', schema: errorSchema } },
    handler: async (ctx, { principal, params, body }) => ({ success: true, prompt: await ctx.services.prompts.setProduction(principal, params.id, body) }),
  }),
];
