import { nodeHttpFetch } from './http-fetch';
import { type CallSignal, callSignal } from '../../lib/call-signal';
import {
  type Content,
  type FunctionCall,
  FunctionCallingConfigMode,
  type ToolConfig,
  type GenerateContentParameters,
  type GenerateContentResponse,
  GoogleGenAI,
  type HttpOptions,
  type Part,
} from '@google/genai';
import { ClientCache, clientKey } from './client-cache';
import { elapsedMs, parseArguments, requireApiKey, timeoutOf, toConversation } from './conversation';
import { type CallContext, classifyProviderError } from './errors';
import type { AdapterOptions, CompletionRequest, CompletionResult, ProviderAdapter, ProviderTarget, StreamEvent, ToolCall } from '../../domain/providers';

/**
 * GOOGLE targets over @google/genai (Gemini API, models.generateContent). The SDK's baseUrl is
 * the host root (default https://generativelanguage.googleapis.com/); it appends
 * `/<apiVersion>/models/<model>:generateContent` with apiVersion `v1beta` by default, also when a
 * custom baseUrl is set.
 */

/** A conversation with tool turns: calls as functionCall parts, results as functionResponse parts (named after their call). */
function toolTurns(request: CompletionRequest): Content[] {
  const names = new Map<string, string>();
  const contents: Content[] = [];
  for (const m of request.messages ?? []) {
    if (m.role === 'system') continue; // in systemInstruction
    if (m.role === 'tool') {
      const id = m.toolCallId ?? '';
      const part: Part = { functionResponse: { id, name: names.get(id) ?? 'tool', response: parseArguments(m.content) } };
      const last = contents[contents.length - 1];
      if (last?.role === 'user' && last.parts?.every((p) => p.functionResponse)) last.parts.push(part);
      else contents.push({ role: 'user', parts: [part] });
    } else if (m.role === 'assistant' && m.toolCalls?.length) {
      const parts: Part[] = m.content ? [{ text: m.content }] : [];
      for (const call of m.toolCalls) {
        names.set(call.id, call.function.name);
        parts.push({ functionCall: { id: call.id, name: call.function.name, args: parseArguments(call.function.arguments) } });
      }
      contents.push({ role: 'model', parts });
    } else contents.push({ role: m.role === 'assistant' ? 'model' : 'user', parts: [{ text: m.content }] });
  }
  return contents;
}

/** OpenAI's tool_choice as Gemini's function calling mode. */
function toolConfigOf(choice: unknown): ToolConfig {
  if (choice === 'none') return { functionCallingConfig: { mode: FunctionCallingConfigMode.NONE } };
  if (choice === 'required') return { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY } };
  const named = (choice as { function?: { name?: unknown } } | null)?.function?.name;
  if (typeof named === 'string') return { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: [named] } };
  return { functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO } };
}

export function toGenerateContentParams(target: ProviderTarget, request: CompletionRequest): GenerateContentParameters {
  const c = toConversation(request);
  const withTools = request.messages?.some((m) => m.role === 'tool' || m.toolCalls?.length) ?? false;
  const contents: Content[] = withTools
    ? toolTurns(request)
    : c.history.map((t) => ({
        role: t.role === 'assistant' ? 'model' : 'user',
        parts: [{ text: t.content }],
      }));
  // A conversation that ends with tool results has no final user text to add.
  if (!withTools || request.prompt !== '' || c.images.length) {
    const parts: Part[] = [{ text: c.prompt }];
    for (const img of c.images) parts.push({ inlineData: { mimeType: img.mimeType, data: img.data } });
    contents.push({ role: 'user', parts });
  }

  return {
    model: target.model,
    contents,
    config: {
      ...(c.system !== undefined && { systemInstruction: c.system }),
      ...(request.temperature !== undefined && { temperature: request.temperature }),
      ...(request.maxTokens !== undefined && { maxOutputTokens: request.maxTokens }),
      ...(request.stop?.length && { stopSequences: request.stop }),
      // OpenAI's response_format json_object / json_schema: Gemini's JSON mode.
      ...(request.responseFormat && request.responseFormat.type !== 'text' && { responseMimeType: 'application/json' }),
      ...(request.tools?.length && {
        tools: [
          {
            functionDeclarations: request.tools.map((t) => ({
              name: t.function.name,
              ...(t.function.description ? { description: t.function.description } : {}),
              parametersJsonSchema: t.function.parameters ?? { type: 'object', properties: {} },
            })),
          },
        ],
        ...(request.toolChoice !== undefined && { toolConfig: toolConfigOf(request.toolChoice) }),
      }),
      // Per request, because clients are shared between targets with different timeouts.
      httpOptions: { timeout: timeoutOf(target) },
      ...(request.signal !== undefined && { abortSignal: request.signal }),
    },
  };
}

