import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '../../lib/logger';
import type { Metrics } from '../../lib/metrics';

/**
 * Request id (X-Request-Id, taken from the caller when sane), a logger carrying it, one access log
 * line per request (method, route, status, ms; never headers or bodies) and the duration metric.
 * The per-request child logger is created only when something logs through it: on the hot path
 * the access line is written by the root logger with the request id as a field.
 */
export function requestContext(logger: Logger, metrics: Metrics) {
  const logsRequests = logger.isLevelEnabled('info');
  // One getter for every request (it reads the request's own state), not a closure per request.
  const CHILD = Symbol('request logger');
  const lazyLog = {
    get(this: Record<string | symbol, unknown>): Logger {
      this[CHILD] ??= logger.child({ requestId: this.requestId });
      return this[CHILD] as Logger;
    },
    configurable: true,
  };
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    const incoming = ctx.get('x-request-id');
    const requestId = incoming && /^[A-Za-z0-9._-]{1,128}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    Object.defineProperty(ctx.state, 'log', lazyLog);
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const ms = performance.now() - started;
      const route = (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
      metrics.httpDuration.observe({ method: ctx.method, route: String(route), status: String(ctx.status) }, ms / 1000);
      if (logsRequests && ctx.path !== '/healthz' && ctx.path !== '/metrics') {
        logger.info({ requestId, method: ctx.method, route, status: ctx.status, ms: Math.round(ms * 100) / 100 }, 'request');
      }
    }
  };
}
