import type { IncomingHttpHeaders } from 'node:http';
import { type ConversationDigest, simulateCompletion } from './content';
import { anthropicStream, anthropicToolStream } from './streaming';
import { simulatedArguments } from './tools';
import { SimHttpError, type SimRequest, type SimResponse, type WireFormat } from './types';
import { headerValue, isRecord, nextId, optionalNumber, optionalPositiveInt, requireObject, requireString } from './util';

/**
 * Anthropic Messages wire format. The SDK's baseURL is the host root (default
 * https://api.anthropic.com) and it appends `/v1/messages`. The API takes the key in `x-api-key`
 * or `Authorization: Bearer` (what @anthropic-ai/sdk 1.x sends); both are accepted.
 */

/** From this `anthropic-version` on (what SDK 1.x sends), sampling parameters are rejected. */
const NO_SAMPLING_VERSION = '2026-10-21';
const SAMPLING_PARAMS = ['temperature', 'top_p', 'top_k'];

function apiKey(headers: IncomingHttpHeaders): string | undefined {
  const key = headerValue(headers['x-api-key'])?.trim();
  if (key) return key;
  const auth = headerValue(headers.authorization);
  if (auth !== undefined && auth.slice(0, 7).toLowerCase() === 'bearer ') return auth.slice(7).trim() || undefined;
  return undefined;
}

/** Anthropic's error `type` for a status. */
function errorType(status: number): string {
  switch (status) {
    case 400:
      return 'invalid_request_error';
    case 401:
      return 'authentication_error';
    case 402:
      return 'billing_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 529:
      return 'overloaded_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}

function error(status: number, message: string, retryAfterSeconds?: number): SimResponse {
  return {
    status,
    body: { type: 'error', error: { type: errorType(status), message }, request_id: `req_sim${nextId()}` },
    headers: retryAfterSeconds === undefined ? undefined : { 'retry-after': String(retryAfterSeconds) },
  };
}

interface BlockText {
  text: string;
  images: number;
}

/** Text and image count of a `content` (or `system`) value: a string or an array of blocks. */
function readBlocks(content: unknown, where: string): BlockText {
  if (typeof content === 'string') return { text: content, images: 0 };
  if (!Array.isArray(content)) throw new SimHttpError(400, `${where}: must be a string or an array of blocks`);
  const texts: string[] = [];
  let images = 0;
  for (const block of content) {
    if (!isRecord(block) || typeof block.type !== 'string') throw new SimHttpError(400, `${where}: invalid block`);
    if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
    else if (block.type === 'image') images++;
    else if (block.type === 'tool_result') {
      // A tool result answers the model's call: the "model" reads it back like user text.
      const id = typeof block.tool_use_id === 'string' ? block.tool_use_id : '';
      texts.push(`[tool:${id}] ${block.content === undefined ? '' : readBlocks(block.content, `${where}.tool_result`).text}`);
    }
  }
  return { text: texts.join('\n'), images };
}

function digest(body: Record<string, unknown>, model: string): ConversationDigest {
  const maxTokens = optionalPositiveInt(body, 'max_tokens');
  // Unlike OpenAI and Gemini, the Messages API requires max_tokens.
  if (maxTokens === undefined) throw new SimHttpError(400, 'max_tokens: Field required');
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) {
    throw new SimHttpError(400, 'messages: required non-empty array');
  }
  const system: string[] = [];
  let inputChars = 0;
  if (body.system !== undefined && body.system !== null) {
    const s = readBlocks(body.system, 'system');
    system.push(s.text);
    inputChars += s.text.length;
  }
  let turns = 0;
  let images = 0;
  let lastUserText = '';
  messages.forEach((m: unknown, i) => {
    if (!isRecord(m) || typeof m.role !== 'string') throw new SimHttpError(400, `messages.${i}: role required`);
    const { text, images: n } = readBlocks(m.content, `messages.${i}.content`);
    inputChars += text.length;
    images += n;
    if (m.role === 'system') system.push(text);
    else if (m.role === 'user' || m.role === 'assistant') {
      turns++;
      if (m.role === 'user') lastUserText = text;
    } else throw new SimHttpError(400, `messages.${i}.role: must be user or assistant`);
  });
  return {
    model,
    system: system.join('\n\n'),
    turns,
    lastUserText,
    inputChars,
    images,
    temperature: optionalNumber(body, 'temperature'),
    maxTokens,
  };
}

/** Exported for simulator/anthropic-batches.ts: every batch item is answered by it. */
export function createMessage(req: SimRequest): SimResponse {
  const body = requireObject(req.body);
  const requested = requireString(body, 'model');
  // ISO dates compare correctly as strings.
  const version = headerValue(req.headers['anthropic-version']) ?? '';
  if (version >= NO_SAMPLING_VERSION) {
    const sampling = SAMPLING_PARAMS.find((p) => body[p] !== undefined);
    if (sampling !== undefined) throw new SimHttpError(400, `${sampling}: Extra inputs are not permitted`);
  }
  if (body.stream === true) throw new SimHttpError(400, 'stream: streaming is not supported by the simulator');
  const model = req.modelOverride ?? requested;
  const out = simulateCompletion(digest(body, model), { userEchoMax: req.behaviour.echoMaxChars, refuse: req.behaviour.refuse, architect: req.behaviour.architect });
  return {
    status: 200,
    body: {
      id: `msg_sim${nextId()}`,
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text: out.text }],
      stop_reason: out.truncated ? 'max_tokens' : 'end_turn',
      stop_sequence: null,
      usage: {
        input_tokens: out.promptTokens,
        output_tokens: out.completionTokens,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        service_tier: 'standard',
      },
    },
  };
}

