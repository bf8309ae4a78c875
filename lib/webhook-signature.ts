import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signing (spec document 3, Events): header `X-Service-Signature: t=<unix>,s=<hex>` where
 * s = HMAC-SHA256(secret, "<t>.<raw body>"). The timestamp is inside the signed text, so a receiver
 * that refuses old timestamps also refuses replays of a captured delivery.
 */
export const SIGNATURE_HEADER = 'X-Service-Signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function computeSignature(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The header value for a body signed now (or at `timestamp`, unix seconds). */
export function signPayload(secret: string, rawBody: string | Buffer, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},s=${computeSignature(secret, timestamp, rawBody)}`;
}

export type VerifyResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'MALFORMED' | 'STALE' | 'MISMATCH' };

/**
 * Checks a header against the raw body: well-formed, not older (or newer) than `toleranceSeconds`,
 * and a signature equal under a timing-safe comparison. Several `s=` parts are accepted (one of them
 * must match) so a secret rotation can sign with old and new secret at once.
 */
export function verifySignature(
  secret: string,
  rawBody: string | Buffer,
  header: string | null | undefined,
  opts: { toleranceSeconds?: number; now?: number } = {},
): VerifyResult {
  if (!header) return { ok: false, reason: 'MALFORMED' };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 's' && value && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: 'MALFORMED' };
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (opts.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return { ok: false, reason: 'STALE' };
  const expected = Buffer.from(computeSignature(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  return matches ? { ok: true, timestamp } : { ok: false, reason: 'MISMATCH' };
}
