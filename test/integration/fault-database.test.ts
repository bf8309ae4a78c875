import { Client } from 'pg';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Issue 21, fault test: PostgreSQL cut off during a burst of executions. Connections are refused
 * and every open one terminated (ALLOW_CONNECTIONS false + pg_terminate_backend), then allowed
 * again. The api must answer 503 at once where it needs the database (never hang), keep serving
 * executions whose credentials and providers are cached, keep their records in memory, write every
 * one of them once the database is back, and recover without a restart.
 *
 * Loss bound (services/gateway/execution-recorder.ts): at most 100,000 unsaved records per api
 * process are kept; past that the oldest are dropped and logged. Nothing is lost below it.
 */
type Json = Record<string, any>;
let stack: Stack;
let company: TestCompany;
let session: string;
let admin: Client;
let dbName: string;

beforeAll(async () => {
  // A credential cache longer than the outage, so the hot path does not need the database during it.
  stack = await startStack({ env: { AUTH_CACHE_TTL_MS: '120000' } });
  company = await stack.createCompany({ withSimulator: true });
  session = await stack.login(company.adminEmail, company.adminPassword);
  dbName = new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1);
  admin = new Client({ connectionString: process.env.TEST_DATABASE_ADMIN_URL });
  await admin.connect();
});

afterAll(async () => {
  await admin?.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`).catch(() => {});
  await admin?.end();
  await stack?.stop();
});

const execute = () => stack.http<Json>('POST', '/api/gateway/execute', { token: company.gatewayKey, body: { prompt: 'Say hi' } });

async function cutDatabase(): Promise<void> {
  await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
  await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName]);
}

/** The ids of the company's execution records, read over a connection of the test's own. */
async function recordedIds(): Promise<string[]> {
  const own = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await own.connect();
  try {
    const { rows } = await own.query('SELECT id FROM executions WHERE company_id = $1', [company.companyId]);
    return rows.map((r) => r.id);
  } finally {
    await own.end();
  }
}

it('answers 503 without hanging, keeps serving cached executions, writes every buffered record once the database is back', async () => {
  // Warm the credential and provider caches, and count what is already recorded.
  expect((await execute()).status).toBe(200);
  await stack.container.services.recorder.flush();
  const before = await recordedIds();

  // A burst in flight while the database goes away.
  const burst = Array.from({ length: 40 }, (_, i) => (i === 10 ? cutDatabase().then(() => null) : execute()));
  const answers = (await Promise.all(burst)).filter((r): r is NonNullable<typeof r> => r !== null);
  const during = await Promise.all(Array.from({ length: 20 }, execute));

  // Where the database is needed: 503 within seconds, in the area's error shape, with Retry-After.
  const started = Date.now();
  const needsDb = await stack.http<Json>('POST', '/api/v1/provider-groups', { token: session, body: { name: 'during-outage', providerIds: [] } });
  expect(Date.now() - started).toBeLessThan(15_000);
  expect(needsDb.status).toBe(503);
  expect(needsDb.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE', error: expect.any(String) });
  expect(needsDb.headers.get('retry-after')).toBe('5');
  expect((await stack.http('GET', '/readyz')).status).toBe(503);
  // The zero-knowledge area's own name for it (spec document 2).
  const zk = await stack.http<Json>('GET', '/api/v1/pzk/encrypted-prompts?promptId=zk_unknown', { token: company.gatewayKey });
  expect(zk.status).toBe(503);
  expect(zk.body).toMatchObject({ code: 'api_auth_unavailable' });

  // Cached executions kept working; their records wait in memory (nothing could be written).
  const served = [...answers, ...during];
  for (const r of served) expect([200, 503]).toContain(r.status);
  const ok = served.filter((r) => r.status === 200).length;
  expect(ok).toBeGreaterThanOrEqual(50);
  expect(stack.container.services.recorder.pending).toBeGreaterThan(0);

  // The database comes back: no restart, the buffered records are written, every one exactly once.
  await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
  const deadline = Date.now() + 30_000;
  while (stack.container.services.recorder.pending > 0 && Date.now() < deadline) {
    await stack.container.services.recorder.flush().catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(stack.container.services.recorder.pending).toBe(0);
  const recorded = await recordedIds();
  expect(recorded).toHaveLength(before.length + ok);
  const answered = served.filter((r) => r.status === 200).map((r) => r.body.executionId as string);
  expect(new Set(answered).size).toBe(ok);
  const recordedSet = new Set(recorded);
  for (const id of answered) expect(recordedSet.has(id)).toBe(true);

  // And the api serves database routes again.
  const after = await stack.http<Json>('POST', '/api/v1/provider-groups', { token: session, body: { name: 'after-outage', providerIds: [] } });
  expect(after.status).toBe(201);
  expect((await stack.http('GET', '/readyz')).status).toBe(200);
});
