import { detect, PROFILE_NAMES, restoreText, sanitizeText, StandInVault, wrap } from '../../domain/pii';

// A text per language with every entity type of the five profiles.
const TEXTS = {
  en: 'John Smith (john.smith@example.com, (415) 555-2671) lives in Seattle at 221B Baker Street. Born 03/14/1985. Card 4111 1111 1111 1111, IBAN GB82 WEST 1234 5698 7654 32, SSN 536-22-8726, EIN 12-3456789, account number 12345678901. Prescriber DEA number AB1234563; the patient is Catholic. Key sk-proj-4fGh7JkL9mNpQrStUvWxYz0123456789, DSN postgres://app:pa55word@db.internal:5432/main, password: Tr0ub4dor&3. He works for Initech Inc., server 203.0.113.42, docs https://intranet.example.com/hr.',
  de: 'Frau Sabine Krüger (sabine.krueger@web.de, Tel. 030 12345678) wohnt in München, Musterstraße 12, 10115 Berlin. Geboren am 12.03.1985. Kreditkarte 5555 5555 5555 4444, IBAN DE89 3704 0044 0532 0130 00, SSN 536-22-8726, Steuer-ID 65929970489, Kontonummer 1234567890. Die Arztnummer (LANR) lautet 123456601; sie ist Muslima. Schlüssel ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A, Datenbank mongodb+srv://admin:Geheim123@cluster0.example.net/shop, das Passwort lautet Sommer2024! und sie arbeitet bei der Blaufeld GmbH, IP 2001:db8::8a2e:370:7334, https://www.beispiel.de/kontakt.',
};
const ALL_TYPES = ['PERSON', 'EMAIL_ADDRESS', 'PHONE_NUMBER', 'LOCATION', 'DATE_OF_BIRTH', 'ADDRESS', 'CREDIT_CARD', 'IBAN', 'US_SSN', 'TAX_ID', 'US_BANK_NUMBER', 'MEDICAL_LICENSE', 'NRP', 'API_KEY', 'CONNECTION_STRING', 'PASSWORD', 'ORGANIZATION', 'IP_ADDRESS', 'URL'];

describe.each(['en', 'de'] as const)('sanitize → restore round trip (%s)', (language) => {
  const text = TEXTS[language];
  const findings = detect(text, { language, profiles: PROFILE_NAMES });
  const vault = new StandInVault({ language });
  const result = sanitizeText(text, findings, vault, language);

  it('finds every entity type and leaves no original in either output', () => {
    expect(new Set(findings.map((f) => f.entityType))).toEqual(new Set(ALL_TYPES));
    for (const f of findings) {
      expect(result.sanitized).not.toContain(f.text);
      expect(result.protected).not.toContain(f.text);
    }
    expect(result.replacements).toHaveLength(findings.length);
    expect(JSON.stringify(result.replacements)).not.toContain(findings[0].text);
  });

  it('strict mode restores the protected text exactly', () => {
    const r = restoreText(result.protected, vault, { mode: 'strict' });
    expect(r.restored).toBe(text);
    expect(r.status).toBe('restored');
    expect(r.confidence).toBe('high');
    expect(r.tokensRestored).toBe(findings.length);
    expect(r.tokensFound.every((t) => t.matchCategory === 'exact')).toBe(true);
  });

  it('fuzzy mode restores the protected text and the bare sanitized text', () => {
    expect(restoreText(result.protected, vault, { mode: 'fuzzy' }).restored).toBe(text);
    const bare = restoreText(result.sanitized, vault, { mode: 'fuzzy' });
    expect(bare.restored).toBe(text);
    expect(bare.status).toBe('restored');
  });

  it('round-trips after the vault is serialised and read back', () => {
    const copy = StandInVault.fromJSON(JSON.stringify(vault.toJSON()));
    expect(restoreText(result.protected, copy, { mode: 'strict' }).restored).toBe(text);
  });
});