/** Gemini finish reasons in the normalised vocabulary; others lower-cased. */
export function normaliseFinishReason(reason: string | undefined): string {
  switch (reason) {
    case 'STOP':
      return 'stop';
    case 'MAX_TOKENS':
      return 'length';
    case 'SAFETY':
      return 'content_filter';
    case undefined:
      return 'unknown';
    default:
      return reason.toLowerCase();
  }
}

export function fromGenerateContentResponse(
  response: GenerateContentResponse,
  target: ProviderTarget,
  providerLatencyMs: number,
): CompletionResult {
  const candidate = response.candidates?.[0];
  let content = '';
  // Concatenated by hand rather than with the `text` getter, which warns on the console about
  // non-text parts; thought summaries are not part of the answer.
  const toolCalls: ToolCall[] = [];
  for (const part of candidate?.content?.parts ?? []) {
    if (typeof part.text === 'string' && !part.thought) content += part.text;
    if (part.functionCall) toolCalls.push(toolCallOf(part.functionCall, toolCalls.length));
  }
  const u = response.usageMetadata;
  const promptTokens = u?.promptTokenCount ?? 0;
  // Thinking tokens are billed as output.
  const completionTokens = (u?.candidatesTokenCount ?? 0) + (u?.thoughtsTokenCount ?? 0);
  // A prompt blocked by safety filters comes back with no candidates and a promptFeedback.
  const blocked = candidate === undefined && response.promptFeedback?.blockReason !== undefined;
  return {
    content,
    usage: { promptTokens, completionTokens, totalTokens: u?.totalTokenCount ?? promptTokens + completionTokens },
    finishReason: blocked ? 'content_filter' : toolCalls.length ? 'tool_calls' : normaliseFinishReason(candidate?.finishReason),
    model: response.modelVersion ?? target.model,
    providerLatencyMs,
    ...(toolCalls.length ? { toolCalls } : {}),
  };
}

/** A Gemini function call as an OpenAI tool call; Gemini API calls often carry no id, so one is made. */
function toolCallOf(call: FunctionCall, index: number): ToolCall {
  return { id: call.id ?? `call_${index}_${Date.now().toString(36)}`, type: 'function', function: { name: call.name ?? '', arguments: JSON.stringify(call.args ?? {}) } };
}

export class GoogleAdapter implements ProviderAdapter {
  private readonly clients: ClientCache<GoogleGenAI>;
  private readonly maxRetries: number;

  constructor(opts: AdapterOptions = {}) {
    this.clients = new ClientCache(opts.maxClients);
    this.maxRetries = opts.maxRetries ?? 0;
  }

  async complete(target: ProviderTarget, request: CompletionRequest): Promise<CompletionResult> {
    let call: CallContext | undefined;
    // The SDK leaves a listener on the signal it is given after a success: give it one per call.
    const link = callSignal(request.signal);
    try {
      const client = this.client(target);
      const params = toGenerateContentParams(target, { ...request, signal: link.signal });
      call = { startedAt: performance.now(), timeoutMs: timeoutOf(target), signal: request.signal };
      const response = await client.models.generateContent(params);
      return fromGenerateContentResponse(response, target, elapsedMs(call.startedAt));
    } catch (err) {
      throw classifyProviderError(err, call);
    } finally {
      link.release();
    }
  }

