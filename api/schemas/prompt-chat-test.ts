import { z } from 'zod';

/**
 * Test in chat shapes (spec document 2, "Test in chat" and "Chat-test run"), for validation and
 * the OpenAPI document. The import text's 2,000,000-character limit is checked by the service
 * (413 TOO_LARGE), not here, where it could only be a 400.
 */
export const chatTestParams = z.object({ id: z.string().min(1) });
export const chatTestVersionQuery = z.object({ versionId: z.string().min(1).optional() });

export const chatTestCreateBody = z
  .object({
    versionId: z.string().min(1),
    testSetIds: z.array(z.string().min(1)).min(1).max(20),
    vendor: z.string().min(1).openapi({ description: 'a supported vendor assistant (see the eligibility answer)' }),
    naked: z.boolean().default(false),
  })
  .strict()
  .openapi('ChatTestCreateRequest');

export const chatTestImportBody = z
  .object({
    text: z.string().min(1).openapi({ description: 'the returned file or pasted answer; at most 2,000,000 characters' }),
    fileName: z.string().max(1000).optional(),
    runId: z.string().max(200).optional(),
    rating: z.number().int().min(1).max(5).optional(),
  })
  .openapi('ChatTestImportRequest');

const checks = z.object({
  results: z.array(z.object({ kind: z.enum(['contains', 'pattern']), expected: z.string(), passed: z.boolean() })),
  passed: z.number().int(),
  total: z.number().int(),
});

export const chatTestRun = z
  .object({
    ref: z.string(),
    versionId: z.string(),
    testSetId: z.string().nullable(),
    testSetName: z.string(),
    vendor: z.string(),
    naked: z.boolean(),
    status: z.enum(['open', 'IMPORTED']),
    handoffId: z.string(),
    responseId: z.string().nullable(),
    rating: z.number().int().nullable(),
    checks: checks.nullable(),
    createdAt: z.string(),
    importedAt: z.string().nullable(),
  })
  .openapi('ChatTestRun');

export const chatTestEligibility = z
  .object({
    promptId: z.string(),
    versionId: z.string(),
    versionNumber: z.number().int(),
    eligible: z.boolean(),
    reasons: z.array(z.string()),
    testSets: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        eligible: z.boolean(),
        missingVariables: z.array(z.string()),
        expectations: z.object({ contains: z.number().int(), pattern: z.boolean() }),
      }),
    ),
    vendors: z.array(z.object({ id: z.string(), name: z.string() })),
    naked: z.object({ allowed: z.boolean(), rule: z.string() }),
    limits: z.object({ testSetsPerRequest: z.number().int(), importChars: z.number().int() }),
  })
  .openapi('ChatTestEligibility');

export const chatTestCreateResponse = z
  .object({
    runs: z.array(z.object({ ref: z.string(), fileName: z.string(), markdown: z.string(), handoffId: z.string(), testSetId: z.string() })),
    errors: z.array(z.object({ testSetId: z.string(), code: z.string(), error: z.string() })),
  })
  .openapi('ChatTestCreateResponse');

export const chatTestImportResponse = z
  .object({
    imported: z.boolean(),
    run: z.object({ ref: z.string(), versionId: z.string(), testSetId: z.string().nullable(), vendor: z.string(), status: z.enum(['open', 'IMPORTED']) }),
    verdict: z.object({ status: z.enum(['clean', 'withheld', 'none', 'malformed']), reason: z.string(), lineCount: z.number().int(), firstLine: z.string() }),
    checks,
    responseId: z.string().nullable(),
    restored: z.object({
      text: z.string(),
      highlights: z.array(z.object({ start: z.number().int(), end: z.number().int(), kind: z.string(), entityType: z.string().optional() })),
      replaced: z.number().int(),
      expiredOrDeleted: z.number().int(),
      unrecognised: z.number().int(),
    }),
  })
  .openapi('ChatTestImportResponse');
