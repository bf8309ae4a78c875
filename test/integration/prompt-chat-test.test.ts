import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Test in chat through the api, the sanitizer process, PostgreSQL and Temporal (spec document 2,
 * "Test in chat", "Chat-test run" states, errors): runs become protected Markdown files with
 * stand-ins only; an imported answer is restored, checked against the test set's expectations and
 * stored sealed on the version, once; only the run's creator can import it.
 */
type Json = Record<string, any>;

let stack: Stack;
let company: TestCompany;
let admin: string;
let member: string;
let promptId: string;
let versionId: string;
const sets: Record<string, string> = {};

const PERSON = 'Anna Schmidt';
const EMAIL = 'anna.schmidt@example.com';

const call = (method: string, path: string, token: string, body?: unknown) => stack.http<Json>(method, path, { token, body });
const base = () => `/api/v1/prompts/${promptId}/chat-test`;

async function createRuns(testSetIds: string[], extra: Json = {}) {
  const res = await call('POST', base(), member, { versionId, testSetIds, vendor: 'claude', naked: false, ...extra });
  expect(res.status).toBe(201);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return res.body as { runs: { ref: string; fileName: string; markdown: string; handoffId: string; testSetId: string }[]; errors: Json[] };
}

/** The stand-in of the person in a run's file (value and code, exactly as the assistant must quote it). */
const personStandIn = (markdown: string) => /letter to (.+? \[PER-[0-9A-Z]{7}\])/.exec(markdown)![1]!;

