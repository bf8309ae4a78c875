import type { Context } from 'koa';
import type { Principal } from '../../domain/principal';
import { ApiError, isDatabaseUnavailable } from '../../lib/errors';
import { authenticateRequest } from '../middleware/auth';

/**
 * Usage analytics answer 401 with the spec's one body, {error: Authentication required}, whatever
 * was wrong with the credential (none, expired session, an API key where a session is needed).
 */
export async function usageCaller(ctx: Context): Promise<Principal> {
  try {
    return await authenticateRequest(ctx, { accept: ['session'] });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) throw ApiError.unauthorized('Authentication required');
    throw err;
  }
}

/** An unexpected failure becomes the spec's 500 body for the area; refusals and 503s pass through. */
export async function failingAs<T>(ctx: Context, message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError || isDatabaseUnavailable(err)) throw err;
    ctx.state.log?.error({ err }, message);
    throw new ApiError(500, 'INTERNAL_ERROR', message);
  }
}
