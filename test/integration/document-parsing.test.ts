import { createServer } from 'node:net';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { buildEncryptedPdf, buildPng, buildScannedOnlyPdf } from '../../bench/fixtures/documents';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Document parsing over HTTP (spec document 2, issue 15): settings at company, project and prompt
 * scope with inheritance and every 403/404; previews of generated PDFs (a table, a table whose
 * header cannot be confirmed, hidden white text, a picture) with their tables, counts and savings;
 * extractionSource fallback when the sanitizer cannot be reached; inspect-tables with and without
 * the entitlement; files/parse and the upload errors (400, 413, 500).
 */
let stack: Stack;
let down: Stack;
let company: TestCompany;
let admin: string;
let member: { userId: string; session: string };
let pro: { company: TestCompany; session: string };
let basic: { company: TestCompany; session: string };

type Body = Record<string, any>;
const call = (method: string, path: string, token: string, body?: unknown, s = stack) => s.http<Body>(method, path, { token, body });
const HIDDEN = 'Secret hidden note';
const TABLE = {
  header: ['Name', 'Email', 'IBAN'],
  rows: [
    ['Anna Schmidt', 'anna@example.com', 'DE89370400440532013000'],
    ['Max Weber', 'max@example.com', 'DE44500105175407324931'],
  ],
};

