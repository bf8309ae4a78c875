import type { CompletionRequest, ProviderTarget, Usage } from '../../../domain/providers';

/**
 * A provider's native batch facility (OpenAI Batch API, Anthropic Message Batches), as the batch
 * workflow's activities use it. Submission is one call; the workflow then polls with backoff and,
 * when the provider has finished, streams the results into PostgreSQL.
 */
export interface BatchRequestLine {
  /** Our item id, round-tripped by the provider: `^[a-zA-Z0-9_-]{1,64}$` (Anthropic's rule). */
  customId: string;
  request: CompletionRequest;
}

export type ProviderBatchState = 'in_progress' | 'completed' | 'failed' | 'cancelled' | 'expired';

export interface ProviderBatchStatus {
  state: ProviderBatchState;
  counts: { total: number; succeeded: number; failed: number };
  /** Set when state is failed: the provider's reason. */
  error?: string;
}

export type ProviderBatchResult =
  | { customId: string; ok: true; content: string; usage: Usage; finishReason: string; model: string }
  | { customId: string; ok: false; errorCode: string; errorMessage: string };

export interface ProviderBatchClient {
  /** Uploads (OpenAI: a JSONL file to /v1/files, then /v1/batches) and returns the provider's batch id. */
  submit(target: ProviderTarget, lines: BatchRequestLine[]): Promise<{ providerBatchId: string }>;
  poll(target: ProviderTarget, providerBatchId: string): Promise<ProviderBatchStatus>;
  /** Every result line once the batch has ended, in the provider's order (not ours). */
  results(target: ProviderTarget, providerBatchId: string): AsyncIterable<ProviderBatchResult>;
  cancel(target: ProviderTarget, providerBatchId: string): Promise<void>;
}