beforeAll(async () => {
  // Two stored responses per company: the two imports below fill it, the last test meets the limit.
  stack = await startStack({ sanitizer: true, env: { PROMPT_RESPONSES_MAX_PER_COMPANY: '2' } });
  company = await stack.createCompany({ packageName: 'professional', withSimulator: false });
  admin = await stack.login(company.adminEmail, company.adminPassword);
  const u = await stack.addUser(company.companyId, 'MEMBER');
  member = await stack.login(u.email, u.password);
  const p = await call('POST', '/api/v1/prompts', member, { name: 'welcome letter', userPrompt: 'Write a short welcome letter to {{customer}} at {{email}} about {{topic}}.' });
  expect(p.status).toBe(201);
  promptId = p.body.prompt.promptId;
  versionId = p.body.prompt.version.id;
  const values = { customer: PERSON, email: EMAIL, topic: 'the new tariff' };
  for (const [name, body] of Object.entries({
    passing: { values, expectedContains: [PERSON, 'TARIFF'], expectedPattern: 'welcome' },
    failing: { values, expectedContains: [PERSON, 'refund'] },
    incomplete: { values: { customer: PERSON } },
  })) {
    const s = await call('POST', `/api/v1/prompts/${promptId}/test-sets`, member, { name, ...body });
    expect(s.status).toBe(201);
    sets[name] = s.body.testSet.id;
  }
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

test('eligibility names the test sets, the vendors and the naked rule', async () => {
  const res = await call('GET', `${base()}?versionId=${versionId}`, member);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.body).toMatchObject({ versionId, eligible: true, naked: { allowed: true } });
  expect(res.body.vendors.map((v: Json) => v.id)).toEqual(expect.arrayContaining(['chatgpt', 'claude', 'gemini']));
  const incomplete = res.body.testSets.find((t: Json) => t.id === sets.incomplete);
  expect(incomplete).toMatchObject({ eligible: false, missingVariables: ['email', 'topic'] });
  expect(res.body.testSets.find((t: Json) => t.id === sets.passing)).toMatchObject({ eligible: true, expectations: { contains: 2, pattern: true } });
});

describe('a run created and imported', () => {
  let created: Awaited<ReturnType<typeof createRuns>>;
  const run = (name: string) => created.runs.find((r) => r.testSetId === sets[name])!;

  beforeAll(async () => {
    created = await createRuns([sets.passing!, sets.failing!, sets.incomplete!]);
  }, 120_000);

  test('one protected Markdown file per test set, stand-ins only, asking for run-<ref>.md', () => {
    expect(created.runs).toHaveLength(2);
    expect(created.errors).toEqual([{ testSetId: sets.incomplete, code: 'MISSING_VARIABLES', error: expect.stringContaining('email') }]);
    for (const r of created.runs) {
      expect(r.ref).toMatch(/^run-[A-Za-z0-9]{12}$/);
      expect(r.fileName).toBe(`prompt-${r.ref}.md`);
      expect(r.markdown).toContain(`${r.ref}.md`);
      expect(r.markdown).toContain('GATEHOUSE-CHECK: CLEAN');
      expect(r.markdown).not.toContain(PERSON);
      expect(r.markdown).not.toContain(EMAIL);
      expect(personStandIn(r.markdown)).not.toContain(PERSON);
    }
  });

  test('imported with passing checks: restored, stored sealed on the version, then 409 on a second import', async () => {
    const r = run('passing');
    const answer = `GATEHOUSE-CHECK: CLEAN\nDear ${personStandIn(r.markdown)}, welcome! Your new tariff starts today.\nRun: ${r.ref}`;
    const res = await call('POST', `${base()}/import`, member, { text: answer, fileName: `${r.ref}.md`, rating: 4 });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      imported: true,
      run: { ref: r.ref, versionId, testSetId: sets.passing, vendor: 'claude', status: 'IMPORTED' },
      verdict: { status: 'clean', lineCount: 3, firstLine: 'GATEHOUSE-CHECK: CLEAN' },
      checks: { passed: 3, total: 3 },
      restored: { replaced: 1, expiredOrDeleted: 0, unrecognised: 0 },
    });
    expect(res.body.checks.results).toEqual([
      { kind: 'contains', expected: PERSON, passed: true },
      { kind: 'contains', expected: 'TARIFF', passed: true },
      { kind: 'pattern', expected: 'welcome', passed: true },
    ]);
    expect(res.body.restored.text).toContain(`Dear ${PERSON}, welcome!`);
    const h = res.body.restored.highlights[0];
    expect(res.body.restored.text.slice(h.start, h.end)).toBe(PERSON);

    const db = stack.container.db;
    const stored = await db('prompt_version_responses').where({ id: res.body.responseId }).first();
    expect(stored).toMatchObject({ version_id: versionId, source: 'chat-test', vendor: 'claude', rating: 4 });
    expect(stored.content_encrypted).not.toContain(PERSON);
    expect(stack.container.secretBox.decrypt(stored.content_encrypted)).toBe(res.body.restored.text);

    const again = await call('POST', `${base()}/import`, member, { text: answer, fileName: `${r.ref}.md` });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('RUN_ALREADY_IMPORTED');
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(await db('prompt_version_responses').where({ chat_test_run_id: stored.chat_test_run_id }).count('* as n')).toEqual([{ n: '1' }]);
  });

  test('imported with failing checks; the run picked from the pasted text', async () => {
    const r = run('failing');
    const answer = `GATEHOUSE-CHECK: CLEAN\nHello ${personStandIn(r.markdown)}, here is your letter.\nRun: ${r.ref}`;
    const res = await call('POST', `${base()}/import`, member, { text: answer });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ imported: true, run: { ref: r.ref, status: 'IMPORTED' }, checks: { passed: 1, total: 2 } });
    expect(res.body.checks.results).toEqual([
      { kind: 'contains', expected: PERSON, passed: true },
      { kind: 'contains', expected: 'refund', passed: false },
    ]);
    const list = await call('GET', `${base()}/runs?versionId=${versionId}`, member);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    const mine = list.body.runs.filter((x: Json) => created.runs.some((c) => c.ref === x.ref));
    expect(mine.map((x: Json) => x.status)).toEqual(['IMPORTED', 'IMPORTED']);
  });

  test('another user: RUN_NOT_FOUND (admins included); another company: PROMPT_NOT_FOUND; they see none of the runs', async () => {
    const r = run('passing');
    const other = await stack.addUser(company.companyId, 'ADMIN');
    for (const token of [admin, await stack.login(other.email, other.password)]) {
      const res = await call('POST', `${base()}/import`, token, { text: 'GATEHOUSE-CHECK: CLEAN\nHi', runId: r.ref });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('RUN_NOT_FOUND');
      expect((await call('GET', `${base()}/runs`, token)).body.runs).toEqual([]);
    }
    const foreign = await stack.createCompany({ packageName: 'professional', withSimulator: false });
    const outsider = await stack.login(foreign.adminEmail, foreign.adminPassword);
    const res = await call('POST', `${base()}/import`, outsider, { text: 'x', runId: r.ref });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('PROMPT_NOT_FOUND');
  });
});

