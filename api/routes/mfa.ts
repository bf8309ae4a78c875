import { errorSchema } from '../schemas/common';
import { mfaDisableBody, mfaResultResponse, mfaSetupResponse, mfaStatusResponse, mfaVerifyBody } from '../schemas/auth';
import { type AuthRule, defineRoute } from './define';

const session: AuthRule = { accept: ['session'] };

export const mfaRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/account/mfa/status',
    summary: 'Whether TOTP MFA is enabled for the signed-in user',
    tags: ['MFA'],
    auth: session,
    responses: { 200: { description: 'MFA status', schema: mfaStatusResponse } },
    handler: async (ctx, { principal }) => {
      const s = await ctx.services.mfa.status(principal.userId!);
      return { mfaEnabled: s.mfaEnabled, mfaVerifiedAt: s.mfaVerifiedAt ? new Date(s.mfaVerifiedAt).toISOString() : null };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/account/mfa/setup',
    summary: 'Start MFA setup: returns the raw secret and an otpauth URI for a QR code (not stored client-side)',
    tags: ['MFA'],
    auth: session,
    responses: {
      200: { description: 'Secret and otpauth URI', schema: mfaSetupResponse },
      400: { description: 'MFA is already enabled', schema: errorSchema },
    },
    handler: (ctx, { principal }) => ctx.services.mfa.setup(principal.userId!),
  }),
  defineRoute({
    method: 'post',
    path: '/api/account/mfa/verify',
    summary: 'Confirm setup with a current 6-digit code; enables MFA',
    tags: ['MFA'],
    auth: session,
    body: mfaVerifyBody,
    responses: {
      200: { description: 'MFA enabled', schema: mfaResultResponse },
      400: { description: '{error: "Invalid MFA token"} or setup not started', schema: errorSchema },
    },
    handler: (ctx, { principal, body }) => ctx.services.mfa.verify(principal.userId!, body.token, principal.companyId),
  }),
  defineRoute({
    method: 'post',
    path: '/api/account/mfa/disable',
    summary: 'Disable MFA with the current password and a valid code',
    tags: ['MFA'],
    auth: session,
    body: mfaDisableBody,
    responses: {
      200: { description: 'MFA disabled', schema: mfaResultResponse },
      400: { description: 'Wrong password or invalid MFA token', schema: errorSchema },
    },
    handler: (ctx, { principal, body }) =>
      ctx.services.mfa.disable(principal.userId!, body.password, body.mfaCode, principal.companyId),
  }),
];
