import { type Stack, startStack } from '../support/stack';
import { FIXTURE, buildCsv, buildDocx, buildPdf, buildXlsx } from '../../bench/fixtures/documents';
import { ALL_PROFILES, DE, EN } from '../support/pii-texts';

/**
 * The sanitizer service's endpoints directly (spec document 2, "Sanitizer service"): shapes,
 * authentication, errors, sessions (get, restore fuzzy and strict, purge), admin credential
 * exposure and redlist, /docs.
 */
let stack: Stack;
const b64 = (s: string | Buffer) => (typeof s === 'string' ? Buffer.from(s, 'utf8') : s).toString('base64');
const unb64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');

beforeAll(async () => {
  stack = await startStack({ sanitizer: true });
});
afterAll(async () => {
  await stack?.stop();
});

type Json = Record<string, unknown>;
const sanitize = (body: Json) => stack.sanitizerHttp<Json>('POST', '/api/v1/sanitize', { body });

describe('authentication', () => {
  it('refuses a missing or wrong service token with 401 and serves /docs and /healthz openly', async () => {
    const none = await stack.sanitizerHttp<Json>('GET', '/api/v1/admin/redlist', { token: '' });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 'UNAUTHORIZED', error: expect.any(String) });
    expect((await stack.sanitizerHttp('GET', '/api/v1/admin/redlist', { token: 'wrong-token-wrong-token' })).status).toBe(401);
    const docs = await stack.sanitizerHttp<string>('GET', '/docs', { token: '' });
    expect(docs.status).toBe(200);
    expect(docs.body).toContain('<script src="/docs/init.js"></script>');
    expect(await (await stack.sanitizerHttp<string>('GET', '/docs/init.js', { token: '' })).body).toContain('"/openapi.json"');
    const openapi = await stack.sanitizerHttp<{ paths: Json }>('GET', '/openapi.json', { token: '' });
    expect(Object.keys(openapi.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/sanitize',
        '/api/v1/inspect-headers',
        '/api/v1/desanitize',
        '/api/v1/sessions/{token}',
        '/api/v1/sessions/{token}/restore',
        '/api/v1/admin/credential-exposure/record',
        '/api/v1/admin/credential-exposure/list',
        '/api/v1/admin/credential-exposure/csv',
        '/api/v1/admin/credential-exposure/clear',
        '/api/v1/admin/redlist',
        '/api/v1/admin/redlist/{id}',
      ]),
    );
    expect((await stack.sanitizerHttp('GET', '/healthz', { token: '' })).status).toBe(200);
  });
});

describe('sanitize errors', () => {
  it('answers 422 for missing fields, 400 for an invalid document_type, malformed base64 or an empty document', async () => {
    const missing = await sanitize({ document_type: 'txt' });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ path: ['document'] })] });
    expect((await sanitize({ document: b64('x') })).status).toBe(422);
    const badType = await sanitize({ document: b64('hello'), document_type: 'exe' });
    expect(badType.status).toBe(400);
    expect(badType.body).toMatchObject({ code: 'INVALID_DOCUMENT_TYPE' });
    const badB64 = await sanitize({ document: 'not base64 !!!', document_type: 'txt' });
    expect(badB64.status).toBe(400);
    expect(badB64.body).toMatchObject({ code: 'INVALID_BASE64' });
    const empty = await sanitize({ document: '', document_type: 'txt' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'EMPTY_DOCUMENT' });
    const profile = await sanitize({ document: b64('hello'), document_type: 'txt', profiles: ['everything'] });
    expect(profile.status).toBe(400);
    expect(profile.body).toMatchObject({ code: 'INVALID_PROFILE' });
    const customMissing = await sanitize({ document: b64('hello'), document_type: 'txt', custom_entities: [{ label: 'CASE', type: 'pattern' }] });
    expect(customMissing.status).toBe(422);
    const corrupt = await sanitize({ document: b64('not a zip file at all'), document_type: 'docx' });
    expect(corrupt.status).toBe(422);
    expect(corrupt.body).toMatchObject({ code: 'UNREADABLE_FILE' });
  });
});

