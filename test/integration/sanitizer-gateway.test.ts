import { simulatorProviders } from '../../services/providers/simulator-providers';
import type { CapturedRequest } from '../../simulator/server';
import { FIXTURE, buildCsv, buildDocx, buildPdf, buildXlsx } from '../../bench/fixtures/documents';
import { ALL_PROFILES, DE, EN } from '../support/pii-texts';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * PII protection through POST /api/gateway/execute (spec document 1, gateway rules 1 and 2,
 * metadata.sanitization): nothing that reaches the provider simulator holds an original value
 * (its request capture shows every byte it received: method, path, query, headers, body), and the
 * caller's answer holds the originals again.
 *
 * The company's simulator providers use a key with `echo=full`: the simulator then echoes the
 * whole last user turn (prompt plus attachment text) instead of clipping it at 2000 characters,
 * so every stand-in the provider received comes back and must be restored.
 */
const ECHO_KEY = 'sim;id=sanitizer-gateway;echo=full';
let stack: Stack;
let company: TestCompany;
type Json = Record<string, unknown>;

beforeAll(async () => {
  stack = await startStack({ sanitizer: true });
  company = await stack.createCompany({ withSimulator: false });
  for (const input of simulatorProviders(stack.simulatorUrl, ECHO_KEY)) {
    await stack.container.services.providers.create(company.companyId, input, { userId: company.adminUserId });
  }
});
afterAll(async () => {
  await stack?.stop();
});

const chatCalls = async () => {
  const stats = await stack.simStats();
  return { total: stats.total, echo: Object.values(stats.byKey[ECHO_KEY]?.byEndpoint ?? {}).reduce((a, b) => a + b, 0) };
};

async function execute(body: Json, token = company.gatewayKey) {
  const before = (await stack.simCaptures()).length;
  const statsBefore = await chatCalls();
  const res = await stack.http<Json & { result: { content: string }; metadata: { sanitization: Json | null } }>('POST', '/api/gateway/execute', {
    token,
    body: { providerType: 'OPENAI', ...body },
  });
  const requests = (await stack.simCaptures()).slice(before);
  const statsAfter = await chatCalls();
  return {
    res,
    requests,
    captured: requests.map((c) => c.body),
    /** Provider calls seen by /_sim/stats during this execution: all keys, and the echo key. */
    calls: { total: statsAfter.total - statsBefore.total, echo: statsAfter.echo - statsBefore.echo },
  };
}

/**
 * Every string a captured request carries: method, path, query, each header name and value, the raw
 * body, and each key and string of the parsed JSON body (so a JSON escape such as \u00fc cannot
 * hide a leaked value from a plain substring search).
 */
function capturedStrings(c: CapturedRequest): string[] {
  const out = [c.method, c.path, c.query, c.body];
  for (const [name, value] of Object.entries(c.headers)) out.push(name, ...(Array.isArray(value) ? value : [String(value)]));
  const walk = (x: unknown): void => {
    if (typeof x === 'string') out.push(x);
    else if (Array.isArray(x)) x.forEach(walk);
    else if (x !== null && typeof x === 'object') {
      for (const [k, v] of Object.entries(x)) {
        out.push(k);
        walk(v);
      }
    }
  };
  try {
    walk(JSON.parse(c.body));
  } catch {
    // not JSON: the raw body is already in
  }
  return out;
}

/** Case and whitespace do not hide a value: "4111 1111 1111 1111" is found as "4111111111111111". */
const loose = (s: string) => s.toLowerCase().replace(/\s+/g, '');

/** A whole protected reference, `[[ref:<nonce>:<code> <stand-in>]]`. */
const WRAPPED_STAND_IN = /\[\[ref:[0-9a-f]{8}:[A-Z]{2,3}\d+ [^\]]*\]\]/g;

/** `word` as a whole word: "Lang" is found in "Erika Lang" but not inside a stand-in "Langworth". */
const wholeWord = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u');

/**
 * The values found anywhere in the captured requests: exactly, or ignoring case and whitespace.
 * `exactOnly` is for short words such as a surname: matched case-sensitively as a whole word, since
 * as a substring it would match inside "accept-language" or inside a realistic stand-in surname.
 */
function leakedValues(requests: CapturedRequest[], values: string[], exactOnly = false): string[] {
  const strings = requests.flatMap(capturedStrings);
  if (exactOnly) {
    // Stand-ins are random realistic names: one may by chance be a removed value's surname (faker's
    // German surnames include "Lang"). A stand-in travels inside its wrapper; a leak would not.
    const unwrapped = strings.map((s) => s.replace(WRAPPED_STAND_IN, ' '));
    return values.filter((v) => unwrapped.some((s) => wholeWord(v).test(s)));
  }
  const loosened = strings.map(loose);
  return values.filter((v) => strings.some((s) => s.includes(v)) || loosened.some((s) => s.includes(loose(v))));
}

