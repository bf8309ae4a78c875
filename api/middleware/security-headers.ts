import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Context, Middleware, Next } from 'koa';

/**
 * Security headers on every answer (helmet's defaults: a Content-Security-Policy allowing only this
 * origin's scripts, nosniff, frame-ancestors none, no Referer across origins, and so on). HSTS only
 * when the operator says the api is served over HTTPS (SESSION_COOKIE_SECURE), since it would pin
 * plain-HTTP development hosts. No CORS headers: browsers may not read the api from another origin
 * (the console is same-origin; docs/API.md, "Browsers and CORS").
 *
 * helmet decides the headers; with these options none depends on the request, so helmet runs once
 * here and every answer replays what it did (the same headers, values and order). Running helmet per
 * request through koa-helmet cost ~12 µs of CPU per gateway call: a promise per request and a chain
 * of thirteen small middlewares (docs/PERFORMANCE.md, "Hot path, 2026-11-28"). Should helmet ever
 * not finish synchronously against the recorder, it runs per request as before.
 */
export function securityHeaders(opts: { https: boolean }): Middleware {
  const options: HelmetOptions = { strictTransportSecurity: opts.https ? { maxAge: 15_552_000, includeSubDomains: true } : false };
  const run = helmet(options);
  const recorded = recordHeaders(run);
  if (!recorded) return perRequest(run);
  return function securityHeadersMiddleware(ctx: Context, next: Next) {
    const res = ctx.res;
    for (const op of recorded) {
      if (op.value === undefined) res.removeHeader(op.name);
      else res.setHeader(op.name, op.value);
    }
    return next();
  };
}

type HeaderOp = { name: string; value?: string | string[] };
type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** What helmet does to a response (set or remove, in order), or null if it did not finish synchronously and cleanly. */
export function recordHeaders(run: NodeMiddleware): HeaderOp[] | null {
  const ops: HeaderOp[] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      ops.push({ name, value: Array.isArray(value) ? [...value] : String(value) });
      return res;
    },
    removeHeader(name: string) {
      ops.push({ name });
    },
  };
  let finished = false;
  let failed = false;
  run({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    finished = true;
    failed = err !== undefined && err !== null;
  });
  return finished && !failed ? ops : null;
}

function perRequest(run: NodeMiddleware): Middleware {
  return (ctx, next) =>
    new Promise<void>((resolve, reject) => run(ctx.req, ctx.res, (err?: unknown) => (err ? reject(err) : resolve()))).then(next);
}
