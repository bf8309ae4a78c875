import { ROLES, type Role } from '../../domain/roles';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * The synthetic role table (issue 13, part 7; spec document 1, "Synthetic permissions"), every role ×
 * every permission × every endpoint of that permission, with an API key owned by a user of the role
 * (the spec's authentication) and, for one endpoint per permission, the user's session. The spec's
 * rows: SUPER_ADMIN, SAAS_ADMIN, ADMIN, SYNTHETIC_ADMIN, SECURITY_CUSTODIAN all four; SYNTHETIC_OPERATOR
 * run and view only. Roles the table does not name (docs/API.md): ACCOUNT_OWNER and ACCOUNT_ADMIN
 * all four (they run the company), MEMBER none. A refusal is 403 FORBIDDEN before anything is read.
 *
 * Also the synthetic endpoints' own limits: 429 RATE_LIMITED per company and minute for run now,
 * analytics and archival (low limits configured here; the defaults are in docs/API.md).
 */
jest.setTimeout(240_000);
let stack: Stack;

const LIMITS = { run: 3, analytics: 4, archival: 3 };

beforeAll(async () => {
  stack = await startStack({
    env: {
      SYNTHETIC_RUN_NOW_PER_MINUTE: String(LIMITS.run),
      SYNTHETIC_ANALYTICS_PER_MINUTE: String(LIMITS.analytics),
      SYNTHETIC_ARCHIVAL_PER_MINUTE: String(LIMITS.archival),
    },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

type Permission = 'create' | 'run' | 'view' | 'archival';
const ALL: Permission[] = ['create', 'run', 'view', 'archival'];
const TABLE: Record<Role, Permission[]> = {
  SUPER_ADMIN: ALL,
  SAAS_ADMIN: ALL,
  ADMIN: ALL,
  SYNTHETIC_ADMIN: ALL,
  SYNTHETIC_OPERATOR: ['run', 'view'],
  SECURITY_CUSTODIAN: ALL,
  ACCOUNT_OWNER: ALL,
  ACCOUNT_ADMIN: ALL,
  MEMBER: [],
};

test('the table names every role', () => {
  expect(Object.keys(TABLE).sort()).toEqual([...ROLES].sort());
});

interface Fixture {
  company: TestCompany;
  providerId: string;
  promptId: string;
  scheduleId: string;
}

/** A company with a prompt and a paused schedule made by its owner, for the calls that need ids. */
async function fixture(): Promise<Fixture> {
  const company = await stack.createCompany();
  const provider = await stack.container.db('providers').where({ company_id: company.companyId, is_default: true }).first('id');
  const prompt = await stack.http<{ prompt: { id: string } }>('POST', '/api/v1/synthetic/prompts', { token: company.gatewayKey, body: { name: 'owner', prompt: 'ping' } });
  const schedule = await stack.http<{ schedule: { id: string } }>('POST', '/api/v1/synthetic/schedules', {
    token: company.gatewayKey,
    body: { name: 'owner', syntheticPromptId: prompt.body.prompt.id, scheduleType: 'RECURRING', intervalMinutes: 600, isActive: false, aiProviderId: provider.id },
  });
  expect(schedule.status).toBe(201);
  return { company, providerId: provider.id, promptId: prompt.body.prompt.id, scheduleId: schedule.body.schedule.id };
}

interface Call {
  method: string;
  path: string;
  body?: unknown;
  status: number;
}

/**
 * Every endpoint of a permission. Writes that need their own record (update, delete) create it first
 * when the role may; a refused role calls them on the owner's records (and must not change them).
 */
async function calls(p: Permission, f: Fixture, token: string, allowed: boolean): Promise<Call[]> {
  const s = '/api/v1/synthetic';
  if (p === 'create') {
    let own = f.promptId;
    if (allowed) {
      const created = await stack.http<{ prompt: { id: string } }>('POST', `${s}/prompts`, { token, body: { name: 'mine', prompt: 'hello' } });
      expect(created.status).toBe(201);
      own = created.body.prompt.id;
    }
    return [
      { method: 'POST', path: `${s}/prompts`, body: { name: 'x', prompt: 'y' }, status: 201 },
      { method: 'PATCH', path: `${s}/prompts/${own}`, body: { name: 'renamed' }, status: 200 },
      { method: 'POST', path: `${s}/library/import`, body: { keys: ['functional.capital.en'] }, status: 200 },
      { method: 'DELETE', path: `${s}/prompts/${own}`, status: 200 },
    ];
  }
  if (p === 'run') {
    const body = { name: 'r', syntheticPromptId: f.promptId, scheduleType: 'RECURRING', intervalMinutes: 600, isActive: false, aiProviderId: f.providerId };
    let own = f.scheduleId;
    if (allowed) {
      const created = await stack.http<{ schedule: { id: string } }>('POST', `${s}/schedules`, { token, body });
      expect(created.status).toBe(201);
      own = created.body.schedule.id;
    }
    return [
      { method: 'POST', path: `${s}/schedules`, body, status: 201 },
      { method: 'PATCH', path: `${s}/schedules/${own}`, body: { name: 'renamed' }, status: 200 },
      { method: 'POST', path: `${s}/schedules/${own}/run`, status: 202 },
      { method: 'DELETE', path: `${s}/schedules/${own}`, status: 200 },
    ];
  }
  if (p === 'view') {
    return [
      { method: 'GET', path: `${s}/prompts`, status: 200 },
      { method: 'GET', path: `${s}/prompts/${f.promptId}`, status: 200 },
      { method: 'GET', path: `${s}/library`, status: 200 },
      { method: 'GET', path: `${s}/schedules`, status: 200 },
      { method: 'GET', path: `${s}/schedules/${f.scheduleId}`, status: 200 },
      { method: 'GET', path: `${s}/executions`, status: 200 },
      { method: 'GET', path: `${s}/analytics?range=1h`, status: 200 },
      { method: 'GET', path: `${s}/analytics/export?format=csv&range=1h`, status: 200 },
      { method: 'POST', path: `${s}/ranking`, body: { timeRange: '1h' }, status: 200 },
    ];
  }
  return [
    { method: 'GET', path: `${s}/archival`, status: 200 },
    { method: 'POST', path: `${s}/archival`, body: { action: 'dryRun' }, status: 200 },
    { method: 'GET', path: `${s}/archival/settings`, status: 200 },
    { method: 'PUT', path: `${s}/archival/settings`, body: { retentionDays: 60 }, status: 200 },
  ];
}

/** One endpoint per permission, called with the user's session (the console's authentication). */
const SESSION_CALL: Record<Permission, (f: Fixture) => Call> = {
  create: () => ({ method: 'POST', path: '/api/v1/synthetic/prompts', body: { name: 's', prompt: 'session' }, status: 201 }),
  run: (f) => ({ method: 'POST', path: '/api/v1/synthetic/schedules', body: { name: 's', syntheticPromptId: f.promptId, scheduleType: 'RECURRING', intervalMinutes: 600, isActive: false, aiProviderId: f.providerId }, status: 201 }),
  view: () => ({ method: 'GET', path: '/api/v1/synthetic/executions', status: 200 }),
  archival: () => ({ method: 'GET', path: '/api/v1/synthetic/archival/settings', status: 200 }),
};

test.each(Object.entries(TABLE))('role table: %s', async (role, granted) => {
  const f = await fixture();
  const user = await stack.addUser(f.company.companyId, role as Role);
  const { key } = await stack.container.services.apiKeys.create(f.company.companyId, { name: `${role} key`, kind: 'GATEWAY', type: 'FULL_ACCESS' }, { userId: user.userId });
  const session = await stack.login(user.email, user.password);
  const promptsBefore = await stack.container.db('synthetic_prompts').where({ company_id: f.company.companyId }).count<{ c: string }[]>({ c: '*' });
  for (const p of ALL) {
    const allowed = granted.includes(p);
    for (const [token, list] of [
      [key, await calls(p, f, key, allowed)],
      [session, [SESSION_CALL[p](f)]],
    ] as const) {
      for (const c of list) {
        const res = await stack.http<{ code?: string }>(c.method, c.path, { token, body: c.body });
        const label = `${role} ${p} ${c.method} ${c.path}${token === session ? ' (session)' : ''}`;
        expect({ label, status: res.status }).toEqual({ label, status: allowed ? c.status : 403 });
        if (!allowed) expect({ label, code: res.body.code }).toEqual({ label, code: 'FORBIDDEN' });
      }
    }
  }
  // A refused role changed nothing: the owner's prompt, schedule and settings are as they were.
  if (!granted.includes('create')) {
    expect(await stack.container.db('synthetic_prompts').where({ id: f.promptId }).first('name')).toEqual({ name: 'owner' });
    const after = await stack.container.db('synthetic_prompts').where({ company_id: f.company.companyId }).count<{ c: string }[]>({ c: '*' });
    expect(after[0]!.c).toBe(promptsBefore[0]!.c);
  }
  if (!granted.includes('run')) expect(await stack.container.db('synthetic_schedules').where({ id: f.scheduleId }).first('name')).toEqual({ name: 'owner' });
  if (!granted.includes('archival')) expect((await stack.container.db('synthetic_archival_settings').where({ company_id: f.company.companyId }).first('retention_days'))?.retention_days).toBe(30);
});

/** Waits until at least `seconds` are left in the current UTC minute (the limits' fixed window). */
async function awayFromMinuteEdge(seconds = 15) {
  const left = 60 - new Date().getUTCSeconds();
  if (left < seconds) await new Promise((r) => setTimeout(r, left * 1000 + 200));
}

test('run now, analytics and archival answer 429 RATE_LIMITED past the per-company minute limit', async () => {
  const f = await fixture();
  const other = await fixture();
  await awayFromMinuteEdge();
  const limited = async (method: string, path: string, body: unknown, n: number, scope: string, ok: number) => {
    for (let i = 0; i < n; i++) expect((await stack.http(method, path, { token: f.company.gatewayKey, body })).status).toBe(ok);
    const res = await stack.http<any>(method, path, { token: f.company.gatewayKey, body });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'RATE_LIMITED', error: expect.any(String), retryAfter: expect.any(Number), limit: { requests: n, window: '1m', scope } });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBe(res.body.retryAfter);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  };
  await limited('POST', `/api/v1/synthetic/schedules/${f.scheduleId}/run`, undefined, LIMITS.run, 'run', 202);
  await limited('GET', '/api/v1/synthetic/analytics?range=24h', undefined, LIMITS.analytics, 'analytics', 200);
  // The scope counts every call of it: export and ranking are analytics too.
  expect((await stack.http('POST', '/api/v1/synthetic/ranking', { token: f.company.gatewayKey, body: {} })).status).toBe(429);
  await limited('POST', '/api/v1/synthetic/archival', { action: 'dryRun' }, LIMITS.archival, 'archival', 200);
  expect((await stack.http('GET', '/api/v1/synthetic/archival', { token: f.company.gatewayKey })).status).toBe(429);
  // Cheap calls are not limited, and another company has its own budget.
  expect((await stack.http('GET', '/api/v1/synthetic/executions', { token: f.company.gatewayKey })).status).toBe(200);
  expect((await stack.http('POST', `/api/v1/synthetic/schedules/${other.scheduleId}/run`, { token: other.company.gatewayKey })).status).toBe(202);
  expect((await stack.http('GET', '/api/v1/synthetic/analytics', { token: other.company.gatewayKey })).status).toBe(200);
});
