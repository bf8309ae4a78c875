import type { z } from 'zod';

/**
 * The one error type services throw for anything a client did or may see. The error middleware
 * maps it to the body shape of the area (see api/middleware/errors.ts). Anything else is a 500
 * whose details are logged, never returned.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** Extra top-level fields some spec shapes need (policy violation: provider, model, policyName...). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static badRequest(message: string, details?: unknown, code = 'BAD_REQUEST') {
    return new ApiError(400, code, message, details);
  }
  static unauthorized(message = 'Authentication required') {
    return new ApiError(401, 'UNAUTHORIZED', message);
  }
  static forbidden(message = 'Insufficient permissions', code = 'FORBIDDEN') {
    return new ApiError(403, code, message);
  }
  static notFound(message = 'Not found', code = 'NOT_FOUND') {
    return new ApiError(404, code, message);
  }
  static conflict(message: string, code = 'CONFLICT') {
    return new ApiError(409, code, message);
  }
}

/**
 * A PostgreSQL unique violation (SQLSTATE 23505), raw or wrapped by objection. Read-then-write
 * name checks can both pass under concurrency; the unique index then refuses the second writer,
 * which the caller should see as 409, not 500.
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; nativeError?: { code?: unknown }; name?: unknown } | null;
  return e?.name === 'UniqueViolationError' || e?.code === '23505' || e?.nativeError?.code === '23505';
}

/** A zod failure as the error body's details: every problem with its path. */
export function zodDetails(error: z.ZodError) {
  return error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', '57P01', '57P02', '57P03', '53300']);

/**
 * The database cannot be reached or refuses work for now (connection refused or cut, server
 * shutting down or not accepting connections, too many connections, no pooled connection within the
 * acquire timeout), raw or wrapped by objection. Such a request answers 503 with Retry-After: it
 * may succeed later, and it is not the client's fault.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; message?: unknown; nativeError?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.name === 'KnexTimeoutError') return true;
  const code = typeof e.code === 'string' ? e.code : '';
  if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (code === '55000' && message.includes('not currently accepting connections')) return true;
  if (/Connection terminated|connection timeout|Timeout acquiring a connection/i.test(message)) return true;
  return e.nativeError ? isDatabaseUnavailable(e.nativeError) : false;
}

/**
 * The Temporal frontend cannot be reached (stopped, restarting, network): the gRPC status
 * UNAVAILABLE (14) or DEADLINE_EXCEEDED (4), as the client's ServiceError carries it in its cause,
 * or the connection's own "failed to connect". Checked by shape so lib/ needs no Temporal import.
 */
export function isTemporalUnavailable(err: unknown, depth = 0): boolean {
  const e = err as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== 'object' || depth > 4) return false;
  if ((e.code === 14 || e.code === 4) && typeof e.message === 'string' && /UNAVAILABLE|DEADLINE_EXCEEDED|No connection established|connect/i.test(e.message)) return true;
  if (e.name === 'TransportError' || (typeof e.message === 'string' && /Failed to connect before the deadline/i.test(e.message))) return true;
  return e.cause ? isTemporalUnavailable(e.cause, depth + 1) : false;
}
