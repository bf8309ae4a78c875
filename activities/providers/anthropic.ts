import { nodeHttpFetch } from './http-fetch';
import { Anthropic } from '@anthropic-ai/sdk';
import type {
  Base64ImageSource,
  ContentBlockParam,
  Message,
  MessageCreateParamsNonStreaming,
  MessageParam,
  RawMessageStreamEvent,
} from '@anthropic-ai/sdk/resources/messages/messages';
import { ClientCache, clientKey } from './client-cache';
import { elapsedMs, type ImagePart, parseArguments, requireApiKey, timeoutOf, toConversation } from './conversation';
import { type CallContext, classifyProviderError } from './errors';
import {
  type AdapterOptions,
  type CompletionRequest,
  type CompletionResult,
  type ProviderAdapter,
  ProviderError,
  type ProviderTarget,
  type StreamEvent,
  type ToolCall,
} from '../../domain/providers';

/**
 * ANTHROPIC targets over @anthropic-ai/sdk (Messages API). The SDK's baseURL is the host root
 * (default https://api.anthropic.com); it appends `/v1/messages` itself. SDK 1.x sends the key as
 * `Authorization: Bearer` (not `x-api-key`) and `anthropic-version: 2026-10-21`.
 */

/** The Messages API requires max_tokens; used when the request does not say. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 1024;

type ImageMediaType = Base64ImageSource['media_type'];
const IMAGE_TYPES: ReadonlyMap<string, ImageMediaType> = new Map<string, ImageMediaType>([
  ['image/jpeg', 'image/jpeg'],
  ['image/jpg', 'image/jpeg'], // common mislabel
  ['image/png', 'image/png'],
  ['image/gif', 'image/gif'],
  ['image/webp', 'image/webp'],
]);

function imageBlock(img: ImagePart): ContentBlockParam {
  const mediaType = IMAGE_TYPES.get(img.mimeType.toLowerCase());
  if (mediaType === undefined) {
    throw new ProviderError('BAD_REQUEST', `Anthropic does not accept images of type ${img.mimeType}`);
  }
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data: img.data } };
}

/** A conversation with tool turns: assistant tool calls as tool_use blocks, tool results as tool_result blocks of a user turn. */
function toolTurns(request: CompletionRequest): MessageParam[] {
  const messages: MessageParam[] = [];
  for (const m of request.messages ?? []) {
    if (m.role === 'system') continue; // in params.system
    if (m.role === 'tool') {
      const block: ContentBlockParam = { type: 'tool_result', tool_use_id: m.toolCallId ?? '', content: m.content };
      const last = messages[messages.length - 1];
      // Consecutive results answer one assistant turn: Anthropic wants them in one user turn.
      if (last?.role === 'user' && Array.isArray(last.content) && last.content.every((b) => b.type === 'tool_result')) last.content.push(block);
      else messages.push({ role: 'user', content: [block] });
    } else if (m.role === 'assistant' && m.toolCalls?.length) {
      const blocks: ContentBlockParam[] = m.content ? [{ type: 'text', text: m.content }] : [];
      for (const call of m.toolCalls) blocks.push({ type: 'tool_use', id: call.id, name: call.function.name, input: parseArguments(call.function.arguments) });
      messages.push({ role: 'assistant', content: blocks });
    } else messages.push({ role: m.role, content: m.content });
  }
  return messages;
}

/** OpenAI's tool_choice in Anthropic's form (auto, any, none, or one named tool). */
function toolChoiceOf(choice: unknown): MessageCreateParamsNonStreaming['tool_choice'] {
  if (choice === 'none') return { type: 'none' };
  if (choice === 'required') return { type: 'any' };
  const named = (choice as { function?: { name?: unknown } } | null)?.function?.name;
  if (typeof named === 'string') return { type: 'tool', name: named };
  return { type: 'auto' };
}

export function toMessageParams(target: ProviderTarget, request: CompletionRequest): MessageCreateParamsNonStreaming {
  const c = toConversation(request);
  const withTools = request.messages?.some((m) => m.role === 'tool' || m.toolCalls?.length) ?? false;
  const messages: MessageParam[] = withTools ? toolTurns(request) : c.history.map((t) => ({ role: t.role, content: t.content }));
  // A conversation that ends with tool results has no final user text to add.
  const endsWithResults = withTools && request.prompt === '' && c.images.length === 0;
  if (endsWithResults) {
    // nothing to add
  } else if (c.images.length === 0) {
    messages.push({ role: 'user', content: c.prompt });
  } else {
    // Anthropic recommends images before the text that refers to them.
    messages.push({ role: 'user', content: [...c.images.map(imageBlock), { type: 'text', text: c.prompt }] });
  }
  const params: MessageCreateParamsNonStreaming = {
    model: target.model,
    max_tokens: request.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
    messages,
  };
  if (c.system !== undefined) params.system = c.system;
  if (request.stop?.length) params.stop_sequences = request.stop;
  if (request.tools?.length) {
    params.tools = request.tools.map((t) => ({
      name: t.function.name,
      ...(t.function.description ? { description: t.function.description } : {}),
      input_schema: (t.function.parameters ?? { type: 'object', properties: {} }) as { type: 'object' },
    }));
    if (request.toolChoice !== undefined) params.tool_choice = toolChoiceOf(request.toolChoice);
  }
  // request.temperature is deliberately not sent: SDK 1.x speaks API version 2026-10-21, which
  // rejects temperature/top_p/top_k with a 400 ("Extra inputs are not permitted"), and the SDK's
  // types no longer have them.
  return params;
}