test('a withheld answer stores nothing and the run stays open; a deleted handoff is 410 HANDOFF_GONE', async () => {
  const { runs } = await createRuns([sets.passing!]);
  const r = runs[0]!;
  const withheld = await call('POST', `${base()}/import`, member, { text: `GATEHOUSE-CHECK: WITHHELD the file asked me to mail data out\nRun: ${r.ref}` });
  expect(withheld.status).toBe(201);
  expect(withheld.body).toMatchObject({ imported: false, responseId: null, run: { ref: r.ref, status: 'open' }, verdict: { status: 'withheld' } });
  const row = await stack.container.db('prompt_chat_test_runs').where({ ref: r.ref }).first();
  expect(row).toMatchObject({ status: 'open', response_id: null });

  expect((await call('DELETE', `/api/shield/handoff/${r.handoffId}`, member)).status).toBe(200);
  const gone = await call('POST', `${base()}/import`, member, { text: `GATEHOUSE-CHECK: CLEAN\nDone.\nRun: ${r.ref}` });
  expect(gone.status).toBe(410);
  expect(gone.body.code).toBe('HANDOFF_GONE');
});

test('a naked run is the protected prompt alone; the routes are in the OpenAPI document', async () => {
  const { runs } = await createRuns([sets.passing!], { vendor: 'chatgpt', naked: true });
  const md = runs[0]!.markdown;
  expect(md).toMatch(/^Write a short welcome letter to .+ \[PER-[0-9A-Z]{7}\]/);
  expect(md).not.toContain('GATEHOUSE-CHECK');
  expect(md).not.toContain(PERSON);
  expect(md).toContain(`${runs[0]!.ref}.md`);
  const doc = await stack.http<Json>('GET', '/api/openapi.json');
  for (const path of ['/api/v1/prompts/{id}/chat-test', '/api/v1/prompts/{id}/chat-test/runs', '/api/v1/prompts/{id}/chat-test/import']) {
    expect(doc.body.paths[path]).toBeDefined();
  }
});

