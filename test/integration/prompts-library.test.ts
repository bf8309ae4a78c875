import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * The prompt library's lifecycle over HTTP (spec document 2): create with the spec's defaults and
 * limits, duplicate name and content refused, versions and the production label, deactivate →
 * gateway 409 → reactivate → 200 → delete only when deactivated, clone, Cache-Control: no-store on
 * every answer, nothing half-written.
 */
let stack: Stack;
let company: TestCompany;
let session: string;

beforeAll(async () => {
  stack = await startStack();
  company = await stack.createCompany();
  session = await stack.login(company.adminEmail, company.adminPassword);
});

afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, any>;
const call = (method: string, path: string, body?: unknown, token = session) => stack.http<Body>(method, path, { token, body });
let n = 0;
const unique = (s: string) => `${s} ${++n}`;

async function createPrompt(extra: Body = {}, token = session) {
  const res = await call('POST', '/api/v1/prompts', { name: unique('prompt'), userPrompt: `Say hello to {{name}} #${++n}`, ...extra }, token);
  expect(res.status).toBe(201);
  return res.body.prompt;
}

describe('create', () => {
  it('creates with the spec defaults and a prompt_<unix seconds>_<suffix> id', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await call('POST', '/api/v1/prompts', { name: 'Greeter', userPrompt: 'Hello {{name}}, welcome to {{place}}', description: 'greets' });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.success).toBe(true);
    const p = res.body.prompt;
    expect(p).toMatchObject({ name: 'Greeter', temperature: 0.7, maxTokens: 1000, visibility: 'PRIVATE', branch: 'main', isActive: true, tags: [], variables: ['name', 'place'] });
    const [, secs] = /^prompt_(\d+)_[0-9a-z]+$/.exec(p.promptId)!;
    expect(Number(secs)).toBeGreaterThanOrEqual(before);
    expect(p.version.versionNumber).toBe(1);
    expect(p.productionVersion).toEqual(p.version);
  });

  it('refuses a duplicate name (ignoring case) and duplicate content with 409, writing nothing', async () => {
    const p = await createPrompt({ name: 'Unique Name', userPrompt: 'Exactly this content' });
    const sameName = await call('POST', '/api/v1/prompts', { name: 'unique name', userPrompt: 'other content' });
    expect(sameName.status).toBe(409);
    expect(sameName.body.code).toBe('DUPLICATE_PROMPT_NAME');
    const sameContent = await call('POST', '/api/v1/prompts', { name: 'Another', userPrompt: 'Exactly this content' });
    expect(sameContent.status).toBe(409);
    expect(sameContent.body.code).toBe('DUPLICATE_PROMPT_CONTENT');
    const list = await call('GET', '/api/v1/prompts?query=Another');
    expect(list.body.prompts).toEqual([]);
    expect((await call('GET', `/api/v1/prompts/${p.promptId}`)).status).toBe(200);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ userPrompt: '' }, 'userPrompt'],
    [{ temperature: 2.5 }, 'temperature'],
    [{ maxTokens: 8001 }, 'maxTokens'],
    [{ maxTokens: 0 }, 'maxTokens'],
    [{ visibility: 'COMPANY' }, 'visibility'],
    [{ repositoryId: 'repo_missing' }, 'repositoryId'],
    [{ taskCodes: ['not-a-task'] }, 'taskCodes'],
    [{ visibility: 'PRIVATE', sharedWithUserIds: ['00000000-0000-4000-8000-000000000000'] }, 'visibility'],
  ])('answers 400 in the error shape for %j', async (extra, field) => {
    const res = await call('POST', '/api/v1/prompts', { name: unique('bad'), userPrompt: `bad ${++n}`, ...extra });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: expect.stringContaining(field), code: expect.any(String) });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('is no-store on 401 and 404 too', async () => {
    const anon = await stack.http('GET', '/api/v1/prompts');
    expect(anon.status).toBe(401);
    expect(anon.headers.get('cache-control')).toBe('no-store');
    const missing = await call('GET', '/api/v1/prompts/prompt_1_doesnotexist');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('PROMPT_NOT_FOUND');
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });
});