describe('inspect-headers', () => {
  it('suggests entity types for csv and xlsx columns and lists sheets', async () => {
    const csv = await stack.sanitizerHttp<{ columns: Json[]; sheet_names: string[] }>('POST', '/api/v1/inspect-headers', {
      body: { document: b64(buildCsv()), document_type: 'csv' },
    });
    expect(csv.status).toBe(200);
    expect(csv.body.columns).toEqual([
      { column_name: 'Name', column_index: 0, suggested_entity_type: 'PERSON', confidence: expect.any(Number) },
      { column_name: 'E-Mail', column_index: 1, suggested_entity_type: 'EMAIL_ADDRESS', confidence: expect.any(Number) },
      { column_name: 'Telefon', column_index: 2, suggested_entity_type: 'PHONE_NUMBER', confidence: expect.any(Number) },
      { column_name: 'Notes', column_index: 3, suggested_entity_type: null, confidence: null },
    ]);
    const xlsx = await stack.sanitizerHttp<{ columns: Json[]; sheet_names: string[] }>('POST', '/api/v1/inspect-headers', {
      body: { document: b64(await buildXlsx()), document_type: 'xlsx' },
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.body.sheet_names).toEqual(['Customers', 'Contacts', 'Archive']);
    expect(xlsx.body.columns).toContainEqual(expect.objectContaining({ column_name: 'IBAN', suggested_entity_type: 'IBAN' }));
    const pdf = await stack.sanitizerHttp<Json>('POST', '/api/v1/inspect-headers', { body: { document: b64(await buildPdf()), document_type: 'pdf' } });
    expect(pdf.status).toBe(400);
  });
});

describe('sessions', () => {
  it('answers 404 for unknown, malformed and purged tokens', async () => {
    const unknown = `stk_${'0'.repeat(32)}`;
    for (const token of [unknown, 'stk_nothex', 'abc']) {
      const get = await stack.sanitizerHttp<Json>('GET', `/api/v1/sessions/${token}`);
      expect(get.status).toBe(404);
      expect(get.body).toMatchObject({ code: 'SESSION_NOT_FOUND' });
      expect((await stack.sanitizerHttp('DELETE', `/api/v1/sessions/${token}`)).status).toBe(404);
      expect((await stack.sanitizerHttp('POST', `/api/v1/sessions/${token}/restore`, { body: { content: 'x' } })).status).toBe(404);
    }
    expect((await stack.sanitizerHttp('POST', '/api/v1/desanitize', { body: { content: 'x', session_token: unknown } })).status).toBe(404);
  });

  it('stores the mapping and documents only encrypted, under a per-session key wrapped by the master key', async () => {
    const { token } = await stack.sanitizer!.container.sessions.create({
      documentType: 'txt',
      profiles: ['personal_information'],
      detectionSummary: { total_entities_found: 1, by_category: { PERSON: 1 } },
      vault: JSON.stringify({ original: 'Anna Schmidt' }),
      documents: { sanitized_document: b64('Maria Berger'), protected_document: b64('x'), protected_context: 'ctx', protection_manifest: [] },
      ttlSeconds: 60,
    });
    const rows = await stack.sanitizer!.container.db('sanitizer_sessions').select('*');
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain('Anna Schmidt');
    expect(dump).not.toContain(token);
    const row = rows.find((r: Json) => r.token_hint === token.slice(0, 10));
    expect(row.wrapped_key).toMatch(/^v1:/);
    expect(row.vault_ciphertext).toMatch(/^v1:/);
    // Expired before cleanup: 404 SESSION_EXPIRED (no worker runs in this file).
    await stack.sanitizer!.container.db('sanitizer_sessions').where({ token_hash: row.token_hash }).update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await stack.sanitizerHttp<Json>('GET', `/api/v1/sessions/${token}`);
    expect(expired.status).toBe(404);
    expect(expired.body).toMatchObject({ code: 'SESSION_EXPIRED' });
  });
});

describe('admin: credential exposure', () => {
  it('records (value reduced to a fingerprint), lists with filters, exports CSV and clears append-only', async () => {
    const record = (body: Json) => stack.sanitizerHttp<Json>('POST', '/api/v1/admin/credential-exposure/record', { body });
    const a = await record({ credential_type: 'API_KEY', value: 'sk-live-abcdefghijklmnopqrstuvwxyz', note: 'found in ticket', detected_at: '2026-01-10T10:00:00Z' });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ id: expect.any(String), credential_type: 'API_KEY', fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/), cleared: false, cleared_at: null });
    expect(JSON.stringify(a.body)).not.toContain('sk-live');
    await record({ credential_type: 'PASSWORD', detected_at: '2026-02-10T10:00:00Z' });
    expect((await record({ note: 'no type' })).status).toBe(422);

    const list = (q: string) => stack.sanitizerHttp<{ entries: Json[]; total: number }>('GET', `/api/v1/admin/credential-exposure/list${q}`);
    const apiKeys = await list('?credential_type=API_KEY');
    expect(apiKeys.body.entries.map((e) => e.id)).toContain(a.body.id);
    expect(apiKeys.body.entries.every((e) => e.credential_type === 'API_KEY')).toBe(true);
    const february = await list('?from=2026-02-01T00:00:00Z&to=2026-02-28T00:00:00Z');
    expect(february.body.entries.map((e) => e.credential_type)).toEqual(['PASSWORD']);
    expect((await list('?from=yesterday')).status).toBe(422);

    const csv = await stack.sanitizerHttp<string>('GET', '/api/v1/admin/credential-exposure/csv?credential_type=API_KEY');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('id,detected_at,credential_type,source,session_token_hint,fingerprint,note,cleared_at,cleared_reason');
    expect(csv.body).toContain(String(a.body.id));

    const cleared = await stack.sanitizerHttp<{ cleared: number }>('POST', '/api/v1/admin/credential-exposure/clear', {
      body: { credential_type: 'API_KEY', reason: 'rotated' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.cleared).toBeGreaterThanOrEqual(1);
    // Append-only: the entry is still listed, marked cleared; clearing again marks nothing new.
    const after = await list('?credential_type=API_KEY');
    expect(after.body.entries.find((e) => e.id === a.body.id)).toMatchObject({ cleared: true, cleared_reason: 'rotated', cleared_at: expect.any(String) });
    const again = await stack.sanitizerHttp<{ cleared: number }>('POST', '/api/v1/admin/credential-exposure/clear', { body: { credential_type: 'API_KEY' } });
    expect(again.body.cleared).toBe(0);
    expect((await list('?credential_type=API_KEY&include_cleared=false')).body.entries).toEqual([]);
  });
});

