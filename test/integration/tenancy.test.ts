import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Tenancy: company B's credentials (an owner's session and a FULL_ACCESS key) meet every resource
 * of company A (provider, provider group, API key, execution hold) as if it did not exist: 404 with
 * the very body an unknown id gets, never 403, for GET, PATCH and DELETE; and nothing changes.
 */
let stack: Stack;
let a: TestCompany;
let b: TestCompany;
let aSession: string;
let bSession: string;
const ids: Record<'provider' | 'group' | 'apiKey' | 'hold', string> = { provider: '', group: '', apiKey: '', hold: '' };

type Json = Record<string, any>;
const UNKNOWN = '3f0c9a1e-6b2d-4e8f-a1c3-5d7e9f0b2c44';

beforeAll(async () => {
  stack = await startStack({ worker: true });
  a = await stack.createCompany();
  b = await stack.createCompany();
  aSession = await stack.login(a.adminEmail, a.adminPassword);
  bSession = await stack.login(b.adminEmail, b.adminPassword);

  const provider = await stack.http<Json>('POST', '/api/v1/providers', {
    token: aSession,
    body: { type: 'OPENAI', name: 'a-private', apiKey: 'sk-a-private', defaultModel: 'gpt-4o-mini' },
  });
  ids.provider = provider.body.provider.id;
  const group = await stack.http<Json>('POST', '/api/v1/provider-groups', {
    token: aSession,
    body: { name: 'a-group', providerIds: [ids.provider] },
  });
  ids.group = group.body.group.id;
  const key = await stack.http<Json>('POST', '/api/v1/api-keys', { token: aSession, body: { name: 'a-key', type: 'READ_ONLY' } });
  ids.apiKey = key.body.apiKey.id;
  const held = await stack.http<Json>('POST', '/api/gateway/execute', {
    token: a.gatewayKey,
    body: { prompt: 'hold me for review', executionMode: 'SUPERVISED' },
  });
  if (held.status !== 200 || !held.body.holdId) throw new Error(`SUPERVISED execute: ${held.status} ${JSON.stringify(held.body)}`);
  ids.hold = held.body.holdId;
});

afterAll(async () => {
  await stack?.stop();
});

interface Case {
  resource: keyof typeof ids;
  path: string;
  patch: Json;
  methods: Array<'GET' | 'PATCH' | 'DELETE'>;
  /** Credentials the route takes: session only, or sessions and gateway keys. */
  keys: boolean;
}

const cases: Case[] = [
  { resource: 'provider', path: '/api/v1/providers', patch: { name: 'stolen' }, methods: ['GET', 'PATCH', 'DELETE'], keys: true },
  { resource: 'group', path: '/api/v1/provider-groups', patch: { name: 'stolen' }, methods: ['GET', 'PATCH', 'DELETE'], keys: true },
  { resource: 'apiKey', path: '/api/v1/api-keys', patch: { name: 'stolen' }, methods: ['GET', 'PATCH', 'DELETE'], keys: false },
  { resource: 'hold', path: '/api/v1/execution-holds', patch: { action: 'approve' }, methods: ['GET', 'PATCH'], keys: false },
];

describe.each(cases)('company A’s $resource', ({ resource, path, patch, methods, keys }) => {
  const credentials = () => [
    ['B session', bSession],
    ...(keys ? [['B FULL_ACCESS key', b.gatewayKey]] : []),
  ];

  it('is visible to A (so the 404s below mean something)', async () => {
    const res = await stack.http<Json>('GET', `${path}/${ids[resource]}`, { token: aSession });
    expect(res.status).toBe(200);
  });

  it.each(methods)('answers %s from company B with 404, the same body as an unknown id', async (method) => {
    for (const [, token] of credentials()) {
      const body = method === 'PATCH' ? patch : undefined;
      const theirs = await stack.http<Json>(method, `${path}/${ids[resource]}`, { token, body });
      const unknown = await stack.http<Json>(method, `${path}/${UNKNOWN}`, { token, body });
      expect({ method, status: theirs.status }).toEqual({ method, status: 404 });
      expect(theirs.body).toEqual(unknown.body);
      expect(JSON.stringify(theirs.body)).not.toContain(ids[resource]);
    }
  });

  it('is unchanged and absent from B’s listing', async () => {
    const still = await stack.http<Json>('GET', `${path}/${ids[resource]}`, { token: aSession });
    expect(still.status).toBe(200);
    const item = still.body.provider ?? still.body.group ?? still.body.apiKey ?? still.body;
    expect(item.name ?? item.status).not.toBe('stolen');
    if (resource === 'hold') expect(item.status).toBe('PENDING_REVIEW');
    if (resource === 'apiKey') expect(item.revokedAt).toBeNull();
    const listPath = resource === 'hold' ? `${path}?status=ALL` : path;
    const listed = await stack.http<Json>('GET', listPath, { token: bSession });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(ids[resource]);
  });
});

