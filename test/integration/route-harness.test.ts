import { randomUUID } from 'node:crypto';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Issue 21, items 2 and 3: harnesses generated from the api's own route table (/api/openapi.json),
 * so a route added tomorrow is covered without anyone writing a test for it.
 *
 * - Malformed input: every operation gets a body that is not JSON, a body of the wrong JSON type,
 *   a string with a NUL character and a path id that is not an id. None may answer 5xx, and every
 *   JSON answer is an error object.
 * - Tenant isolation: company A creates one resource of many kinds; company B's account owner then
 *   calls every operation whose path names an id with each of A's ids. None may answer 2xx.
 *
 * Operations that end the caller's own session are left out (they would sign the harness out).
 */
jest.setTimeout(600_000);

type Json = Record<string, any>;
interface Operation {
  method: string;
  path: string;
  params: string[];
}

let stack: Stack;
let a: TestCompany;
let b: TestCompany;
let aSession: string;
let bSession: string;
const operations: Operation[] = [];

/** Operations the harness must not call: they act on the caller's own session. */
const SKIP = [/^POST \/api\/auth\/(logout|switch-company)/];

beforeAll(async () => {
  stack = await startStack({ sanitizer: true });
  a = await stack.createCompany({ withSimulator: true });
  b = await stack.createCompany({ withSimulator: true });
  aSession = await stack.login(a.adminEmail, a.adminPassword);
  bSession = await stack.login(b.adminEmail, b.adminPassword);
  const doc = (await stack.http<Json>('GET', '/api/openapi.json')).body;
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const method of Object.keys(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const op = { method: method.toUpperCase(), path, params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!) };
      if (SKIP.some((re) => re.test(`${op.method} ${op.path}`))) continue;
      operations.push(op);
    }
  }
});

afterAll(async () => {
  await stack?.stop();
});

const fill = (op: Operation, value: (param: string) => string) => op.path.replace(/\{(\w+)\}/g, (_, p: string) => encodeURIComponent(value(p)));

async function raw(method: string, path: string, token: string, body?: string, contentType = 'application/json') {
  const res = await fetch(stack.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': contentType } : {}) },
    body,
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, json, text };
}

it('reads a route table large enough to mean something', () => {
  expect(operations.length).toBeGreaterThan(100);
  expect(operations.filter((o) => o.params.length > 0).length).toBeGreaterThan(40);
});

describe('malformed input on every operation', () => {
  const cases: Array<{ name: string; body?: string; id?: string; contentType?: string }> = [
    { name: 'a body that is not JSON', body: '{"name": ' },
    { name: 'a JSON array instead of an object', body: '[1, 2, 3]' },
    { name: 'a string holding a NUL character', body: JSON.stringify({ name: 'a\u0000b', prompt: 'x\u0000', email: 'a\u0000@b.c' }) },
    { name: 'numbers beyond any column', body: JSON.stringify({ limit: 1e300, temperature: -1e300, maxTokens: 2 ** 62, name: 'x'.repeat(100_000) }) },
    { name: 'a path id that is not an id', id: "x'; drop table companies; --" },
  ];
  for (const c of cases) {
    it(`${c.name}: no 5xx, and JSON answers are error objects`, async () => {
      const failures: string[] = [];
      const statuses: Record<number, number> = {};
      for (const op of operations) {
        if (c.id && op.params.length === 0) continue;
        const path = fill(op, () => c.id ?? randomUUID());
        const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : (c.body ?? '{}');
        for (const token of [aSession, a.gatewayKey]) {
          const res = await raw(op.method, path, token, body);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status >= 500) failures.push(`${op.method} ${op.path} -> ${res.status} ${res.text.slice(0, 200)}`);
          else if (res.status >= 400 && res.json !== null && typeof res.json === 'object' && !('error' in (res.json as Json))) {
            failures.push(`${op.method} ${op.path} -> ${res.status} without an error field: ${res.text.slice(0, 200)}`);
          }
        }
      }
      console.log(`${c.name}: ${JSON.stringify(statuses)}`);
      expect(failures).toEqual([]);
      // The harness must reach the routes' own checks, not stop at authentication.
      const authenticated = Object.entries(statuses).filter(([s]) => s !== '401').reduce((n, [, k]) => n + k, 0);
      expect(authenticated).toBeGreaterThan(operations.length / 2);
    });
  }
});

