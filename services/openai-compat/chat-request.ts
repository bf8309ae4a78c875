/**
 * POST /v1/chat/completions as Gatehouse reads it: OpenAI's request body (the fields Gatehouse
 * acts on validated, unknown fields ignored as OpenAI's own server ignores nothing but clients
 * expect leniency), and its mapping onto the gateway's execute request plus the provider-request
 * extras another wire format carries (a whole conversation with tool turns, tools, stop,
 * response_format, user). Lives with the use case; api/routes/openai-compat.ts only parses with it.
 */
import { z } from 'zod';
import type { Attachment, ChatMessage, CompletionRequest, ToolCall, ToolDefinition } from '../../domain/providers';
import { ApiError } from '../../lib/errors';
import type { ExecuteRequest } from '../gateway/execute-request';

const textPart = z.object({ type: z.literal('text'), text: z.string() });
const imagePart = z.object({ type: z.literal('image_url'), image_url: z.object({ url: z.string(), detail: z.string().optional() }) });
const contentSchema = z.union([z.string(), z.array(z.union([textPart, imagePart, z.object({ type: z.string() }).loose()])), z.null()]);

const toolCallSchema = z.object({
  id: z.string(),
  type: z.literal('function'),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

const messageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: contentSchema, name: z.string().optional() }),
  z.object({ role: z.literal('developer'), content: contentSchema, name: z.string().optional() }),
  z.object({ role: z.literal('user'), content: contentSchema, name: z.string().optional() }),
  z.object({
    role: z.literal('assistant'),
    content: contentSchema.optional(),
    name: z.string().optional(),
    tool_calls: z.array(toolCallSchema).optional(),
    refusal: z.string().nullable().optional(),
  }),
  z.object({ role: z.literal('tool'), content: contentSchema, tool_call_id: z.string() }),
]);

const toolSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'tool names are 1-64 letters, digits, _ or -'),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullable().optional(),
  }),
});

export const chatCompletionRequestSchema = z
  .object({
    model: z.string().min(1),
    messages: z.array(messageSchema).min(1),
    temperature: z.number().min(0).max(2).nullable().optional(),
    max_tokens: z.number().int().positive().nullable().optional(),
    max_completion_tokens: z.number().int().positive().nullable().optional(),
    stop: z.union([z.string(), z.array(z.string()).max(4)]).nullable().optional(),
    stream: z.boolean().nullable().optional(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).loose().nullable().optional(),
    tools: z.array(toolSchema).max(128).optional(),
    tool_choice: z
      .union([z.enum(['none', 'auto', 'required']), z.object({ type: z.literal('function'), function: z.object({ name: z.string() }) })])
      .optional(),
    response_format: z
      .union([
        z.object({ type: z.literal('text') }),
        z.object({ type: z.literal('json_object') }),
        z.object({ type: z.literal('json_schema'), json_schema: z.record(z.string(), z.unknown()) }),
      ])
      .optional(),
    user: z.string().max(256).optional(),
    n: z.number().int().min(1).max(1).nullable().optional().describe('only 1 is supported'),
  })
  .loose();

export type ChatCompletionRequest = z.output<typeof chatCompletionRequestSchema>;

/** What the edge passes besides the body: headers Gatehouse reads (docs/API.md, OpenAI-compatible API). */
export interface ChatOptions {
  /** X-Gatehouse-Policy: a routing policy id for this request (else the company's default policy). */
  policyId?: string;
  /** X-Gatehouse-Sanitize: true asks for PII protection (the policy's sanitization mode decides too). */
  sanitize?: boolean;
  /** X-Gatehouse-Sanitize-Profiles: comma-separated sensitivity profiles (default: the policy's, else the defaults). */
  profiles?: string[];
  traceparent?: string;
  /** Aborted when the client goes away: the provider call stops. */
  signal?: AbortSignal;
}

/** The model name that means "let the company's routing policy choose". */
export const AUTO_MODEL = 'auto';

type Content = z.output<typeof contentSchema> | undefined;

