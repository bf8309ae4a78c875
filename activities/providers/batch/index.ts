import type { AdapterOptions, ProviderType } from '../../../domain/providers';
import { AnthropicBatchClient } from './anthropic';
import { OpenAIBatchClient } from './openai';
import type { ProviderBatchClient } from './types';

/**
 * The native batch facility of a provider type, or null when it has none (GOOGLE and the
 * OpenAI-compatible types run batches as concurrent calls through the gateway adapters). The
 * clients are created once per process and keep their SDK clients per (type, baseUrl, apiKey).
 */
let clients: Partial<Record<ProviderType, ProviderBatchClient>> | undefined;

export function createBatchClients(opts: AdapterOptions = {}): Partial<Record<ProviderType, ProviderBatchClient>> {
  return { OPENAI: new OpenAIBatchClient(opts), ANTHROPIC: new AnthropicBatchClient(opts) };
}

export function batchClientFor(type: ProviderType): ProviderBatchClient | null {
  clients ??= createBatchClients();
  return Object.hasOwn(clients, type) ? (clients[type] ?? null) : null;
}

export { AnthropicBatchClient, toAnthropicRequests } from './anthropic';
export { type BatchItemErrorCode, CUSTOM_ID_PATTERN } from './mapping';
export { OpenAIBatchClient, toOpenAiJsonl } from './openai';
export * from './types';