describe('versions and the production label', () => {
  it('makes an immutable version per content change; production moves only when asked', async () => {
    const p = await createPrompt({ userPrompt: 'v1 {{a}}' });
    const renamed = await call('PUT', `/api/v1/prompts/${p.promptId}`, { name: unique('renamed'), tags: ['x'] });
    expect(renamed.body.prompt.version.versionNumber).toBe(1);
    const v2 = await call('PUT', `/api/v1/prompts/${p.promptId}`, { userPrompt: 'v2 {{a}} {{b}}', versionNote: 'adds b' });
    expect(v2.status).toBe(200);
    expect(v2.body.prompt).toMatchObject({ userPrompt: 'v2 {{a}} {{b}}', variables: ['a', 'b'], version: { versionNumber: 2 }, productionVersion: { versionNumber: 1 } });
    const v3 = await call('PUT', `/api/v1/prompts/${p.promptId}`, { temperature: 0.1, setProduction: true });
    expect(v3.body.prompt).toMatchObject({ temperature: 0.1, version: { versionNumber: 3 }, productionVersion: { versionNumber: 3 } });

    const history = await call('GET', `/api/v1/prompts/${p.promptId}/versions`);
    expect(history.body.order).toBe('asc');
    expect(history.body.versions.map((v: Body) => [v.versionNumber, v.isProduction])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(history.body.versions[1]).toMatchObject({ userPrompt: 'v2 {{a}} {{b}}', note: 'adds b', variables: ['a', 'b'] });
    const desc = await call('GET', `/api/v1/prompts/${p.promptId}/versions?order=desc`);
    expect(desc.body.versions.map((v: Body) => v.versionNumber)).toEqual([3, 2, 1]);

    const moved = await call('PUT', `/api/v1/prompts/${p.id}/production`, { versionNumber: 1 });
    expect(moved.status).toBe(200);
    expect(moved.body.prompt.productionVersion.versionNumber).toBe(1);
    const production = await call('GET', `/api/v1/prompts/${p.promptId}/versions/production`);
    expect(production.body.version).toMatchObject({ versionNumber: 1, userPrompt: 'v1 {{a}}', isProduction: true });
    expect((await call('GET', `/api/v1/prompts/${p.promptId}/versions/2`)).body.version.userPrompt).toBe('v2 {{a}} {{b}}');
    expect((await call('GET', `/api/v1/prompts/${p.promptId}/versions/9`)).body.code).toBe('VERSION_NOT_FOUND');
    expect((await call('PUT', `/api/v1/prompts/${p.promptId}/production`, { versionNumber: 9 })).status).toBe(404);

    // The database itself refuses to rewrite a version.
    await expect(stack.container.db('prompt_versions').where({ prompt_id: p.id }).update({ user_prompt: 'rewritten' })).rejects.toThrow(/immutable/);
  });

  it('refuses an update to content another prompt has', async () => {
    const a = await createPrompt({ userPrompt: 'content A' });
    await createPrompt({ userPrompt: 'content B' });
    const res = await call('PUT', `/api/v1/prompts/${a.promptId}`, { userPrompt: 'content B' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('DUPLICATE_PROMPT_CONTENT');
    expect((await call('GET', `/api/v1/prompts/${a.promptId}/versions`)).body.versions).toHaveLength(1);
  });
});

describe('activity: deactivate, gateway 409, reactivate, delete', () => {
  it('runs the spec state table', async () => {
    const p = await createPrompt({ userPrompt: 'Greet {{name}} warmly' });
    const exec = () => call('POST', '/api/gateway/execute', { metadata: { promptId: p.promptId }, variables: { name: 'Ada' } }, company.gatewayKey);

    const ok = await exec();
    expect(ok.status).toBe(200);
    expect(ok.body.result.content).toContain('Greet Ada warmly');

    const activeDelete = await call('DELETE', `/api/v1/prompts/${p.promptId}`);
    expect(activeDelete.status).toBe(409);
    expect(activeDelete.body.code).toBe('PROMPT_ACTIVE');

    const off = await call('PUT', `/api/v1/prompts/${p.promptId}`, { isActive: false });
    expect(off.body.prompt.isActive).toBe(false);
    const refused = await exec();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: 'PROMPT_DEACTIVATED' });

    const on = await call('PUT', `/api/v1/prompts/${p.promptId}`, { isActive: true });
    expect(on.body.prompt.isActive).toBe(true);
    expect((await exec()).status).toBe(200);

    await call('PUT', `/api/v1/prompts/${p.promptId}`, { isActive: false });
    const deleted = await call('DELETE', `/api/v1/prompts/${p.promptId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ success: true, promptId: p.promptId });
    expect((await call('GET', `/api/v1/prompts/${p.promptId}`)).status).toBe(404);
    expect((await exec()).status).toBe(404);
    expect(await stack.container.db('prompt_versions').where({ prompt_id: p.id }).count()).toEqual([{ count: '0' }]);
  });

  it('counts executions in totalExecutions', async () => {
    const p = await createPrompt({ userPrompt: 'Count me {{name}}' });
    for (let i = 0; i < 3; i++) {
      expect((await call('POST', '/api/gateway/execute', { metadata: { promptId: p.id }, variables: { name: 'x' } }, company.gatewayKey)).status).toBe(200);
    }
    await stack.container.services.gatewayPrompts.flush();
    const after = await call('GET', `/api/v1/prompts/${p.promptId}`);
    expect(after.body.prompt.totalExecutions).toBe(3);
    expect(after.body.prompt.lastExecutedAt).toEqual(expect.any(String));
    const sorted = await call('GET', '/api/v1/prompts?sortBy=totalExecutions&sortOrder=desc&limit=1');
    expect(sorted.body.prompts[0].promptId).toBe(p.promptId);
  });
});

describe('clone', () => {
  it('copies content, test sets and metadata into a PRIVATE prompt with a new name and id', async () => {
    const src = await createPrompt({ userPrompt: 'Clone me {{x}}', tags: ['t1'], category: 'coding', visibility: 'PUBLIC' });
    await call('POST', `/api/v1/prompts/${src.promptId}/test-sets`, { name: 'case', values: { x: '1' }, expectedContains: ['Clone me 1'] });
    const res = await call('POST', '/api/v1/prompts/clone', { sourcePromptId: src.promptId });
    expect(res.status).toBe(201);
    const copy = res.body.prompt;
    expect(copy.promptId).not.toBe(src.promptId);
    expect(copy).toMatchObject({ name: `${src.name} (copy)`, userPrompt: 'Clone me {{x}}', tags: ['t1'], category: 'coding', visibility: 'PRIVATE', clonedFromId: src.id, version: { versionNumber: 1 } });
    const sets = await call('GET', `/api/v1/prompts/${copy.promptId}/test-sets`);
    expect(sets.body.testSets.map((s: Body) => s.name)).toEqual(['case']);
    const again = await call('POST', '/api/v1/prompts/clone', { sourcePromptId: src.id });
    expect(again.body.prompt.name).toBe(`${src.name} (copy 2)`);
    expect((await call('POST', '/api/v1/prompts/clone', { sourcePromptId: 'prompt_1_nothere' })).status).toBe(404);
  });
});

describe('list', () => {
  it('filters, sorts and paginates', async () => {
    const tag = `tag${Date.now()}`;
    const a = await createPrompt({ name: unique('Alpha'), tags: [tag], category: 'cat-a', description: 'searchable needle' });
    const b = await createPrompt({ name: unique('Beta'), tags: [tag], category: 'cat-b', visibility: 'SHARED' });
    const byTag = await call('GET', `/api/v1/prompts?tags=${tag}&sortBy=name&sortOrder=asc`);
    expect(byTag.body.prompts.map((p: Body) => p.promptId)).toEqual([a.promptId, b.promptId]);
    expect(byTag.body.pagination).toEqual({ total: 2, limit: 20, offset: 0, hasMore: false });
    const paged = await call('GET', `/api/v1/prompts?tags=${tag}&limit=1&offset=0&sortBy=name&sortOrder=asc`);
    expect(paged.body.pagination).toEqual({ total: 2, limit: 1, offset: 0, hasMore: true });
    expect((await call('GET', `/api/v1/prompts?tags=${tag}&visibility=COMPANY`)).body.prompts.map((p: Body) => p.promptId)).toEqual([b.promptId]);
    expect((await call('GET', `/api/v1/prompts?tags=${tag}&category=cat-a`)).body.prompts.map((p: Body) => p.promptId)).toEqual([a.promptId]);
    expect((await call('GET', '/api/v1/prompts?query=needle')).body.prompts.map((p: Body) => p.promptId)).toEqual([a.promptId]);
    expect((await call('GET', '/api/v1/prompts?limit=101')).status).toBe(400);
  });

  it('filters by repository; projects and repositories are company-scoped', async () => {
    const project = await call('POST', '/api/v1/projects', { name: unique('Studio') });
    expect(project.status).toBe(201);
    const repo = await call('POST', '/api/v1/repositories', { name: unique('repo'), projectId: project.body.project.id });
    expect(repo.status).toBe(201);
    const repositoryId = repo.body.repository.repositoryId;
    expect(repositoryId).toMatch(/^repo_[0-9a-z]+$/);
    const p = await createPrompt({ repositoryId, branch: 'dev' });
    expect(p).toMatchObject({ repositoryId, branch: 'dev' });
    expect((await call('GET', `/api/v1/prompts?repositoryId=${repositoryId}`)).body.prompts.map((x: Body) => x.promptId)).toEqual([p.promptId]);
    expect((await call('DELETE', `/api/v1/repositories/${repositoryId}`)).body.code).toBe('REPOSITORY_NOT_EMPTY');
    expect((await call('DELETE', `/api/v1/projects/${project.body.project.id}`)).body.code).toBe('PROJECT_NOT_EMPTY');
    const other = await stack.createCompany();
    const otherSession = await stack.login(other.adminEmail, other.adminPassword);
    expect((await call('GET', `/api/v1/repositories/${repositoryId}`, undefined, otherSession)).status).toBe(404);
    expect((await call('GET', `/api/v1/projects/${project.body.project.id}`, undefined, otherSession)).status).toBe(404);
    expect((await call('POST', '/api/v1/prompts', { name: 'x', userPrompt: 'y', repositoryId }, otherSession)).status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('publishes every prompt library route in /api/openapi.json', async () => {
    const doc = (await stack.http<Body>('GET', '/api/openapi.json')).body;
    const expected: Array<[string, string]> = [
      ['/api/v1/prompts', 'post'],
      ['/api/v1/prompts', 'get'],
      ['/api/v1/prompts/{id}', 'get'],
      ['/api/v1/prompts/{id}', 'put'],
      ['/api/v1/prompts/{id}', 'delete'],
      ['/api/v1/prompts/clone', 'post'],
      ['/api/v1/prompts/{id}/versions', 'get'],
      ['/api/v1/prompts/{id}/versions/{version}', 'get'],
      ['/api/v1/prompts/{id}/production', 'put'],
      ['/api/v1/prompts/{promptId}/test-sets', 'get'],
      ['/api/v1/prompts/{promptId}/test-sets', 'post'],
      ['/api/v1/prompts/{promptId}/test-sets/{testSetId}/values', 'get'],
      ['/api/v1/prompts/{promptId}/test-sets/{testSetId}/values', 'put'],
      ['/api/v1/prompts/{promptId}/test-runs', 'post'],
      ['/api/v1/prompts/{promptId}/test-runs/{runId}', 'get'],
      ['/api/v1/projects', 'post'],
      ['/api/v1/repositories', 'post'],
      ['/api/v1/teams', 'post'],
      ['/api/v1/users/{userId}', 'patch'],
      ['/api/v1/custom-documents', 'get'],
      ['/api/v1/custom-documents', 'post'],
      ['/api/v1/custom-documents/{id}', 'patch'],
      ['/api/v1/custom-documents/{id}/bindings', 'post'],
      ['/api/v1/custom-documents/{id}/bindings/{bindingId}', 'delete'],
      ['/api/v1/custom-document-types', 'get'],
      ['/api/v1/custom-document-types/{id}', 'delete'],
      ['/api/v1/custom-document-types/{id}/promote', 'post'],
    ];
    for (const [path, method] of expected) expect({ path, method, present: Boolean(doc.paths[path]?.[method]) }).toEqual({ path, method, present: true });
  });
});
