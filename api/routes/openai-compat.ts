/**
 * The OpenAI-compatible edge (/v1): POST /v1/chat/completions (answered or streamed as
 * server-sent events) and GET /v1/models, for gateway keys of type OPENAI_COMPAT or FULL_ACCESS.
 * Authentication and validation as every route, errors in OpenAI's shape (openai-errors.ts), and
 * the stream written as the service yields it: a client that goes away aborts the provider call.
 * The use cases are services/openai-compat/.
 */
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type Router from '@koa/router';
import { z } from 'zod';
import type { Context } from 'koa';
import { ApiError, zodDetails } from '../../lib/errors';
import { type ChatCompletionRequest, type ChatOptions, chatCompletionRequestSchema } from '../../services/openai-compat/chat-request';
import { authenticateRequest } from '../middleware/auth';
import { jsonInput } from './define';
import type { AuthRule } from './define';
import { openAiErrorOf, openAiErrors } from './openai-errors';

const AUTH: AuthRule = { accept: ['gateway_key'], keyTypes: ['OPENAI_COMPAT', 'FULL_ACCESS'], permission: 'gateway.execute' };

/** Header names Gatehouse reads on /v1 (docs/API.md). */
export const POLICY_HEADER = 'x-gatehouse-policy';
export const SANITIZE_HEADER = 'x-gatehouse-sanitize';
export const PROFILES_HEADER = 'x-gatehouse-sanitize-profiles';

function parseBody(ctx: Context): ChatCompletionRequest {
  const parsed = chatCompletionRequestSchema.safeParse((ctx.request as { body?: unknown }).body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    throw ApiError.badRequest(`Invalid request: ${where}${first?.message ?? 'invalid'}`, zodDetails(parsed.error), 'invalid_value');
  }
  return parsed.data;
}

function optionsOf(ctx: Context, signal: AbortSignal): ChatOptions {
  const sanitize = ctx.get(SANITIZE_HEADER).trim().toLowerCase();
  return {
    policyId: ctx.get(POLICY_HEADER).trim() || undefined,
    sanitize: sanitize === 'true' || sanitize === '1',
    profiles: ctx
      .get(PROFILES_HEADER)
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    traceparent: ctx.get('traceparent') || undefined,
    signal,
  };
}

/** Aborted when the client goes away before the answer is complete. */
function clientGone(ctx: Context): AbortSignal {
  const controller = new AbortController();
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) controller.abort();
  });
  return controller.signal;
}

async function chatCompletions(ctx: Context): Promise<void> {
  const principal = await authenticateRequest(ctx, AUTH);
  const body = parseBody(ctx);
  const signal = clientGone(ctx);
  const opts = optionsOf(ctx, signal);
  if (!body.stream) {
    const answer = await ctx.services.openAiChat.complete(principal, body, opts);
    ctx.set('X-Gatehouse-Execution-Id', answer.id.replace(/^chatcmpl-/, ''));
    ctx.body = answer;
    return;
  }
  // Routing, protection and every fallback attempt happen here, before the first byte.
  const { executionId, chunks } = await ctx.services.openAiChat.stream(principal, body, opts);
  ctx.status = 200;
  ctx.type = 'text/event-stream';
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('X-Accel-Buffering', 'no');
  ctx.set('X-Gatehouse-Execution-Id', executionId);
  // Written to the socket directly: Koa would report a client that goes away as an error.
  ctx.respond = false;
  ctx.res.flushHeaders();
  void pipeChunks(chunks, ctx.res, signal, ctx);
}

/** Writes each chunk as an SSE event and `data: [DONE]`; a failure mid-stream becomes an error event (OpenAI's form). */
async function pipeChunks(chunks: AsyncIterable<unknown>, out: ServerResponse, signal: AbortSignal, ctx: Context): Promise<void> {
  try {
    for await (const chunk of chunks) {
      if (signal.aborted) break;
      if (!out.write(`data: ${JSON.stringify(chunk)}\n\n`)) await once(out, 'drain', { signal });
    }
    if (!signal.aborted) out.write('data: [DONE]\n\n');
  } catch (err) {
    if (!signal.aborted && !out.destroyed) {
      const mapped = openAiErrorOf(err);
      out.write(`data: ${JSON.stringify({ error: mapped.error })}\n\n`);
      ctx.state.log?.warn({ err }, 'stream ended with an error');
    }
  } finally {
    out.end();
  }
}

async function models(ctx: Context): Promise<void> {
  const principal = await authenticateRequest(ctx, AUTH);
  ctx.body = await ctx.services.openAiModels.list(principal);
}

const openAiErrorSchema = z.object({
  error: z.object({ message: z.string(), type: z.string(), param: z.string().nullable(), code: z.string().nullable() }),
});

/** The two routes, and their entries in the OpenAPI document (the answer shapes are OpenAI's own). */
export function mountOpenAiRoutes(router: Router, registry: OpenAPIRegistry): void {
  router.post('/v1/chat/completions', openAiErrors, ...jsonInput('25mb'), chatCompletions);
  router.get('/v1/models', openAiErrors, models);
  const errors = Object.fromEntries(
    [400, 401, 403, 404, 429, 502, 504].map((status) => [status, { description: 'OpenAI error shape (docs/API.md)', content: { 'application/json': { schema: openAiErrorSchema } } }]),
  );
  registry.registerPath({
    method: 'post',
    path: '/v1/chat/completions',
    summary: 'OpenAI-compatible chat completion: answered (chat.completion) or streamed (text/event-stream of chat.completion.chunk, then data: [DONE])',
    description:
      'Gateway keys of type OPENAI_COMPAT or FULL_ACCESS. model "auto" lets the routing policy choose; headers X-Gatehouse-Policy (a routing policy id), X-Gatehouse-Sanitize (true), X-Gatehouse-Sanitize-Profiles (comma-separated). Answers carry X-Gatehouse-Execution-Id.',
    tags: ['OpenAI-compatible'],
    security: [{ bearer: [] }],
    request: { body: { content: { 'application/json': { schema: chatCompletionRequestSchema } }, required: true } },
    responses: { 200: { description: "OpenAI's chat.completion, or its chunk stream" }, ...errors },
  });
  registry.registerPath({
    method: 'get',
    path: '/v1/models',
    summary: "The models the key's company can use, in OpenAI's list shape (auto first)",
    tags: ['OpenAI-compatible'],
    security: [{ bearer: [] }],
    responses: { 200: { description: '{object: "list", data: [{id, object: "model", created, owned_by}]}' }, ...errors },
  });
}
