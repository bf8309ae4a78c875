import { AnthropicAdapter } from './anthropic';
import { GoogleAdapter } from './google';
import { OpenAICompatibleAdapter } from './openai-compatible';
import {
  type AdapterOptions,
  type CompletionRequest,
  type CompletionResult,
  type ProviderAdapter,
  ProviderError,
  type ProviderTarget,
  type ProviderType,
  type StreamEvent,
} from '../../domain/providers';

/**
 * The entry point the gateway uses: one adapter per wire format, each keeping its own bounded
 * cache of SDK clients. SDK retries are off by default (maxRetries 0) because the gateway does
 * its own fallback and retries; every failure surfaces as a classified ProviderError.
 */
export interface ProviderRegistry {
  complete(target: ProviderTarget, request: CompletionRequest): Promise<CompletionResult>;
  /** A streamed completion (see ProviderAdapter.stream); settles once the provider has answered. */
  stream(target: ProviderTarget, request: CompletionRequest): Promise<AsyncIterable<StreamEvent>>;
  adapterFor(type: ProviderType): ProviderAdapter;
}

export function createProviderRegistry(opts: AdapterOptions = {}): ProviderRegistry {
  const openAiCompatible = new OpenAICompatibleAdapter(opts);
  const adapters: Record<ProviderType, ProviderAdapter> = {
    OPENAI: openAiCompatible,
    DEEPSEEK: openAiCompatible,
    CUSTOM: openAiCompatible,
    ANTHROPIC: new AnthropicAdapter(opts),
    GOOGLE: new GoogleAdapter(opts),
  };

  const adapterFor = (type: ProviderType): ProviderAdapter => {
    // Object.hasOwn: the type may come from stored data, and "toString" is not a provider.
    if (!Object.hasOwn(adapters, type)) throw new ProviderError('BAD_REQUEST', `unknown provider type ${String(type)}`);
    return adapters[type];
  };

  return {
    adapterFor,
    async complete(target, request) {
      return adapterFor(target.type).complete(target, request);
    },
    async stream(target, request) {
      const adapter = adapterFor(target.type);
      if (!adapter.stream) throw new ProviderError('BAD_REQUEST', `provider type ${target.type} cannot stream here`);
      return adapter.stream(target, request);
    },
  };
}

export { AnthropicAdapter } from './anthropic';
export { classifyProviderError, parseRetryAfterMs } from './errors';
export { GoogleAdapter } from './google';
export { OpenAICompatibleAdapter } from './openai-compatible';
export * from '../../domain/providers';
