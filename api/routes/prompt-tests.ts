import { z } from 'zod';
import { GATEWAY_KEY_TYPES } from '../../domain/api-keys';
import { errorSchema, paginationQuery } from '../schemas/common';
import {
  caseSchema,
  createTestSetBody,
  paginationSchema,
  promptIdParams,
  putValuesBody,
  runParams,
  runSchema,
  startRunBody,
  testSetParams,
  testSetSchema,
  testSetValuesSchema,
} from '../schemas/prompts';
import { type AuthRule, defineRoute } from './define';
import { readPrompts } from './prompts';

/**
 * Test sets and test runs of a stored prompt (spec document 2). They answer only people who can
 * open the prompt in its own company: another company's prompt, or one the caller cannot see, is
 * 404 PROMPT_NOT_FOUND, for reads too; every answer carries Cache-Control: no-store. Writing test
 * sets takes the keys that may create prompts; running takes the keys that may execute.
 */
const writeTestSets: AuthRule = { accept: ['session', 'gateway_key'], keyTypes: ['FULL_ACCESS', 'OPENAI_COMPAT'] };
const runTests: AuthRule = { accept: ['session', 'gateway_key'], keyTypes: GATEWAY_KEY_TYPES.filter((t) => t !== 'READ_ONLY'), permission: 'gateway.execute' };
const notFound = { description: 'PROMPT_NOT_FOUND or TEST_SET_NOT_FOUND', schema: errorSchema };
const badPattern = { description: 'BAD_EXPECTED_PATTERN (details name the construct) or INVALID_TEST_SET', schema: errorSchema };
const tags = ['Prompt tests'];

export const promptTestRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/prompts/:promptId/test-sets',
    summary: 'The test sets of a prompt',
    tags,
    auth: readPrompts,
    noStore: true,
    params: promptIdParams,
    responses: { 200: { description: 'Test sets', schema: z.object({ success: z.literal(true), promptId: z.string(), testSets: z.array(testSetSchema) }) }, 404: notFound },
    handler: async (ctx, { principal, params }) => ({ success: true, ...(await ctx.services.testSets.list(principal, params.promptId)) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/prompts/:promptId/test-sets',
    summary: 'Create a test set: variable values plus expectedContains and expectedPattern',
    tags,
    auth: writeTestSets,
    noStore: true,
    params: promptIdParams,
    body: createTestSetBody,
    responses: { 201: { description: 'Created', schema: z.object({ success: z.literal(true), testSet: testSetSchema }) }, 400: badPattern, 404: notFound, 409: { description: 'Name taken', schema: errorSchema } },
    async handler(ctx, { principal, params, body }) {
      const testSet = await ctx.services.testSets.create(principal, params.promptId, body);
      ctx.status = 201;
      return { success: true, testSet };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/prompts/:promptId/test-sets/:testSetId/values',
    summary: 'Values and expectations of a test set',
    tags,
    auth: readPrompts,
    noStore: true,
    params: testSetParams,
    responses: { 200: { description: 'Values', schema: testSetValuesSchema }, 404: notFound },
    handler: (ctx, { principal, params }) => ctx.services.testSets.getValues(principal, params.promptId, params.testSetId),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/prompts/:promptId/test-sets/:testSetId/values',
    summary: 'Set expectations (and values, which may be left out)',
    tags,
    auth: writeTestSets,
    noStore: true,
    params: testSetParams,
    body: putValuesBody,
    responses: { 200: { description: 'Values', schema: testSetValuesSchema }, 400: badPattern, 404: notFound },
    handler: (ctx, { principal, params, body }) => ctx.services.testSets.putValues(principal, params.promptId, params.testSetId, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/prompts/:promptId/test-sets/:testSetId',
    summary: 'Delete a test set (past runs keep their snapshot of it)',
    tags,
    auth: writeTestSets,
    noStore: true,
    params: testSetParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ success: z.literal(true) }) }, 404: notFound },
    async handler(ctx, { principal, params }) {
      await ctx.services.testSets.remove(principal, params.promptId, params.testSetId);
      return { success: true };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/prompts/:promptId/test-runs',
    summary: 'Run a version (default: latest) against one or all test sets through the gateway, as the workflow prompt-test:<runId>',
    tags,
    auth: runTests,
    noStore: true,
    params: promptIdParams,
    body: startRunBody,
    responses: {
      202: { description: 'Started', schema: z.object({ success: z.literal(true), run: runSchema }) },
      400: { description: 'NO_TEST_SETS', schema: errorSchema },
      404: { description: 'PROMPT_NOT_FOUND, VERSION_NOT_FOUND or TEST_SET_NOT_FOUND', schema: errorSchema },
      409: { description: 'PROMPT_DEACTIVATED', schema: errorSchema },
      503: { description: 'The workflow service is unavailable', schema: errorSchema },
    },
    async handler(ctx, { principal, params, body }) {
      const run = await ctx.services.testRuns.start(principal, params.promptId, body);
      ctx.status = 202;
      return { success: true, run };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/prompts/:promptId/test-runs',
    summary: 'Test runs of a prompt, newest first',
    tags,
    auth: readPrompts,
    noStore: true,
    params: promptIdParams,
    query: paginationQuery(20, 100),
    responses: { 200: { description: 'Runs', schema: z.object({ success: z.literal(true), runs: z.array(runSchema), pagination: paginationSchema }) }, 404: notFound },
    handler: async (ctx, { principal, params, query }) => ({ success: true, ...(await ctx.services.testRuns.list(principal, params.promptId, query)) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/prompts/:promptId/test-runs/:runId',
    summary: 'One test run with its cases: answer, provider, tokens, cost, latency and each expectation',
    tags,
    auth: readPrompts,
    noStore: true,
    params: runParams,
    responses: { 200: { description: 'Run', schema: z.object({ success: z.literal(true), run: runSchema.extend({ cases: z.array(caseSchema) }) }) }, 404: { description: 'PROMPT_NOT_FOUND or TEST_RUN_NOT_FOUND', schema: errorSchema } },
    handler: async (ctx, { principal, params }) => ({ success: true, run: await ctx.services.testRuns.get(principal, params.promptId, params.runId) }),
  }),
];
