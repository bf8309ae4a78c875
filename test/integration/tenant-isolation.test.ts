import { randomBytes } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Operation, operationsOf } from '../support/openapi-operations';
import { RESOURCES, type TableContext } from '../support/route-table';
import { type Stack, type TestCompany, startStack } from '../support/stack';
import {
  type Created,
  ROUTE_TABLE,
  type TenantReport,
  callAsOtherTenant,
  compareSnapshots,
  createResources,
  createWithOtherTenantReferences,
  deleteSyntheticSchedules,
  queryAsOtherTenant,
  readResources,
  tableGaps,
} from '../support/tenant-isolation';

/**
 * Issue 21, item 2: the generated tenant-isolation test. From /api/openapi.json and the route table
 * (test/support/route-table.ts) it creates one resource of every kind in company A through the api,
 * then calls every route whose path names an id, with every method, as company B (its account
 * owner's session, a SUPER_ADMIN session, a FULL_ACCESS gateway key, an external key and a Shield
 * key) with A's ids: each answer is 404, or 401/403 where the credential is refused; never 2xx,
 * never A's data; and A's resources read back through A's api are unchanged afterwards.
 *
 * A route added without a row in the table fails the first test with its name (see the table's
 * header for how to add one).
 */
jest.setTimeout(900_000);

let stack: Stack;
let a: TestCompany;
let b: TestCompany;
let hook: Server;
let operations: Operation[];
let created: Created;
let before: Map<string, string>;
let report: TenantReport;
const credentials: Array<{ name: string; token: string }> = [];
const canary = `cnry${randomBytes(6).toString('hex')}`;
let aTokens: { session: string; gatewayKey: string; superAdmin: string };

beforeAll(async () => {
  // Webhooks need a URL that passes the outbound policy: a local receiver, allowlisted below.
  hook = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
  stack = await startStack({ sanitizer: true, env: { OUTBOUND_URL_ALLOWLIST: '127.0.0.1', MCP_CHAIN_WAIT_MS: '300' } });
  a = await stack.createCompany({ withSimulator: true });
  b = await stack.createCompany({ withSimulator: true });
  const aSuper = await stack.addUser(a.companyId, 'SUPER_ADMIN');
  aTokens = { session: await stack.login(a.adminEmail, a.adminPassword), gatewayKey: a.gatewayKey, superAdmin: await stack.login(aSuper.email, aSuper.password) };

  const bSession = await stack.login(b.adminEmail, b.adminPassword);
  const bSuper = await stack.addUser(b.companyId, 'SUPER_ADMIN');
  const key = async (body: Record<string, unknown>) => {
    const res = await stack.http<{ key: string }>('POST', '/api/v1/api-keys', { token: bSession, body });
    if (res.status !== 201) throw new Error(`B's key ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.key;
  };
  credentials.push(
    { name: 'session', token: bSession },
    { name: 'superAdmin', token: await stack.login(bSuper.email, bSuper.password) },
    { name: 'gatewayKey', token: b.gatewayKey },
    { name: 'externalKey', token: await key({ name: 'b external', kind: 'EXTERNAL', scopes: ['create:prompts', 'read:prompts'] }) },
    { name: 'shieldKey', token: await key({ name: 'b shield', kind: 'SHIELD' }) },
  );
  const doc = (await stack.http<Record<string, any>>('GET', '/api/openapi.json')).body;
  operations = operationsOf(doc);
});

afterAll(async () => {
  if (aTokens) await deleteSyntheticSchedules(stack.url, aTokens.session).catch((err) => console.warn(`cleanup: ${err.message}`));
  await stack?.stop();
  await new Promise((r) => hook?.close(r));
});

it('the route table accounts for every POST and every id-bearing route family of the api', () => {
  expect(operations.length).toBeGreaterThan(150);
  expect(tableGaps(operations, ROUTE_TABLE)).toEqual([]);
});

it('creates one resource of every kind in company A through the api, and A reads each back', async () => {
  const ctx: TableContext = {
    canary,
    ids: {},
    simulatorUrl: stack.simulatorUrl,
    hookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`,
    ownerUserId: a.adminUserId,
    store: {},
  };
  created = await createResources({ baseUrl: stack.url, tokens: aTokens }, ROUTE_TABLE, ctx);
  before = await readResources({ baseUrl: stack.url, tokens: aTokens }, operations, ROUTE_TABLE, created);
  expect(created.failures).toEqual([]);
  expect([...created.ids.keys()].sort()).toEqual(RESOURCES.map((r) => r.kind).sort());
  const unreadable = [...before].filter(([, v]) => !v.startsWith('200 ')).map(([k, v]) => `${k}: ${v.slice(0, 200)}`);
  expect(unreadable).toEqual([]);
  // The canary is really in A's data, so its absence from B's answers means something.
  expect([...before.values()].filter((v) => v.includes(canary)).length).toBeGreaterThan(15);
});

it("company B's session, super admin, gateway, external and Shield keys never reach A's resources on any id-bearing route", async () => {
  expect(created).toBeDefined();
  report = await callAsOtherTenant(stack.url, operations, ROUTE_TABLE, created, credentials);
  console.log(`tenant isolation: ${report.operations} operations, ${report.calls} calls, statuses by credential ${JSON.stringify(report.statuses)}`);
  expect(report.failures).toEqual([]);
  const idOperations = operations.filter((o) => o.params.length > 0).length;
  expect(report.operations).toBe(idOperations);
  expect(report.calls).toBeGreaterThanOrEqual(idOperations * credentials.length);
});

it("B cannot create anything that names A's resources in its body (a group of A's providers, a repository in A's project...)", async () => {
  expect(created).toBeDefined();
  const { failures, tried } = await createWithOtherTenantReferences(stack.url, ROUTE_TABLE, created, credentials[0]!.token);
  console.log(`cross-tenant references: ${tried.join('; ')}`);
  expect(failures).toEqual([]);
  expect(tried.length).toBeGreaterThanOrEqual(8);
});

it("B gets none of A's data by naming A's ids in a query (filters and lookups)", async () => {
  expect(created).toBeDefined();
  const q = await queryAsOtherTenant(stack.url, operations, ROUTE_TABLE, created, credentials);
  console.log(`query ids: ${q.calls} calls, statuses ${JSON.stringify(q.statuses)}`);
  expect(q.failures).toEqual([]);
  expect(q.calls).toBeGreaterThanOrEqual(12 * credentials.length);
});

it("A's resources read back unchanged after B's calls", async () => {
  expect(report).toBeDefined();
  const after = await readResources({ baseUrl: stack.url, tokens: aTokens }, operations, ROUTE_TABLE, created);
  expect(compareSnapshots(before, after)).toEqual([]);
});

it("B's own resources stay reachable by B (the credentials were live throughout)", async () => {
  for (const cred of credentials.filter((c) => c.name === 'session' || c.name === 'gatewayKey')) {
    const res = await stack.http('GET', '/api/v1/providers', { token: cred.token });
    expect([cred.name, res.status]).toEqual([cred.name, 200]);
  }
});
