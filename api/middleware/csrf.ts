import type { Context, Next } from 'koa';
import type { Config } from '../../lib/config';
import { ApiError } from '../../lib/errors';
import { SESSION_COOKIE } from './auth';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * CSRF protection for requests that a browser authenticates with the session cookie (the console).
 *
 * The cookie is SameSite=Lax (a cross-site POST does not carry it), but "site" ignores the port: a page served by anything else on
 * 127.0.0.1 or on the same registrable domain is same-site and would still get the cookie. So every
 * state-changing /api request that carries the session cookie and no `Authorization` header must
 * come from the api's own origin: its `Origin` header (every browser sends one on POST, PATCH, PUT
 * and DELETE) or, failing that, its `Referer` must be the origin the request was addressed to
 * (scheme and Host) or PUBLIC_URL's. Without either header the request is refused too: a cookie
 * client outside a browser sends the token as `Authorization: Bearer` instead.
 *
 * Bearer clients are untouched: a browser cannot attach an Authorization header to a cross-origin
 * request without a CORS preflight, which the api never grants. Login (public, no cookie yet) is
 * checked too when it names a foreign origin, so another site cannot sign a browser into the
 * attacker's account.
 */
export function csrfProtection(config: Pick<Config, 'PUBLIC_URL'>) {
  const publicOrigin = config.PUBLIC_URL ? originOf(config.PUBLIC_URL) : null;
  return async function csrf(ctx: Context, next: Next) {
    if (SAFE_METHODS.has(ctx.method) || !ctx.path.startsWith('/api/')) return next();
    if (/^Bearer\s+\S+/i.test(ctx.get('authorization'))) return next();
    const isLogin = ctx.path === '/api/auth/login';
    if (!isLogin && !ctx.cookies.get(SESSION_COOKIE)) return next();

    const header = ctx.get('origin');
    const source = header ? (header === 'null' ? 'null' : originOf(header)) : ctx.get('referer') ? originOf(ctx.get('referer')) : null;
    if (!source) {
      if (isLogin) return next();
      throw ApiError.forbidden('A request made with the session cookie must carry an Origin or Referer header', 'CSRF_ORIGIN_REQUIRED');
    }
    // Not ctx.origin: Koa 3 answers that from the Origin header itself.
    const own = `${ctx.protocol}://${ctx.host}`;
    if (source !== own && source !== publicOrigin) {
      throw ApiError.forbidden(`Cross-origin request refused (origin ${source})`, 'CSRF_ORIGIN_MISMATCH');
    }
    return next();
  };
}
