import { z } from 'zod';

export const holdSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    executionId: z.string(),
    executionMode: z.literal('SUPERVISED'),
    status: z.enum(['PENDING_REVIEW', 'APPROVED', 'REJECTED', 'EXPIRED']),
    requestPayload: z.object({ prompt: z.string(), systemPrompt: z.string().nullable(), model: z.string(), provider: z.string() }),
    routingDecision: z.object({ provider: z.string(), model: z.string(), policyId: z.string().nullable() }),
    responsePayload: z.object({
      content: z.string(),
      usage: z.object({ promptTokens: z.number(), completionTokens: z.number(), totalTokens: z.number() }),
      model: z.string(),
    }),
    costEstimate: z.number(),
    expiresAt: z.string(),
    resolvedBy: z.string().nullable(),
    resolvedAt: z.string().nullable(),
    resolution: z.string().nullable(),
    resolver: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('ExecutionHold');

export const listHoldsQuery = z.object({
  status: z.enum(['PENDING_REVIEW', 'APPROVED', 'REJECTED', 'EXPIRED', 'ALL']).default('PENDING_REVIEW'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const resolveHoldBody = z
  .object({
    action: z.enum(['approve', 'reject'], { error: 'action must be approve or reject' }),
    reason: z.string().max(2000).optional(),
  })
  .openapi('ResolveHoldRequest');