describe('cross-company use', () => {
  it('does not let B execute through A’s provider group (404) or put A’s provider in a group (400)', async () => {
    const exec = await stack.http<Json>('POST', '/api/gateway/execute', {
      token: b.gatewayKey,
      body: { prompt: 'x', executionMode: 'DRY_RUN', providerGroupId: ids.group },
    });
    expect(exec.status).toBe(404);
    const mine = await stack.http<Json>('POST', '/api/gateway/execute', {
      token: a.gatewayKey,
      body: { prompt: 'x', executionMode: 'DRY_RUN', providerGroupId: ids.group },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.routingPlan.provider).toBe('a-private');
    const group = await stack.http<Json>('POST', '/api/v1/provider-groups', {
      token: bSession,
      body: { name: 'b-steals', providerIds: [ids.provider] },
    });
    expect(group.status).toBe(400);
  });

  it('does not let B enrol A’s user or learn anything about them', async () => {
    const res = await stack.http<Json>('POST', '/api/v1/users', {
      token: bSession,
      body: { email: a.adminEmail.toUpperCase(), password: 'b-chooses-a-password', role: 'ACCOUNT_OWNER' },
    });
    expect(res.status).toBe(409);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(a.companyId);
    expect(text).not.toContain(a.adminUserId);
    const membership = await stack.container.db('memberships').where({ user_id: a.adminUserId, company_id: b.companyId }).first();
    expect(membership).toBeUndefined();
    const users = await stack.http<Json>('GET', '/api/v1/users', { token: bSession });
    expect(users.status).toBe(200);
    expect(users.body.users.map((u: Json) => u.id)).not.toContain(a.adminUserId);
    // A's password is untouched and A still signs in to A.
    const again = await stack.http<Json>('POST', '/api/auth/login', { body: { email: a.adminEmail, password: a.adminPassword } });
    expect(again.body.companyId).toBe(a.companyId);
    // A new email still works for B.
    const fresh = await stack.http<Json>('POST', '/api/v1/users', {
      token: bSession,
      body: { email: `b-new-${Date.now()}@example.test`, password: 'long-enough-pw', role: 'MEMBER' },
    });
    expect(fresh.status).toBe(201);
    expect(fresh.body.user.homeCompanyId).toBe(b.companyId);
  });

  it('keeps audit logs apart', async () => {
    const theirs = await stack.http<Json>('GET', '/api/v1/audit-logs?limit=200', { token: bSession });
    expect(theirs.status).toBe(200);
    const text = JSON.stringify(theirs.body);
    for (const id of Object.values(ids)) expect(text).not.toContain(id);
  });

  it('keeps A’s key out of B’s reach: B’s session cannot see it, A’s key sees only A', async () => {
    const aKeyMe = await stack.http<Json>('GET', '/api/v1/providers', { token: a.gatewayKey });
    const names = aKeyMe.body.providers.map((p: Json) => p.name);
    expect(names).toContain('a-private');
    const bKeyMe = await stack.http<Json>('GET', '/api/v1/providers', { token: b.gatewayKey });
    expect(bKeyMe.body.providers.map((p: Json) => p.name)).not.toContain('a-private');
  });
});
