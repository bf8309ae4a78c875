import { checkTotp, newTotpSecret, totpCode, totpUri } from '../../lib/totp';

// RFC 6238 appendix B, SHA-1 with the 20-byte ASCII seed and 8 digits.
const RFC_SEED = new TextEncoder().encode('12345678901234567890');
const VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('generates the RFC vector at t=%i', async (t, expected) => {
    expect(await totpCode({ secret: RFC_SEED, epochSeconds: t, digits: 8 })).toBe(expected);
  });

  it.each(VECTORS)('verifies the RFC vector at t=%i and reports its time step', async (t, code) => {
    const check = await checkTotp({ secret: RFC_SEED, token: code, epochSeconds: t, digits: 8 });
    expect(check).toEqual({ valid: true, timeStep: Math.floor(t / 30) });
  });

  it('refuses a replay of the same time step', async () => {
    const t = 1234567890;
    const code = await totpCode({ secret: RFC_SEED, epochSeconds: t, digits: 8 });
    const first = await checkTotp({ secret: RFC_SEED, token: code, epochSeconds: t, digits: 8 });
    expect(first.valid).toBe(true);
    const replay = await checkTotp({
      secret: RFC_SEED,
      token: code,
      epochSeconds: t,
      digits: 8,
      afterTimeStep: first.timeStep,
    });
    expect(replay.valid).toBe(false);
  });

  it('accepts one step of drift but not two', async () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000;
    const previous = await totpCode({ secret, epochSeconds: now - 30 });
    const stale = await totpCode({ secret, epochSeconds: now - 90 });
    expect((await checkTotp({ secret, token: previous, epochSeconds: now })).valid).toBe(true);
    expect((await checkTotp({ secret, token: stale, epochSeconds: now })).valid).toBe(false);
  });

  it('refuses malformed codes without calling the library', async () => {
    const secret = newTotpSecret();
    expect((await checkTotp({ secret, token: '12ab56' })).valid).toBe(false);
    expect((await checkTotp({ secret, token: '' })).valid).toBe(false);
  });

  it('builds an otpauth URI with issuer and secret', () => {
    const uri = totpUri('JBSWY3DPEHPK3PXP', 'ada@example.com');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Gatehouse:ada%40example\.com\?/);
    expect(uri).toContain('secret=JBSWY3DPEHPK3PXP');
    expect(uri).toContain('issuer=Gatehouse');
  });
});
