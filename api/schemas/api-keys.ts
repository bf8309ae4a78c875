import { z } from 'zod';
import { API_KEY_KINDS, EXTERNAL_KEY_SCOPES, GATEWAY_KEY_TYPES } from '../../domain/api-keys';

export const createApiKeyBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    kind: z.enum(API_KEY_KINDS).default('GATEWAY'),
    type: z.enum(GATEWAY_KEY_TYPES).optional().describe('Required for GATEWAY keys'),
    scopes: z.array(z.enum(EXTERNAL_KEY_SCOPES)).optional().describe('Required for EXTERNAL keys'),
    maxRequestsPerMonth: z.number().int().positive().nullable().optional(),
    maxTokensPerMonth: z.number().int().positive().nullable().optional(),
    expiresAt: z.coerce.date().nullable().optional(),
  })
  .openapi('CreateApiKeyRequest');

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
