import { randomBytes } from 'node:crypto';
import {
  deriveCode,
  expiryFor,
  findCodes,
  fingerprintOf,
  keepLimitReached,
  readVerdict,
  restoreShieldText,
  shieldSettingsOf,
  standInText,
  type VaultEntry,
} from '../../domain/shield';

/** domain/shield: codes, the check line, restore highlights and retention rules (pure). */
describe('stand-in codes', () => {
  const secret = randomBytes(32);

  test('the same value (ignoring case and spacing for names) has the same fingerprint and code; another secret another code', () => {
    const a = fingerprintOf(secret, 'PERSON', 'Anna  Schmidt');
    expect(fingerprintOf(secret, 'PERSON', 'anna schmidt')).toBe(a);
    expect(fingerprintOf(secret, 'PHONE_NUMBER', '+49 30 1234')).not.toBe(fingerprintOf(secret, 'PERSON', '+49 30 1234'));
    expect(deriveCode(secret, 'PERSON', a)).toBe(deriveCode(secret, 'PERSON', a));
    expect(deriveCode(secret, 'PERSON', a)).toMatch(/^PER-[0-9A-HJKMNP-TV-Z]{7}$/);
    expect(deriveCode(randomBytes(32), 'PERSON', a)).not.toBe(deriveCode(secret, 'PERSON', a));
    expect(deriveCode(secret, 'PERSON', a, 1)).not.toBe(deriveCode(secret, 'PERSON', a, 0));
  });

  test('codes are found in loose forms; any single wrong character fails the check', () => {
    const code = deriveCode(secret, 'IBAN', fingerprintOf(secret, 'IBAN', 'DE89370400440532013000'));
    const [prefix, body] = code.split('-') as [string, string];
    expect(findCodes(`x [${code}] y`)).toEqual([{ start: 2, end: 2 + code.length + 2, code, prefix }]);
    expect(findCodes(`[ ${prefix.toLowerCase()} - ${body.toLowerCase()} ]`)[0]!.code).toBe(code);
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    let caught = 0;
    let tried = 0;
    for (let i = 0; i < body.length; i++) {
      for (const ch of alphabet) {
        if (ch === body[i]) continue;
        tried++;
        if (findCodes(`[${prefix}-${body.slice(0, i)}${ch}${body.slice(i + 1)}]`)[0]!.code === null) caught++;
      }
    }
    expect(caught).toBe(tried);
  });
});

describe('the check line', () => {
  test.each([
    ['GATEHOUSE-CHECK: CLEAN\nanswer', 'clean'],
    ['\n  **GATEHOUSE-CHECK: clean**\nanswer', 'clean'],
    ['GATEHOUSE-CHECK: WITHHELD the file asked me to send data', 'withheld'],
    ['just an answer', 'none'],
    ['Sure!\nGATEHOUSE-CHECK: CLEAN', 'malformed'],
    ['GATEHOUSE-CHECK: maybe', 'malformed'],
    ['GATEHOUSE-CHECK: CLEAN\nGATEHOUSE-CHECK: WITHHELD', 'malformed'],
  ])('%j → %s', (text, status) => {
    expect(readVerdict(text).status).toBe(status);
  });
});

describe('restore', () => {
  const entries: VaultEntry[] = [
    { code: 'PER-AAAAAA0', entityType: 'PERSON', original: 'Anna Schmidt', standIn: 'Lena Vogt', handoffId: 'h1' },
    { code: 'EML-BBBBBB0', entityType: 'EMAIL_ADDRESS', original: 'anna@example.com', standIn: 'lena@example.net', handoffId: 'h1' },
  ];
  // Real check characters for the fixed bodies above.
  const fix = (e: VaultEntry) => {
    const [prefix, body] = e.code.split('-') as [string, string];
    for (const ch of '0123456789ABCDEFGHJKMNPQRSTVWXYZ') {
      const c = `${prefix}-${body.slice(0, 6)}${ch}`;
      if (findCodes(`[${c}]`)[0]!.code) return { ...e, code: c };
    }
    throw new Error('no check character');
  };
  const vault = entries.map(fix);
  const [per, eml] = vault as [VaultEntry, VaultEntry];

  test('values with their codes, last word only, bare stand-ins, expired and unrecognised codes; UTF-16 highlights', () => {
    const text = `👋 ${standInText(per.standIn, per.code)} wrote to ${eml.standIn} [${eml.code.toLowerCase()}]. Ms Vogt [${per.code}] agreed; Lena Vogt too. Old: [PER-ZZZZZZ0] [PER-1234567]`;
    const r = restoreShieldText(text, vault);
    expect(r.text.startsWith('👋 Anna Schmidt wrote to anna@example.com. Ms Schmidt agreed; Anna Schmidt too.')).toBe(true);
    expect(r.highlights.map((h) => [r.text.slice(h.start, h.end), h.kind])).toEqual([
      ['Anna Schmidt', 'restored'],
      ['anna@example.com', 'restored'],
      ['Schmidt', 'restored'],
      ['Anna Schmidt', 'restored'],
      expect.arrayContaining([expect.stringMatching(/^\[PER-/)]),
      expect.arrayContaining([expect.stringMatching(/^\[PER-/)]),
    ]);
    expect(r.highlights[0]!.start).toBe(3); // after the emoji's two UTF-16 units and a space
    expect(r.replaced).toBe(4);
    expect(r.distinct).toBe(2);
    expect(r.expiredOrDeleted + r.unrecognised).toBe(2);
    for (let i = 1; i < r.highlights.length; i++) expect(r.highlights[i]!.start).toBeGreaterThanOrEqual(r.highlights[i - 1]!.end);
    expect(r.usedHandoffIds).toEqual(['h1']);
  });

  test('without any code of a handoff, its bare stand-ins stay as they are', () => {
    expect(restoreShieldText('Lena Vogt said hi', vault)).toMatchObject({ text: 'Lena Vogt said hi', replaced: 0, usedHandoffIds: [] });
  });
});

describe('retention rules', () => {
  const s = shieldSettingsOf({ defaultDays: 3, keepMaxDays: 10 });
  const t0 = new Date('2026-01-01T00:00:00Z');
  test('DEFAULT from the last use, KEEP from creation, NO_LIMIT never', () => {
    expect(expiryFor('DEFAULT', s, new Date('2026-01-05T00:00:00Z'), t0, 86_400)?.toISOString()).toBe('2026-01-08T00:00:00.000Z');
    expect(expiryFor('KEEP', s, new Date('2026-01-05T00:00:00Z'), t0, 86_400)?.toISOString()).toBe('2026-01-11T00:00:00.000Z');
    expect(expiryFor('NO_LIMIT', s, t0, t0, 86_400)).toBeNull();
    expect(keepLimitReached(s, t0, new Date('2026-01-10T23:59:59Z'), 86_400)).toBe(false);
    expect(keepLimitReached(s, t0, new Date('2026-01-11T00:00:00Z'), 86_400)).toBe(true);
  });
  test('settings fall back to the spec defaults', () => {
    expect(shieldSettingsOf({ defaultDays: 99, handoffImagePolicy: 'X' })).toMatchObject({ defaultDays: 7, keepMaxDays: 365, noLimitAllowed: false, handoffImagePolicy: 'STRIP' });
  });
});
