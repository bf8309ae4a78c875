import { z } from 'zod';
import { QUALITY_TIERS, SPLIT_STRATEGIES } from '../../domain/batch/types';

/**
 * What a batch job is made of, as the use case validates it: the JSON body's items and config
 * (validated again here because a JSONL upload streams its lines past the route's schema) and the
 * results page bounds. api/schemas/batch.ts builds the route schemas from these.
 */
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
  });
export type BatchConfig = z.infer<typeof batchConfigSchema>;

export const RESULTS_DEFAULT_LIMIT = 100;
export const RESULTS_MAX_LIMIT = 1000;
