import { createHmac } from 'node:crypto';
import { computeSignature, signPayload, verifySignature } from '../../lib/webhook-signature';

describe('webhook signature', () => {
  const secret = 'whsec_0123456789abcdef';
  const body = '{"event":"gateway.executed","id":"d1","attempt":1,"createdAt":"2026-01-01T00:00:00.000Z","data":{}}';

  it('is HMAC-SHA256 over "<t>.<raw body>" in the header t=<unix>,s=<hex>', () => {
    const t = 1_800_000_000;
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(computeSignature(secret, t, body)).toBe(expected);
    expect(signPayload(secret, body, t)).toBe(`t=${t},s=${expected}`);
  });

  it('verifies a fresh signature and refuses tampering, a wrong secret, staleness and garbage', () => {
    const now = 1_800_000_000;
    const header = signPayload(secret, body, now);
    expect(verifySignature(secret, body, header, { now })).toEqual({ ok: true, timestamp: now });
    expect(verifySignature(secret, Buffer.from(body), header, { now: now + 300 })).toEqual({ ok: true, timestamp: now });
    expect(verifySignature(secret, body.replace('d1', 'd2'), header, { now })).toEqual({ ok: false, reason: 'MISMATCH' });
    expect(verifySignature('another-secret-0000', body, header, { now })).toEqual({ ok: false, reason: 'MISMATCH' });
    expect(verifySignature(secret, body, header, { now: now + 301 })).toEqual({ ok: false, reason: 'STALE' });
    expect(verifySignature(secret, body, header, { now: now - 301 })).toEqual({ ok: false, reason: 'STALE' });
    // A replayed signature with a refreshed timestamp no longer matches: t is signed.
    expect(verifySignature(secret, body, header.replace(`t=${now}`, `t=${now + 400}`), { now: now + 400 })).toEqual({ ok: false, reason: 'MISMATCH' });
    for (const bad of [undefined, '', 'garbage', `t=${now}`, 's=abcd', `t=x,s=${'0'.repeat(64)}`]) {
      expect(verifySignature(secret, body, bad, { now })).toEqual({ ok: false, reason: 'MALFORMED' });
    }
  });
});
