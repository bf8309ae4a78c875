import { generate, generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP (RFC 6238) through otplib 13: SHA-1, 6 digits, 30-second steps, as authenticator apps
 * expect. One step of clock drift is tolerated either way. Replays are refused by passing the last
 * accepted time step as afterTimeStep: a code whose step is not newer is invalid.
 */
export const TOTP_PERIOD_SECONDS = 30;
const DRIFT_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, accountLabel: string, issuer = 'Gatehouse'): string {
  return generateURI({ issuer, label: accountLabel, secret });
}

export interface TotpCheck {
  valid: boolean;
  /** The time step the code belongs to, when valid: store it to refuse a replay. */
  timeStep?: number;
}

export async function checkTotp(opts: {
  secret: string | Uint8Array;
  token: string;
  afterTimeStep?: number | null;
  epochSeconds?: number;
  digits?: 6 | 8;
}): Promise<TotpCheck> {
  const digits = opts.digits ?? 6;
  if (!new RegExp(`^\\d{${digits}}$`).test(opts.token)) return { valid: false };
  const result = await verify({
    secret: opts.secret,
    token: opts.token,
    digits,
    epoch: opts.epochSeconds,
    epochTolerance: DRIFT_SECONDS,
    afterTimeStep: opts.afterTimeStep ?? undefined,
  });
  if (!result.valid) return { valid: false };
  return { valid: true, timeStep: 'timeStep' in result ? result.timeStep : undefined };
}

export function totpCode(opts: { secret: string | Uint8Array; epochSeconds?: number; digits?: 6 | 8 }): Promise<string> {
  return generate({ secret: opts.secret, epoch: opts.epochSeconds, digits: opts.digits ?? 6 });
}