describe('restore modes', () => {
  const vault = new StandInVault({ language: 'en', nonce: '1a2b3c4d' });
  const person = vault.standInFor('PERSON', 'John Smith');
  const iban = vault.standInFor('IBAN', 'DE89 3704 0044 0532 0130 00');
  const wrapped = wrap(vault.nonce, person.code, person.standIn);

  it('fuzzy finds stand-ins after case and spacing changes and reports the category', () => {
    const answer = `Dear ${person.standIn.toUpperCase()}, we paid ${iban.standIn.replace(/\s/g, '')}. ${wrapped.replace('[[ref:', '[[ REF : ').toLowerCase()}`;
    const r = restoreText(answer, vault, { mode: 'fuzzy' });
    expect(r.restored).toBe('Dear John Smith, we paid DE89 3704 0044 0532 0130 00. John Smith');
    expect(r.tokensFound.map((t) => t.matchCategory).sort()).toEqual(['case', 'spacing', 'spacing']);
    expect(r.confidence).toBe('medium');
  });

  it('fuzzy restores a stand-in only where it stands alone, not glued to letters or digits', () => {
    const surname = person.standIn.split(' ').pop()!;
    const digits = iban.standIn.replace(/\s/g, '');
    // Glued on either side (ASCII, umlaut, astral letter 𝐀, digit): left alone; then once standing alone.
    const glued = `x${person.standIn}y ${person.standIn}ä 𝐀${surname} ${surname}7 9${digits} ${digits}Q`;
    const r = restoreText(`${glued} (${person.standIn}) ${digits}.`, vault, { mode: 'fuzzy' });
    expect(r.restored).toBe(`${glued} (John Smith) DE89 3704 0044 0532 0130 00.`);
    expect(r.tokensRestored).toBe(2);
    // A glued occurrence before a free one on the same scan: the scan resumes and finds the free one.
    expect(restoreText(`${surname}s and ${surname}`, vault, { mode: 'fuzzy' }).restored).toBe(`${surname}s and Smith`);
  });

  it('a person stand-in always has a surname long enough to restore alone (whatever the vault seed)', () => {
    for (let i = 0; i < 400; i++) {
      const v = new StandInVault({ language: i % 2 ? 'de' : 'en', nonce: '1a2b3c4d', seed: `seed-${i}` });
      const full = v.standInFor('PERSON', 'John Smith').standIn.split(' ');
      const alone = v.standInFor('PERSON', 'Kowalczyk').standIn;
      expect([full.at(-1)!.length >= 4, alone.length >= 4]).toEqual([true, true]);
    }
  });

  it('a stand-in whose surname is too short has no partial match: its first name alone is never restored', () => {
    const v = StandInVault.fromJSON({ version: 1, nonce: '1a2b3c4d', seed: 'x', language: 'en', entries: [{ code: 'PER1', entityType: 'PERSON', original: 'John Smith', standIn: 'Gustavo Orn' }] });
    expect(restoreText('Thanks, Gustavo. Regards to Mr Orn.', v, { mode: 'fuzzy' }).restored).toBe('Thanks, Gustavo. Regards to Mr Orn.');
    expect(restoreText('Gustavo Orn signed.', v, { mode: 'fuzzy' }).restored).toBe('John Smith signed.');
  });

  it('fuzzy restores a surname alone as partial with low confidence', () => {
    const surname = person.standIn.split(' ').pop()!;
    const r = restoreText(`Thanks, Mr ${surname}.`, vault, { mode: 'fuzzy' });
    expect(r.restored).toBe('Thanks, Mr Smith.');
    expect(r.tokensFound[0].matchCategory).toBe('partial');
    expect(r.confidence).toBe('low');
  });

  it('strict restores only complete wrappers with this session nonce; bare stand-ins are safe_unrestored', () => {
    const r = restoreText(`Hello ${person.standIn}`, vault, { mode: 'strict' });
    expect(r.restored).toBe(`Hello ${person.standIn}`);
    expect(r.safeUnrestored).toEqual([person.standIn]);
    expect(r.status).toBe('safe_unrestored');
    expect(r.tokensRestored).toBe(0);
  });

  it('strict refuses wrappers with a foreign nonce (incomplete) and leaves them in place', () => {
    const foreign = wrap('deadbeef', person.code, person.standIn);
    const r = restoreText(`Hi ${foreign} and ${wrapped}`, vault, { mode: 'strict' });
    expect(r.restored).toBe(`Hi ${foreign} and John Smith`);
    expect(r.unresolved).toEqual([foreign]);
    expect(r.status).toBe('incomplete');
    expect(r.confidence).toBe('low');
    // A case-changed wrapper is not complete in strict mode.
    expect(restoreText(wrapped.toUpperCase(), vault, { mode: 'strict' }).restored).toBe(wrapped.toUpperCase());
  });

  it('a wrapper cut short is incomplete, and many opened wrappers cost linear time', () => {
    const r = restoreText(`Hi [[ref:${vault.nonce}:${person.code} ${person.standIn}`, vault, { mode: 'strict' });
    expect(r.status).toBe('incomplete');
    expect(r.unresolved).toHaveLength(1);
    const t0 = Date.now();
    restoreText(`[[ref:${vault.nonce}:PER1 `.repeat(20_000), vault, { mode: 'fuzzy' });
    expect(Date.now() - t0).toBeLessThan(10_000);
  });

  it('an answer without stand-ins is not_applicable', () => {
    const r = restoreText('Nothing to see here.', vault, { mode: 'strict' });
    expect(r).toMatchObject({ restored: 'Nothing to see here.', status: 'not_applicable', tokensRestored: 0 });
  });

  it('restores from the code when the model changed the value inside the wrapper', () => {
    const r = restoreText(`[[ref:${vault.nonce}:${person.code} ${person.standIn}s]]`, vault, { mode: 'strict' });
    expect(r.restored).toBe('John Smith');
  });
});
