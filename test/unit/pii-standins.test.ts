import { detect, PROFILE_NAMES, StandInVault, validators } from '../../domain/pii';
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES } from '../../domain/pii/lexicons';

describe('PII stand-ins', () => {
  it('gives the same original the same stand-in within a session, and different originals different ones', () => {
    const vault = new StandInVault({ language: 'en', seed: 'a'.repeat(32) });
    const a = vault.standInFor('PERSON', 'John Smith');
    const b = vault.standInFor('PERSON', 'John Smith');
    const c = vault.standInFor('PERSON', 'Mary Jones');
    expect(b).toBe(a);
    expect(c.standIn).not.toBe(a.standIn);
    expect(a.code).toBe('PER1');
    expect(c.code).toBe('PER2');
    // Serialised and read back (encrypted storage), the mapping is the same.
    const copy = StandInVault.fromJSON(JSON.parse(JSON.stringify(vault.toJSON())));
    expect(copy.standInFor('PERSON', 'John Smith')).toEqual(a);
    expect(copy.standInFor('PERSON', 'Anna Berg').code).toBe('PER3');
  });

  it('the manifest lists codes, types, stand-ins and wrappers, never an original', () => {
    const vault = new StandInVault({ language: 'de', nonce: '00c0ffee' });
    vault.standInFor('PERSON', 'Sabine Krüger');
    vault.standInFor('IBAN', 'DE89 3704 0044 0532 0130 00');
    const manifest = vault.manifest();
    expect(manifest.map((m) => [m.id, m.entityType])).toEqual([
      ['PER1', 'PERSON'],
      ['IBN1', 'IBAN'],
    ]);
    expect(manifest[0].ref).toBe(`[[ref:00c0ffee:PER1 ${manifest[0].value}]]`);
    const json = JSON.stringify(manifest);
    expect(json).not.toContain('Krüger');
    expect(json).not.toContain('0532 0130');
  });

  it('keeps the sex of a known first name, so "Herr"/"Frau" and pronouns still fit', () => {
    const vault = new StandInVault({ language: 'de' });
    for (let i = 0; i < 40; i++) {
      const woman = vault.standInFor('PERSON', `Sabine Krüger${i}`).standIn.split(' ')[0].toLowerCase();
      const man = vault.standInFor('PERSON', `Jürgen Becker${i}`).standIn.split(' ')[0].toLowerCase();
      // faker also draws unisex names ("Jamie", "Luca"); what must not happen is a name only men
      // (or only women) bear.
      expect(MALE_FIRST_NAMES.has(woman) && !FEMALE_FIRST_NAMES.has(woman)).toBe(false);
      expect(FEMALE_FIRST_NAMES.has(man) && !MALE_FIRST_NAMES.has(man)).toBe(false);
    }
  });

  it('never puts another original of the session into a stand-in', () => {
    const cities = ['München', 'Berlin', 'Hamburg', 'Köln', 'Frankfurt', 'Stuttgart', 'Düsseldorf', 'Leipzig', 'Dortmund', 'Essen', 'Bremen', 'Dresden', 'Hannover', 'Nürnberg', 'Aachen', 'Bonn', 'Kiel', 'Mainz', 'Ulm', 'Trier'];
    for (let k = 0; k < 5; k++) {
      const vault = new StandInVault({ language: 'de' });
      vault.reserve(cities);
      for (let i = 0; i < 20; i++) {
        const { standIn } = vault.standInFor('ADDRESS', `Musterstraße ${i + 1}, 10115 Berlin`);
        for (const city of cities) expect(standIn).not.toContain(city);
      }
    }
  });

  it('is deterministic for a session seed', () => {
    const one = new StandInVault({ seed: 'b'.repeat(32), nonce: '0badc0de' }).standInFor('EMAIL_ADDRESS', 'x@y.com');
    const two = new StandInVault({ seed: 'b'.repeat(32), nonce: '0badc0de' }).standInFor('EMAIL_ADDRESS', 'x@y.com');
    expect(one.standIn).toBe(two.standIn);
  });

  const VALID: [string, string, (v: string) => boolean][] = [
    ['CREDIT_CARD', '4111 1111 1111 1111', (v) => validators.luhnValid(v) && validators.cardBrand(v) === 'visa' && /^\d{4} \d{4} \d{4} \d{4}$/.test(v)],
    ['CREDIT_CARD', '378282246310005', (v) => validators.luhnValid(v) && validators.cardBrand(v) === 'amex'],
    ['IBAN', 'DE89 3704 0044 0532 0130 00', (v) => validators.ibanValid(v) && v.startsWith('DE') && v.includes(' ')],
    ['IBAN', 'GB82WEST12345698765432', (v) => validators.ibanValid(v) && v.startsWith('GB')],
    ['US_SSN', '536-22-8726', (v) => validators.ssnValid(v) && /^\d{3}-\d{2}-\d{4}$/.test(v)],
    ['TAX_ID', '65929970489', (v) => validators.steuerIdValid(v)],
    ['TAX_ID', '12-3456789', (v) => validators.einValid(v)],
    ['MEDICAL_LICENSE', 'AB1234563', (v) => validators.deaValid(v) && v.startsWith('A')],
    ['MEDICAL_LICENSE', '123456601', (v) => validators.lanrValid(v)],
    ['US_BANK_NUMBER', '021000021', (v) => validators.abaRoutingValid(v)],
    ['IP_ADDRESS', '192.168.1.20', (v) => validators.ipv4Valid(v) && v.startsWith('192.168.')],
    ['EMAIL_ADDRESS', 'jane.doe@gmail.com', (v) => /^[^@\s]+@[^@\s]+\.[a-z]+$/.test(v)],
    ['PHONE_NUMBER', '+49 151 23456789', (v) => v.startsWith('+49 151 ') && v.length === '+49 151 23456789'.length],
    ['DATE_OF_BIRTH', '12.03.1985', (v) => /^\d{2}\.\d{2}\.\d{4}$/.test(v)],
    ['DATE_OF_BIRTH', 'March 14, 1985', (v) => /^[A-Z][a-z]+ \d{1,2}, \d{4}$/.test(v)],
    ['API_KEY', 'sk-proj-4fGh7JkL9mNpQrStUvWxYz0123456789', (v) => v.startsWith('sk-proj-') && v.length === 40],
    ['CONNECTION_STRING', 'postgres://app:pa55word@db.internal:5432/main', (v) => /^postgres:\/\/[^:]+:[^@]+@[^:]+:5432\/\w+$/.test(v)],
    ['ORGANIZATION', 'Blaufeld GmbH', (v) => v.endsWith(' GmbH')],
    ['ADDRESS', 'Musterstraße 12, 10115 Berlin', (v) => /, \d{5} \S/.test(v)],
  ];
  it.each(VALID)('%s stand-in for %s is realistic and valid', (type, original, check) => {
    const vault = new StandInVault({ language: type === 'ADDRESS' || original.startsWith('+49') ? 'de' : 'en' });
    const { standIn } = vault.standInFor(type, original);
    expect(check(standIn)).toBe(true);
    expect(standIn).not.toBe(original);
    expect(standIn.toLowerCase()).not.toContain(original.toLowerCase());
  });

  it('never equals or contains the original, for every finding of a mixed text', () => {
    const text =
      'Jo Li (jo@li.de, +1 415 555 2671) lives in Boston at 12 Oak Street. Card 4111111111111111, IBAN DE89370400440532013000, SSN 536-22-8726, key AKIAIOSFODNN7EXAMPLE, password: Sommer2024!, IP 10.0.0.1, https://li.example.com/a, Acme Inc., she is Catholic.';
    const vault = new StandInVault({ language: 'en' });
    const findings = detect(text, { profiles: PROFILE_NAMES });
    expect(findings.length).toBeGreaterThan(12);
    for (const f of findings) {
      const { standIn } = vault.standInFor(f.entityType, f.text);
      expect(standIn.toLowerCase()).not.toContain(f.text.toLowerCase());
    }
  });
});
