import { randomBytes } from 'node:crypto';
import { FIXTURE_PREFIX, harnessFixtureRoutes } from '../support/harness-fixture';
import { runMalformedInput } from '../support/malformed-input';
import { type Operation, operationsOf } from '../support/openapi-operations';
import { RESOURCES, type TableContext } from '../support/route-table';
import { type Stack, type TestCompany, startStack } from '../support/stack';
import { ROUTE_TABLE, type RouteTable, callAsOtherTenant, compareSnapshots, createResources, readResources, tableGaps } from '../support/tenant-isolation';

/**
 * Issue 21, item 3's proof: the two generated harnesses FAIL when they should. The api is built
 * with a fixture of deliberately broken routes (test/support/harness-fixture.ts, mounted through
 * createApp's extraRoutes hook and published in the OpenAPI document like any route), and the same
 * harness functions the real tests run must name them: the leaky read and write, the two crashing
 * routes, and the create route and family missing from the table. The correctly scoped fixture
 * route must not be named: a harness that flags everything proves nothing either.
 */
jest.setTimeout(300_000);

let stack: Stack;
let a: TestCompany;
let b: TestCompany;
let aSession: string;
let bSession: string;
let fixture: Operation[];
const canary = `cnry${randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  stack = await startStack({ extraRoutes: harnessFixtureRoutes });
  a = await stack.createCompany({ withSimulator: false });
  b = await stack.createCompany({ withSimulator: false });
  aSession = await stack.login(a.adminEmail, a.adminPassword);
  bSession = await stack.login(b.adminEmail, b.adminPassword);
  const doc = (await stack.http<Record<string, any>>('GET', '/api/openapi.json')).body;
  fixture = operationsOf(doc, { extra: false }).filter((o) => o.path.startsWith(FIXTURE_PREFIX));
});

afterAll(async () => {
  await stack?.stop();
});

it('the fixture routes are in the OpenAPI document like any other route', () => {
  expect(fixture.map((o) => `${o.method} ${o.path}`).sort()).toEqual(
    [
      `GET ${FIXTURE_PREFIX}/providers/{id}`,
      `PATCH ${FIXTURE_PREFIX}/providers/{id}`,
      `GET ${FIXTURE_PREFIX}/scoped-providers/{id}`,
      `POST ${FIXTURE_PREFIX}/widgets`,
      `GET ${FIXTURE_PREFIX}/widgets`,
      `GET ${FIXTURE_PREFIX}/widgets/{widgetId}`,
    ].sort(),
  );
});

it('the table check names a create route and an id-bearing family the table does not know', () => {
  const gaps = tableGaps(fixture, ROUTE_TABLE);
  expect(gaps).toEqual(
    expect.arrayContaining([
      expect.stringContaining(`POST ${FIXTURE_PREFIX}/widgets: not in test/support/route-table.ts`),
      expect.stringContaining(`route family ${FIXTURE_PREFIX}/widgets/{widgetId}`),
      expect.stringContaining(`route family ${FIXTURE_PREFIX}/providers/{id}`),
    ]),
  );
});

it('the tenant-isolation harness names the leaky read and write, sees the changed row, and passes the scoped route', async () => {
  // The fixture families take providers' ids; one provider row is all company A needs.
  const table: RouteTable = {
    ...ROUTE_TABLE,
    resources: RESOURCES.filter((r) => r.kind === 'provider'),
    extraFamilies: { [`${FIXTURE_PREFIX}/providers/{id}`]: 'provider', [`${FIXTURE_PREFIX}/scoped-providers/{id}`]: 'provider', [`${FIXTURE_PREFIX}/widgets/{widgetId}`]: 'provider' },
  };
  const ctx: TableContext = { canary, ids: {}, simulatorUrl: stack.simulatorUrl, hookUrl: '', ownerUserId: a.adminUserId, store: {} };
  const client = { baseUrl: stack.url, tokens: { session: aSession, gatewayKey: a.gatewayKey, superAdmin: aSession } };
  const created = await createResources(client, table, ctx);
  expect(created.failures).toEqual([]);
  const before = await readResources(client, [...fixture, { method: 'GET', path: '/api/v1/providers/{id}', params: ['id'], query: [], area: 'rest', doc: {} }], { ...table, extraFamilies: {} }, created);

  const report = await callAsOtherTenant(stack.url, fixture, table, created, [
    { name: 'session', token: bSession },
    { name: 'gatewayKey', token: b.gatewayKey },
  ]);
  const named = (route: string) => report.failures.filter((f) => f.startsWith(route));
  expect(named(`GET ${FIXTURE_PREFIX}/providers/{id} as B's session`)).toEqual([expect.stringMatching(/-> 200 \(expected 404/)]);
  expect(named(`PATCH ${FIXTURE_PREFIX}/providers/{id} as B's`).length).toBe(2);
  expect(named(`GET ${FIXTURE_PREFIX}/scoped-providers/{id}`)).toEqual([]);
  expect(named(`GET ${FIXTURE_PREFIX}/widgets/{widgetId}`)).toEqual([]);
  // What the harness saw is real: the leaky route hands B a row of company A (renamed by B's PATCH by now).
  const leakyRead = await fetch(`${stack.url}${FIXTURE_PREFIX}/providers/${ctx.ids.provider}`, { headers: { authorization: `Bearer ${bSession}` } });
  expect(await leakyRead.text()).toContain(a.companyId);

  const after = await readResources(client, [{ method: 'GET', path: '/api/v1/providers/{id}', params: ['id'], query: [], area: 'rest', doc: {} }], { ...table, extraFamilies: {} }, created);
  const changes = compareSnapshots(before, after);
  expect(changes).toEqual([expect.stringContaining("company A's provider changed")]);
});

it('the malformed-input harness names both crashing routes, and no sound one', async () => {
  const report = await runMalformedInput(stack.url, fixture, { seed: 21, runs: 24, tokens: [aSession, a.gatewayKey] });
  const crashed = new Set(report.failures.filter((f) => / -> 500 /.test(f)).map((f) => f.split(' [')[0]));
  expect([...crashed].sort()).toEqual([`GET ${FIXTURE_PREFIX}/widgets`, `POST ${FIXTURE_PREFIX}/widgets`]);
  expect(report.failures.every((f) => f.includes(`${FIXTURE_PREFIX}/widgets [`))).toBe(true);
  // Each failure names the seed and case to replay.
  expect(report.failures[0]).toMatch(/\[seed 21, case \d+: .+\]/);
});
