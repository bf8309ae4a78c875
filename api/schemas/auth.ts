import { z } from 'zod';

export const loginBody = z
  .object({
    email: z.string().trim().email('email must be an email address'),
    password: z.string().min(1, 'password is required'),
    mfaCode: z.string().trim().optional(),
  })
  .openapi('LoginRequest');

export const loginResponse = z
  .object({
    success: z.literal(true),
    token: z.string().describe('Session token; also set as the httpOnly gatehouse_session cookie'),
    expiresAt: z.string(),
    user: z.record(z.string(), z.unknown()),
    companyId: z.string(),
    role: z.string(),
  })
  .openapi('LoginResponse');

export const mfaStatusResponse = z.object({ mfaEnabled: z.boolean(), mfaVerifiedAt: z.string().nullable() }).openapi('MfaStatus');
export const mfaSetupResponse = z.object({ secret: z.string(), otpauth: z.string() }).openapi('MfaSetup');
// Codes are checked by the service so that any wrong code, malformed or not, answers "Invalid MFA token".
export const mfaVerifyBody = z.object({ token: z.string().trim().min(1, 'token is required').describe('6-digit TOTP code') });
export const mfaDisableBody = z.object({
  password: z.string().min(1, 'password is required'),
  mfaCode: z.string().trim().min(1, 'mfaCode is required').describe('6-digit TOTP code'),
});
export const mfaResultResponse = z.object({ success: z.boolean(), mfaEnabled: z.boolean() });
