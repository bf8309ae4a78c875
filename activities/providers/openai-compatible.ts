import { nodeHttpFetch } from './http-fetch';
import { OpenAI } from 'openai';
import type {
  ChatCompletion,
  ChatCompletionContentPart,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { ClientCache, clientKey } from './client-cache';
import { elapsedMs, requireApiKey, timeoutOf, toConversation } from './conversation';
import { type CallContext, classifyProviderError } from './errors';
import {
  type AdapterOptions,
  type CompletionRequest,
  type CompletionResult,
  type ProviderAdapter,
  ProviderError,
  type ProviderTarget,
} from '../../domain/providers';

/**
 * OPENAI, DEEPSEEK and CUSTOM targets over the openai SDK (Chat Completions). The SDK appends
 * `/chat/completions` to its baseURL, so a base URL here includes any version segment: OpenAI's
 * default is https://api.openai.com/v1, DeepSeek's is https://api.deepseek.com (it serves both
 * with and without /v1), and a CUSTOM server's is whatever it documents (usually .../v1).
 */
export const DEEPSEEK_BASE_URL = 'https://api.deepseek.com';

function baseUrlFor(target: ProviderTarget): string | undefined {
  if (target.baseUrl) return target.baseUrl;
  if (target.type === 'DEEPSEEK') return DEEPSEEK_BASE_URL;
  if (target.type === 'CUSTOM') throw new ProviderError('BAD_REQUEST', 'a CUSTOM provider requires a baseUrl');
  return undefined; // OPENAI: the SDK's default
}

export function toChatParams(target: ProviderTarget, request: CompletionRequest): ChatCompletionCreateParamsNonStreaming {
  const c = toConversation(request);
  const messages: ChatCompletionMessageParam[] = [];
  if (c.system !== undefined) messages.push({ role: 'system', content: c.system });
  for (const t of c.history) messages.push({ role: t.role, content: t.content });
  if (c.images.length === 0) {
    messages.push({ role: 'user', content: c.prompt });
  } else {
    const parts: ChatCompletionContentPart[] = [{ type: 'text', text: c.prompt }];
    for (const img of c.images) {
      parts.push({ type: 'image_url', image_url: { url: `data:${img.mimeType};base64,${img.data}` } });
    }
    messages.push({ role: 'user', content: parts });
  }
  const params: ChatCompletionCreateParamsNonStreaming = { model: target.model, messages };
  if (request.temperature !== undefined) params.temperature = request.temperature;
  if (request.maxTokens !== undefined) {
    // OpenAI deprecated max_tokens (its reasoning models reject it) for max_completion_tokens;
    // DeepSeek and most OpenAI-compatible servers only know max_tokens.
    if (target.type === 'OPENAI') params.max_completion_tokens = request.maxTokens;
    else params.max_tokens = request.maxTokens;
  }
  return params;
}

export function fromChatCompletion(completion: ChatCompletion, providerLatencyMs: number): CompletionResult {
  const choice = completion.choices[0];
  const promptTokens = completion.usage?.prompt_tokens ?? 0;
  const completionTokens = completion.usage?.completion_tokens ?? 0;
  return {
    content: choice?.message.content ?? choice?.message.refusal ?? '',
    usage: {
      promptTokens,
      completionTokens,
      totalTokens: completion.usage?.total_tokens ?? promptTokens + completionTokens,
    },
    // Already the normalised vocabulary (stop, length, content_filter, tool_calls, function_call).
    finishReason: choice?.finish_reason ?? 'unknown',
    model: completion.model,
    providerLatencyMs,
  };
}

export class OpenAICompatibleAdapter implements ProviderAdapter {
  private readonly clients: ClientCache<OpenAI>;
  private readonly maxRetries: number;

  constructor(opts: AdapterOptions = {}) {
    this.clients = new ClientCache(opts.maxClients);
    this.maxRetries = opts.maxRetries ?? 0;
  }

  async complete(target: ProviderTarget, request: CompletionRequest): Promise<CompletionResult> {
    let call: CallContext | undefined;
    try {
      const client = this.client(target);
      const params = toChatParams(target, request);
      call = { startedAt: performance.now(), timeoutMs: timeoutOf(target), signal: request.signal };
      const completion = await client.chat.completions.create(params, {
        timeout: call.timeoutMs,
        signal: request.signal,
      });
      return fromChatCompletion(completion, elapsedMs(call.startedAt));
    } catch (err) {
      throw classifyProviderError(err, call);
    }
  }

  private client(target: ProviderTarget): OpenAI {
    const apiKey = requireApiKey(target);
    const baseURL = baseUrlFor(target);
    return this.clients.getOrCreate(
      clientKey(target),
      () =>
        new OpenAI({
          apiKey,
          baseURL,
          maxRetries: this.maxRetries,
          // null, not undefined: undefined would make the SDK read OPENAI_ORG_ID/OPENAI_PROJECT_ID
          // from the gateway's environment and send them with a tenant's key.
          organization: null,
          project: null,
          fetch: nodeHttpFetch,
        }),
    );
  }
}
