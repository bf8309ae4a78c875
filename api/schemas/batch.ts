import { z } from 'zod';
import '../openapi'; // extends zod with .openapi() when this module is loaded outside the app
import { BATCH_ITEM_STATUSES, BATCH_STATUSES, QUALITY_TIERS, SPLIT_STRATEGIES } from '../../domain/batch/types';
import { batchConfigSchema, batchItemSchema } from '../../services/batch/requests';

/** The job's config (services/batch/requests.ts), named for the OpenAPI document. */
const batchConfigBody = batchConfigSchema.openapi('BatchConfig');

export const createBatchBody = z
  .object({ items: z.array(batchItemSchema), config: batchConfigBody.optional() })
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
