import { z } from 'zod';
import type { Permission } from '../../domain/roles';
import { createSyntheticPromptBody, importLibraryBody, updateSyntheticPromptBody } from '../../services/synthetic/prompts';
import { errorSchema } from '../schemas/common';
import { type AuthRule, defineRoute } from './define';

/**
 * Synthetic prompts and the curated starter library (spec document 1, "Synthetic testing").
 * Bearer API key (and the console's session); the role table of the spec through the permissions
 * synthetic.prompts.create (write) and synthetic.results.view (read). Invalid input is 400
 * VALIDATION_ERROR; another company's prompt is 404 NOT_FOUND.
 */
export const syntheticAuth = (permission: Permission): AuthRule => ({ accept: ['gateway_key', 'session'], permission });
export const syntheticErrors = {
  400: { description: 'VALIDATION_ERROR', schema: errorSchema },
  401: { description: 'UNAUTHORIZED', schema: errorSchema },
  403: { description: 'FORBIDDEN (the role table)', schema: errorSchema },
};
/** The per-company minute limits of the expensive calls (services/synthetic/rate-limit.ts). */
export const syntheticRateLimited = { 429: { description: 'RATE_LIMITED (Retry-After; {retryAfter, limit: {requests, window, scope}})', schema: errorSchema } };
const notFound = { 404: { description: 'NOT_FOUND', schema: errorSchema } };
const tags = ['Synthetic testing'];
const invalidCode = 'VALIDATION_ERROR';

const promptSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prompt: z.string(),
    category: z.string(),
    expectedBehavior: z.string(),
    expectedResponse: z.string().nullable(),
    tags: z.array(z.string()),
    variables: z.record(z.string(), z.unknown()),
    includeKpiTracking: z.boolean(),
    isActive: z.boolean(),
    language: z.string().nullable().describe('en or de for library prompts'),
    libraryKey: z.string().nullable().describe('the library entry this prompt was imported from'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('SyntheticPrompt');
const promptParams = z.object({ promptId: z.string().min(1) });

export const syntheticPromptRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/synthetic/prompts',
    summary: 'The synthetic prompts of the company',
    tags,
    auth: syntheticAuth('synthetic.results.view'),
    responses: { 200: { description: 'Prompts', schema: z.object({ prompts: z.array(promptSchema) }) }, ...syntheticErrors },
    handler: (ctx, { principal }) => ctx.services.syntheticPrompts.list(principal),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/synthetic/prompts',
    summary: 'Create a synthetic prompt',
    tags,
    auth: syntheticAuth('synthetic.prompts.create'),
    invalidCode,
    body: createSyntheticPromptBody,
    responses: { 201: { description: 'Created', schema: z.object({ prompt: promptSchema }) }, ...syntheticErrors },
    async handler(ctx, { principal, body }) {
      const prompt = await ctx.services.syntheticPrompts.create(principal, body);
      ctx.status = 201;
      return { prompt };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/synthetic/prompts/:promptId',
    summary: 'One synthetic prompt',
    tags,
    auth: syntheticAuth('synthetic.results.view'),
    params: promptParams,
    responses: { 200: { description: 'Prompt', schema: z.object({ prompt: promptSchema }) }, ...syntheticErrors, ...notFound },
    handler: async (ctx, { principal, params }) => ({ prompt: await ctx.services.syntheticPrompts.get(principal, params.promptId) }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/synthetic/prompts/:promptId',
    summary: 'Update a synthetic prompt (any of its fields)',
    tags,
    auth: syntheticAuth('synthetic.prompts.create'),
    invalidCode,
    params: promptParams,
    body: updateSyntheticPromptBody,
    responses: { 200: { description: 'Updated', schema: z.object({ prompt: promptSchema }) }, ...syntheticErrors, ...notFound },
    handler: async (ctx, { principal, params, body }) => ({ prompt: await ctx.services.syntheticPrompts.update(principal, params.promptId, body) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/synthetic/prompts/:promptId',
    summary: 'Delete a synthetic prompt and its schedules (logs stay, without the reference)',
    tags,
    auth: syntheticAuth('synthetic.prompts.create'),
    params: promptParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ success: z.literal(true), id: z.string() }) }, ...syntheticErrors, ...notFound },
    async handler(ctx, { principal, params }) {
      await ctx.services.syntheticPrompts.remove(principal, params.promptId);
      return { success: true, id: params.promptId };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/synthetic/library',
    summary: 'The curated starter library (English and German)',
    tags,
    auth: syntheticAuth('synthetic.results.view'),
    responses: { 200: { description: 'Library', schema: z.object({ prompts: z.array(z.record(z.string(), z.unknown())) }) }, ...syntheticErrors },
    handler: (ctx) => ctx.services.syntheticPrompts.library(),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/synthetic/library/import',
    summary: 'Copy library prompts (all, some keys, or one language) into the company; already imported ones are skipped',
    tags,
    auth: syntheticAuth('synthetic.prompts.create'),
    invalidCode,
    body: importLibraryBody,
    responses: { 200: { description: 'Imported', schema: z.object({ imported: z.number(), prompts: z.array(promptSchema) }) }, ...syntheticErrors },
    handler: (ctx, { principal, body }) => ctx.services.syntheticPrompts.importLibrary(principal.companyId, principal.userId, body),
  }),
];
