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