async function tablePdf(opts: { german?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p = doc.addPage([595, 842]);
  p.drawText('Quarterly customer report', { x: 50, y: 780, size: 14, font });
  const cols = [50, 200, 380];
  const header = opts.german ? ['Vorname', 'E-Mail-Adresse', 'Betrag'] : TABLE.header;
  for (const [i, r] of [header, ...TABLE.rows].entries()) {
    for (const [k, c] of r.entries()) p.drawText(c, { x: cols[k]!, y: 740 - i * 18, size: 11, font });
  }
  // Two aligned columns under a numeric "header": not a confirmed table.
  p.drawText('2024', { x: 50, y: 640, size: 11, font });
  p.drawText('2025', { x: 200, y: 640, size: 11, font });
  p.drawText('10', { x: 50, y: 622, size: 11, font });
  p.drawText('12', { x: 200, y: 622, size: 11, font });
  p.drawText(HIDDEN, { x: 50, y: 600, size: 11, font, color: rgb(1, 1, 1) });
  p.drawImage(await doc.embedPng(buildPng(40, 30)), { x: 50, y: 450, width: 120, height: 90 });
  p.drawText('End of report.', { x: 50, y: 420, size: 11, font });
  return Buffer.from(await doc.save());
}

async function upload(path: string, token: string, file: Buffer | null, fields: Record<string, string> = {}, s = stack, name = 'report.pdf') {
  const form = new FormData();
  if (file) form.append('file', new Blob([file]), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(s.url + path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as Body };
}

async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

beforeAll(async () => {
  stack = await startStack({ sanitizer: true });
  down = await startStack({ env: { SANITIZER_URL: `http://127.0.0.1:${await closedPort()}`, SANITIZER_TIMEOUT_MS: '2000' } });
  company = await stack.createCompany();
  admin = await stack.login(company.adminEmail, company.adminPassword);
  const m = await stack.addUser(company.companyId, 'MEMBER');
  member = { userId: m.userId, session: await stack.login(m.email, m.password) };
  const p = await down.createCompany({ packageName: 'enterprise' });
  pro = { company: p, session: await down.login(p.adminEmail, p.adminPassword) };
  const b = await stack.createCompany({ packageName: 'standard' });
  basic = { company: b, session: await stack.login(b.adminEmail, b.adminPassword) };
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await down?.stop();
});

describe('settings', () => {
  let projectId: string;
  let promptId: string;
  let memberPromptId: string;

  beforeAll(async () => {
    projectId = (await call('POST', '/api/v1/projects', admin, { name: 'Parsing project' })).body.project.id;
    const repo = (await call('POST', '/api/v1/repositories', admin, { name: 'parsing-repo', projectId })).body.repository;
    promptId = (await call('POST', '/api/v1/prompts', admin, { name: 'Parse me', userPrompt: 'Summarise the attached PDF', repositoryId: repo.repositoryId })).body.prompt.promptId;
    memberPromptId = (await call('POST', '/api/v1/prompts', member.session, { name: 'Member prompt', userPrompt: 'Member summary' })).body.prompt.promptId;
  });

  it('answers the entitlement, the company default NATIVE and the effective mode', async () => {
    const res = await call('GET', '/api/documents/parsing/settings', admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      entitlement: { allowedModes: ['NATIVE', 'TEXT', 'STRUCTURED'], structuredAllowed: true, upgradeMessage: null, maxPages: 300 },
      modes: ['NATIVE', 'TEXT', 'STRUCTURED'],
      company: { mode: 'NATIVE' },
      project: null,
      prompt: null,
      effectiveMode: 'NATIVE',
      canManage: true,
    });
    expect((await call('GET', '/api/documents/parsing/settings', member.session)).body.canManage).toBe(false);
  });

  it('inherits: prompt → its repository project → company; null clears back to inheriting', async () => {
    expect((await call('PUT', '/api/documents/parsing/settings', admin, { scope: 'company', mode: 'TEXT' })).body).toEqual({ success: true, scope: 'company', mode: 'TEXT' });
    let s = await call('GET', `/api/documents/parsing/settings?promptId=${promptId}`, admin);
    expect(s.body).toMatchObject({ company: { mode: 'TEXT' }, project: { id: projectId, mode: null }, prompt: { promptId, mode: null }, effectiveMode: 'TEXT' });
    await call('PUT', '/api/documents/parsing/settings', admin, { scope: 'project', targetId: projectId, mode: 'STRUCTURED' });
    s = await call('GET', `/api/documents/parsing/settings?promptId=${promptId}`, admin);
    expect(s.body.effectiveMode).toBe('STRUCTURED');
    await call('PUT', '/api/documents/parsing/settings', admin, { scope: 'prompt', targetId: promptId, mode: 'NATIVE' });
    s = await call('GET', `/api/documents/parsing/settings?promptId=${promptId}&projectId=${projectId}`, admin);
    expect(s.body).toMatchObject({ project: { mode: 'STRUCTURED' }, prompt: { mode: 'NATIVE' }, effectiveMode: 'NATIVE' });
    expect((await call('PUT', '/api/documents/parsing/settings', admin, { scope: 'prompt', targetId: promptId, mode: null })).body.mode).toBeNull();
    expect((await call('GET', `/api/documents/parsing/settings?promptId=${promptId}`, admin)).body.effectiveMode).toBe('STRUCTURED');
    await call('PUT', '/api/documents/parsing/settings', admin, { scope: 'project', targetId: projectId, mode: null });
    expect((await call('GET', `/api/documents/parsing/settings?promptId=${promptId}`, admin)).body.effectiveMode).toBe('TEXT');
  });

  it('400: invalid body, missing targetId, clearing the company default', async () => {
    for (const body of [{ scope: 'team', mode: 'TEXT' }, { scope: 'company', mode: 'FAST' }, { scope: 'project', mode: 'TEXT' }, { scope: 'prompt', mode: null }, { scope: 'company', mode: null }]) {
      const res = await call('PUT', '/api/documents/parsing/settings', admin, body);
      expect([res.status, typeof res.body.error]).toEqual([400, 'string']);
    }
  });

  it('403: STRUCTURED without the entitlement, a member changing a company or project default, another member’s prompt', async () => {
    const noStructured = await call('PUT', '/api/documents/parsing/settings', basic.session, { scope: 'company', mode: 'STRUCTURED' });
    expect([noStructured.status, noStructured.body.code]).toEqual([403, 'STRUCTURED_NOT_ENTITLED']);
    const basicView = await call('GET', '/api/documents/parsing/settings', basic.session);
    expect(basicView.body.entitlement).toMatchObject({ allowedModes: ['NATIVE', 'TEXT'], structuredAllowed: false, upgradeMessage: expect.stringContaining('STRUCTURED_PARSING') });
    expect((await call('PUT', '/api/documents/parsing/settings', member.session, { scope: 'company', mode: 'TEXT' })).status).toBe(403);
    expect((await call('PUT', '/api/documents/parsing/settings', member.session, { scope: 'project', targetId: projectId, mode: 'TEXT' })).status).toBe(403);
    expect((await call('PUT', '/api/documents/parsing/settings', member.session, { scope: 'prompt', targetId: promptId, mode: 'TEXT' })).status).toBe(403);
    // The member's own prompt: allowed.
    expect((await call('PUT', '/api/documents/parsing/settings', member.session, { scope: 'prompt', targetId: memberPromptId, mode: 'TEXT' })).status).toBe(200);
  });

  it('404: a project or prompt of another company or unknown, on GET and PUT', async () => {
    for (const q of [`projectId=${projectId}`, `promptId=${promptId}`]) expect((await call('GET', `/api/documents/parsing/settings?${q}`, basic.session)).status).toBe(404);
    expect((await call('PUT', '/api/documents/parsing/settings', basic.session, { scope: 'project', targetId: projectId, mode: 'TEXT' })).status).toBe(404);
    expect((await call('PUT', '/api/documents/parsing/settings', basic.session, { scope: 'prompt', targetId: promptId, mode: 'TEXT' })).status).toBe(404);
    expect((await call('GET', '/api/documents/parsing/settings?promptId=prompt_1_nothere', admin)).status).toBe(404);
  });
});

describe('preview', () => {
  it('STRUCTURED: the confirmed table from positions, hidden text removed and counted, the picture listed without bytes, savings', async () => {
    const res = await upload('/api/documents/parsing/preview', admin, await tablePdf(), { mode: 'STRUCTURED', includeImages: 'true' });
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({ success: true, fileName: 'report.pdf', mode: 'STRUCTURED', contentType: 'text/markdown', contentTruncatedForPreview: false, extractionSource: 'standard', entitlement: { structuredAllowed: true, maxPages: 300 } });
    expect(b.tables).toEqual([{ page: 1, ...TABLE }]);
    expect(b.content).toContain('| Name | Email | IBAN |');
    expect(b.content).toContain('| Anna Schmidt | anna@example.com | DE89370400440532013000 |');
    expect(b.content).toContain('2024 2025'); // the unconfirmed one stays text
    expect(b.content).not.toContain(HIDDEN);
    expect(b.content).toContain('[Hidden text removed]');
    expect(b.images).toEqual([{ page: 1, ref: expect.any(String), width: 40, height: 30, byteSize: 40 * 30 * 3 }]);
    expect(JSON.stringify(b.images)).not.toMatch(/base64|data/);
    expect(b.content).toContain(`[Image: ${b.images[0].ref}]`);
    expect(b.metrics).toEqual({ pageCount: 1, pagesParsed: 1, tablesFound: 1, embeddedImages: 1, truncated: false });
    expect(b.extraction).toMatchObject({ hidden_chars: { invisible: 0, white: HIDDEN.replace(/\s/g, '').length, tiny: 0, off_page: 0 }, images_removed: 1, page_count: 1 });
    expect(b.savings.parsedTokens).toBe(Math.ceil(b.content.length / 4));
    expect(b.savings.nativeTokens).toBeGreaterThan(1500);
    expect(b.savings.tokensSaved).toBe(b.savings.nativeTokens - b.savings.parsedTokens);
    expect(b.savings.percentSaved).toBeCloseTo((100 * b.savings.tokensSaved) / b.savings.nativeTokens, 0);
  });

  it('TEXT (and NATIVE, treated as TEXT): plain text, no tables or images listed, the metrics still count them', async () => {
    for (const mode of ['TEXT', 'NATIVE']) {
      const res = await upload('/api/documents/parsing/preview', admin, await tablePdf(), { mode });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ mode: 'TEXT', contentType: 'text/plain', tables: [], images: [], metrics: { tablesFound: 1, embeddedImages: 1 } });
      expect(res.body.content).toContain('Name Email IBAN');
      expect(res.body.content).not.toContain('## Page');
      expect(res.body.content).not.toContain(HIDDEN);
    }
  });

  it('a long PDF is truncated for the preview and says so', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let pg = 0; pg < 12; pg++) {
      const p = doc.addPage([595, 842]);
      for (let l = 0; l < 45; l++) p.drawText(`Page ${pg + 1} line ${l + 1}: the quick brown fox jumps over the lazy dog again`, { x: 30, y: 800 - l * 17, size: 10, font });
    }
    const res = await upload('/api/documents/parsing/preview', admin, Buffer.from(await doc.save()), { mode: 'TEXT' });
    expect(res.status).toBe(200);
    expect(res.body.contentTruncatedForPreview).toBe(true);
    expect(res.body.content.length).toBe(20_000);
    expect(res.body.savings.parsedTokens).toBeGreaterThan(20_000 / 4);
  });

  it('extractionSource fallback when the sanitizer cannot be reached: hidden text could not be removed, extraction null', async () => {
    const res = await upload('/api/documents/parsing/preview', pro.session, await tablePdf(), { mode: 'STRUCTURED' }, down);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ extractionSource: 'fallback', extraction: null });
    expect(res.body.content).toContain(HIDDEN);
    expect(res.body.tables).toEqual([{ page: 1, ...TABLE }]);
  });

  it('403 for STRUCTURED without the entitlement; TEXT works', async () => {
    expect((await upload('/api/documents/parsing/preview', basic.session, await tablePdf(), { mode: 'STRUCTURED' })).status).toBe(403);
    expect((await upload('/api/documents/parsing/preview', basic.session, await tablePdf(), { mode: 'TEXT' })).status).toBe(200);
  });
});

