/**
 * Streamed answers for the three wire formats: the simulated text cut into token-sized pieces and
 * framed as each provider frames its server-sent events. The HTTP core (server.ts) writes the
 * events one by one, waiting the key's `tokenDelay` between them, and stops when the client goes
 * away (counted as an aborted stream in GET /_sim/stats).
 */
import type { SimulatedCompletion } from './content';
import { nextId } from './util';

/** Word-sized pieces (each word with the whitespace after it): roughly what a model streams. */
export function tokenPieces(text: string): string[] {
  const pieces = text.match(/\S+\s*|\s+/g) ?? [];
  return pieces.length ? pieces : [''];
}

const data = (value: unknown): string => `data: ${JSON.stringify(value)}\n\n`;

export interface OpenAiToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** OpenAI chat.completion.chunk events, ending with `data: [DONE]`; the usage chunk when asked. */
export function openAiStream(
  model: string,
  out: SimulatedCompletion,
  opts: { includeUsage: boolean; toolCall: OpenAiToolCall | null },
): string[] {
  const id = `chatcmpl-sim${nextId()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: unknown, finish: string | null) =>
    data({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_simulator', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
  const events: string[] = [];
  if (opts.toolCall) {
    const t = opts.toolCall;
    events.push(chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: t.id, type: 'function', function: { name: t.name, arguments: '' } }] }, null));
    for (const piece of t.arguments.match(/.{1,16}/gs) ?? []) events.push(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }, null));
    events.push(chunk({}, 'tool_calls'));
  } else {
    events.push(chunk({ role: 'assistant', content: '', refusal: null }, null));
    for (const piece of tokenPieces(out.text)) events.push(chunk({ content: piece }, null));
    events.push(chunk({}, out.truncated ? 'length' : 'stop'));
  }
  if (opts.includeUsage) {
    events.push(
      data({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        system_fingerprint: 'fp_simulator',
        choices: [],
        usage: { prompt_tokens: out.promptTokens, completion_tokens: out.completionTokens, total_tokens: out.promptTokens + out.completionTokens },
      }),
    );
  }
  events.push('data: [DONE]\n\n');
  return events;
}

const anthropicEvent = (type: string, value: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...value })}\n\n`;

/** Anthropic Messages stream of a tool call: one tool_use block whose input arrives as input_json_delta pieces. */
export function anthropicToolStream(
  message: { id: string; model: string; usage: { input_tokens: number; output_tokens: number } },
  tool: { id: string; name: string; input: Record<string, unknown> },
): string[] {
  const event = anthropicEvent;
  const json = JSON.stringify(tool.input);
  return [
    event('message_start', { message: { id: message.id, type: 'message', role: 'assistant', model: message.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: message.usage.input_tokens, output_tokens: 1 } } }),
    event('content_block_start', { index: 0, content_block: { type: 'tool_use', id: tool.id, name: tool.name, input: {} } }),
    ...(json.match(/.{1,16}/gs) ?? []).map((partial_json) => event('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json } })),
    event('content_block_stop', { index: 0 }),
    event('message_delta', { delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: message.usage.output_tokens } }),
    event('message_stop', {}),
  ];
}

/** Anthropic Messages stream: message_start, one text block of deltas, message_delta with usage, message_stop. */
export function anthropicStream(model: string, out: SimulatedCompletion): string[] {
  const event = anthropicEvent;
  const events = [
    event('message_start', {
      message: {
        id: `msg_sim${nextId()}`,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: out.promptTokens, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      },
    }),
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    event('ping', {}),
  ];
  for (const piece of tokenPieces(out.text)) events.push(event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } }));
  events.push(
    event('content_block_stop', { index: 0 }),
    event('message_delta', {
      delta: { stop_reason: out.truncated ? 'max_tokens' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: out.completionTokens },
    }),
    event('message_stop', {}),
  );
  return events;
}

/** Gemini streamGenerateContent?alt=sse: one GenerateContentResponse per piece, the last with finishReason and usage. */
export function geminiStream(model: string, out: SimulatedCompletion): string[] {
  const responseId = `sim${nextId()}`;
  const pieces = tokenPieces(out.text);
  return pieces.map((text, i) => {
    const last = i === pieces.length - 1;
    return data({
      candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0, ...(last ? { finishReason: out.truncated ? 'MAX_TOKENS' : 'STOP' } : {}) }],
      usageMetadata: last
        ? { promptTokenCount: out.promptTokens, candidatesTokenCount: out.completionTokens, totalTokenCount: out.promptTokens + out.completionTokens }
        : { promptTokenCount: out.promptTokens },
      modelVersion: model,
      responseId,
    });
  });
}
