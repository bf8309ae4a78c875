import type { Context, Next } from 'koa';
import { ApiError } from '../../lib/errors';
import { findUnsafeInput, unsafeString } from '../../lib/input-safety';

/**
 * Refuses, for every route, input no route may accept (lib/input-safety.ts): a 400 in the area's
 * error shape (the error middleware maps it) before any route, schema or query sees it. Runs after
 * the body parser and before the router. Multipart bodies (batch JSONL uploads) are streamed past
 * it and checked line by line by their service.
 *
 * Runs on every request, so what cannot fail is skipped: a path without '%' is its own decoded form,
 * and an empty query string parses to an empty object (Koa would build one per request).
 */
export function inputSafety(ctx: Context, next: Next) {
  let path = ctx.path;
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      throw ApiError.badRequest('Invalid path: malformed percent-encoding', undefined, 'BAD_REQUEST');
    }
  }
  const pathProblem = unsafeString(path);
  if (pathProblem) throw ApiError.badRequest(`Invalid path: ${pathProblem}`, undefined, 'BAD_REQUEST');
  if (ctx.querystring !== '') {
    const query = findUnsafeInput(ctx.query);
    if (query) throw ApiError.badRequest(`Invalid query: ${query.path.join('.')} ${query.message}`, [{ path: query.path, message: query.message }]);
  }
  const body = (ctx.request as { body?: unknown }).body;
  if (body !== undefined) {
    const problem = findUnsafeInput(body);
    if (problem) {
      const where = problem.path.length ? `${problem.path.join('.')}: ` : '';
      throw ApiError.badRequest(`Invalid body: ${where}value ${problem.message}`, [{ path: problem.path, message: problem.message }]);
    }
  }
  return next();
}
