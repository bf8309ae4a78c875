import { z } from 'zod';
import { API_KEY_KINDS, EXTERNAL_KEY_SCOPES, GATEWAY_KEY_TYPES } from '../../domain/api-keys';

const name = z.string().trim().min(1, 'name is required').max(200);
// The column is a PostgreSQL integer: a larger value would fail in the database as a 500.
const maxRequestsPerMonth = z.number().int().positive().max(2_147_483_647).nullable().optional().describe('null: unlimited');
// Safe integers only: the column is a bigint, and a JSON number above 2^53 has already lost digits.
const maxTokensPerMonth = z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional().describe('null: unlimited');
// A key that is expired on arrival is a mistake (a date in the wrong year, seconds for ms): refuse it.
const expiresAt = z.coerce
  .date()
  .refine((d) => d.getTime() > Date.now(), 'expiresAt must be in the future')
  .nullable()
  .optional()
  .describe('null: never expires');

export const createApiKeyBody = z
  .object({
    name,
    kind: z.enum(API_KEY_KINDS).default('GATEWAY'),
    type: z.enum(GATEWAY_KEY_TYPES).optional().describe('Required for GATEWAY keys'),
    scopes: z.array(z.enum(EXTERNAL_KEY_SCOPES)).optional().describe('Required for EXTERNAL keys'),
    maxRequestsPerMonth,
    maxTokensPerMonth,
    expiresAt,
  })
  .openapi('CreateApiKeyRequest');

// Kind, type and scopes are fixed at creation (strict: sending them is an error, not ignored).
export const updateApiKeyBody = z
  .object({ name: name.optional(), maxRequestsPerMonth, maxTokensPerMonth, expiresAt })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update')
  .openapi('UpdateApiKeyRequest');

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(API_KEY_KINDS),
    type: z.enum(GATEWAY_KEY_TYPES).nullable(),
    scopes: z.array(z.string()),
    keyPrefix: z.string(),
    maxRequestsPerMonth: z.number().nullable(),
    maxTokensPerMonth: z.number().nullable(),
    usageMonth: z.string().nullable(),
    requestsThisMonth: z.number(),
    tokensThisMonth: z.number(),
    createdByUserId: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    isActive: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('ApiKey');

export const listApiKeysQuery = z.object({
  includeRevoked: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
