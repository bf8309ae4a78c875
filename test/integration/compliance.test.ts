import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { type WebhookDelivery, createWebhookReceiver } from '../../examples/webhook-receiver';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * POST /api/v1/compliance/check with a real API key: every standard's rules on texts whose
 * findings are written out by hand (offsets counted in the test), provider residency and
 * attestations from the company's simulator providers (sim-anthropic US, sim-openai US, sim-google DE,
 * sim-deepseek SG, sim-custom IE), the unknown-standard 400, and compliance.failed delivered to a webhook through
 * the real Temporal worker and verified by the sample receiver.
 */
let stack: Stack;
let co: TestCompany;
let session: string;
let server: Server;
const received: WebhookDelivery[] = [];
let secret = '';

type Any = any;

beforeAll(async () => {
  stack = await startStack({ worker: true, env: { OUTBOUND_URL_ALLOWLIST: '127.0.0.1', BREAKER_HEALTH_SCHEDULE: 'false' } });
  co = await stack.createCompany();
  session = await stack.login(co.adminEmail, co.adminPassword);
  server = createWebhookReceiver({
    get secret() {
      return secret;
    },
    onDelivery: (d) => void received.push(d),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  const created = await stack.http<Any>('POST', '/api/v1/webhooks', { token: session, body: { name: 'compliance', url, events: ['compliance.failed'] } });
  expect(created.status).toBeLessThan(300);
  secret = created.body.webhook.secret;
});

afterAll(async () => {
  server?.close();
  await stack?.stop();
});

const check = (input: string, standard: string, token: string | undefined = co.gatewayKey) =>
  stack.http<Any>('POST', '/api/v1/compliance/check', { token, body: { input, standard } });
const at = (text: string, part: string) => ({ start: text.indexOf(part), end: text.indexOf(part) + part.length });
const bySeverity = (c: number, h: number, m: number, l: number) => ({ CRITICAL: c, HIGH: h, MEDIUM: m, LOW: l });

describe('POST /api/v1/compliance/check', () => {
  it('GDPR: personal data by type and offset, special categories, and the providers outside the EU/EEA', async () => {
    const text = 'Contact Jane Doe at jane.doe@example.com; she is a member of a trade union.';
    const res = await check(text, 'GDPR');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      passed: false,
      standard: 'GDPR',
      findings: [
        { rule: 'PERSONAL_DATA', severity: 'HIGH', entityType: 'PERSON', ...at(text, 'Jane Doe'), message: 'Personal data: PERSON' },
        { rule: 'PERSONAL_DATA', severity: 'HIGH', entityType: 'EMAIL_ADDRESS', ...at(text, 'jane.doe@example.com'), message: 'Personal data: EMAIL_ADDRESS' },
        { rule: 'SPECIAL_CATEGORY_DATA', severity: 'CRITICAL', entityType: 'TRADE_UNION', ...at(text, 'trade union'), message: 'Special category of personal data (GDPR Art. 9): trade union' },
        // Providers sorted by name: sim-anthropic (US), sim-deepseek (SG) and sim-openai (US) are outside; sim-custom (IE) and sim-google (DE) inside.
        { rule: 'DATA_RESIDENCY', severity: 'HIGH', entityType: 'PROVIDER', start: null, end: null, message: 'Provider sim-anthropic processes data outside the EU/EEA (US)' },
        { rule: 'DATA_RESIDENCY', severity: 'HIGH', entityType: 'PROVIDER', start: null, end: null, message: 'Provider sim-deepseek processes data outside the EU/EEA (SG)' },
        { rule: 'DATA_RESIDENCY', severity: 'HIGH', entityType: 'PROVIDER', start: null, end: null, message: 'Provider sim-openai processes data outside the EU/EEA (US)' },
      ],
      summary: { total: 6, bySeverity: bySeverity(1, 5, 0, 0), byRule: { PERSONAL_DATA: 2, SPECIAL_CATEGORY_DATA: 1, DATA_RESIDENCY: 3 } },
      checkedAt: expect.any(String),
    });

    // Nothing personal: passes, and the providers are not a finding (nothing to transfer).
    const clean = await check('Summarise the quarterly revenue trends by region.', 'gdpr');
    expect(clean.body).toMatchObject({ passed: true, standard: 'GDPR', findings: [], summary: { total: 0 } });
  });

  it('HIPAA: health data and identifiers (PHI), providers without a HIPAA attestation', async () => {
    const text = 'Patient John Smith, MRN: 48213-A, diagnosed with hypertension.';
    const res = await check(text, 'HIPAA');
    const health = (part: string, entityType: string, kind: string) => ({ rule: 'HEALTH_DATA', severity: 'HIGH', entityType, ...at(text, part), message: `Health information (${kind})` });
    expect(res.body.findings).toEqual([
      health('Patient', 'HEALTH_CONDITION', 'a health term'),
      { rule: 'PHI_IDENTIFIER', severity: 'HIGH', entityType: 'PERSON', ...at(text, 'John Smith'), message: 'HIPAA identifier: PERSON' },
      health('MRN: 48213-A', 'MEDICAL_RECORD_NUMBER', 'a medical record number'),
      health('diagnosed', 'HEALTH_CONDITION', 'a health term'),
      health('hypertension', 'HEALTH_CONDITION', 'a health term'),
      // Only sim-anthropic is HIPAA-attested.
      ...['sim-custom', 'sim-deepseek', 'sim-google', 'sim-openai'].map((p) => ({ rule: 'PROVIDER_ATTESTATION', severity: 'HIGH', entityType: 'PROVIDER', start: null, end: null, message: `Provider ${p} has no HIPAA attestation` })),
    ]);
    expect(res.body.passed).toBe(false);
    // An identifier without health context is advice (MEDIUM): the check passes.
    const plain = await check('Call John Smith tomorrow.', 'HIPAA');
    expect(plain.body).toMatchObject({ passed: true, findings: [{ rule: 'PHI_IDENTIFIER', severity: 'MEDIUM', entityType: 'PERSON' }] });
  });

  it('PCI_DSS: card numbers and verification codes are critical; SOC2 and ISO27001: credentials', async () => {
    const card = 'Charge card 4111 1111 1111 1111, CVV: 123, to the account.';
    const pci = await check(card, 'PCI-DSS');
    expect(pci.body.standard).toBe('PCI_DSS');
    expect(pci.body.findings.slice(0, 2)).toEqual([
      { rule: 'CARDHOLDER_DATA', severity: 'CRITICAL', entityType: 'CREDIT_CARD', ...at(card, '4111 1111 1111 1111'), message: 'Primary account number: CREDIT_CARD' },
      { rule: 'SENSITIVE_AUTHENTICATION_DATA', severity: 'CRITICAL', entityType: 'CARD_VERIFICATION_CODE', ...at(card, 'CVV: 123'), message: 'Card verification code (must never be stored or sent)' },
    ]);
    // No simulator provider is PCI_DSS-attested: all five are findings.
    expect(pci.body.summary).toEqual({ total: 7, bySeverity: bySeverity(2, 5, 0, 0), byRule: { CARDHOLDER_DATA: 1, SENSITIVE_AUTHENTICATION_DATA: 1, PROVIDER_ATTESTATION: 5 } });

    const secretText = 'Deploy with password: Hunter2!secret now.';
    const soc2 = await check(secretText, 'SOC2');
    expect(soc2.body.findings[0]).toEqual({ rule: 'CREDENTIALS', severity: 'CRITICAL', entityType: 'PASSWORD', ...at(secretText, 'Hunter2!secret'), message: 'Credential or secret: PASSWORD' });
    // SOC2: sim-custom and sim-deepseek lack the attestation.
    expect(soc2.body.findings.slice(1).map((f: Any) => f.message)).toEqual(['Provider sim-custom has no SOC2 attestation', 'Provider sim-deepseek has no SOC2 attestation']);

    const conn = 'postgres://admin:s3cret@db.internal:5432/prod';
    const iso = await check(conn, 'ISO27001');
    expect(iso.body.findings[0]).toEqual({ rule: 'CREDENTIALS', severity: 'CRITICAL', entityType: 'CONNECTION_STRING', start: 0, end: conn.length, message: 'Credential or secret: CONNECTION_STRING' });
    expect(iso.body.findings.slice(1).map((f: Any) => f.message)).toEqual(['Provider sim-custom has no ISO27001 attestation', 'Provider sim-deepseek has no ISO27001 attestation']);
    expect((await check('Meeting notes: agree the roadmap.', 'ISO27001')).body).toMatchObject({ passed: true, findings: [] });
  });

  it('refuses an unknown standard with the allowed list, and answers 401 without an API key', async () => {
    const res = await check('hello', 'FERPA');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_STANDARD', allowedStandards: ['GDPR', 'HIPAA', 'PCI_DSS', 'SOC2', 'ISO27001'] });
    expect(res.body.error).toContain('GDPR, HIPAA, PCI_DSS, SOC2, ISO27001');
    expect((await check('hello', 'GDPR', session)).status).toBe(401);
    expect((await stack.http('POST', '/api/v1/compliance/check', { body: { input: 'x', standard: 'GDPR' } })).status).toBe(401);
    expect((await stack.http('POST', '/api/v1/compliance/check', { token: co.gatewayKey, body: { standard: 'GDPR' } })).status).toBe(400);
  });

  it('delivers compliance.failed to the webhook, signed, once per failed check, without the input', async () => {
    const before = received.length;
    await check('Email jane.doe@example.com about the results.', 'GDPR');
    await check('Nothing sensitive here.', 'GDPR');
    const deadline = Date.now() + 60_000;
    while (received.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 1500)); // a second delivery would have arrived by now
    const mine = received.slice(before).filter((d) => d.event === 'compliance.failed' && (d.data as Any).findingCount === 4);
    expect(mine).toHaveLength(1);
    expect(mine[0].data).toEqual({
      standard: 'GDPR',
      checkedAt: expect.any(String),
      apiKeyId: expect.any(String),
      findingCount: 4, // the email, and sim-anthropic, sim-deepseek and sim-openai outside the EU/EEA
      bySeverity: bySeverity(0, 4, 0, 0),
      rules: ['PERSONAL_DATA', 'DATA_RESIDENCY'],
    });
    expect(JSON.stringify(received)).not.toContain('jane.doe@example.com');
    // Every check so far that failed was delivered, the passing ones were not.
    expect(received.every((d) => d.event === 'compliance.failed')).toBe(true);
  }, 120_000);
});
