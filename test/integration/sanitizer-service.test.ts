import { type Stack, startStack } from '../support/stack';
import { FIXTURE, buildCsv, buildDocx, buildPdf, buildXlsx } from '../support/documents';

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
    expect(docs.body).toContain('/openapi.json');
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

// Referenced by the detection tests below once the engine is wired.
void FIXTURE;
void buildDocx;
void unb64;