  async stream(target: ProviderTarget, request: CompletionRequest): Promise<AsyncIterable<StreamEvent>> {
    let call: CallContext | undefined;
    // As in complete(); the link holds until the stream is read to its end or abandoned.
    const link = callSignal(request.signal);
    try {
      const client = this.client(target);
      const params = toGenerateContentParams(target, { ...request, signal: link.signal });
      call = { startedAt: performance.now(), timeoutMs: timeoutOf(target), signal: request.signal };
      // Resolves when the provider has answered (status and headers): failures throw here.
      const responses = await client.models.generateContentStream(params);
      return releasedAtEnd(googleEvents(responses, target, call), link);
    } catch (err) {
      link.release();
      throw classifyProviderError(err, call);
    }
  }

  private client(target: ProviderTarget): GoogleGenAI {
    const apiKey = requireApiKey(target);
    return this.clients.getOrCreate(clientKey(target), () => {
      const httpOptions: HttpOptions = {
        // The node:http transport (see http-fetch.ts). An explicit fetch also stops the SDK from
        // attaching its own undici dispatcher, which it finds through a global symbol that only
        // exists in the realm where Node's fetch initialised (inside jest's vm context every call
        // failed with "Undici globalDispatcher is not available").
        fetch: nodeHttpFetch,
      };
      if (target.baseUrl) httpOptions.baseUrl = target.baseUrl;
      // No retryOptions means no retries in @google/genai; attempts counts the first call.
      if (this.maxRetries > 0) httpOptions.retryOptions = { attempts: this.maxRetries + 1 };
      // vertexai: false explicitly, so GOOGLE_GENAI_USE_VERTEXAI in the environment cannot
      // switch a Gemini API key target to Vertex AI.
      return new GoogleGenAI({ apiKey, vertexai: false, httpOptions });
    });
  }
}

/** streamGenerateContent responses as StreamEvents; the last response carries the finish reason and usage. */
async function* releasedAtEnd(events: AsyncGenerator<StreamEvent>, link: CallSignal): AsyncGenerator<StreamEvent> {
  try {
    yield* events;
  } finally {
    link.release();
  }
}

async function* googleEvents(responses: AsyncIterable<GenerateContentResponse>, target: ProviderTarget, call: CallContext): AsyncGenerator<StreamEvent> {
  let last: GenerateContentResponse | null = null;
  let finish: string | undefined;
  let calls = 0;
  try {
    for await (const r of responses) {
      last = r;
      const candidate = r.candidates?.[0];
      if (candidate?.finishReason) finish = candidate.finishReason;
      let text = '';
      for (const part of candidate?.content?.parts ?? []) {
        if (typeof part.text === 'string' && !part.thought) text += part.text;
        if (part.functionCall) {
          // Gemini sends a call whole: one fragment with id, name and all arguments.
          const call = toolCallOf(part.functionCall, calls);
          yield { type: 'tool_call', index: calls++, id: call.id, name: call.function.name, arguments: call.function.arguments };
        }
      }
      if (text) yield { type: 'text', text };
    }
  } catch (err) {
    throw classifyProviderError(err, call);
  }
  const u = last?.usageMetadata;
  const promptTokens = u?.promptTokenCount ?? 0;
  const completionTokens = (u?.candidatesTokenCount ?? 0) + (u?.thoughtsTokenCount ?? 0);
  yield {
    type: 'end',
    model: last?.modelVersion ?? target.model,
    finishReason: calls ? 'tool_calls' : normaliseFinishReason(finish),
    usage: { promptTokens, completionTokens, totalTokens: u?.totalTokenCount ?? promptTokens + completionTokens },
  };
}
