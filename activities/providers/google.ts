import { nodeHttpFetch } from './http-fetch';
import {
  type Content,
  type GenerateContentParameters,
  type GenerateContentResponse,
  GoogleGenAI,
  type HttpOptions,
  type Part,
} from '@google/genai';
import { ClientCache, clientKey } from './client-cache';
import { elapsedMs, requireApiKey, timeoutOf, toConversation } from './conversation';
import { type CallContext, classifyProviderError } from './errors';
import type { AdapterOptions, CompletionRequest, CompletionResult, ProviderAdapter, ProviderTarget, StreamEvent } from '../../domain/providers';

/**
 * GOOGLE targets over @google/genai (Gemini API, models.generateContent). The SDK's baseUrl is
 * the host root (default https://generativelanguage.googleapis.com/); it appends
 * `/<apiVersion>/models/<model>:generateContent` with apiVersion `v1beta` by default, also when a
 * custom baseUrl is set.
 */

export function toGenerateContentParams(target: ProviderTarget, request: CompletionRequest): GenerateContentParameters {
  const c = toConversation(request);
  const contents: Content[] = c.history.map((t) => ({
    role: t.role === 'assistant' ? 'model' : 'user',
    parts: [{ text: t.content }],
  }));
  const parts: Part[] = [{ text: c.prompt }];
  for (const img of c.images) parts.push({ inlineData: { mimeType: img.mimeType, data: img.data } });
  contents.push({ role: 'user', parts });

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
  for (const part of candidate?.content?.parts ?? []) {
    if (typeof part.text === 'string' && !part.thought) content += part.text;
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
    finishReason: blocked ? 'content_filter' : normaliseFinishReason(candidate?.finishReason),
    model: response.modelVersion ?? target.model,
    providerLatencyMs,
  };
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
    try {
      const client = this.client(target);
      const params = toGenerateContentParams(target, request);
      call = { startedAt: performance.now(), timeoutMs: timeoutOf(target), signal: request.signal };
      const response = await client.models.generateContent(params);
      return fromGenerateContentResponse(response, target, elapsedMs(call.startedAt));
    } catch (err) {
      throw classifyProviderError(err, call);
    }
  }

  async stream(target: ProviderTarget, request: CompletionRequest): Promise<AsyncIterable<StreamEvent>> {
    let call: CallContext | undefined;
    try {
      const client = this.client(target);
      const params = toGenerateContentParams(target, request);
      call = { startedAt: performance.now(), timeoutMs: timeoutOf(target), signal: request.signal };
      // Resolves when the provider has answered (status and headers): failures throw here.
      const responses = await client.models.generateContentStream(params);
      return googleEvents(responses, target, call);
    } catch (err) {
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
async function* googleEvents(responses: AsyncIterable<GenerateContentResponse>, target: ProviderTarget, call: CallContext): AsyncGenerator<StreamEvent> {
  let last: GenerateContentResponse | null = null;
  let finish: string | undefined;
  try {
    for await (const r of responses) {
      last = r;
      const candidate = r.candidates?.[0];
      if (candidate?.finishReason) finish = candidate.finishReason;
      let text = '';
      for (const part of candidate?.content?.parts ?? []) if (typeof part.text === 'string' && !part.thought) text += part.text;
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
    finishReason: normaliseFinishReason(finish),
    usage: { promptTokens, completionTokens, totalTokens: u?.totalTokenCount ?? promptTokens + completionTokens },
  };
}