describe('inspect-tables', () => {
  it('suggests entity types for confirmed columns (the sanitizer) with sample values', async () => {
    const res = await upload('/api/documents/parsing/inspect-tables', admin, await tablePdf());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, fileName: 'report.pdf', mode: 'STRUCTURED', structuredAvailable: true, tablesFound: 1, upgradeMessage: null });
    expect(res.body.columns).toEqual([
      { header: 'Name', suggestedEntityType: 'PERSON', suggestionSource: expect.any(String), page: 1, sampleValues: ['Anna Schmidt', 'Max Weber'] },
      { header: 'Email', suggestedEntityType: 'EMAIL_ADDRESS', suggestionSource: 'sanitizer', page: 1, sampleValues: ['anna@example.com', 'max@example.com'] },
      { header: 'IBAN', suggestedEntityType: 'IBAN', suggestionSource: 'sanitizer', page: 1, sampleValues: TABLE.rows.map((r) => r[2]) },
    ]);
  });

  it('falls back to local German and English heuristics when the sanitizer cannot classify', async () => {
    const res = await upload('/api/documents/parsing/inspect-tables', pro.session, await tablePdf({ german: true }), {}, down);
    expect(res.status).toBe(200);
    expect(res.body.columns.map((c: Body) => [c.header, c.suggestedEntityType, c.suggestionSource])).toEqual([
      ['Vorname', 'PERSON', 'heuristic'],
      ['E-Mail-Adresse', 'EMAIL_ADDRESS', 'heuristic'],
      ['Betrag', null, null],
    ]);
  });

  it('without the structured entitlement: structuredAvailable false, tablesFound 0 and an upgradeMessage', async () => {
    const res = await upload('/api/documents/parsing/inspect-tables', basic.session, await tablePdf());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, fileName: 'report.pdf', mode: 'STRUCTURED', structuredAvailable: false, tablesFound: 0, columns: [], upgradeMessage: expect.stringContaining('STRUCTURED_PARSING') });
  });
});

