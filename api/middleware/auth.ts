import type { Context } from 'koa';
import { SESSION_TOKEN_PREFIX } from '../../domain/api-keys';
import { ApiError } from '../../lib/errors';
import type { Principal } from '../../domain/principal';
import type { AuthRule, Credential } from '../routes/define';

export const SESSION_COOKIE = 'gatehouse_session';

/** The credential a request carries: `Authorization: Bearer <token>` first, then the session cookie. */
export function readCredential(ctx: Context): { token: string; from: 'bearer' | 'cookie' } | null {
  const header = ctx.get('authorization');
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match) return { token: match[1]!, from: 'bearer' };
  }
  const cookie = ctx.cookies.get(SESSION_COOKIE);
  return cookie ? { token: cookie, from: 'cookie' } : null;
}

function credentialOf(principal: Principal): Credential {
  if (principal.via === 'session') return 'session';
  switch (principal.apiKey?.kind) {
    case 'EXTERNAL':
      return 'external_key';
    case 'SHIELD':
      return 'shield_key';
    default:
      return 'gateway_key';
  }
}

const DESCRIBE: Record<Credential, string> = {
  session: 'a signed-in session',
  gateway_key: 'a gateway API key',
  external_key: 'an external API key',
  shield_key: 'a Shield API key',
};

/**
 * Resolves and authorises the caller for a route. 401 when there is no valid credential or the
 * credential is of a kind the route does not take; 403 when it is valid but not allowed (key type,
 * permission). The principal is cached on ctx.state for the rest of the request.
 */
export async function authenticateRequest(ctx: Context, rule: AuthRule): Promise<Principal> {
  const credential = readCredential(ctx);
  if (!credential) throw ApiError.unauthorized('Authentication required');
  const isSessionToken = credential.from === 'cookie' || credential.token.startsWith(SESSION_TOKEN_PREFIX);
  const principal = await ctx.services.auth.authenticate(credential.token, isSessionToken ? 'session' : 'api_key');
  if (!principal) throw ApiError.unauthorized(isSessionToken ? 'Session expired or invalid' : 'Invalid API key');

  const kind = credentialOf(principal);
  if (!rule.accept.includes(kind)) {
    const accepted = rule.accept.map((a) => DESCRIBE[a]).join(' or ');
    throw ApiError.unauthorized(`This endpoint requires ${accepted}`);
  }
  if (principal.apiKey?.kind === 'GATEWAY' && rule.keyTypes && !rule.keyTypes.includes(principal.apiKey.type!)) {
    throw ApiError.forbidden(`API key type ${principal.apiKey.type} is not allowed here`, 'KEY_TYPE_NOT_ALLOWED');
  }
  if (rule.permission && !principal.permissions.has(rule.permission)) {
    throw ApiError.forbidden(`Missing permission ${rule.permission}`, 'FORBIDDEN');
  }
  ctx.state.principal = principal;
  ctx.services.auth.touch(principal);
  return principal;
}