function textOf(content: Content): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content
    .filter((p): p is z.output<typeof textPart> => p.type === 'text')
    .map((p) => p.text)
    .join('\n');
}

/** Images of a user turn: data URLs only (Gatehouse never fetches a URL on a caller's behalf). */
function imagesOf(content: Content, index: number): Attachment[] {
  if (!Array.isArray(content)) return [];
  const out: Attachment[] = [];
  for (const p of content) {
    if (p.type !== 'image_url') continue;
    const url = (p as z.output<typeof imagePart>).image_url.url;
    const m = /^data:([^;,]+);base64,(.*)$/s.exec(url);
    if (!m) throw new ApiError(400, 'INVALID_IMAGE_URL', `messages[${index}]: image_url must be a data: URL (base64); remote images are not fetched`, { param: `messages[${index}].content` });
    out.push({ type: 'image', mimeType: m[1], data: m[2] });
  }
  return out;
}

/** The execute request and the provider-request extras for one chat completion. */
export function toExecution(body: ChatCompletionRequest, opts: ChatOptions): { req: ExecuteRequest; extras: Partial<CompletionRequest> } {
  const messages: ChatMessage[] = [];
  let attachments: Attachment[] = [];
  body.messages.forEach((m, i) => {
    if (m.role === 'tool') messages.push({ role: 'tool', content: textOf(m.content), toolCallId: m.tool_call_id });
    else if (m.role === 'assistant') {
      const toolCalls: ToolCall[] | undefined = m.tool_calls?.map((t) => ({ id: t.id, type: 'function', function: { ...t.function } }));
      messages.push({ role: 'assistant', content: textOf(m.content), ...(toolCalls?.length ? { toolCalls } : {}) });
    } else {
      // developer is OpenAI's newer name for system.
      messages.push({ role: m.role === 'developer' ? 'system' : m.role, content: textOf(m.content) });
      if (m.role === 'user') attachments = imagesOf(m.content, i);
    }
  });
  // The last user turn is the prompt (what the gateway protects, classifies and shows); after a
  // tool result there is none and the conversation is sent as it is.
  const last = messages[messages.length - 1]!;
  const prompt = last.role === 'user' ? last.content : '';
  const history = last.role === 'user' ? messages.slice(0, -1) : messages;
  if (last.role !== 'user') attachments = [];

  const req: ExecuteRequest = {
    prompt,
    // The gateway's schema knows user/assistant/system; tool turns travel as extras.messages too.
    messages: history as ExecuteRequest['messages'],
    ...(body.model !== AUTO_MODEL ? { model: body.model } : {}),
    ...(body.temperature != null ? { temperature: body.temperature } : {}),
    ...((body.max_completion_tokens ?? body.max_tokens) != null ? { maxTokens: (body.max_completion_tokens ?? body.max_tokens)! } : {}),
    ...(opts.policyId ? { policyId: opts.policyId } : {}),
    ...(opts.sanitize ? { sanitization: { enabled: true, ...(opts.profiles?.length ? { profiles: opts.profiles } : {}) } } : {}),
    ...(attachments.length ? { attachments } : {}),
    executionMode: 'AUTONOMOUS',
    acknowledgeUnprotectedDocument: false,
  };
  const extras: Partial<CompletionRequest> = { messages: history };
  if (body.tools?.length) extras.tools = body.tools as ToolDefinition[];
  if (body.tool_choice !== undefined) extras.toolChoice = body.tool_choice;
  if (body.stop != null) extras.stop = typeof body.stop === 'string' ? [body.stop] : body.stop;
  if (body.response_format) extras.responseFormat = body.response_format;
  if (body.user) extras.user = body.user;
  return { req, extras };
}

/** OpenAI's finish_reason vocabulary; anything else a provider said reads as stop. */
export function openAiFinishReason(reason: string): 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call' {
  return reason === 'length' || reason === 'tool_calls' || reason === 'content_filter' || reason === 'function_call' ? reason : 'stop';
}