describe('files/parse and upload errors', () => {
  it('a PDF gives the parsing object; a text file passes through', async () => {
    const res = await upload('/api/v1/files/parse', company.gatewayKey, await tablePdf(), { mode: 'STRUCTURED' });
    expect(res.status).toBe(200);
    expect(res.body.parsing).toMatchObject({ mode: 'STRUCTURED', extractionSource: 'standard', extraction: { page_count: 1 } });
    expect(res.body.content).toContain('| Name | Email | IBAN |');
    const txt = await upload('/api/v1/files/parse', admin, Buffer.from('plain notes\nline 2'), { mode: 'TEXT' }, stack, 'notes.txt');
    expect(txt.body).toMatchObject({ content: 'plain notes\nline 2', parsing: null });
  });

  it.each(['/api/documents/parsing/preview', '/api/documents/parsing/inspect-tables', '/api/v1/files/parse'])('%s: 400 no file, empty file or not a PDF; 413 over 15 MB; 500 encrypted or scan-only', async (path) => {
    expect((await upload(path, admin, null, { mode: 'TEXT' })).body.code).toBe('NO_FILE');
    expect((await upload(path, admin, Buffer.alloc(0))).status).toBe(400);
    const notPdf = await upload(path, admin, Buffer.from('GIF89a not a pdf'), {}, stack, 'x.gif');
    expect(notPdf.status).toBe(400);
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(15 * 1024 * 1024 + 10, 32)]);
    const tooLarge = await upload(path, admin, big);
    expect([tooLarge.status, tooLarge.body.code]).toEqual([413, 'TOO_LARGE']);
    for (const bad of [await buildEncryptedPdf(), await buildScannedOnlyPdf(), Buffer.from('%PDF-1.4\nbroken')]) {
      const res = await upload(path, admin, bad);
      expect([res.status, res.body.code]).toEqual([500, 'PDF_UNPARSEABLE']);
      expect(res.body.error).toMatch(/cannot be parsed: (it is encrypted|it has no text layer|it is damaged)/);
    }
  });
});