/** The tool the simulated model calls: tools offered, the user's text last (not a tool result), tool_choice not none. */
function toolUseFor(body: Record<string, unknown>): { id: string; name: string; input: Record<string, unknown> } | null {
  const tools = body.tools;
  const choice = isRecord(body.tool_choice) ? body.tool_choice : {};
  if (!Array.isArray(tools) || tools.length === 0 || choice.type === 'none') return null;
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const last = messages[messages.length - 1];
  if (!isRecord(last) || last.role !== 'user') return null;
  if (Array.isArray(last.content) && last.content.some((b) => isRecord(b) && b.type === 'tool_result')) return null;
  const wanted = choice.type === 'tool' && typeof choice.name === 'string' ? choice.name : null;
  const tool = tools.find((t): t is Record<string, unknown> => isRecord(t) && typeof t.name === 'string' && (wanted === null || t.name === wanted));
  if (!tool) return null;
  const input = simulatedArguments(tool.input_schema, readBlocks(last.content, 'messages.last.content').text);
  return { id: `toolu_sim${nextId()}`, name: String(tool.name), input };
}

/** The live endpoint: stream: true streams (simulator/streaming.ts), tools may be called; batches use createMessage. */
function messagesRoute(req: SimRequest): SimResponse {
  const body = requireObject(req.body);
  const toolUse = toolUseFor(body);
  if (body.stream !== true && !toolUse) return createMessage(req);
  const answer = createMessage({ ...req, body: { ...body, stream: undefined } });
  if (toolUse) {
    const message = answer.body as { content: unknown[]; stop_reason: string; usage: { output_tokens: number } };
    message.content = [{ type: 'tool_use', ...toolUse }];
    message.stop_reason = 'tool_use';
    message.usage.output_tokens = Math.ceil(JSON.stringify(toolUse.input).length / 4);
    if (body.stream !== true) return answer;
    return { status: 200, body: null, events: anthropicToolStream(answer.body as Parameters<typeof anthropicToolStream>[0], toolUse) };
  }
  const message = answer.body as { model: string; content: Array<{ text: string }>; stop_reason: string; usage: { input_tokens: number; output_tokens: number } };
  const text = message.content[0]!.text;
  return {
    status: 200,
    body: null,
    events: anthropicStream(message.model, {
      text,
      promptTokens: message.usage.input_tokens,
      completionTokens: message.usage.output_tokens,
      truncated: message.stop_reason === 'max_tokens',
    }),
  };
}

export const anthropicFormat: WireFormat = {
  name: 'anthropic',
  apiKey,
  error,
  routes: [{ method: 'POST', path: '/v1/messages', endpoint: 'messages', handle: messagesRoute }],
};
