import { detect, detectionSummary, type Finding, PROFILE_NAMES } from '../../domain/pii';

const ALL = { profiles: PROFILE_NAMES };

function found(text: string, language: 'en' | 'de', type: string, value: string): boolean {
  const findings: Finding[] = detect(text, { ...ALL, language });
  return findings.some((f) => f.entityType === type && f.text === value);
}

// One English and one German example per entity type: [type, en text, en value, de text, de value].
const CASES: [string, string, string, string, string][] = [
  ['PERSON', 'Please ask John Smith to call back.', 'John Smith', 'Bitte rufen Sie Frau Sabine Krüger zurück.', 'Sabine Krüger'],
  ['EMAIL_ADDRESS', 'Write to jane.doe@example.org today.', 'jane.doe@example.org', 'Schreiben Sie an max.mustermann@web.de.', 'max.mustermann@web.de'],
  ['PHONE_NUMBER', 'Call me at (415) 555-2671 tomorrow.', '(415) 555-2671', 'Rufen Sie mich unter 030 12345678 an.', '030 12345678'],
  ['LOCATION', 'She moved to Seattle last year.', 'Seattle', 'Er wohnt seit Jahren in München.', 'München'],
  ['DATE_OF_BIRTH', 'Date of birth: 03/14/1985.', '03/14/1985', 'Geboren am 12.03.1985 in Bonn.', '12.03.1985'],
  ['ADDRESS', 'Ship it to 1600 Pennsylvania Avenue NW.', '1600 Pennsylvania Avenue NW', 'Die Adresse ist Musterstraße 12, 10115 Berlin.', 'Musterstraße 12, 10115 Berlin'],
  ['CREDIT_CARD', 'Card number 4111 1111 1111 1111 was charged.', '4111 1111 1111 1111', 'Die Kreditkarte 5555 5555 5555 4444 wurde belastet.', '5555 5555 5555 4444'],
  ['IBAN', 'Send it to GB82 WEST 1234 5698 7654 32 please.', 'GB82 WEST 1234 5698 7654 32', 'IBAN: DE89 3704 0044 0532 0130 00', 'DE89 3704 0044 0532 0130 00'],
  ['US_SSN', 'My SSN is 536-22-8726.', '536-22-8726', 'Die SSN des Kollegen lautet 536-22-8726.', '536-22-8726'],
  ['TAX_ID', 'Our EIN is 12-3456789 for the filing.', '12-3456789', 'Meine Steuer-ID ist 65929970489.', '65929970489'],
  ['US_BANK_NUMBER', 'The account number is 12345678901.', '12345678901', 'Die Kontonummer lautet 1234567890.', '1234567890'],
  ['MEDICAL_LICENSE', 'Prescriber DEA number AB1234563 on file.', 'AB1234563', 'Die Arztnummer (LANR) lautet 123456601.', '123456601'],
  ['NRP', 'The applicant is Catholic and lives abroad.', 'Catholic', 'Sie ist Muslima und engagiert sich.', 'Muslima'],
  ['API_KEY', 'Use sk-proj-4fGh7JkL9mNpQrStUvWxYz0123456789 for tests.', 'sk-proj-4fGh7JkL9mNpQrStUvWxYz0123456789', 'Der Schlüssel ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A ist geheim.', 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A'],
  ['CONNECTION_STRING', 'Connect with postgres://app:pa55word@db.internal:5432/main now.', 'postgres://app:pa55word@db.internal:5432/main', 'Datenbank: mongodb+srv://admin:Geheim123@cluster0.example.net/shop', 'mongodb+srv://admin:Geheim123@cluster0.example.net/shop'],
  ['PASSWORD', 'The password is Tr0ub4dor&3 for the guest account.', 'Tr0ub4dor&3', 'Das Passwort lautet Sommer2024! ab heute.', 'Sommer2024!'],
  ['ORGANIZATION', 'He works for Initech Solutions Inc. since May.', 'Initech Solutions Inc.', 'Sie arbeitet bei der Blaufeld GmbH in Köln.', 'Blaufeld GmbH'],
  ['IP_ADDRESS', 'The request came from 203.0.113.42 at noon.', '203.0.113.42', 'Die IP-Adresse 2001:db8::8a2e:370:7334 ist gesperrt.', '2001:db8::8a2e:370:7334'],
  ['URL', 'Details are at https://intranet.example.com/hr/policy today.', 'https://intranet.example.com/hr/policy', 'Mehr unter https://www.beispiel.de/kontakt.', 'https://www.beispiel.de/kontakt'],
];

describe('PII detection', () => {
  it.each(CASES)('finds %s in English and German', (type, en, enValue, de, deValue) => {
    expect(found(en, 'en', type, enValue)).toBe(true);
    expect(found(de, 'de', type, deValue)).toBe(true);
  });

  it('needs context for ambiguous numbers: a bare 10-digit number is not a bank account', () => {
    expect(detect('We shipped 1234567890 units.', ALL).filter((f) => f.entityType === 'US_BANK_NUMBER')).toEqual([]);
    expect(detect('Order 2024-05-17 cost 1,249.00 dollars.', ALL)).toEqual([]);
  });

  it('a date is a date of birth only with a birth context word', () => {
    expect(detect('The meeting is on 14.03.2025.', { ...ALL, language: 'de' })).toEqual([]);
  });

  it('rejects numbers whose checksums fail', () => {
    const types = (text: string) => detect(text, ALL).map((f) => f.entityType);
    expect(types('Card number 4111 1111 1111 1112 was charged.')).not.toContain('CREDIT_CARD');
    expect(types('IBAN: DE89 3704 0044 0532 0130 01')).not.toContain('IBAN');
    expect(types('My SSN is 666-22-8726.')).not.toContain('US_SSN');
    expect(types('Meine Steuer-ID ist 65929970488.')).not.toContain('TAX_ID');
  });

  it('keeps only the wanted profiles', () => {
    const text = 'John Smith, card 4111 1111 1111 1111';
    expect(detect(text, { profiles: ['financial_data'] }).map((f) => f.entityType)).toEqual(['CREDIT_CARD']);
    expect(detect(text, { entityTypes: ['PERSON'] }).map((f) => f.entityType)).toEqual(['PERSON']);
  });

  it('always finds redlist terms and custom entities (pattern and examples)', () => {
    const text = 'Project Falcon uses employee EMP-44821 and ticket TCK/7781.';
    const findings = detect(text, {
      profiles: [],
      redlist: ['project falcon'],
      customEntities: [
        { label: 'EMPLOYEE_ID', type: 'examples', examples: ['EMP-12345'] },
        { label: 'TICKET', type: 'pattern', pattern: 'TCK/\\d{4}' },
      ],
    });
    expect(findings.map((f) => [f.entityType, f.text])).toEqual([
      ['REDLIST', 'Project Falcon'],
      ['EMPLOYEE_ID', 'EMP-44821'],
      ['TICKET', 'TCK/7781'],
    ]);
  });

  it('resolves overlaps by the documented rule: the longer span wins', () => {
    const findings = detect('Adresse: Hauptstraße 5, 80331 München', { language: 'de' });
    expect(findings.map((f) => [f.entityType, f.text])).toEqual([['ADDRESS', 'Hauptstraße 5, 80331 München']]);
  });

  it('summarises findings by profile and type', () => {
    const findings = detect('John Smith, card 4111 1111 1111 1111, Mary Jones', { profiles: PROFILE_NAMES, redlist: ['card'] });
    expect(detectionSummary(findings)).toEqual({
      total_entities_found: 4,
      by_category: {
        personal_information: { total: 2, by_type: { PERSON: 2 } },
        financial_data: { total: 1, by_type: { CREDIT_CARD: 1 } },
        redlist: { total: 1, by_type: { REDLIST: 1 } },
      },
    });
  });

  it('returns offsets into the text', () => {
    const text = 'Mail: a.b@example.com';
    const [f] = detect(text, ALL);
    expect(text.slice(f.start, f.end)).toBe(f.text);
    expect(f.score).toBeGreaterThanOrEqual(0.5);
  });
});

describe('PII detection, special forms', () => {
  const names = (text: string, language: 'en' | 'de') =>
    detect(text, { language, entityTypes: ['PERSON'] }).map((f) => f.text);

  it('finds names after German academic titles and in lower-case chat text', () => {
    expect(names('Termin bei Frau Dr. med. Sabine Krüger am Montag.', 'de')).toEqual(['Sabine Krüger']);
    expect(names('hallo, ich bin anna schmidt aus der buchhaltung', 'de')).toEqual(['anna schmidt']);
  });

  it('does not let a legal form swallow a person named before "and" (the company starts after it)', () => {
    const of = (text: string, language: 'en' | 'de') =>
      detect(text, { ...ALL, language }).filter((f) => f.entityType === 'PERSON' || f.entityType === 'ORGANIZATION').map((f) => [f.entityType, f.text]);
    expect(of('Contract between Anna Schmidt and Example GmbH', 'en')).toEqual([
      ['PERSON', 'Anna Schmidt'],
      ['ORGANIZATION', 'Example GmbH'],
    ]);
    expect(of('Vertrag zwischen Jonas Becker und Blaufeld GmbH', 'de')).toEqual([
      ['PERSON', 'Jonas Becker'],
      ['ORGANIZATION', 'Blaufeld GmbH'],
    ]);
    // Joined name words without a first name stay one company.
    expect(of('Offer from Müller und Söhne GmbH', 'de')).toEqual([['ORGANIZATION', 'Müller und Söhne GmbH']]);
  });

  it('finds names no lexicon knows after a cue word, but not capitalised German nouns', () => {
    expect(names('Besprechung mit Oluwaseun Okonkwo am Montag.', 'de')).toEqual(['Oluwaseun Okonkwo']);
    expect(names('Neue Kunden erhalten im ersten Jahr einen Rabatt.', 'de')).toEqual([]);
    expect(names('The Spring Release includes Audit Logs.', 'en')).toEqual([]);
  });

  it('refuses custom patterns that risk catastrophic backtracking', () => {
    expect(() => detect('aaaa', { customEntities: [{ label: 'X', type: 'pattern', pattern: '(a+)+b' }] })).toThrow(/unbounded/);
    expect(() => detect('aaaa', { customEntities: [{ label: 'X', type: 'pattern', pattern: '([' }] })).toThrow(/custom entity "X"/);
  });
});

describe('PII detection on pathological input', () => {
  // Not a speed target (bench/pii.ts measures that): a guard against quadratic patterns, which
  // took about a minute on these 200,000 characters before the e-mail pattern got its look-behind.
  it.each([
    ['a run of letters', 'a'.repeat(200_000)],
    ['a run of digits', '1'.repeat(200_000)],
    ['letters and dots', 'a.'.repeat(100_000)],
    ['a run of titles', 'Herr '.repeat(40_000)],
    ['one long hyphenated word', 'Abc-'.repeat(50_000)],
  ])('handles %s in linear time', (_name, text) => {
    const t0 = Date.now();
    detect(text, { profiles: PROFILE_NAMES, language: 'de' });
    expect(Date.now() - t0).toBeLessThan(10_000);
  });
});