describe('the gateway uses the effective mode for PDF attachments', () => {
  it('NATIVE leaves the PDF to the existing document path; TEXT sends its clean text; a prompt set to STRUCTURED sends Markdown tables', async () => {
    const g = await stack.createCompany();
    const s = await stack.login(g.adminEmail, g.adminPassword);
    const data = (await tablePdf()).toString('base64');
    const execute = (extra: Body) =>
      call('POST', '/api/gateway/execute', g.gatewayKey, { prompt: 'Summarise the attachment', attachments: [{ type: 'document', data, mimeType: 'application/pdf', fileName: 'Anna Schmidt.pdf' }], ...extra });

    // NATIVE: the document path as before this issue (here: the sanitizer's per-page Markdown).
    const native = await execute({});
    expect(native.status).toBe(200);
    expect(native.body.result.content).toContain('## Page 1');

    await call('PUT', '/api/documents/parsing/settings', s, { scope: 'company', mode: 'TEXT' });
    const text = await execute({});
    expect(text.status).toBe(200);
    expect(text.body.result.content).toContain('Name Email IBAN');
    expect(text.body.result.content).toContain('Anna Schmidt anna@example.com');
    expect(text.body.result.content).not.toContain('## Page 1');
    expect(text.body.result.content).not.toContain(HIDDEN);

    const prompt = (await call('POST', '/api/v1/prompts', s, { name: 'PDF summary', userPrompt: 'Summarise the attachment' })).body.prompt;
    await call('PUT', '/api/documents/parsing/settings', s, { scope: 'prompt', targetId: prompt.promptId, mode: 'STRUCTURED' });
    const structured = await execute({ prompt: undefined, metadata: { promptId: prompt.promptId } });
    expect(structured.status).toBe(200);
    expect(structured.body.result.content).toContain('| Name | Email | IBAN |');

    const broken = await execute({ attachments: [{ type: 'document', data: (await buildEncryptedPdf()).toString('base64'), mimeType: 'application/pdf' }] });
    expect([broken.status, broken.body.code]).toEqual([422, 'UNREADABLE_FILE']);
  });
});
