import type { Context } from 'koa';
import { z } from 'zod';
import {
  bootstrapBody,
  encryptedPromptCreate,
  encryptedResponseCreate,
  shareCreate,
  sharesQuery,
} from '../../services/zero-knowledge/requests';
import { errorSchema, idParams } from '../schemas/common';
import { createPromptBody } from '../schemas/prompts';
import { type AuthRule, defineRoute, parse } from './define';
import { requireScope } from './prompts';

/**
 * Zero-knowledge encryption (spec document 2): the bootstrap handshake, encrypted prompts and
 * responses, key shares, the company and project switches, and the dual-mode POST
 * /api/v1/prompts/zk. Invalid input is 400 invalid_request with details; every answer is no-store.
 * Shapes the spec does not show are in docs/API.md ("Zero-knowledge encryption").
 */
const session: AuthRule = { accept: ['session'] };
const apiKey: AuthRule = { accept: ['gateway_key', 'external_key'] };
const sessionOrKey: AuthRule = { accept: ['session', 'gateway_key', 'external_key'] };
const tags = ['Zero knowledge'];
const err = (description: string) => ({ description, schema: errorSchema });
const common = { 400: err('invalid_request: validation details'), 401: err('Missing or invalid session or API key'), 403: err('zero_knowledge_disabled or not allowed') };
const any = z.object({}).passthrough();
const zk = { tags, noStore: true, invalidCode: 'invalid_request' } as const;

const rawBody = (ctx: Context) => (ctx.request as { body?: unknown }).body;