describe('admin: redlist', () => {
  it('adds, lists and removes terms; duplicates are 409; unknown ids 404', async () => {
    const add = await stack.sanitizerHttp<Json>('POST', '/api/v1/admin/redlist', { body: { term: 'Project Nightjar', description: 'code name' } });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ id: expect.any(String), term: 'Project Nightjar', entity_type: 'REDLIST', case_sensitive: false });
    expect((await stack.sanitizerHttp('POST', '/api/v1/admin/redlist', { body: { term: 'project nightjar' } })).status).toBe(409);
    expect((await stack.sanitizerHttp('POST', '/api/v1/admin/redlist', { body: {} })).status).toBe(422);
    const list = await stack.sanitizerHttp<{ entries: Json[] }>('GET', '/api/v1/admin/redlist');
    expect(list.body.entries.map((e) => e.term)).toContain('Project Nightjar');
    expect((await stack.sanitizerHttp('DELETE', `/api/v1/admin/redlist/${add.body.id}`)).status).toBe(204);
    expect((await stack.sanitizerHttp('DELETE', `/api/v1/admin/redlist/${add.body.id}`)).status).toBe(404);
    expect((await stack.sanitizerHttp('DELETE', '/api/v1/admin/redlist/not-a-uuid')).status).toBe(404);
  });
});

