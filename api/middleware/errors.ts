import type { Context, Next } from 'koa';
import { ApiError, isDatabaseUnavailable, isTemporalUnavailable } from '../../lib/errors';

const ZERO_KNOWLEDGE_PATH = /^\/api\/v1\/(pzk\/|zero-knowledge\/|prompts\/zk$)/;

/**
 * Maps every thrown error to a response. An ApiError becomes its status with
 * {error, code, details?, ...extra}; gateway routes add success: false (the spec's gateway shape).
 * Anything else is a 500 whose details are logged with the request id and never returned.
 */
export async function errorMiddleware(ctx: Context, next: Next) {
  try {
    await next();
  } catch (err) {
    const gateway = ctx.path.startsWith('/api/gateway');
    if (err instanceof ApiError) {
      ctx.status = err.status;
      ctx.body = {
        ...(gateway ? { success: false } : {}),
        error: err.message,
        code: err.code,
        ...(err.details !== undefined ? { details: err.details } : {}),
        ...(err.extra ?? {}),
      };
      const retryAfter = err.extra?.retryAfter;
      if (err.status === 429 && typeof retryAfter === 'number') ctx.set('Retry-After', String(retryAfter));
      if (err.status >= 500) ctx.state.log?.error({ err }, err.message);
      return;
    }
    if (isDatabaseUnavailable(err)) {
      // Not the client's fault, and likely to pass: 503 at once rather than a hang or a 500.
      ctx.state.log?.warn({ err }, 'database unavailable');
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      // The zero-knowledge area names this case api_auth_unavailable (spec document 2's errors): its
      // callers cannot be authenticated against the credential store.
      const code = ZERO_KNOWLEDGE_PATH.test(ctx.path) ? 'api_auth_unavailable' : 'DATABASE_UNAVAILABLE';
      ctx.body = { ...(gateway ? { success: false } : {}), error: 'The database is unavailable; try again shortly', code };
      return;
    }
    if (isTemporalUnavailable(err)) {
      // Holds, batches, schedules and test runs wait in Temporal: while it is down they are
      // refused (nothing changed), and the rest of the api keeps serving.
      ctx.state.log?.warn({ err }, 'workflow service unavailable');
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = { ...(gateway ? { success: false } : {}), error: 'The workflow service is unavailable; try again shortly', code: 'WORKFLOW_SERVICE_UNAVAILABLE' };
      return;
    }
    const dataError = postgresDataError(err);
    if (dataError) {
      // A value a route's schema let through but a column cannot hold (too long, out of range, not
      // representable): the client's input, so 400, and the statement changed nothing.
      ctx.state.log?.warn({ sqlState: dataError }, 'PostgreSQL refused a value from the request');
      ctx.status = 400;
      ctx.body = { ...(gateway ? { success: false } : {}), error: 'Invalid input: a value is too long, out of range or not storable', code: 'INVALID_VALUE' };
      return;
    }
    const status = httpStatusOf(err);
    if (status && status < 500) {
      // Koa and the body parser throw errors with a status: malformed JSON, body too large.
      ctx.status = status;
      const message = status === 400 ? 'Invalid JSON body' : err instanceof Error ? err.message : 'Bad request';
      ctx.body = { ...(gateway ? { success: false } : {}), error: message, code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST' };
      return;
    }
    ctx.state.log?.error({ err }, 'unhandled error');
    ctx.status = 500;
    ctx.body = {
      ...(gateway ? { success: false } : {}),
      error: 'Internal server error',
      code: 'INTERNAL',
      requestId: ctx.state.requestId,
    };
  }
}

function httpStatusOf(err: unknown): number | null {
  if (err && typeof err === 'object') {
    const e = err as { status?: unknown; statusCode?: unknown; expose?: unknown };
    const s = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : null;
    if (s && s >= 400 && s < 600) return s;
  }
  return null;
}

/**
 * SQLSTATE class 22 (data exception: string too long, numeric out of range, invalid text
 * representation, untranslatable character...), raw or wrapped by objection, or null. The request
 * validation layer refuses most such input first (lib/input-safety.ts); this is the backstop.
 */
function postgresDataError(err: unknown): string | null {
  const e = err as { code?: unknown; nativeError?: { code?: unknown } } | null;
  const code = typeof e?.code === 'string' ? e.code : typeof e?.nativeError?.code === 'string' ? e.nativeError.code : null;
  return code && /^22[0-9A-Z]{3}$/.test(code) ? code : null;
}