test('bad requests: BAD_CHAT_IMPORT_REQUEST, RUN_REF_MISSING, TOO_LARGE, unknown vendor; no-store on errors', async () => {
  const missing = await call('POST', `${base()}/import`, member, { fileName: 'x.md' });
  expect(missing.status).toBe(400);
  expect(missing.body.code).toBe('BAD_CHAT_IMPORT_REQUEST');
  expect(missing.headers.get('cache-control')).toBe('no-store');
  expect((await call('POST', `${base()}/import`, member, { text: 'hi', runId: 'run-abcdefabcdef', rating: 6 })).body.code).toBe('BAD_CHAT_IMPORT_REQUEST');
  const noRef = await call('POST', `${base()}/import`, member, { text: 'GATEHOUSE-CHECK: CLEAN\nAn answer without a run.' });
  expect(noRef.status).toBe(422);
  expect(noRef.body.code).toBe('RUN_REF_MISSING');
  const big = await call('POST', `${base()}/import`, member, { text: 'a'.repeat(2_000_001), runId: 'run-abcdefabcdef' });
  expect(big.status).toBe(413);
  expect(big.body.code).toBe('TOO_LARGE');
  const unknown = await call('POST', `${base()}/import`, member, { text: 'hi', runId: 'run-abcdefabcdef' });
  expect(unknown.status).toBe(404);
  expect(unknown.body.code).toBe('RUN_NOT_FOUND');
  const vendor = await call('POST', base(), member, { versionId, testSetIds: [sets.passing], vendor: 'nobody', naked: false });
  expect(vendor.status).toBe(400);
  expect(vendor.body.code).toBe('BAD_CHAT_TEST_REQUEST');

  // Without Shield in the plan: 403 FEATURE_NOT_IN_PACKAGE; a key instead of a session: 401.
  const plain = await stack.createCompany({ packageName: 'standard', withSimulator: false });
  const plainAdmin = await stack.login(plain.adminEmail, plain.adminPassword);
  const p = await call('POST', '/api/v1/prompts', plainAdmin, { name: 'no shield', userPrompt: 'Hello {{name}}' });
  const refused = await call('GET', `/api/v1/prompts/${p.body.prompt.promptId}/chat-test`, plainAdmin);
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('FEATURE_NOT_IN_PACKAGE');
  const key = await stack.createKey(company, 'FULL_ACCESS');
  expect((await call('GET', base(), key)).status).toBe(401);
});

test('company storage rules: RESPONSE_STORAGE_DISABLED, STORAGE_LIMIT_REACHED; the run stays open and nothing is stored', async () => {
  const { runs } = await createRuns([sets.passing!]);
  const r = runs[0]!;
  const db = stack.container.db;
  const answer = `GATEHOUSE-CHECK: CLEAN\nDear ${personStandIn(r.markdown)}, welcome to the new tariff.\nRun: ${r.ref}`;
  const setDays = (days: number) => db('companies').where({ id: company.companyId }).update({ settings: db.raw(`settings || ?::jsonb`, [JSON.stringify({ defaultResponseRetentionDays: days })]) });
  await setDays(0);
  const disabled = await call('POST', `${base()}/import`, member, { text: answer });
  expect(disabled.status).toBe(409);
  expect(disabled.body.code).toBe('RESPONSE_STORAGE_DISABLED');
  await setDays(30);
  const full = await call('POST', `${base()}/import`, member, { text: answer });
  expect(full.status).toBe(409);
  expect(full.body.code).toBe('STORAGE_LIMIT_REACHED');
  expect(await db('prompt_chat_test_runs').where({ ref: r.ref }).first()).toMatchObject({ status: 'open', response_id: null });
  expect(await db('prompt_version_responses').where({ company_id: company.companyId }).count('* as n')).toEqual([{ n: '2' }]);
});

test('the Shield quota: 429 QUOTA_EXCEEDED for runs and imports once the month is used up', async () => {
  const { runs } = await createRuns([sets.failing!]);
  const r = runs[0]!;
  const db = stack.container.db;
  const month = new Date().toISOString().slice(0, 7);
  const [row] = await db('shield_usage').where({ company_id: company.companyId, month }).select('requests');
  await db('companies').where({ id: company.companyId }).update({ tier: 'free' });
  await db('shield_usage').where({ company_id: company.companyId, month }).update({ requests: 10 });
  try {
    const create = await call('POST', base(), member, { versionId, testSetIds: [sets.passing], vendor: 'gemini', naked: false });
    expect(create.status).toBe(429);
    expect(create.body.code).toBe('QUOTA_EXCEEDED');
    const imported = await call('POST', `${base()}/import`, member, { text: `GATEHOUSE-CHECK: CLEAN\nHello.\nRun: ${r.ref}` });
    expect(imported.status).toBe(429);
    expect(imported.body.code).toBe('QUOTA_EXCEEDED');
    expect(imported.headers.get('cache-control')).toBe('no-store');
  } finally {
    await db('shield_usage').where({ company_id: company.companyId, month }).update({ requests: row.requests });
  }
});
