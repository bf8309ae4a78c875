import { FIXTURE, buildCsv, buildDocx, buildPdf, buildXlsx } from '../support/documents';
import { ALL_PROFILES, DE, EN } from '../support/pii-texts';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * PII protection through POST /api/gateway/execute (spec document 1, gateway rules 1 and 2,
 * metadata.sanitization): nothing that reaches the provider simulator holds an original value
 * (its request capture shows every byte it received), and the caller's answer (the simulator
 * echoes the prompt) holds the originals again.
 */
let stack: Stack;
let company: TestCompany;
type Json = Record<string, unknown>;

beforeAll(async () => {
  stack = await startStack({ sanitizer: true });
  company = await stack.createCompany();
});
afterAll(async () => {
  await stack?.stop();
});

async function execute(body: Json, token = company.gatewayKey) {
  const before = (await stack.simCaptures()).length;
  const res = await stack.http<Json & { result: { content: string }; metadata: { sanitization: Json | null } }>('POST', '/api/gateway/execute', {
    token,
    body: { providerType: 'OPENAI', ...body },
  });
  const captured = (await stack.simCaptures()).slice(before).map((c) => c.body);
  return { res, captured };
}

const MIME = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  pdf: 'application/pdf',
};

describe.each([
  ['English', EN],
  ['German', DE],
])('%s text', (_name, sample) => {
  it('reaches the provider with stand-ins only and comes back restored, with metadata.sanitization', async () => {
    const { res, captured } = await execute({ prompt: sample.text, sanitization: { enabled: true, profiles: ALL_PROFILES } });
    expect(res.status).toBe(200);
    expect(captured.length).toBe(1);
    for (const [type, original] of Object.entries(sample.originals)) {
      expect({ type, leaked: captured[0]!.includes(original) }).toEqual({ type, leaked: false });
      expect({ type, restored: res.body.result.content.includes(original) }).toEqual({ type, restored: true });
    }
    expect(captured[0]).toMatch(/\[\[ref:[0-9a-f]{8}:[A-Z]{2,3}\d+ /);
    expect(res.body.result.content).not.toMatch(/\[\[ref:[0-9a-f]{8}:/);
    const s = res.body.metadata.sanitization!;
    expect(s).toMatchObject({ applied: true, mode: 'manual', trigger: 'api', reason: expect.any(String), profiles: ALL_PROFILES });
    expect(s.sessionToken).toMatch(/^stk_[0-9a-f]{32}$/);
    const summary = s.detectionSummary as { total_entities_found: number; by_category: Record<string, number> };
    expect(Object.keys(summary.by_category).sort()).toEqual(Object.keys(sample.originals).sort());

    // Purge the execution's session, then restore: 404.
    const token = String(s.sessionToken);
    expect((await stack.sanitizerHttp('DELETE', `/api/v1/sessions/${token}`)).status).toBe(200);
    const after = await stack.sanitizerHttp<Json>('POST', `/api/v1/sessions/${token}/restore`, { body: { content: res.body.result.content } });
    expect(after.status).toBe(404);
  });
});

describe('document attachments', () => {
  const docs: [string, keyof typeof MIME, () => Promise<Buffer> | Buffer, string[], string[]][] = [
    [
      'docx',
      'docx',
      () => buildDocx(),
      [FIXTURE.person, FIXTURE.email, FIXTURE.phone, FIXTURE.iban, FIXTURE.headerPerson, FIXTURE.footerEmail, FIXTURE.footnotePerson, FIXTURE.endnotePerson, FIXTURE.textBoxPhone, FIXTURE.commentPerson, FIXTURE.deletedPerson],
      [FIXTURE.person],
    ],
    ['xlsx', 'xlsx', () => buildXlsx(), [FIXTURE.person, FIXTURE.email, FIXTURE.phone, FIXTURE.iban, FIXTURE.secondSheetPerson, FIXTURE.hiddenSheetPerson], [FIXTURE.person, FIXTURE.email]],
    ['csv', 'csv', () => buildCsv(), [FIXTURE.person, FIXTURE.email, FIXTURE.phone, FIXTURE.iban], [FIXTURE.person, FIXTURE.email, FIXTURE.phone]],
    [
      'pdf (each kind of hidden text)',
      'pdf',
      () => buildPdf(),
      [FIXTURE.person, FIXTURE.email, FIXTURE.phone, FIXTURE.pdfInvisible, FIXTURE.pdfWhite, FIXTURE.pdfTiny, FIXTURE.pdfOffPage],
      [FIXTURE.person, FIXTURE.email],
    ],
  ];

  it.each(docs)('%s: masked by default (extracted text, stand-ins only), restored for the caller', async (_label, type, build, secret, echoed) => {
    const data = (await build()).toString('base64');
    const { res, captured } = await execute({
      prompt: 'Summarise the attached file.',
      sanitization: { profiles: ALL_PROFILES },
      attachments: [{ type: 'document', data, mimeType: MIME[type], fileName: `${FIXTURE.person} records.${type}` }],
    });
    expect(res.status).toBe(200);
    expect(captured.length).toBe(1);
    for (const value of secret) expect({ value, leaked: captured[0]!.includes(value) }).toEqual({ value, leaked: false });
    // Renamed: a file name can hold personal data.
    expect(captured[0]).toContain(`attachment-1.md`);
    expect(res.body.metadata.sanitization).toMatchObject({ applied: true, reason: expect.stringContaining('document') });
    for (const value of echoed) expect({ value, restored: res.body.result.content.includes(value) }).toEqual({ value, restored: true });
    if (type === 'pdf') {
      expect(res.body.result.content).toContain('[Hidden text removed]');
      for (const hidden of [FIXTURE.pdfInvisible, FIXTURE.pdfWhite, FIXTURE.pdfTiny, FIXTURE.pdfOffPage]) expect(res.body.result.content).not.toContain(hidden);
    }
  });

  it('acknowledgeUnprotectedDocument lets the document pass and is audited', async () => {
    const { res, captured } = await execute({
      prompt: 'Read this.',
      acknowledgeUnprotectedDocument: true,
      attachments: [{ type: 'document', content: `Contract of ${FIXTURE.person}`, fileName: 'contract.txt' }],
    });
    expect(res.status).toBe(200);
    expect(captured[0]).toContain(FIXTURE.person);
    expect(res.body.metadata.sanitization).toMatchObject({ applied: false });
    const audit = await stack.container.db('audit_logs').where({ company_id: company.companyId, action: 'SHIELD_UNPROTECTED_DOCUMENT_DELIVERY' });
    expect(audit).toHaveLength(1);
    expect(audit[0].resource_id).toBe(res.body.executionId);
  });

  it('accepts sanitization.columnRules for spreadsheets and refuses a malformed one', async () => {
    const csv = Buffer.from('Kunde;Notiz\r\nZebulon Quargh;ok\r\n').toString('base64');
    const { res, captured } = await execute({
      prompt: 'Summarise.',
      sanitization: { enabled: true, columnRules: { Kunde: 'PERSON' } },
      attachments: [{ type: 'document', data: csv, mimeType: 'text/csv' }],
    });
    expect(res.status).toBe(200);
    expect(captured[0]).not.toContain('Zebulon Quargh');
    expect(res.body.result.content).toContain('Zebulon Quargh');
    const bad = await execute({ prompt: 'x', sanitization: { enabled: true, columnRules: 'Kunde' } });
    expect(bad.res.status).toBe(400);
    expect(bad.res.body).toMatchObject({ success: false, code: 'INVALID_COLUMN_RULES' });
    expect(bad.captured).toEqual([]);
  });
});

describe('decision: package and policy', () => {
  it('answers 403 SANITIZATION_FEATURE_UNAVAILABLE without the PII_SANITIZATION package', async () => {
    const standard = await stack.createCompany({ packageName: 'standard' });
    const { res, captured } = await execute({ prompt: EN.text, sanitization: { enabled: true } }, standard.gatewayKey);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'SANITIZATION_FEATURE_UNAVAILABLE' });
    expect(captured).toEqual([]);
  });

  it('follows the effective policy: disabled, automatic, manual with allowedTriggers', async () => {
    const policy = (sanitization: Json) => ({ version: 'routingPolicyV1', sanitization });
    const disabled = await execute({ prompt: EN.text, sanitization: { enabled: true }, policy: policy({ mode: 'disabled' }) });
    expect(disabled.res.status).toBe(200);
    expect(disabled.res.body.metadata.sanitization).toMatchObject({ applied: false, mode: 'disabled' });
    expect(disabled.captured[0]).toContain(EN.originals.EMAIL_ADDRESS);

    const automatic = await execute({ prompt: EN.text, policy: policy({ mode: 'automatic', sensitivityProfiles: ['personal_information'] }) });
    expect(automatic.res.status).toBe(200);
    expect(automatic.res.body.metadata.sanitization).toMatchObject({ applied: true, mode: 'automatic', profiles: ['personal_information'] });
    expect(automatic.captured[0]).not.toContain(EN.originals.EMAIL_ADDRESS);

    const manual = policy({ mode: 'manual', allowedTriggers: ['user_action'] });
    const refused = await execute({ prompt: EN.text, sanitization: { enabled: true, trigger: 'api' }, policy: manual });
    expect(refused.res.status).toBe(403);
    expect(refused.res.body).toMatchObject({ code: 'SANITIZATION_TRIGGER_NOT_ALLOWED' });
    expect(refused.captured).toEqual([]);
    const allowed = await execute({ prompt: EN.text, sanitization: { enabled: true, trigger: 'user_action' }, policy: manual });
    expect(allowed.res.body.metadata.sanitization).toMatchObject({ applied: true, mode: 'manual', trigger: 'user_action' });
    const notTriggered = await execute({ prompt: 'Hello there', policy: manual });
    expect(notTriggered.res.body.metadata.sanitization).toMatchObject({ applied: false, mode: 'manual' });
  });
});

describe('fail closed', () => {
  it('sends nothing when the sanitizer cannot be reached (503) or refuses a document (4xx)', async () => {
    const broken = await startStack({ env: { SANITIZER_URL: 'http://127.0.0.1:9', SANITIZER_TIMEOUT_MS: '2000' } });
    try {
      const c = await broken.createCompany();
      const res = await broken.http<Json>('POST', '/api/gateway/execute', { token: c.gatewayKey, body: { prompt: EN.text, sanitization: { enabled: true } } });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, code: 'SANITIZER_UNAVAILABLE' });
      expect((await broken.simStats()).total).toBe(0);
    } finally {
      await broken.stop();
    }
    const { res, captured } = await execute({
      prompt: 'Read this.',
      attachments: [{ type: 'document', data: Buffer.from('not a real docx').toString('base64'), mimeType: MIME.docx }],
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code: 'UNREADABLE_FILE', details: { attachmentIndex: 0 } });
    expect(captured).toEqual([]);
  });
});
