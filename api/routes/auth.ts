import type { Context } from 'koa';
import { z } from 'zod';
import { ApiError } from '../../lib/errors';
import { SESSION_COOKIE } from '../middleware/auth';
import { errorSchema } from '../schemas/common';
import { loginBody, loginResponse } from '../schemas/auth';
import { type AuthRule, defineRoute } from './define';

const anySignedIn: AuthRule = { accept: ['session', 'gateway_key', 'external_key', 'shield_key'] };

function clientIp(ctx: Context): string | null {
  return ctx.ip || null;
}

export const authRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/auth/login',
    summary: 'Sign in with email and password (and a TOTP code once MFA is enabled)',
    tags: ['Auth'],
    auth: 'public',
    body: loginBody,
    responses: {
      200: { description: 'Signed in; the session cookie is set', schema: loginResponse },
      400: { description: 'HTTPS_REQUIRED: the session cookie is secure-only and the request came over plain HTTP', schema: errorSchema },
      401: { description: 'Invalid credentials, or MFA_REQUIRED / INVALID_MFA_TOKEN', schema: errorSchema },
      429: { description: 'Too many failed attempts', schema: errorSchema },
    },
    async handler(ctx, { body }) {
      // A secure-only cookie cannot be set on a plain-HTTP request (Koa throws, which was a 500).
      // Behind a TLS-terminating proxy, TRUST_PROXY makes X-Forwarded-Proto count.
      if (ctx.config.SESSION_COOKIE_SECURE && !ctx.secure) {
        throw new ApiError(400, 'HTTPS_REQUIRED', 'Sign in over HTTPS: the session cookie is secure-only (behind a TLS proxy, set TRUST_PROXY=true so X-Forwarded-Proto counts)');
      }
      const session = await ctx.services.auth.login({
        email: body.email,
        password: body.password,
        mfaCode: body.mfaCode || undefined,
        ip: clientIp(ctx),
        userAgent: ctx.get('user-agent') || null,
      });
      ctx.cookies.set(SESSION_COOKIE, session.token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.SESSION_COOKIE_SECURE,
        expires: session.expiresAt,
        path: '/',
        overwrite: true,
      });
      return { success: true, ...session, expiresAt: session.expiresAt.toISOString() };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/logout',
    summary: 'End the current session',
    tags: ['Auth'],
    auth: { accept: ['session'] },
    responses: { 200: { description: 'Signed out', schema: z.object({ success: z.literal(true) }) } },
    async handler(ctx, { principal }) {
      await ctx.services.auth.logout(principal, clientIp(ctx));
      ctx.cookies.set(SESSION_COOKIE, null, { path: '/' });
      return { success: true };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/auth/me',
    summary: 'Who the credential belongs to: user, company, role, permissions and package features',
    tags: ['Auth'],
    auth: anySignedIn,
    responses: { 200: { description: 'The caller' }, 401: { description: 'Not signed in', schema: errorSchema } },
    handler: (ctx, { principal }) => ctx.services.auth.me(principal),
  }),
];