const missingFrom = (answer: string, values: string[]) => values.filter((v) => !answer.includes(v));
const WRAPPER = /\[\[ref:[0-9a-f]{8}:[A-Z]{2,3}\d+ /;

const MIME = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  pdf: 'application/pdf',
};

describe.each([
  ['English', EN],
  ['German', DE],
])('%s text, every entity type', (_name, sample) => {
  const originals = Object.values(sample.originals);

  it('reaches the provider with stand-ins only and comes back restored, with metadata.sanitization', async () => {
    const { res, requests, calls } = await execute({ prompt: sample.text, sanitization: { enabled: true, profiles: ALL_PROFILES } });
    expect(res.status).toBe(200);
    expect(calls).toEqual({ total: 1, echo: 1 });
    expect(requests).toHaveLength(1);
    expect(leakedValues(requests, originals)).toEqual([]);
    expect(requests[0]!.body).toMatch(WRAPPER);
    // The echo is the whole prompt, restored: every original is back, no wrapper is left.
    expect(missingFrom(res.body.result.content, originals)).toEqual([]);
    expect(res.body.result.content).toContain(sample.text);
    expect(res.body.result.content).not.toMatch(/\[\[ref:[0-9a-f]{8}:/);
    const s = res.body.metadata.sanitization!;
    expect(s).toMatchObject({ applied: true, mode: 'manual', trigger: 'api', reason: expect.any(String), profiles: ALL_PROFILES });
    expect(s.sessionToken).toMatch(/^stk_[0-9a-f]{32}$/);
    const summary = s.detectionSummary as { total_entities_found: number; by_category: Record<string, number> };
    for (const type of Object.keys(sample.originals)) expect({ type, found: (summary.by_category[type] ?? 0) > 0 }).toEqual({ type, found: true });

    // Purge the execution's session, then restore: 404.
    const token = String(s.sessionToken);
    expect((await stack.sanitizerHttp('DELETE', `/api/v1/sessions/${token}`)).status).toBe(200);
    const after = await stack.sanitizerHttp<Json>('POST', `/api/v1/sessions/${token}/restore`, { body: { content: res.body.result.content } });
    expect(after.status).toBe(404);
  });

  it.each(['ANTHROPIC', 'GOOGLE'])('round-trips through the %s wire format too', async (providerType) => {
    const { res, requests, calls } = await execute({ providerType, prompt: sample.text, sanitization: { enabled: true, profiles: ALL_PROFILES } });
    expect(res.status).toBe(200);
    expect(calls).toEqual({ total: 1, echo: 1 });
    expect(leakedValues(requests, originals)).toEqual([]);
    expect(res.body.result.content).toContain(sample.text);
  });
});

interface DocumentCase {
  label: string;
  type: keyof typeof MIME;
  build: () => Promise<Buffer> | Buffer;
  /** Visible in the document: never sent, and back in the restored answer. */
  restored: string[];
  /** Removed on purpose (hidden PDF text): neither sent nor in the answer. */
  removed: string[];
  /** Not part of the text a document is converted to (tracked deletions, document properties): neither sent nor in the answer. */
  notCarried: string[];
}

const f = FIXTURE;
const documents: DocumentCase[] = [
  {
    label: 'docx (body, split run, hyperlink, table, text box, header, footer, footnote, endnote, comment)',
    type: 'docx',
    build: () => buildDocx(),
    restored: [f.person, f.email, f.phone, f.iban, f.headerPerson, f.footerEmail, f.footnotePerson, f.endnotePerson, f.textBoxPhone, f.commentPerson],
    removed: [],
    // A tracked deletion is not the document's current text; the author is a document property.
    notCarried: [f.deletedPerson, f.author],
  },
  {
    label: 'xlsx (two sheets, formula, plain and rich-text notes, hidden sheet, chart)',
    type: 'xlsx',
    build: () => buildXlsx(),
    restored: [
      f.person,
      `${f.person} (VIP)`,
      f.email,
      f.phone,
      f.iban,
      'Jonas Becker',
      'jonas.becker@example.org',
      '+49 89 1234567',
      'DE44500105175407324931',
      // secondSheetPerson sits in two cells (first name, last name).
      ...f.secondSheetPerson.split(' '),
      'Hauptstrasse 5, 10115 Berlin',
      f.hiddenSheetPerson,
      f.commentPerson,
      f.noteSplitPerson,
      f.chartTitle,
    ],
    removed: [],
    notCarried: [f.author],
  },
  {
    label: 'csv (quoted delimiter, doubled quote, line break in a field)',
    type: 'csv',
    build: () => buildCsv(),
    restored: [f.person, f.email, f.phone, f.iban, 'Jonas Becker', 'jonas.becker@example.org', '+49 89 1234567', 'Prefers "Anna", not Ann'],
    removed: [],
    notCarried: [],
  },
  {
    label: 'pdf (render mode 3, white, 1 pt and off-page text, image, scanned page, OCR layer)',
    type: 'pdf',
    build: () => buildPdf(),
    // pdfVisible names a person and a company ("... Anna Schmidt and Example GmbH"): both are masked.
    restored: [f.pdfVisible, f.person, 'Example GmbH', f.email, f.phone, f.pdfOcr],
    // Each kind of hidden text, and the names alone (without the label word before them).
    removed: [f.pdfInvisible, f.pdfWhite, f.pdfTiny, f.pdfOffPage].flatMap((v) => [v, v.split(' ').slice(1).join(' ')]),
    // Document properties (title "Contract <person>", author) and the link annotation are not converted.
    notCarried: [f.author, `mailto:${f.email}`],
  },
];

describe('document attachments', () => {
  it.each(documents.map((d) => [d.label, d] as const))('%s: masked by default (extracted text, stand-ins only), restored for the caller', async (_label, d) => {
    const data = (await d.build()).toString('base64');
    const fileName = `${f.person} records.${d.type}`;
    const { res, requests, calls } = await execute({
      prompt: 'Summarise the attached file.',
      sanitization: { profiles: ALL_PROFILES },
      attachments: [{ type: 'document', data, mimeType: MIME[d.type], fileName }],
    });
    expect(res.status).toBe(200);
    expect(calls).toEqual({ total: 1, echo: 1 });
    expect(requests).toHaveLength(1);
    const answer = res.body.result.content;

    // (a) Nothing the provider received holds an original, a removed or an uncarried value, nor the
    // file name, nor the surname of a "First Last" name (a name split by markup leaks in parts).
    const values = [...d.restored, ...d.removed, ...d.notCarried];
    const surnames = values.filter((v) => /^[A-Z][a-z]+ [A-Z][a-z]+$/.test(v)).map((v) => v.split(' ')[1]!);
    expect(leakedValues(requests, [...values, fileName])).toEqual([]);
    expect(leakedValues(requests, surnames, true)).toEqual([]);
    expect(requests[0]!.body).toMatch(WRAPPER);
    // Renamed: a file name can hold personal data.
    expect(requests[0]!.body).toContain('attachment-1.md');

    // (b) The answer (the whole echoed attachment, restored) holds every visible original...
    expect(missingFrom(answer, d.restored)).toEqual([]);
    expect(answer).not.toMatch(/\[\[ref:[0-9a-f]{8}:/);
    // ...and none of what was removed or never carried: restore cannot bring back what was not sent.
    expect([...d.removed, ...d.notCarried].filter((v) => answer.includes(v))).toEqual([]);
    if (d.type === 'pdf') {
      expect(answer).toContain('[Hidden text removed]');
      expect(answer).toContain('[Image removed]');
    }
    expect(res.body.metadata.sanitization).toMatchObject({ applied: true, reason: expect.stringContaining('document') });
  });

  it('acknowledgeUnprotectedDocument lets the document pass and is audited', async () => {
    const { res, captured, calls } = await execute({
      prompt: 'Read this.',
      acknowledgeUnprotectedDocument: true,
      attachments: [{ type: 'document', content: `Contract of ${FIXTURE.person}`, fileName: 'contract.txt' }],
    });
    expect(res.status).toBe(200);
    expect(calls).toEqual({ total: 1, echo: 1 });
    expect(captured[0]).toContain(FIXTURE.person);
    expect(res.body.metadata.sanitization).toMatchObject({ applied: false });
    const audit = await stack.container.db('audit_logs').where({ company_id: company.companyId, action: 'SHIELD_UNPROTECTED_DOCUMENT_DELIVERY' });
    expect(audit).toHaveLength(1);
    expect(audit[0].resource_id).toBe(res.body.executionId);
  });

  it('accepts sanitization.columnRules for spreadsheets and refuses a malformed one', async () => {
    const csv = Buffer.from('Kunde;Notiz\r\nZebulon Quargh;ok\r\n').toString('base64');
    const { res, requests } = await execute({
      prompt: 'Summarise.',
      sanitization: { enabled: true, columnRules: { Kunde: 'PERSON' } },
      attachments: [{ type: 'document', data: csv, mimeType: 'text/csv' }],
    });
    expect(res.status).toBe(200);
    expect(leakedValues(requests, ['Zebulon Quargh', 'Zebulon', 'Quargh'])).toEqual([]);
    expect(res.body.result.content).toContain('Zebulon Quargh');
    const bad = await execute({ prompt: 'x', sanitization: { enabled: true, columnRules: 'Kunde' } });
    expect(bad.res.status).toBe(400);
    expect(bad.res.body).toMatchObject({ success: false, code: 'INVALID_COLUMN_RULES' });
    expect(bad.captured).toEqual([]);
    expect(bad.calls).toEqual({ total: 0, echo: 0 });
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