describe("tenant isolation: company B never reaches company A's resources", () => {
  it("every operation that names an id answers B with no 2xx for each of A's ids", async () => {
    const s = stack.container.services;
    // One resource of many kinds in A, through the api where it is cheap.
    const ids: Record<string, string> = { companyId: a.companyId, userId: a.adminUserId };
    const post = async (path: string, body: Json, token = aSession) => {
      const res = await stack.http<Json>('POST', path, { token, body });
      if (res.status >= 300) throw new Error(`seeding ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const prompt = (await post('/api/v1/prompts', { name: 'A secret prompt', userPrompt: 'A secret {{x}}' })).prompt;
    ids.promptId = prompt.promptId;
    ids.promptDbId = prompt.id;
    ids.testSetId = (await post(`/api/v1/prompts/${prompt.promptId}/test-sets`, { name: 't', values: { x: '1' } })).testSet.id;
    ids.projectId = (await post('/api/v1/projects', { name: 'A project' })).project.id;
    const repo = (await post('/api/v1/repositories', { name: 'A repo', projectId: ids.projectId })).repository;
    ids.repositoryId = repo.repositoryId;
    ids.teamId = (await post('/api/v1/teams', { name: 'A team' })).team.id;
    const providers = await s.providers.list(a.companyId);
    ids.providerId = (providers as any).providers?.[0]?.id ?? (providers as any)[0]?.id;
    const held = (await stack.http<Json>('POST', '/api/gateway/execute', { token: a.gatewayKey, body: { prompt: 'hold', executionMode: 'SUPERVISED' } })).body;
    ids.holdId = held.holdId;
    const executed = (await stack.http<Json>('POST', '/api/gateway/execute', { token: a.gatewayKey, body: { prompt: 'hello' } })).body;
    ids.executionId = executed.executionId;
    const keys = (await stack.http<Json>('GET', '/api/v1/api-keys', { token: aSession })).body;
    ids.apiKeyId = (keys.apiKeys ?? keys.keys ?? keys.items ?? [])[0]?.id;
    for (const [k, v] of Object.entries(ids)) if (!v) delete ids[k];
    const pool = [...new Set(Object.values(ids))];
    expect(pool.length).toBeGreaterThanOrEqual(10);

    const leaks: string[] = [];
    let calls = 0;
    const statuses: Record<number, number> = {};
    for (const op of operations.filter((o) => o.params.length > 0)) {
      for (const id of pool) {
        const path = fill(op, () => id);
        const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : '{}';
        for (const token of [bSession, b.gatewayKey]) {
          const res = await raw(op.method, path, token, body);
          calls++;
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status >= 200 && res.status < 300) leaks.push(`${op.method} ${path} (as B) -> ${res.status} ${res.text.slice(0, 160)}`);
          if (res.status >= 500) leaks.push(`${op.method} ${path} (as B) -> ${res.status} ${res.text.slice(0, 160)}`);
        }
      }
    }
    console.log(`tenant isolation: ${calls} calls, ${JSON.stringify(statuses)}, ids ${JSON.stringify(Object.keys(ids))}`);
    expect(calls).toBeGreaterThan(500);
    // Most calls must pass authentication and be refused by the resource check (404), not at the door.
    expect(statuses[404] ?? 0).toBeGreaterThan(calls / 4);
    expect(leaks).toEqual([]);
    // A still sees its own, so the ids were real.
    expect((await stack.http('GET', `/api/v1/prompts/${ids.promptId}`, { token: aSession })).status).toBe(200);
    expect((await stack.http('GET', `/api/v1/execution-holds/${ids.holdId}`, { token: aSession })).status).toBe(200);
  });
});
