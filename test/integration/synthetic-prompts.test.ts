import type { Role } from '../../domain/roles';
import { SYNTHETIC_LIBRARY } from '../../domain/synthetic/library';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Synthetic prompts (issue 13, part 1): the spec's fields, fetch and delete, the curated EN/DE
 * library, tenancy (another company's prompt is 404), VALIDATION_ERROR, and the spec's role table
 * for creating prompts and viewing results (API keys owned by users of each role).
 */
let stack: Stack;
let company: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  stack = await startStack();
  company = await stack.createCompany();
  other = await stack.createCompany();
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

const body = {
  name: 'Capital',
  prompt: 'What is the capital of {{country}}?',
  category: 'functional',
  expectedBehavior: 'SCORE',
  expectedResponse: 'Paris is the capital of France.',
  tags: ['geo'],
  variables: { country: 'France' },
  includeKpiTracking: true,
};

test('create, list, fetch, update and delete a synthetic prompt with every field of the spec', async () => {
  const created = await stack.http<{ prompt: Record<string, unknown> }>('POST', '/api/v1/synthetic/prompts', { token: company.gatewayKey, body });
  expect(created.status).toBe(201);
  const p = created.body.prompt;
  expect(p).toMatchObject({ ...body, isActive: true });
  expect(typeof p.id).toBe('string');
  expect(Number.isNaN(Date.parse(p.createdAt as string))).toBe(false);

  const list = await stack.http<{ prompts: { id: string }[] }>('GET', '/api/v1/synthetic/prompts', { token: company.gatewayKey });
  expect(list.body.prompts.map((x) => x.id)).toContain(p.id);

  const patched = await stack.http<{ prompt: Record<string, unknown> }>('PATCH', `/api/v1/synthetic/prompts/${p.id}`, {
    token: company.gatewayKey,
    body: { name: 'Capital v2', category: 'edge_cases', includeKpiTracking: false, isActive: false },
  });
  expect(patched.status).toBe(200);
  expect(patched.body.prompt).toMatchObject({ name: 'Capital v2', category: 'edge_cases', includeKpiTracking: false, isActive: false, prompt: body.prompt });

  // Another company sees nothing of it.
  expect((await stack.http('GET', `/api/v1/synthetic/prompts/${p.id}`, { token: other.gatewayKey })).status).toBe(404);
  expect((await stack.http('PATCH', `/api/v1/synthetic/prompts/${p.id}`, { token: other.gatewayKey, body: { name: 'x' } })).status).toBe(404);
  expect((await stack.http('DELETE', `/api/v1/synthetic/prompts/${p.id}`, { token: other.gatewayKey })).status).toBe(404);
  const otherList = await stack.http<{ prompts: { id: string }[] }>('GET', '/api/v1/synthetic/prompts', { token: other.gatewayKey });
  expect(otherList.body.prompts.map((x) => x.id)).not.toContain(p.id);

  const fetched = await stack.http<{ prompt: { name: string } }>('GET', `/api/v1/synthetic/prompts/${p.id}`, { token: company.gatewayKey });
  expect(fetched.body.prompt.name).toBe('Capital v2');
  const deleted = await stack.http('DELETE', `/api/v1/synthetic/prompts/${p.id}`, { token: company.gatewayKey });
  expect(deleted.status).toBe(200);
  expect((await stack.http('GET', `/api/v1/synthetic/prompts/${p.id}`, { token: company.gatewayKey })).status).toBe(404);
});

test('bad input is 400 VALIDATION_ERROR and nothing is written; no key is 401 UNAUTHORIZED', async () => {
  const before = await stack.container.db('synthetic_prompts').where({ company_id: company.companyId }).count<{ count: string }[]>({ count: '*' });
  for (const bad of [{ prompt: 'x' }, { ...body, category: 'other' }, { ...body, expectedBehavior: 'MAYBE' }, { ...body, tags: 'geo' }]) {
    const res = await stack.http<{ code: string }>('POST', '/api/v1/synthetic/prompts', { token: company.gatewayKey, body: bad });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  }
  const after = await stack.container.db('synthetic_prompts').where({ company_id: company.companyId }).count<{ count: string }[]>({ count: '*' });
  expect(after[0]!.count).toBe(before[0]!.count);
  const anon = await stack.http<{ code: string }>('GET', '/api/v1/synthetic/prompts');
  expect(anon.status).toBe(401);
  expect(anon.body.code).toBe('UNAUTHORIZED');
});

test('the curated library has every category in English and German and imports once', async () => {
  const lib = await stack.http<{ prompts: { key: string; language: string; category: string }[] }>('GET', '/api/v1/synthetic/library', { token: company.gatewayKey });
  expect(lib.status).toBe(200);
  for (const category of ['functional', 'security', 'edge_cases', 'compliance']) {
    const langs = new Set(lib.body.prompts.filter((p) => p.category === category).map((p) => p.language));
    expect([...langs].sort()).toEqual(['de', 'en']);
  }
  const first = await stack.http<{ imported: number }>('POST', '/api/v1/synthetic/library/import', { token: company.gatewayKey, body: {} });
  expect(first.body.imported).toBe(SYNTHETIC_LIBRARY.length);
  const again = await stack.http<{ imported: number }>('POST', '/api/v1/synthetic/library/import', { token: company.gatewayKey, body: {} });
  expect(again.body.imported).toBe(0);
  const de = await stack.http<{ imported: number; prompts: { language: string }[] }>('POST', '/api/v1/synthetic/library/import', { token: other.gatewayKey, body: { language: 'de' } });
  expect(de.body.imported).toBe(SYNTHETIC_LIBRARY.filter((p) => p.language === 'de').length);
  expect(de.body.prompts.every((p) => p.language === 'de')).toBe(true);
});

/** The spec's table (create prompts, view results); ACCOUNT_* run the company; MEMBER has none. */
const TABLE: Record<Role, { create: boolean; view: boolean }> = {
  SUPER_ADMIN: { create: true, view: true },
  SAAS_ADMIN: { create: true, view: true },
  ADMIN: { create: true, view: true },
  SYNTHETIC_ADMIN: { create: true, view: true },
  SYNTHETIC_OPERATOR: { create: false, view: true },
  SECURITY_CUSTODIAN: { create: true, view: true },
  ACCOUNT_OWNER: { create: true, view: true },
  ACCOUNT_ADMIN: { create: true, view: true },
  MEMBER: { create: false, view: false },
};

test.each(Object.entries(TABLE))('role table for prompts: %s', async (role, expected) => {
  const user = await stack.addUser(company.companyId, role as Role);
  const { key } = await stack.container.services.apiKeys.create(company.companyId, { name: `${role} key`, kind: 'GATEWAY', type: 'FULL_ACCESS' }, { userId: user.userId });
  const created = await stack.http<{ code: string }>('POST', '/api/v1/synthetic/prompts', { token: key, body });
  expect(created.status).toBe(expected.create ? 201 : 403);
  if (!expected.create) expect(created.body.code).toBe('FORBIDDEN');
  expect((await stack.http('GET', '/api/v1/synthetic/prompts', { token: key })).status).toBe(expected.view ? 200 : 403);
});
