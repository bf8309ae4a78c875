import type { IncomingHttpHeaders } from 'node:http';
import { geminiStream } from './streaming';
import { simulatedArguments } from './tools';
import { type ConversationDigest, simulateCompletion } from './content';
import { type PathMatcher, SimHttpError, type SimRequest, type SimResponse, type WireFormat } from './types';
import { headerValue, isRecord, nextId, requireObject } from './util';

/**
 * Gemini API (generativelanguage) wire format. @google/genai builds
 * `<baseUrl>/<apiVersion>/models/<model>:generateContent`, with apiVersion `v1beta` unless the
 * client sets `apiVersion`; both v1beta and v1 are served. The key travels in `x-goog-api-key`
 * (the SDK) or `?key=` (REST examples). The REST API accepts camelCase and snake_case field names
 * (proto JSON mapping), so both are read.
 */

function apiKey(headers: IncomingHttpHeaders, query: URLSearchParams): string | undefined {
  const key = headerValue(headers['x-goog-api-key'])?.trim() || query.get('key')?.trim();
  return key || undefined;
}

/** google.rpc.Code names for HTTP statuses, as the Gemini API reports them. */
function statusName(status: number): string {
  switch (status) {
    case 400:
      return 'INVALID_ARGUMENT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'PERMISSION_DENIED';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'ABORTED';
    case 429:
      return 'RESOURCE_EXHAUSTED';
    case 499:
      return 'CANCELLED';
    case 501:
      return 'UNIMPLEMENTED';
    case 503:
      return 'UNAVAILABLE';
    case 504:
      return 'DEADLINE_EXCEEDED';
    default:
      return status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION';
  }
}

