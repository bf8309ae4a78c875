import { z } from 'zod';
import { MAX_CONTAINS_PHRASES, MAX_PATTERN_LENGTH, MAX_PHRASE_LENGTH } from '../../domain/prompts/expectations';
import { PROMPT_VISIBILITIES } from '../../domain/prompts/visibility';

/**
 * HTTP shapes of stored prompts, versions, test sets and test runs (spec document 2; what the spec
 * leaves open is chosen in docs/API.md, "Prompt library"). Limits are the spec's: name 1-100,
 * temperature 0-2 (0.7), maxTokens 1-8000 (1000), list page 1-100 (20).
 */
const name = z.string({ error: 'name must be a string' }).trim().min(1, 'name is 1-100 characters').max(100, 'name is 1-100 characters');
const tags = z.array(z.string().trim().min(1).max(50)).max(50, 'at most 50 tags');
const uuidList = z.array(z.string().uuid('must be an id')).max(500);

const fields = {
  name,
  userPrompt: z.string({ error: 'userPrompt must be a string' }).min(1, 'userPrompt is required').max(200_000),
  systemPrompt: z.string().max(200_000).nullable().optional(),
  description: z.string().max(2000).nullable().optional(),
  temperature: z.number({ error: 'temperature must be a number' }).min(0, 'temperature is 0.0-2.0').max(2, 'temperature is 0.0-2.0'),
  maxTokens: z.number({ error: 'maxTokens must be a number' }).int('maxTokens is an integer').min(1, 'maxTokens is 1-8000').max(8000, 'maxTokens is 1-8000'),
  category: z.string().max(100).nullable().optional(),
  tags,
  visibility: z.enum(PROMPT_VISIBILITIES, { error: 'visibility must be PRIVATE, SHARED or PUBLIC' }),
  sharedWithUserIds: uuidList.describe('SHARED only: users it is shared with (empty with no teams = the whole company)'),
  sharedWithTeamIds: uuidList.describe('SHARED only: teams it is shared with'),
  repositoryId: z.string().max(100).nullable().describe('public repositoryId (repo_...) or database id'),
  branch: z.string().trim().min(1).max(100),
  taskCodes: z.array(z.string().max(64)).max(20).describe('the pinned task (gateway rule 5): routing task codes'),
};

export const createPromptBody = z
  .object({
    ...fields,
    temperature: fields.temperature.default(0.7),
    maxTokens: fields.maxTokens.default(1000),
    tags: tags.default([]),
    visibility: fields.visibility.default('PRIVATE'),
    sharedWithUserIds: fields.sharedWithUserIds.optional(),
    sharedWithTeamIds: fields.sharedWithTeamIds.optional(),
    repositoryId: fields.repositoryId.optional(),
    branch: fields.branch.default('main'),
    taskCodes: fields.taskCodes.optional(),
  })
  .strict()
  .openapi('PromptCreateRequest');

