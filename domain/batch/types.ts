import type { ProviderType } from '../providers';

/** Spec document 1, Batch job: the job's states and its items' states. */
export const BATCH_STATUSES = ['QUEUED', 'VALIDATING', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED', 'EXPIRED'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** States a job can be cancelled from, and that count against BATCH_MAX_CONCURRENT_JOBS. */
export const ACTIVE_BATCH_STATUSES = ['QUEUED', 'VALIDATING', 'PROCESSING'] as const satisfies readonly BatchStatus[];
export type ActiveBatchStatus = (typeof ACTIVE_BATCH_STATUSES)[number];

export function isActiveBatchStatus(status: string): status is ActiveBatchStatus {
  return (ACTIVE_BATCH_STATUSES as readonly string[]).includes(status);
}

export const BATCH_ITEM_STATUSES = ['PENDING', 'PROCESSING', 'SUCCESS', 'ERROR', 'SKIPPED'] as const;
export type BatchItemStatus = (typeof BATCH_ITEM_STATUSES)[number];
/** Final item states: a result was stored (or given up on) and the item is never sent again. */
export const FINAL_ITEM_STATUSES = ['SUCCESS', 'ERROR', 'SKIPPED'] as const satisfies readonly BatchItemStatus[];

export const SPLIT_STRATEGIES = ['single', 'round-robin', 'cost-optimal'] as const;
export type SplitStrategy = (typeof SPLIT_STRATEGIES)[number];

export const QUALITY_TIERS = ['cheap', 'fast', 'quality', 'secure'] as const;
export type QualityTier = (typeof QUALITY_TIERS)[number];

/**
 * How a split reaches its provider (spec: "Provider batch facilities"): OpenAI's native batch API,
 * Anthropic's native message batches, or concurrent execution through the gateway adapters
 * (GOOGLE, 20 at a time, and every other type).
 */
export type BatchFacility = 'NATIVE_OPENAI' | 'NATIVE_ANTHROPIC' | 'CONCURRENT';

export function facilityFor(type: ProviderType): BatchFacility {
  if (type === 'OPENAI') return 'NATIVE_OPENAI';
  if (type === 'ANTHROPIC') return 'NATIVE_ANTHROPIC';
  return 'CONCURRENT';
}

/** Requests per native provider batch: OpenAI takes 50,000 per file, Anthropic 10,000 (spec). */
export const NATIVE_CHUNK_LIMIT: Record<Exclude<BatchFacility, 'CONCURRENT'>, number> = {
  NATIVE_OPENAI: 50_000,
  NATIVE_ANTHROPIC: 10_000,
};

/** Provider batch facilities run at half the list price (spec: "a stated 50% cost saving"). */
export const BATCH_PRICE_FACTOR = 0.5;

/** Cost of one item at batch price, from list prices per million tokens, rounded to 1e-8 USD. */
export function batchItemCostUsd(
  prices: { inputPricePerMillion: number; outputPricePerMillion: number },
  usage: { promptTokens: number; completionTokens: number },
): number {
  const list = (usage.promptTokens * prices.inputPricePerMillion + usage.completionTokens * prices.outputPricePerMillion) / 1_000_000;
  return Math.round(list * BATCH_PRICE_FACTOR * 1e8) / 1e8;
}

/** Progress in [0, 1]: finished items over all items; exactly 1 once the job is COMPLETED. */
export function batchProgress(status: BatchStatus, total: number, finished: number): number {
  if (status === 'COMPLETED' || status === 'EXPIRED') return 1;
  if (total <= 0) return 0;
  return Math.min(1, Math.round((finished / total) * 10_000) / 10_000);
}

/** Backoff for polling a provider batch: grows by half each poll, capped. */
export function nextPollDelayMs(previousMs: number, initialMs: number, maxMs: number): number {
  if (previousMs <= 0) return initialMs;
  return Math.min(maxMs, Math.round(previousMs * 1.5));
}
