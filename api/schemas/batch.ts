import '../openapi'; // extends zod with .openapi(): services import these schemas outside the app too
import { z } from 'zod';
import { BATCH_ITEM_STATUSES, BATCH_STATUSES, QUALITY_TIERS, SPLIT_STRATEGIES } from '../../domain/batch/types';

/** Spec document 1, Batch job: one item of a batch (JSON body, or one line of the JSONL file). */
export const batchItemSchema = z.object({
  id: z.string({ error: 'id is required (a string)' }).min(1, 'id must not be empty').max(256),
  prompt: z.string({ error: 'prompt is required (a string)' }).min(1, 'prompt must not be empty'),
  systemPrompt: z.string().optional(),
  variables: z.record(z.string(), z.string()).optional(),
});
export type BatchItemInput = z.infer<typeof batchItemSchema>;

export const batchConfigSchema = z
  .object({
    name: z.string().max(200).optional(),
    routingPolicyId: z.string().max(200).optional(),
    qualityTier: z.enum(QUALITY_TIERS).optional(),
    providerHint: z.string().max(200).optional(),
    model: z.string().max(200).optional(),
    sanitization: z.boolean().optional(),
    splitStrategy: z.enum(SPLIT_STRATEGIES).default('single'),
    callbackUrl: z.string().url('callbackUrl must be an absolute URL').max(2000).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('BatchConfig');
export type BatchConfig = z.infer<typeof batchConfigSchema>;

export const createBatchBody = z
  .object({ items: z.array(batchItemSchema), config: batchConfigSchema.optional() })
  .openapi('CreateBatchRequest');

export const createBatchResponse = z
  .object({
    batchId: z.string(),
    status: z.literal('QUEUED'),
    totalItems: z.number(),
    estimatedCostUSD: z.number().nullable(),
    createdAt: z.string(),
    callbackSigningSecret: z.string().optional(),
  })
  .openapi('CreateBatchResponse');

export const batchSplitSchema = z.object({
  id: z.string(),
  providerName: z.string(),
  providerModel: z.string(),
  itemCount: z.number(),
  status: z.string(),
  costUSD: z.number(),
});

export const batchDetailSchema = z
  .object({
    batchId: z.string(),
    name: z.string().nullable(),
    status: z.enum(BATCH_STATUSES),
    totalItems: z.number(),
    completedItems: z.number(),
    failedItems: z.number(),
    progress: z.number(),
    providerName: z.string().nullable(),
    providerModel: z.string().nullable(),
    splitStrategy: z.enum(SPLIT_STRATEGIES),
    qualityTier: z.enum(QUALITY_TIERS).nullable(),
    sanitizationEnabled: z.boolean(),
    estimatedCostUSD: z.number().nullable(),
    actualCostUSD: z.number(),
    inputTokensTotal: z.number(),
    outputTokensTotal: z.number(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    errorMessage: z.string().nullable(),
    splits: z.array(batchSplitSchema),
    metadata: z.record(z.string(), z.unknown()),
  })
  .openapi('BatchJob');

export const batchListEntrySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  status: z.enum(BATCH_STATUSES),
  totalItems: z.number(),
  completedItems: z.number(),
  failedItems: z.number(),
  providerName: z.string().nullable(),
  estimatedCostUSD: z.number().nullable(),
  actualCostUSD: z.number(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});

export const listBatchQuery = z.object({
  status: z.enum(BATCH_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

export const RESULTS_DEFAULT_LIMIT = 100;
export const RESULTS_MAX_LIMIT = 1000;

export const batchResultsQuery = z.object({
  status: z.enum(['SUCCESS', 'ERROR', 'SKIPPED']).optional(),
  // JSON pages default to 100 (max 1000); a JSONL download without limit carries every item.
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});

export const batchResultItemSchema = z
  .object({
    externalId: z.string(),
    sequenceIndex: z.number(),
    status: z.enum(BATCH_ITEM_STATUSES),
    response: z.string().nullable(),
    inputTokens: z.number(),
    outputTokens: z.number(),
    costUSD: z.number(),
    errorCode: z.string().nullable().optional(),
    errorMessage: z.string().nullable().optional(),
  })
  .openapi('BatchResultItem');

export const batchIdParams = z.object({ batchId: z.string().min(1) });