function error(status: number, message: string, retryAfterSeconds?: number): SimResponse {
  const body: Record<string, unknown> = { code: status, message, status: statusName(status) };
  if (retryAfterSeconds !== undefined) {
    // The real API tells clients when to retry in a RetryInfo detail; @google/genai's ApiError
    // keeps only status and the body text (no headers), so this is what the adapter can read.
    body.details = [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryAfterSeconds}s` }];
  }
  return {
    status,
    body: { error: body },
    headers: retryAfterSeconds === undefined ? undefined : { 'retry-after': String(retryAfterSeconds) },
  };
}

/** Matches /v1beta/models/{model}:{action} and /v1/models/{model}:{action}. */
function modelAction(action: string): PathMatcher {
  const prefixes = ['/v1beta/models/', '/v1/models/'];
  return (path) => {
    const prefix = prefixes.find((p) => path.startsWith(p));
    if (prefix === undefined) return null;
    const rest = path.slice(prefix.length);
    const colon = rest.lastIndexOf(':');
    if (colon <= 0 || rest.slice(colon + 1) !== action) return null;
    let model: string;
    try {
      model = decodeURIComponent(rest.slice(0, colon));
    } catch {
      return null; // malformed %-escape
    }
    return model.includes('/') ? null : { model };
  };
}

interface PartsText {
  text: string;
  images: number;
}

function readParts(content: unknown, where: string): PartsText {
  if (typeof content === 'string') return { text: content, images: 0 };
  if (!isRecord(content) || !Array.isArray(content.parts)) throw new SimHttpError(400, `${where}.parts: required array`);
  const texts: string[] = [];
  let images = 0;
  for (const part of content.parts) {
    if (!isRecord(part)) throw new SimHttpError(400, `${where}.parts: parts must be objects`);
    if (typeof part.text === 'string') texts.push(part.text);
    const response = part.functionResponse ?? part.function_response;
    if (isRecord(response)) {
      // A function result answers the model's call: the "model" reads it back like user text.
      texts.push(`[tool:${typeof response.id === 'string' && response.id ? response.id : String(response.name ?? '')}] ${JSON.stringify(response.response ?? {})}`);
    }
    const inline = part.inlineData ?? part.inline_data;
    if (isRecord(inline)) {
      const mime = inline.mimeType ?? inline.mime_type;
      if (typeof mime !== 'string' || mime.startsWith('image/')) images++;
    }
  }
  return { text: texts.join('\n'), images };
}

function numberField(obj: Record<string, unknown>, camel: string, snake: string): number | undefined {
  const value = obj[camel] ?? obj[snake];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new SimHttpError(400, `generationConfig.${camel}`);
  return value;
}

function digest(body: Record<string, unknown>, model: string): ConversationDigest {
  const contents = body.contents;
  if (!Array.isArray(contents) || contents.length === 0) {
    throw new SimHttpError(400, '* GenerateContentRequest.contents: contents is not specified');
  }
  let system = '';
  let inputChars = 0;
  const instruction = body.systemInstruction ?? body.system_instruction;
  if (instruction !== undefined && instruction !== null) {
    system = readParts(instruction, 'systemInstruction').text;
    inputChars += system.length;
  }
  let images = 0;
  let lastUserText = '';
  contents.forEach((c: unknown, i) => {
    const role = isRecord(c) ? (c.role ?? 'user') : undefined;
    if (role !== 'user' && role !== 'model') throw new SimHttpError(400, `contents[${i}].role: must be user or model`);
    const { text, images: n } = readParts(c, `contents[${i}]`);
    inputChars += text.length;
    images += n;
    if (role === 'user') lastUserText = text;
  });
  const config = body.generationConfig ?? body.generation_config;
  const gen = isRecord(config) ? config : {};
  const maxTokens = numberField(gen, 'maxOutputTokens', 'max_output_tokens');
  if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || maxTokens < 1)) {
    throw new SimHttpError(400, 'generationConfig.maxOutputTokens: must be a positive integer');
  }
  return {
    model,
    system,
    turns: contents.length,
    lastUserText,
    inputChars,
    images,
    temperature: numberField(gen, 'temperature', 'temperature'),
    maxTokens,
  };
}

/** The function the simulated model calls: declarations offered, the user's text last, mode not NONE. Like the real Gemini API, no id. */
function functionCallFor(body: Record<string, unknown>): { name: string; args: Record<string, unknown> } | null {
  const tools = Array.isArray(body.tools) ? body.tools : [];
  const declarations = tools.flatMap((t) => (isRecord(t) && Array.isArray(t.functionDeclarations) ? t.functionDeclarations : [])).filter(isRecord);
  const config = isRecord(body.toolConfig) && isRecord(body.toolConfig.functionCallingConfig) ? body.toolConfig.functionCallingConfig : {};
  if (!declarations.length || config.mode === 'NONE') return null;
  const contents = Array.isArray(body.contents) ? body.contents : [];
  const last = contents[contents.length - 1];
  if (!isRecord(last) || (last.role ?? 'user') !== 'user' || !Array.isArray(last.parts)) return null;
  if (last.parts.some((p) => isRecord(p) && (p.functionResponse || p.function_response))) return null;
  const allowed = Array.isArray(config.allowedFunctionNames) ? config.allowedFunctionNames : null;
  const fn = declarations.find((d) => typeof d.name === 'string' && (allowed === null || allowed.includes(d.name)));
  if (!fn) return null;
  return { name: String(fn.name), args: simulatedArguments(fn.parametersJsonSchema ?? fn.parameters, readParts(last, 'contents.last').text) };
}

/** streamGenerateContent (the SDK asks for alt=sse): the same answer, one piece per event. */
function streamGenerateContent(req: SimRequest): SimResponse {
  const body = requireObject(req.body);
  const model = req.modelOverride ?? req.params.model!;
  if (functionCallFor(body)) {
    // A function call arrives whole, in one event.
    const answer = generateContent(req);
    return { status: 200, body: null, events: [`data: ${JSON.stringify(answer.body)}\n\n`] };
  }
  const out = simulateCompletion(digest(body, model), { userEchoMax: req.behaviour.echoMaxChars });
  return { status: 200, body: null, events: geminiStream(model, out) };
}

function generateContent(req: SimRequest): SimResponse {
  const body = requireObject(req.body);
  const model = req.modelOverride ?? req.params.model;
  const out = simulateCompletion(digest(body, model), { userEchoMax: req.behaviour.echoMaxChars, refuse: req.behaviour.refuse, architect: req.behaviour.architect });
  const call = functionCallFor(body);
  if (call) out.completionTokens = Math.ceil(JSON.stringify(call).length / 4);
  return {
    status: 200,
    body: {
      candidates: [
        {
          content: { parts: call ? [{ functionCall: call }] : [{ text: out.text }], role: 'model' },
          finishReason: out.truncated ? 'MAX_TOKENS' : 'STOP',
          index: 0,
        },
      ],
      usageMetadata: {
        promptTokenCount: out.promptTokens,
        candidatesTokenCount: out.completionTokens,
        totalTokenCount: out.promptTokens + out.completionTokens,
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: out.promptTokens }],
      },
      modelVersion: model,
      responseId: `sim${nextId()}`,
    },
  };
}

export const geminiFormat: WireFormat = {
  name: 'gemini',
  apiKey,
  error,
  routes: [
    { method: 'POST', path: modelAction('generateContent'), endpoint: 'generateContent', handle: generateContent },
    { method: 'POST', path: modelAction('streamGenerateContent'), endpoint: 'streamGenerateContent', handle: streamGenerateContent },
  ],
};