export const updatePromptBody = z
  .object({
    ...fields,
    isActive: z.boolean({ error: 'isActive must be a boolean' }),
    setProduction: z.boolean().describe('move the production label to the version this update creates (or to the latest)'),
    versionNote: z.string().max(500).nullable(),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' })
  .openapi('PromptUpdateRequest');

export const cloneBody = z
  .object({ sourcePromptId: z.string().min(1, 'sourcePromptId is required'), name: name.optional().describe('default: "<name> (copy)"') })
  .strict()
  .openapi('PromptCloneRequest');

export const productionBody = z
  .object({ versionId: z.string().uuid().optional(), versionNumber: z.number().int().positive().optional() })
  .strict()
  .refine((b) => (b.versionId === undefined) !== (b.versionNumber === undefined), { message: 'give exactly one of versionId or versionNumber' })
  .openapi('PromptProductionRequest');

const boolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const listPromptsQuery = z.object({
  query: z.string().max(200).optional().describe('search in name and description'),
  category: z.string().max(100).optional(),
  tags: z.string().max(1000).optional().describe('comma-separated; prompts with any of them'),
  repositoryId: z.string().max(100).optional(),
  visibility: z.enum(['PRIVATE', 'COMPANY', 'SHARED', 'PUBLIC'], { error: 'visibility must be PRIVATE, COMPANY (= SHARED) or PUBLIC' }).optional(),
  isActive: boolQuery.optional().describe('default: both'),
  limit: z.coerce.number().int().min(1, 'limit is 1-100').max(100, 'limit is 1-100').default(20),
  offset: z.coerce.number().int().min(0).default(0),
  sortBy: z.enum(['createdAt', 'updatedAt', 'name', 'totalExecutions']).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});

export const versionsQuery = z.object({ order: z.enum(['asc', 'desc']).default('asc').describe('asc: oldest first (default)') });

export const promptParams = z.object({ id: z.string().min(1) });
export const promptIdParams = z.object({ promptId: z.string().min(1) });
export const versionParams = z.object({ id: z.string().min(1), version: z.string().min(1).describe('production, latest, a version number or a version id') });
export const testSetParams = z.object({ promptId: z.string().min(1), testSetId: z.string().min(1) });
export const runParams = z.object({ promptId: z.string().min(1), runId: z.string().min(1) });

const ref = z.object({ id: z.string(), versionNumber: z.number() });

export const promptSchema = z
  .object({
    id: z.string(),
    promptId: z.string().describe('prompt_<unix seconds>_<suffix>'),
    name: z.string(),
    description: z.string().nullable(),
    userPrompt: z.string().describe("the latest version's"),
    systemPrompt: z.string().nullable(),
    temperature: z.number(),
    maxTokens: z.number(),
    variables: z.array(z.string()),
    category: z.string().nullable(),
    tags: z.array(z.string()),
    visibility: z.enum(PROMPT_VISIBILITIES),
    sharedWithUserIds: z.array(z.string()),
    sharedWithTeamIds: z.array(z.string()),
    repositoryId: z.string().nullable(),
    branch: z.string(),
    taskCodes: z.array(z.string()),
    isActive: z.boolean(),
    version: ref.describe('the latest version'),
    productionVersion: ref.nullable(),
    versionCount: z.number(),
    totalExecutions: z.number(),
    lastExecutedAt: z.string().nullable(),
    createdByUserId: z.string().nullable(),
    createdByApiKeyId: z.string().nullable(),
    clonedFromId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Prompt');

export const versionSchema = z
  .object({
    id: z.string(),
    versionNumber: z.number(),
    userPrompt: z.string(),
    systemPrompt: z.string().nullable(),
    temperature: z.number(),
    maxTokens: z.number(),
    variables: z.array(z.string()),
    contentHash: z.string(),
    note: z.string().nullable(),
    isProduction: z.boolean(),
    createdByUserId: z.string().nullable(),
    createdByApiKeyId: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('PromptVersion');

export const paginationSchema = z.object({ total: z.number(), limit: z.number(), offset: z.number(), hasMore: z.boolean() });

// --- Test sets ---
const values = z
  .record(z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'variable names hold letters, digits, _ . -'), z.union([z.string().max(100_000), z.number(), z.boolean()]))
  .refine((v) => Object.keys(v).length <= 100, { message: 'at most 100 variables' })
  .describe('variable values: {name: value}');
const expectedContains = z
  .array(z.string({ error: 'each phrase is a string' }))
  .max(MAX_CONTAINS_PHRASES, `at most ${MAX_CONTAINS_PHRASES} phrases`)
  .describe(`up to ${MAX_CONTAINS_PHRASES} phrases of 1-${MAX_PHRASE_LENGTH} characters; matched ignoring case and extra whitespace`);
// Length and constructs are checked by the service, so a refused pattern answers BAD_EXPECTED_PATTERN.
const expectedPattern = z
  .string({ error: 'expectedPattern must be a string' })
  .nullable()
  .describe(`at most ${MAX_PATTERN_LENGTH} characters; matched ignoring case; backreferences, lookarounds, nested repetition and counts above 1000 are refused (400 BAD_EXPECTED_PATTERN)`);

export const createTestSetBody = z
  .object({ name, description: z.string().max(2000).nullable().optional(), values: values.optional(), expectedContains: expectedContains.optional(), expectedPattern: expectedPattern.optional() })
  .strict()
  .openapi('PromptTestSetCreateRequest');

export const putValuesBody = z
  .object({ values: values.optional(), expectedContains: expectedContains.optional(), expectedPattern: expectedPattern.optional() })
  .strict()
  .openapi('PromptTestSetValuesRequest');

export const testSetSchema = z
  .object({
    id: z.string(),
    promptId: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    values: z.record(z.string(), z.unknown()),
    expectedContains: z.array(z.string()),
    expectedPattern: z.string().nullable(),
    createdByUserId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('PromptTestSet');

export const testSetValuesSchema = z
  .object({ testSetId: z.string(), values: z.record(z.string(), z.unknown()), expectedContains: z.array(z.string()), expectedPattern: z.string().nullable() })
  .openapi('PromptTestSetValues');

// --- Test runs ---
export const startRunBody = z
  .object({
    versionId: z.string().uuid().optional().describe('default: the latest version'),
    versionNumber: z.number().int().positive().optional(),
    testSetId: z.string().uuid().optional().describe('default: every test set of the prompt'),
  })
  .strict()
  .default({})
  .openapi('PromptTestRunRequest');

export const runSchema = z
  .object({
    id: z.string(),
    promptId: z.string(),
    versionId: z.string(),
    versionNumber: z.number().nullable(),
    testSetId: z.string().nullable(),
    status: z.enum(['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED']),
    passed: z.number(),
    failed: z.number(),
    errored: z.number(),
    total: z.number(),
    error: z.string().nullable(),
    workflowId: z.string().describe('prompt-test:<runId>'),
    requestedByUserId: z.string().nullable(),
    requestedByApiKeyId: z.string().nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
  })
  .openapi('PromptTestRun');

export const caseSchema = z
  .object({
    id: z.string(),
    testSetId: z.string().nullable(),
    testSetName: z.string(),
    position: z.number(),
    values: z.record(z.string(), z.unknown()),
    status: z.enum(['PENDING', 'PASSED', 'FAILED', 'ERROR']),
    answer: z.string().nullable(),
    provider: z.string().nullable(),
    model: z.string().nullable(),
    tokens: z.object({ prompt: z.number().nullable(), completion: z.number().nullable(), total: z.number() }).nullable(),
    costUSD: z.number().nullable(),
    latencyMs: z.number().nullable(),
    executionId: z.string().nullable(),
    checks: z
      .object({ results: z.array(z.object({ kind: z.enum(['contains', 'pattern']), expected: z.string(), passed: z.boolean() })), passed: z.number(), total: z.number() })
      .nullable(),
    error: z.object({ code: z.string(), message: z.string().nullable() }).nullable(),
    completedAt: z.string().nullable(),
  })
  .openapi('PromptTestCase');
