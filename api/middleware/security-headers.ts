import helmet from 'koa-helmet';
import type { Middleware } from 'koa';

/**
 * Security headers on every answer (helmet's defaults: a Content-Security-Policy allowing only this
 * origin's scripts, nosniff, frame-ancestors none, no Referer across origins, and so on). HSTS only
 * when the operator says the api is served over HTTPS (SESSION_COOKIE_SECURE), since it would pin
 * plain-HTTP development hosts. No CORS headers: browsers may not read the api from another origin
 * (the console is same-origin; docs/API.md, "Browsers and CORS").
 */
export function securityHeaders(opts: { https: boolean }): Middleware {
  return helmet({ strictTransportSecurity: opts.https ? { maxAge: 15_552_000, includeSubDomains: true } : false }) as Middleware;
}
