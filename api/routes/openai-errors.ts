/**
 * OpenAI's error shape for the /v1 edge: every failure answers {error: {message, type, param,
 * code}} with the status OpenAI would use, so the openai SDK raises its matching class
 * (AuthenticationError, BadRequestError, NotFoundError, RateLimitError, InternalServerError...).
 * The mapping is documented in docs/API.md (OpenAI-compatible API, Errors).
 */
import type { Context, Next } from 'koa';
import { ApiError, isDatabaseUnavailable } from '../../lib/errors';

export interface OpenAiError {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

/** The status and body for anything the /v1 routes throw. */
export function openAiErrorOf(err: unknown): { status: number; error: OpenAiError; retryAfter?: string } {
  if (err instanceof ApiError) {
    const code = err.code.toLowerCase();
    const param = paramOf(err);
    if (err.code === 'MODEL_NOT_OFFERED') return { status: 404, error: { message: err.message, type: 'invalid_request_error', param: 'model', code: 'model_not_found' } };
    if (err.code === 'PROVIDER_ERROR') {
      // Every attempt failed: the last provider's failure decides (a rate limit stays a 429).
      const kind = err.extra?.providerErrorKind;
      if (kind === 'RATE_LIMIT') return { status: 429, error: { message: err.message, type: 'requests', param: null, code: 'rate_limit_exceeded' } };
      if (kind === 'TIMEOUT') return { status: 504, error: { message: err.message, type: 'server_error', param: null, code: 'provider_timeout' } };
      return { status: 502, error: { message: err.message, type: 'server_error', param: null, code: 'provider_error' } };
    }
    if (err.status === 401) return { status: 401, error: { message: err.message, type: 'invalid_request_error', param: null, code: 'invalid_api_key' } };
    if (err.status === 403) return { status: 403, error: { message: err.message, type: 'permission_error', param, code } };
    if (err.status === 404) return { status: 404, error: { message: err.message, type: 'invalid_request_error', param, code } };
    if (err.status === 429) {
      const retry = err.extra?.retryAfter;
      return { status: 429, error: { message: err.message, type: 'requests', param: null, code: 'rate_limit_exceeded' }, retryAfter: typeof retry === 'number' ? String(retry) : undefined };
    }
    if (err.status < 500) return { status: err.status, error: { message: err.message, type: 'invalid_request_error', param, code } };
    return { status: err.status, error: { message: err.message, type: 'server_error', param: null, code } };
  }
  if (isDatabaseUnavailable(err)) {
    return { status: 503, error: { message: 'The database is unavailable; try again shortly', type: 'server_error', param: null, code: 'database_unavailable' }, retryAfter: '5' };
  }
  const status = statusOf(err);
  if (status && status < 500) {
    const message = status === 400 ? 'We could not parse the JSON body of your request.' : err instanceof Error ? err.message : 'Bad request';
    return { status, error: { message, type: 'invalid_request_error', param: null, code: status === 413 ? 'payload_too_large' : null } };
  }
  return { status: 500, error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } };
}

/** Maps errors of the /v1 routes (placed before body parsing, so malformed JSON is mapped too). */
export async function openAiErrors(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (err) {
    const mapped = openAiErrorOf(err);
    if (mapped.status >= 500) ctx.state.log?.error({ err }, mapped.error.message);
    ctx.status = mapped.status;
    if (mapped.retryAfter) ctx.set('Retry-After', mapped.retryAfter);
    ctx.body = { error: mapped.error };
  }
}

/** The request field a 400 is about: the first zod issue's path, or an explicit param. */
function paramOf(err: ApiError): string | null {
  const explicit = (err.details as { param?: unknown } | undefined)?.param ?? err.extra?.param;
  if (typeof explicit === 'string') return explicit;
  if (Array.isArray(err.details)) {
    const path = (err.details[0] as { path?: unknown } | undefined)?.path;
    if (Array.isArray(path) && path.length) return path.map((p, i) => (/^\d+$/.test(String(p)) ? `[${p}]` : i ? `.${p}` : String(p))).join('');
  }
  return null;
}

function statusOf(err: unknown): number | null {
  const e = err as { status?: unknown; statusCode?: unknown } | null;
  const s = typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : null;
  return s && s >= 400 && s < 600 ? s : null;
}