export const zeroKnowledgeRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v1/pzk/bootstrap',
    summary: 'Initialize, get or rotate data keys, delivered wrapped for the client public key (X25519 + HKDF-SHA256 + AES-256-GCM)',
    ...zk,
    auth: session,
    body: bootstrapBody,
    responses: { 200: { description: 'keys and action', schema: any }, ...common, 404: err('repository_not_found') },
    handler: (ctx, { principal, body }) => ctx.services.zkKeys.bootstrap(principal, body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/pzk/bootstrap',
    summary: 'Zero-knowledge status of the company',
    ...zk,
    auth: session,
    responses: { 200: { description: 'initialized, companyKeyId, repositoriesWithZK, enabled, features', schema: any }, 401: common[401] },
    handler: (ctx, { principal }) => ctx.services.zkKeys.status(principal),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/pzk/public-keys/:id',
    summary: "A member's registered X25519 public key, for a client that wraps a share itself",
    ...zk,
    auth: session,
    params: idParams,
    responses: { 200: { description: 'userId, publicKey, algorithm', schema: any }, 404: err('not_found') },
    handler: (ctx, { principal, params }) => ctx.services.zkKeys.publicKey(principal, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/pzk/encrypted-prompts',
    summary: 'Store a client-side encrypted prompt',
    ...zk,
    auth: apiKey,
    bodyLimit: '4mb',
    body: encryptedPromptCreate,
    responses: { 201: { description: '{ok, prompt}', schema: any }, ...common, 404: err('repository_not_found or not_found (key)') },
    async handler(ctx, { principal, body }) {
      const prompt = await ctx.services.zkContent.createPrompt(principal, body);
      ctx.status = 201;
      return { ok: true, prompt };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/pzk/encrypted-prompts',
    summary: 'One encrypted prompt by its public id',
    ...zk,
    auth: apiKey,
    query: z.object({ promptId: z.string({ error: 'promptId is required' }).min(1, 'promptId is required').max(100) }),
    responses: { 200: { description: '{ok, prompt}', schema: any }, 400: common[400], 401: common[401], 404: err('not_found') },
    handler: async (ctx, { principal, query }) => ({ ok: true, prompt: await ctx.services.zkContent.getPrompt(principal, query.promptId) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/pzk/encrypted-responses',
    summary: 'Store a client-side encrypted response',
    ...zk,
    auth: apiKey,
    bodyLimit: '4mb',
    body: encryptedResponseCreate,
    responses: { 201: { description: '{ok, response: {executionId, promptId, createdAt}}', schema: any }, ...common, 404: err('not_found (prompt or key)') },
    async handler(ctx, { principal, body }) {
      const response = await ctx.services.zkContent.createResponse(principal, body);
      ctx.status = 201;
      return { ok: true, response };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/pzk/encrypted-responses',
    summary: 'The encrypted responses stored for one execution (addition)',
    ...zk,
    auth: apiKey,
    query: z.object({ executionId: z.string({ error: 'executionId is required' }).min(1, 'executionId is required').max(200) }),
    responses: { 200: { description: '{ok, responses}', schema: any }, 400: common[400], 401: common[401] },
    handler: async (ctx, { principal, query }) => ({ ok: true, responses: await ctx.services.zkContent.listResponses(principal, query.executionId) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/pzk/shares',
    summary: 'Key shares the caller received or granted',
    ...zk,
    auth: session,
    query: sharesQuery,
    responses: { 200: { description: '{shares}', schema: any }, 400: common[400], 401: common[401] },
    handler: (ctx, { principal, query }) => ctx.services.zkShares.list(principal, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/pzk/shares',
    summary: "Share a data key with a member (the client's envelope, or wrapped here for the recipient's registered public key)",
    ...zk,
    auth: session,
    body: shareCreate,
    responses: {
      201: { description: '{share}', schema: any },
      ...common,
      404: err('not_found (key or recipient)'),
      422: err('recipient_public_key_missing: no registered public key and no envelope'),
    },
    async handler(ctx, { principal, body }) {
      const share = await ctx.services.zkShares.create(principal, body);
      ctx.status = 201;
      return { share };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/pzk/shares/:id',
    summary: 'Revoke a share (its grantor or a company admin; idempotent)',
    ...zk,
    auth: session,
    params: idParams,
    responses: { 200: { description: '{share} with status revoked', schema: any }, 403: common[403], 404: err('not_found') },
    handler: async (ctx, { principal, params }) => ({ share: await ctx.services.zkShares.revoke(principal, params.id) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/zero-knowledge/company',
    summary: "The company's zero-knowledge setting (Account Owner, Admin or Super Admin)",
    ...zk,
    auth: session,
    responses: { 200: { description: '{companyId, globalEnabled, zeroKnowledgeEnabled}', schema: any }, 401: common[401], 403: common[403] },
    handler: (ctx, { principal }) => ctx.services.zkSettings.getCompany(principal),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/zero-knowledge/company',
    summary: 'Turn zero knowledge on or off for the company',
    ...zk,
    auth: session,
    body: z.object({ enabled: z.boolean({ error: 'enabled must be a boolean' }) }).strict(),
    responses: { 200: { description: '{success, companyId, globalEnabled, zeroKnowledgeEnabled}', schema: any }, ...common },
    handler: (ctx, { principal, body }) => ctx.services.zkSettings.putCompany(principal, body.enabled),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/zero-knowledge/projects/:id',
    summary: "A project's zero-knowledge setting (null inherits the company)",
    ...zk,
    auth: session,
    params: idParams,
    responses: { 200: { description: '{projectId, companyEnabled, projectEnabled, enabled, updatedAt}', schema: any }, 404: err('not_found') },
    handler: (ctx, { principal, params }) => ctx.services.zkSettings.getProject(principal, params.id),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/zero-knowledge/projects/:id',
    summary: 'Turn zero knowledge on or off for a project (project edit permission)',
    ...zk,
    auth: session,
    params: idParams,
    body: z.object({ enabled: z.boolean({ error: 'enabled must be a boolean' }) }).strict(),
    responses: { 200: { description: '{success, projectId, companyEnabled, projectEnabled, enabled, updatedAt}', schema: any }, ...common, 404: err('not_found') },
    handler: (ctx, { principal, params, body }) => ctx.services.zkSettings.putProject(principal, params.id, body.enabled),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/prompts/zk',
    summary: 'Dual mode: the encrypted prompt body when the company has zero knowledge on, the standard prompt body when off',
    tags: ['Prompts', ...tags],
    noStore: true,
    auth: sessionOrKey,
    bodyLimit: '4mb',
    body: any,
    responses: { 201: { description: '{success, mode: zero-knowledge, ok, prompt} or {success, mode: standard, prompt}', schema: any }, ...common, 404: err('repository_not_found') },
    async handler(ctx, { principal }) {
      requireScope(principal, ['create:prompts']);
      if (await ctx.services.zkSettings.enabled(principal)) {
        const prompt = await ctx.services.zkContent.createPrompt(principal, parse(encryptedPromptCreate, rawBody(ctx), 'body', 'invalid_request') as z.output<typeof encryptedPromptCreate>);
        ctx.status = 201;
        return { success: true, ok: true, mode: 'zero-knowledge', prompt };
      }
      const prompt = await ctx.services.prompts.create(principal, parse(createPromptBody, rawBody(ctx), 'body') as z.output<typeof createPromptBody>);
      ctx.status = 201;
      return { success: true, mode: 'standard', prompt };
    },
  }),
];