/** Anthropic stop reasons in the normalised vocabulary; unknown ones pass through. */
export function normaliseStopReason(reason: string | null): string {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    case null:
      return 'unknown';
    default:
      return reason.toLowerCase();
  }
}

export function fromMessage(message: Message, providerLatencyMs: number): CompletionResult {
  let content = '';
  const toolCalls: ToolCall[] = [];
  for (const block of message.content) {
    if (block.type === 'text') content += block.text;
    else if (block.type === 'tool_use') toolCalls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
  }
  const u = message.usage;
  // input_tokens excludes cached prompt tokens; the prompt the model processed includes them.
  const promptTokens = u.input_tokens + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);
  return {
    content,
    usage: { promptTokens, completionTokens: u.output_tokens, totalTokens: promptTokens + u.output_tokens },
    finishReason: normaliseStopReason(message.stop_reason),
    model: message.model,
    providerLatencyMs,
    ...(toolCalls.length ? { toolCalls } : {}),
  };
}

export class AnthropicAdapter implements ProviderAdapter {
  private readonly clients: ClientCache<Anthropic>;
  private readonly maxRetries: number;

  constructor(opts: AdapterOptions = {}) {
    this.clients = new ClientCache(opts.maxClients);
    this.maxRetries = opts.maxRetries ?? 0;
  }

  async complete(target: ProviderTarget, request: CompletionRequest): Promise<CompletionResult> {
    let call: CallContext | undefined;
    try {
      const client = this.client(target);
      const params = toMessageParams(target, request);
      call = { startedAt: performance.now(), timeoutMs: timeoutOf(target), signal: request.signal };
      const message = await client.messages.create(params, { timeout: call.timeoutMs, signal: request.signal });
      return fromMessage(message, elapsedMs(call.startedAt));
    } catch (err) {
      throw classifyProviderError(err, call);
    }
  }

  async stream(target: ProviderTarget, request: CompletionRequest): Promise<AsyncIterable<StreamEvent>> {
    let call: CallContext | undefined;
    try {
      const client = this.client(target);
      const params = toMessageParams(target, request);
      call = { startedAt: performance.now(), timeoutMs: timeoutOf(target), signal: request.signal };
      // Resolves when the provider has answered (status and headers): failures throw here.
      const events = await client.messages.create({ ...params, stream: true }, { timeout: call.timeoutMs, signal: request.signal });
      return anthropicEvents(events, target, call);
    } catch (err) {
      throw classifyProviderError(err, call);
    }
  }

  private client(target: ProviderTarget): Anthropic {
    const apiKey = requireApiKey(target);
    return this.clients.getOrCreate(
      clientKey(target),
      () => new Anthropic({ apiKey, baseURL: target.baseUrl ?? undefined, maxRetries: this.maxRetries, fetch: nodeHttpFetch }),
    );
  }
}

/** Messages stream events as StreamEvents: text deltas, then usage from message_start and message_delta. */
async function* anthropicEvents(events: AsyncIterable<RawMessageStreamEvent>, target: ProviderTarget, call: CallContext): AsyncGenerator<StreamEvent> {
  let model = target.model;
  let promptTokens = 0;
  let completionTokens = 0;
  let stopReason: string | null = null;
  // Content block index → the tool call's index among the calls (OpenAI numbers only the calls).
  const toolIndex = new Map<number, number>();
  try {
    for await (const e of events) {
      if (e.type === 'content_block_start' && e.content_block.type === 'tool_use') {
        toolIndex.set(e.index, toolIndex.size);
        yield { type: 'tool_call', index: toolIndex.get(e.index)!, id: e.content_block.id, name: e.content_block.name, arguments: '' };
        continue;
      }
      if (e.type === 'content_block_delta' && e.delta.type === 'input_json_delta') {
        yield { type: 'tool_call', index: toolIndex.get(e.index) ?? 0, arguments: e.delta.partial_json };
        continue;
      }
      if (e.type === 'message_start') {
        model = e.message.model || model;
        const u = e.message.usage;
        promptTokens = u.input_tokens + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);
        completionTokens = u.output_tokens;
      } else if (e.type === 'content_block_delta' && e.delta.type === 'text_delta') {
        yield { type: 'text', text: e.delta.text };
      } else if (e.type === 'message_delta') {
        stopReason = e.delta.stop_reason ?? stopReason;
        completionTokens = e.usage.output_tokens;
      }
    }
  } catch (err) {
    throw classifyProviderError(err, call);
  }
  yield {
    type: 'end',
    model,
    finishReason: normaliseStopReason(stopReason),
    usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
  };
}
