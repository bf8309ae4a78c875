import { z } from 'zod';
import { errorSchema } from '../schemas/common';
import {
  chatTestCreateBody,
  chatTestCreateResponse,
  chatTestEligibility,
  chatTestImportBody,
  chatTestImportResponse,
  chatTestParams,
  chatTestRun,
  chatTestVersionQuery,
} from '../schemas/prompt-chat-test';
import { type AuthRule, defineRoute } from './define';

/**
 * Test in chat under /api/v1/prompts/{id}/chat-test (spec document 2): session only, Shield data
 * protection in the plan (403 FEATURE_NOT_IN_PACKAGE), edit rights on the prompt. Every answer,
 * errors included, is Cache-Control: no-store (files and restored answers must not be cached).
 * These routes never call a model or the gateway.
 */
const sessionOnly: AuthRule = { accept: ['session'] };
const tags = ['Test in chat'];
const common = {
  401: { description: 'Not signed in (session only)', schema: errorSchema },
  403: { description: 'FEATURE_NOT_IN_PACKAGE, PROMPT_EDIT_FORBIDDEN', schema: errorSchema },
  404: { description: 'PROMPT_NOT_FOUND, VERSION_NOT_FOUND', schema: errorSchema },
};

export const promptChatTestRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/prompts/:id/chat-test',
    summary: 'Whether a version can be tested in a vendor chat: test sets, vendors, the naked rule',
    description: 'versionId defaults to the latest version.',
    tags,
    auth: sessionOnly,
    noStore: true,
    params: chatTestParams,
    query: chatTestVersionQuery,
    responses: { 200: { description: 'Eligibility', schema: chatTestEligibility }, ...common },
    handler: (ctx, { principal, params, query }) => ctx.services.chatTestRuns.eligibility(principal, params.id, query.versionId),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/prompts/:id/chat-test',
    summary: 'Create runs: one protected Markdown file (stand-ins only) per test set',
    description:
      'Each run is a protected handoff of the version rendered with one test set (counts toward the Shield quota). A test set that fails is reported in errors with testSetId, code and error; the others are created.',
    tags,
    auth: sessionOnly,
    noStore: true,
    invalidCode: 'BAD_CHAT_TEST_REQUEST',
    params: chatTestParams,
    body: chatTestCreateBody,
    responses: {
      201: { description: 'Runs and per-test-set errors', schema: chatTestCreateResponse },
      400: { description: 'BAD_CHAT_TEST_REQUEST (body, vendor, naked with a system prompt)', schema: errorSchema },
      ...common,
      429: { description: 'QUOTA_EXCEEDED (before the first run)', schema: errorSchema },
    },
    handler: async (ctx, { principal, params, body }) => {
      const created = await ctx.services.chatTestRuns.create(principal, params.id, body);
      ctx.status = 201;
      return created;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/prompts/:id/chat-test/runs',
    summary: "The caller's own last 50 runs on the prompt (optionally of one version)",
    tags,
    auth: sessionOnly,
    noStore: true,
    params: chatTestParams,
    query: chatTestVersionQuery,
    responses: { 200: { description: 'Runs, newest first', schema: z.object({ runs: z.array(chatTestRun) }) }, ...common },
    handler: (ctx, { principal, params, query }) => ctx.services.chatTestRuns.list(principal, params.id, query.versionId),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/prompts/:id/chat-test/import',
    summary: "Import an assistant's answer: restore it, check it, store it encrypted on the version",
    description:
      'The run is picked by the run-<ref> in fileName, else in text, else runId. Only the run’s creator can import it. A withheld answer stores nothing (201, imported false, responseId null). Counts toward the Shield quota.',
    tags,
    auth: sessionOnly,
    noStore: true,
    bodyLimit: '10mb',
    invalidCode: 'BAD_CHAT_IMPORT_REQUEST',
    params: chatTestParams,
    body: chatTestImportBody,
    responses: {
      201: { description: 'Imported (or withheld: imported false)', schema: chatTestImportResponse },
      400: { description: 'BAD_CHAT_IMPORT_REQUEST (text missing or wrong shape, rating not 1-5)', schema: errorSchema },
      ...common,
      404: { description: 'PROMPT_NOT_FOUND, RUN_NOT_FOUND (no such run of yours; another user’s run, admins included, is not found)', schema: errorSchema },
      409: { description: 'RUN_ALREADY_IMPORTED', schema: errorSchema },
      410: { description: 'HANDOFF_GONE', schema: errorSchema },
      413: { description: 'TOO_LARGE (text over 2,000,000 characters)', schema: errorSchema },
      422: { description: 'RUN_REF_MISSING', schema: errorSchema },
      429: { description: 'QUOTA_EXCEEDED', schema: errorSchema },
    },
    handler: async (ctx, { principal, params, body }) => {
      const out = await ctx.services.chatTestImport.import(principal, params.id, body);
      ctx.status = 201;
      return out;
    },
  }),
];
