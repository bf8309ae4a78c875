import { nodeHttpFetch } from './http-fetch';
import { OpenAI } from 'openai';
import type {
  ChatCompletion,
  ChatCompletionContentPart,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
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
  type StreamEvent,
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

/** Messages as sent, tool turns kept: a conversation that carries tool calls or tool results. */
function toolConversation(request: CompletionRequest): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  if (request.systemPrompt) messages.push({ role: 'system', content: request.systemPrompt });
  for (const m of request.messages ?? []) {
    if (m.role === 'tool') messages.push({ role: 'tool', tool_call_id: m.toolCallId ?? '', content: m.content });
    else if (m.role === 'assistant') {
      messages.push({ role: 'assistant', content: m.content || null, ...(m.toolCalls?.length ? { tool_calls: m.toolCalls } : {}) });
    } else messages.push({ role: m.role, content: m.content });
  }
  const c = toConversation({ ...request, systemPrompt: undefined, messages: [] });
  if (c.prompt !== '' || c.images.length) messages.push({ role: 'user', content: c.prompt });
  return messages;
}

export function toChatParams(target: ProviderTarget, request: CompletionRequest): ChatCompletionCreateParamsNonStreaming {
  const c = toConversation(request);
  let messages: ChatCompletionMessageParam[] = [];
  if (c.system !== undefined) messages.push({ role: 'system', content: c.system });
  for (const t of c.history) messages.push({ role: t.role, content: t.content });
  if (request.messages?.some((m) => m.role === 'tool' || m.toolCalls?.length)) {
    messages = toolConversation(request);
  } else if (c.images.length === 0) {
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
  // The OpenAI-compatible API's pass-through fields, as the caller sent them.
  if (request.tools?.length) params.tools = request.tools as ChatCompletionCreateParamsNonStreaming['tools'];
  if (request.toolChoice !== undefined) params.tool_choice = request.toolChoice as ChatCompletionCreateParamsNonStreaming['tool_choice'];
  if (request.stop?.length) params.stop = request.stop;
  if (request.responseFormat) params.response_format = request.responseFormat as ChatCompletionCreateParamsNonStreaming['response_format'];
  if (request.user) params.user = request.user;
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
    ...(choice?.message.tool_calls?.length
      ? {
          toolCalls: choice.message.tool_calls
            .filter((t) => t.type === 'function')
            .map((t) => ({ id: t.id, type: 'function' as const, function: { name: t.function.name, arguments: t.function.arguments } })),
        }
      : {}),
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

  async stream(target: ProviderTarget, request: CompletionRequest): Promise<AsyncIterable<StreamEvent>> {
    let call: CallContext | undefined;
    try {
      const client = this.client(target);
      const params: ChatCompletionCreateParamsStreaming = { ...toChatParams(target, request), stream: true, stream_options: { include_usage: true } };
      call = { startedAt: performance.now(), timeoutMs: timeoutOf(target), signal: request.signal };
      // Resolves when the provider has answered (status and headers): failures throw here.
      const chunks = await client.chat.completions.create(params, { timeout: call.timeoutMs, signal: request.signal });
      return openAiEvents(chunks, target, call);
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

/** The SDK's chunks as StreamEvents; usage from the include_usage chunk, else estimated (4 characters a token). */
async function* openAiEvents(
  chunks: AsyncIterable<import('openai/resources/chat/completions').ChatCompletionChunk>,
  target: ProviderTarget,
  call: CallContext,
): AsyncGenerator<StreamEvent> {
  let finishReason = 'unknown';
  let model = target.model;
  let usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null = null;
  let chars = 0;
  try {
    for await (const chunk of chunks) {
      if (chunk.model) model = chunk.model;
      if (chunk.usage) usage = chunk.usage;
      const choice = chunk.choices[0];
      if (!choice) continue;
      const delta = choice.delta;
      if (delta?.content) {
        chars += delta.content.length;
        yield { type: 'text', text: delta.content };
      }
      for (const t of delta?.tool_calls ?? []) {
        chars += t.function?.arguments?.length ?? 0;
        yield { type: 'tool_call', index: t.index, id: t.id, name: t.function?.name, arguments: t.function?.arguments };
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
  } catch (err) {
    throw classifyProviderError(err, call);
  }
  const completionTokens = usage?.completion_tokens ?? Math.ceil(chars / 4);
  const promptTokens = usage?.prompt_tokens ?? 0;
  yield { type: 'end', finishReason, model, usage: { promptTokens, completionTokens, totalTokens: usage?.total_tokens ?? promptTokens + completionTokens } };
}
