import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '../../lib/logger';
import type { Metrics } from '../../lib/metrics';

/**
 * Request id (X-Request-Id, taken from the caller when sane), a child logger carrying it, one access
 * log line per request (method, route, status, ms; never headers or bodies) and the duration metric.
 */
export function requestContext(logger: Logger, metrics: Metrics) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    const incoming = ctx.get('x-request-id');
    const requestId = incoming && /^[A-Za-z0-9._-]{1,128}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const ms = performance.now() - started;
      const route = (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
      metrics.httpDuration.observe({ method: ctx.method, route: String(route), status: String(ctx.status) }, ms / 1000);
      if (ctx.path !== '/healthz' && ctx.path !== '/metrics') {
        ctx.state.log.info({ method: ctx.method, route, status: ctx.status, ms: Math.round(ms * 100) / 100 }, 'request');
      }
    }
  };
}
