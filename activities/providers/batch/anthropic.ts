import { Anthropic } from '@anthropic-ai/sdk';
import type { BatchCreateParams } from '@anthropic-ai/sdk/resources/messages/batches';
import { toMessageParams } from '../anthropic';
import { ClientCache, clientKey } from '../client-cache';
import { requireApiKey, timeoutOf } from '../conversation';
import { classifyProviderError } from '../errors';
import type { AdapterOptions, ProviderTarget } from '../../../domain/providers';
import { anthropicResult, anthropicStatus, checkLines } from './mapping';
import { batchFetch } from './transport';
import type { BatchRequestLine, ProviderBatchClient, ProviderBatchResult, ProviderBatchStatus } from './types';

/**
 * ANTHROPIC native Message Batches over @anthropic-ai/sdk: messages.batches.create takes every
 * request inline ({custom_id, params}), retrieve is the poll (processing_status), and results()
 * is the SDK's JSONL decoder over the batch's results_url. Each item's params are exactly what the
 * synchronous adapter sends (toMessageParams: model, max_tokens, system, messages).
 */
export const ANTHROPIC_BATCH_MAX_REQUESTS = 100_000;
/** A create of up to 256 MB and the results download: not bound by a chat call's timeout. */
const TRANSFER_TIMEOUT_MS = 10 * 60_000;

export function toAnthropicRequests(target: ProviderTarget, lines: readonly BatchRequestLine[]): BatchCreateParams.Request[] {
  return lines.map(({ customId, request }) => ({ custom_id: customId, params: toMessageParams(target, request) }));
}

export class AnthropicBatchClient implements ProviderBatchClient {
  private readonly clients: ClientCache<Anthropic>;
  private readonly maxRetries: number;

  constructor(opts: AdapterOptions = {}) {
    this.clients = new ClientCache(opts.maxClients);
    this.maxRetries = opts.maxRetries ?? 0;
  }

  async submit(target: ProviderTarget, lines: BatchRequestLine[]): Promise<{ providerBatchId: string }> {
    try {
      checkLines(lines, ANTHROPIC_BATCH_MAX_REQUESTS);
      const batch = await this.client(target).messages.batches.create(
        { requests: toAnthropicRequests(target, lines) },
        { timeout: TRANSFER_TIMEOUT_MS },
      );
      return { providerBatchId: batch.id };
    } catch (err) {
      throw classifyProviderError(err);
    }
  }

  async poll(target: ProviderTarget, providerBatchId: string): Promise<ProviderBatchStatus> {
    try {
      return anthropicStatus(await this.client(target).messages.batches.retrieve(providerBatchId, {}, { timeout: timeoutOf(target) }));
    } catch (err) {
      throw classifyProviderError(err);
    }
  }

  async *results(target: ProviderTarget, providerBatchId: string): AsyncGenerator<ProviderBatchResult> {
    let decoder: AsyncIterable<Parameters<typeof anthropicResult>[0]>;
    try {
      decoder = await this.client(target).messages.batches.results(providerBatchId, {}, { timeout: TRANSFER_TIMEOUT_MS });
    } catch (err) {
      throw classifyProviderError(err);
    }
    // A request is answered once; should a provider ever repeat a custom_id, the first answer wins.
    const seen = new Set<string>();
    try {
      for await (const line of decoder) {
        if (typeof line?.custom_id !== 'string' || seen.has(line.custom_id)) continue;
        seen.add(line.custom_id);
        yield anthropicResult(line);
      }
    } catch (err) {
      throw classifyProviderError(err);
    }
  }

  async cancel(target: ProviderTarget, providerBatchId: string): Promise<void> {
    try {
      await this.client(target).messages.batches.cancel(providerBatchId, {}, { timeout: timeoutOf(target) });
    } catch (err) {
      // 409: the batch has already ended; there is nothing left to stop.
      if (typeof (err as { status?: unknown }).status === 'number' && (err as { status: number }).status === 409) return;
      throw classifyProviderError(err);
    }
  }

  private client(target: ProviderTarget): Anthropic {
    const apiKey = requireApiKey(target);
    return this.clients.getOrCreate(
      clientKey(target),
      () => new Anthropic({ apiKey, baseURL: target.baseUrl ?? undefined, maxRetries: this.maxRetries, fetch: batchFetch }),
    );
  }
}