describe('sanitize, restore, purge', () => {
  it.each([
    ['en', EN],
    ['de', DE],
  ] as const)('protects every entity type in %s text and restores it (strict and fuzzy)', async (language, sample) => {
    const res = await sanitize({ document: b64(sample.text), document_type: 'txt', profiles: ALL_PROFILES, options: { language } });
    expect(res.status).toBe(200);
    const body = res.body as Json & { detection_summary: { total_entities_found: number; by_category: Record<string, number> } };
    expect(body.session_token).toMatch(/^stk_[0-9a-f]{32}$/);
    expect(new Date(String(body.expires_at)).getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(Object.keys(body.detection_summary.by_category).sort()).toEqual(Object.keys(sample.originals).sort());
    const sanitized = unb64(String(body.sanitized_document));
    const protectedText = unb64(String(body.protected_document));
    const manifest = JSON.stringify(body.protection_manifest);
    for (const original of Object.values(sample.originals)) {
      expect(sanitized).not.toContain(original);
      expect(protectedText).not.toContain(original);
      expect(manifest).not.toContain(original);
      expect(String(body.protected_context)).not.toContain(original);
    }
    expect(protectedText).toMatch(/\[\[ref:[0-9a-f]{8}:[A-Z]{2,3}\d+ /);
    expect(body.protection_manifest).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: expect.any(String), entity_type: 'PERSON', value: expect.any(String), ref: expect.stringMatching(/^ref:/) })]),
    );
    expect(body.credential_warning).toEqual(expect.stringContaining('credential'));
    expect(body.extraction).toBeNull();
    expect((body.diff_preview as Json[]).length).toBeGreaterThan(0);

    const token = String(body.session_token);
    const session = await stack.sanitizerHttp<Json>('GET', `/api/v1/sessions/${token}`);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      session_token: token,
      status: 'active',
      document_type: 'txt',
      profiles_applied: ALL_PROFILES,
      protected_document: body.protected_document,
      detection_summary: body.detection_summary,
      ttl_remaining_seconds: expect.any(Number),
    });

    // A model's answer quoting the protected text: strict restores the complete wrappers.
    const answer = `Summary: ${protectedText}`;
    const strict = await stack.sanitizerHttp<Json>('POST', `/api/v1/sessions/${token}/restore`, { body: { content: answer, restoration_mode: 'strict' } });
    expect(strict.status).toBe(200);
    expect(strict.body).toMatchObject({ session_token: token, restoration_status: 'restored', confidence: 'high', unresolved_tokens: [] });
    expect(strict.body.restored_content).toBe(`Summary: ${sample.text}`);
    expect((strict.body.tokens_found as Json[])[0]).toMatchObject({ match_category: 'exact', canonical_token: expect.stringMatching(/^\[\[ref:/) });

    // Fuzzy finds wrappers a model mangled (case, spacing).
    const mangled = protectedText.replace(/\[\[ref:([0-9a-f]{8}):([A-Z]{2,3})(\d+) /g, '[[ REF : $1 : $2 $3 ');
    const fuzzy = await stack.sanitizerHttp<Json>('POST', `/api/v1/sessions/${token}/restore`, { body: { content: b64(mangled), content_type: 'base64' } });
    expect(fuzzy.status).toBe(200);
    expect(unb64(String(fuzzy.body.restored_content))).toBe(sample.text);
    expect((fuzzy.body.tokens_found as Json[]).some((t) => t.match_category !== 'exact')).toBe(true);
    expect((await stack.sanitizerHttp<Json>('GET', `/api/v1/sessions/${token}`)).body.status).toBe('restored');

    const desanitized = await stack.sanitizerHttp<Json>('POST', '/api/v1/desanitize', { body: { content: protectedText, session_token: token } });
    expect(desanitized.body).toMatchObject({ restored_content: sample.text, unresolved_tokens: [] });

    // Purge, then restore: 404.
    const purge = await stack.sanitizerHttp<Json>('DELETE', `/api/v1/sessions/${token}`);
    expect(purge.status).toBe(200);
    expect(purge.body).toEqual({ session_token: token, purged: true, message: expect.any(String) });
    expect((await stack.sanitizerHttp('POST', `/api/v1/sessions/${token}/restore`, { body: { content: answer } })).status).toBe(404);
    expect((await stack.sanitizerHttp('GET', `/api/v1/sessions/${token}`)).status).toBe(404);
  });

  it('detect_only answers findings with offsets and scores and creates no session', async () => {
    const before = await stack.sanitizer!.container.db('sanitizer_sessions').count<{ count: string }[]>({ count: '*' });
    const res = await sanitize({ document: b64(EN.text), document_type: 'md', profiles: ALL_PROFILES, options: { mode: 'detect_only' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ session_token: null, sanitized_document: null, protected_document: null });
    const findings = res.body.findings as { entity_type: string; start: number; end: number; score: number; text: string }[];
    for (const f of findings) {
      expect(EN.text.slice(f.start, f.end)).toBe(f.text);
      expect(f.score).toBeGreaterThan(0);
      expect(f.score).toBeLessThanOrEqual(1);
    }
    expect(findings).toContainEqual(expect.objectContaining({ entity_type: 'EMAIL_ADDRESS', text: EN.originals.EMAIL_ADDRESS }));
    const after = await stack.sanitizer!.container.db('sanitizer_sessions').count<{ count: string }[]>({ count: '*' });
    expect(after[0]!.count).toBe(before[0]!.count);
  });

  it('delete_after purges on restore; redlist terms and custom entities are always found; credentials are recorded', async () => {
    const term = await stack.sanitizerHttp<Json>('POST', '/api/v1/admin/redlist', { body: { term: 'Operation Bluefin', entity_type: 'CODENAME' } });
    const text = 'Operation Bluefin starts Monday. Ticket CASE-88231. password: Tr0ub4dor&3x';
    const res = await sanitize({
      document: b64(text),
      document_type: 'txt',
      profiles: ['credentials'],
      custom_entities: [{ label: 'CASE_ID', type: 'pattern', pattern: 'CASE-\\d{5}' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.detection_summary).toMatchObject({ by_category: { CODENAME: 1, CASE_ID: 1, PASSWORD: 1 } });
    const protectedText = unb64(String(res.body.protected_document));
    for (const v of ['Operation Bluefin', 'CASE-88231', 'Tr0ub4dor&3x']) expect(protectedText).not.toContain(v);
    const token = String(res.body.session_token);
    const exposures = await stack.sanitizerHttp<{ entries: Json[] }>('GET', `/api/v1/admin/credential-exposure/list?session_token=${token}`);
    expect(exposures.body.entries).toEqual([expect.objectContaining({ credential_type: 'PASSWORD', source: 'sanitize', session_token_hint: token.slice(0, 10) })]);
    const restored = await stack.sanitizerHttp<Json>('POST', `/api/v1/sessions/${token}/restore`, {
      body: { content: protectedText, restoration_mode: 'strict', delete_after: true },
    });
    expect(restored.body.restored_content).toBe(text);
    expect((await stack.sanitizerHttp('GET', `/api/v1/sessions/${token}`)).status).toBe(404);
    await stack.sanitizerHttp('DELETE', `/api/v1/admin/redlist/${term.body.id}`);
    const badPattern = await sanitize({ document: b64(text), document_type: 'txt', custom_entities: [{ label: 'BAD', type: 'pattern', pattern: '(' }] });
    expect(badPattern.status).toBe(400);
  });

  it('rebuilds a docx with stand-ins in place, and reads a PDF to Markdown with hidden text removed and counted', async () => {
    const docx = await sanitize({ document: b64(await buildDocx()), document_type: 'docx' });
    expect(docx.status).toBe(200);
    const rebuilt = Buffer.from(String(docx.body.sanitized_document), 'base64');
    expect(rebuilt.subarray(0, 2).toString()).toBe('PK');
    const reread = await stack.sanitizer!.container.engine.extract(rebuilt, 'docx', { maxBytes: 1e8 });
    for (const v of [FIXTURE.person, FIXTURE.email, FIXTURE.headerPerson, FIXTURE.footnotePerson]) expect(reread.text).not.toContain(v);

    const pdf = await sanitize({ document: b64(await buildPdf()), document_type: 'pdf' });
    expect(pdf.status).toBe(200);
    expect(pdf.body.extraction).toMatchObject({
      page_count: 3,
      hidden_chars: { invisible: expect.any(Number), white: expect.any(Number), tiny: expect.any(Number), off_page: expect.any(Number) },
      images_removed: expect.any(Number),
    });
    const markdown = unb64(String(pdf.body.sanitized_document));
    for (const v of [FIXTURE.pdfInvisible, FIXTURE.pdfWhite, FIXTURE.pdfTiny, FIXTURE.pdfOffPage, FIXTURE.person]) expect(markdown).not.toContain(v);
    expect(markdown).toContain('[Hidden text removed]');
  });
});
