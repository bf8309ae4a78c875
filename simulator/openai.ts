import type { IncomingHttpHeaders } from 'node:http';
import { type ConversationDigest, simulateCompletion } from './content';
import { type OpenAiToolCall, openAiStream } from './streaming';
import { simulatedArguments } from './tools';
import { SimHttpError, type SimRequest, type SimResponse, type WireFormat } from './types';
import { headerValue, isRecord, nextId, optionalNumber, optionalPositiveInt, requireObject, requireString } from './util';

/**
 * OpenAI Chat Completions wire format (also what DeepSeek and most "OpenAI-compatible" servers
 * speak). The openai SDK appends `/chat/completions` to its baseURL, whose default already ends in
 * `/v1`; DeepSeek's documented base URL has no `/v1`. Both paths are served so a target works
 * whichever form its base URL takes.
 */

function apiKey(headers: IncomingHttpHeaders): string | undefined {
  const auth = headerValue(headers.authorization);
  if (auth === undefined || auth.length < 7 || auth.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
  const key = auth.slice(7).trim();
  return key === '' ? undefined : key;
}

/** OpenAI's error `type`/`code` for a status, as its API returns them. */
function errorKind(status: number): { type: string; code: string | null } {
  if (status === 401) return { type: 'invalid_request_error', code: 'invalid_api_key' };
  if (status === 403) return { type: 'invalid_request_error', code: 'permission_denied' };
  if (status === 404) return { type: 'invalid_request_error', code: 'not_found' };
  if (status === 429) return { type: 'requests', code: 'rate_limit_exceeded' };
  if (status >= 500) return { type: 'server_error', code: null };
  return { type: 'invalid_request_error', code: null };
}

function error(status: number, message: string, retryAfterSeconds?: number): SimResponse {
  const { type, code } = errorKind(status);
  return {
    status,
    body: { error: { message, type, param: null, code } },
    headers: retryAfterSeconds === undefined ? undefined : { 'retry-after': String(retryAfterSeconds) },
  };
}

interface MessageText {
  text: string;
  images: number;
}

/** Text and image count of one message's `content` (a string, an array of parts, or null). */
function readContent(content: unknown, index: number): MessageText {
  if (typeof content === 'string') return { text: content, images: 0 };
  if (content === null || content === undefined) return { text: '', images: 0 };
  if (!Array.isArray(content)) throw new SimHttpError(400, `messages[${index}].content: must be a string or an array`);
  const texts: string[] = [];
  let images = 0;
  for (const part of content) {
    if (!isRecord(part)) throw new SimHttpError(400, `messages[${index}].content: parts must be objects`);
    if (part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
    else if (part.type === 'image_url') images++;
  }
  return { text: texts.join('\n'), images };
}

function digest(body: Record<string, unknown>, model: string): ConversationDigest {
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) {
    throw new SimHttpError(400, 'messages: required non-empty array');
  }
  const system: string[] = [];
  let turns = 0;
  let images = 0;
  let inputChars = 0;
  let lastUserText = '';
  messages.forEach((m: unknown, i) => {
    if (!isRecord(m) || typeof m.role !== 'string') throw new SimHttpError(400, `messages[${i}]: role required`);
    const { text, images: n } = readContent(m.content, i);
    inputChars += text.length;
    images += n;
    if (m.role === 'system' || m.role === 'developer') system.push(text);
    else if (m.role === 'user' || m.role === 'assistant') {
      turns++;
      if (m.role === 'user') lastUserText = text;
    } else if (m.role === 'tool') {
      // A tool result answers the model's call: the "model" reads it back like a user turn.
      turns++;
      lastUserText = `[tool:${typeof m.tool_call_id === 'string' ? m.tool_call_id : ''}] ${text}`;
    }
  });
  return {
    model,
    system: system.join('\n\n'),
    turns,
    lastUserText,
    inputChars,
    images,
    temperature: optionalNumber(body, 'temperature'),
    // max_tokens is deprecated in favour of max_completion_tokens; servers still accept both.
    maxTokens: optionalPositiveInt(body, 'max_completion_tokens') ?? optionalPositiveInt(body, 'max_tokens'),
  };
}

/** Exported for simulator/openai-batches.ts: every batch item is answered by it. */
export function chatCompletion(req: SimRequest): SimResponse {
  const body = requireObject(req.body);
  const requested = requireString(body, 'model');
  if (body.stream === true) throw new SimHttpError(400, 'stream: streaming is not supported by the simulator');
  const model = req.modelOverride ?? requested;
  const out = simulateCompletion(digest(body, model), { userEchoMax: req.behaviour.echoMaxChars, refuse: req.behaviour.refuse, architect: req.behaviour.architect });
  return {
    status: 200,
    body: {
      id: `chatcmpl-sim${nextId()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: out.text, refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: out.truncated ? 'length' : 'stop',
        },
      ],
      usage: {
        prompt_tokens: out.promptTokens,
        completion_tokens: out.completionTokens,
        total_tokens: out.promptTokens + out.completionTokens,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: {
          reasoning_tokens: 0,
          audio_tokens: 0,
          accepted_prediction_tokens: 0,
          rejected_prediction_tokens: 0,
        },
      },
      service_tier: 'default',
      system_fingerprint: 'fp_simulator',
    },
  };
}

/**
 * Tools: when the request offers function tools and the last turn is the user's (tool_choice not
 * "none"), the "model" calls the first function tool (or the one tool_choice names) with every
 * required string property set to the user's text; a tool result as the last turn is answered
 * with text that quotes it. Enough for a client's tool round trip.
 */
function toolCallFor(body: Record<string, unknown>): OpenAiToolCall | null {
  const tools = body.tools;
  if (!Array.isArray(tools) || tools.length === 0 || body.tool_choice === 'none') return null;
  const messages = body.messages as unknown[];
  const last = messages[messages.length - 1];
  if (!isRecord(last) || last.role !== 'user') return null;
  const choice = body.tool_choice;
  const wanted = isRecord(choice) && isRecord(choice.function) && typeof choice.function.name === 'string' ? choice.function.name : null;
  const fn = tools
    .filter((t): t is Record<string, unknown> => isRecord(t) && t.type === 'function' && isRecord(t.function))
    .map((t) => t.function as Record<string, unknown>)
    .find((f) => typeof f.name === 'string' && (wanted === null || f.name === wanted));
  if (!fn) return null;
  const args = simulatedArguments(fn.parameters, readContent(last.content, messages.length - 1).text);
  return { id: `call_sim${nextId()}`, name: String(fn.name), arguments: JSON.stringify(args) };
}

/** The live endpoint: stream: true streams (simulator/streaming.ts); tools may be called. */
function chatRoute(req: SimRequest): SimResponse {
  const body = requireObject(req.body);
  const stream = body.stream === true;
  const toolCall = toolCallFor(body);
  if (!stream && toolCall === null) return chatCompletion(req);
  const requested = requireString(body, 'model');
  const model = req.modelOverride ?? requested;
  const out = simulateCompletion(digest(body, model), { userEchoMax: req.behaviour.echoMaxChars });
  if (toolCall) out.completionTokens = Math.ceil((toolCall.name.length + toolCall.arguments.length) / 4);
  if (stream) {
    const options = isRecord(body.stream_options) ? body.stream_options : {};
    return { status: 200, body: null, events: openAiStream(model, out, { includeUsage: options.include_usage === true, toolCall }) };
  }
  const answer = chatCompletion({ ...req, body: { ...body, tools: undefined } });
  const completion = answer.body as { choices: Array<{ message: Record<string, unknown>; finish_reason: string }>; usage: Record<string, number> };
  completion.choices[0]!.message = {
    role: 'assistant',
    content: null,
    refusal: null,
    annotations: [],
    tool_calls: [{ id: toolCall!.id, type: 'function', function: { name: toolCall!.name, arguments: toolCall!.arguments } }],
  };
  completion.choices[0]!.finish_reason = 'tool_calls';
  completion.usage.completion_tokens = out.completionTokens;
  completion.usage.total_tokens = out.promptTokens + out.completionTokens;
  return answer;
}

export const openAiFormat: WireFormat = {
  name: 'openai',
  apiKey,
  error,
  routes: [
    { method: 'POST', path: '/v1/chat/completions', endpoint: 'chat', handle: chatRoute },
    { method: 'POST', path: '/chat/completions', endpoint: 'chat', handle: chatRoute },
  ],
};
