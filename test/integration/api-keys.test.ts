import { createHash } from 'node:crypto';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * API keys as an administrator meets them: created with the secret shown once (only its SHA-256
 * stored), listed without secrets, revoked (then refused), scoped to the company, validated, managed
 * by signed-in administrators only, and audited.
 */
let stack: Stack;
let company: TestCompany;
let other: TestCompany;
let admin: string;

beforeAll(async () => {
  stack = await startStack();
  company = await stack.createCompany({ withSimulator: false });
  other = await stack.createCompany({ withSimulator: false });
  admin = await stack.login(company.adminEmail, company.adminPassword);
});

afterAll(async () => {
  await stack?.stop();
});

type Json = Record<string, any>;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const create = (body: unknown, token = admin) => stack.http<Json>('POST', '/api/v1/api-keys', { token, body });
const list = (query = '', token = admin) => stack.http<Json>('GET', `/api/v1/api-keys${query}`, { token });
const revoke = (id: string, token = admin) => stack.http<Json>('DELETE', `/api/v1/api-keys/${id}`, { token });
const me = (token: string) => stack.http<Json>('GET', '/api/auth/me', { token });

async function rowContainsNowhere(id: string, secret: string) {
  const row = await stack.container.db('api_keys').where({ id }).first();
  expect(row).toBeDefined();
  expect(row.key_hash).toBe(sha256(secret));
  for (const [column, value] of Object.entries(row)) {
    if (value === null || value === undefined) continue;
    expect({ column, contains: JSON.stringify(value).includes(secret) }).toEqual({ column, contains: false });
  }
  return row;
}

describe('create', () => {
  it.each([
    [{ name: 'gateway', type: 'FULL_ACCESS' }, 'GATEWAY', /^gh_[0-9A-Za-z]{40}$/],
    [{ name: 'gateway explicit', kind: 'GATEWAY', type: 'EXECUTE_ONLY' }, 'GATEWAY', /^gh_[0-9A-Za-z]{40}$/],
    [{ name: 'external', kind: 'EXTERNAL', scopes: ['read:prompts', 'create:prompts'] }, 'EXTERNAL', /^ghx_[0-9A-Za-z]{40}$/],
    [{ name: 'shield', kind: 'SHIELD' }, 'SHIELD', /^ghs_[0-9A-Za-z]{40}$/],
  ])('creates %j: 201, the secret once with its prefix, only its SHA-256 stored', async (body, kind, pattern) => {
    const res = await create(body);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['apiKey', 'key']);
    const key: string = res.body.key;
    expect(key).toMatch(pattern);
    expect(res.body.apiKey).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: (body as Json).name,
      kind,
      keyPrefix: `${key.slice(0, key.indexOf('_') + 7)}…`,
      createdByUserId: company.adminUserId,
      revokedAt: null,
      lastUsedAt: null,
      isActive: true,
    });
    expect(res.body.apiKey).not.toHaveProperty('keyHash');
    expect(JSON.stringify(res.body.apiKey)).not.toContain(key);
    await rowContainsNowhere(res.body.apiKey.id, key);
    // The new key authenticates.
    const who = await me(key);
    expect(who.status).toBe(200);
    expect(who.body.apiKey.id).toBe(res.body.apiKey.id);
  });

  it('stores what the type and scopes say', async () => {
    const external = await create({ name: 'ext', kind: 'EXTERNAL', scopes: ['read:own-prompts'] });
    expect(external.body.apiKey).toMatchObject({ kind: 'EXTERNAL', type: null, scopes: ['read:own-prompts'] });
    const gateway = await create({ name: 'ro', type: 'READ_ONLY' });
    expect(gateway.body.apiKey).toMatchObject({ kind: 'GATEWAY', type: 'READ_ONLY', scopes: [] });
  });

  it('round-trips quota fields and expiry', async () => {
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const res = await create({
      name: 'quota',
      type: 'OPENAI_COMPAT',
      maxRequestsPerMonth: 1000,
      maxTokensPerMonth: 5_000_000_000,
      expiresAt,
    });
    expect(res.status).toBe(201);
    expect(res.body.apiKey).toMatchObject({
      maxRequestsPerMonth: 1000,
      maxTokensPerMonth: 5_000_000_000,
      requestsThisMonth: 0,
      tokensThisMonth: 0,
      expiresAt,
    });
    const listed = (await list()).body.apiKeys.find((k: Json) => k.id === res.body.apiKey.id);
    expect(listed).toMatchObject({ maxRequestsPerMonth: 1000, maxTokensPerMonth: 5_000_000_000, expiresAt });
    const one = await stack.http<Json>('GET', `/api/v1/api-keys/${res.body.apiKey.id}`, { token: admin });
    expect(one.status).toBe(200);
    expect(one.body.apiKey).toMatchObject({ maxRequestsPerMonth: 1000, maxTokensPerMonth: 5_000_000_000, expiresAt });

    const unlimited = await create({ name: 'no quota', type: 'OPENAI_COMPAT', maxRequestsPerMonth: null });
    expect(unlimited.body.apiKey).toMatchObject({ maxRequestsPerMonth: null, maxTokensPerMonth: null, expiresAt: null });
  });

  it('changes name, quotas and expiry with PATCH, never the secret', async () => {
    const created = await create({ name: 'to change', type: 'READ_ONLY', maxRequestsPerMonth: 10 });
    const id = created.body.apiKey.id;
    const res = await stack.http<Json>('PATCH', `/api/v1/api-keys/${id}`, {
      token: admin,
      body: { name: 'changed', maxRequestsPerMonth: null, maxTokensPerMonth: 42 },
    });
    expect(res.status).toBe(200);
    expect(res.body.apiKey).toMatchObject({ id, name: 'changed', maxRequestsPerMonth: null, maxTokensPerMonth: 42, type: 'READ_ONLY' });
    expect(res.body).not.toHaveProperty('key');
    expect((await me(created.body.key)).status).toBe(200);
    const bad = await stack.http<Json>('PATCH', `/api/v1/api-keys/${id}`, { token: admin, body: { type: 'FULL_ACCESS' } });
    expect(bad.status).toBe(400);
    const empty = await stack.http<Json>('PATCH', `/api/v1/api-keys/${id}`, { token: admin, body: {} });
    expect(empty.status).toBe(400);
  });

  it('refuses an expired key once its expiry has passed', async () => {
    const created = await create({ name: 'soon', type: 'READ_ONLY', expiresAt: new Date(Date.now() + 1500).toISOString() });
    expect(created.status).toBe(201);
    expect((await me(created.body.key)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1700));
    expect((await me(created.body.key)).status).toBe(401);
  });

  it.each([
    [{ name: 'no type' }, /type/],
    [{ name: 'no type', kind: 'GATEWAY' }, /type/],
    [{ name: 'bad type', type: 'GOD_MODE' }, /type/],
    [{ name: 'ext no scopes', kind: 'EXTERNAL' }, /scope/],
    [{ name: 'ext empty scopes', kind: 'EXTERNAL', scopes: [] }, /scope/],
    [{ name: 'ext unknown scope', kind: 'EXTERNAL', scopes: ['read:prompts', 'delete:everything'] }, /scopes/],
    [{ name: 'ext with type', kind: 'EXTERNAL', type: 'FULL_ACCESS', scopes: ['read:prompts'] }, /type/],
    [{ name: 'gw with scopes', type: 'FULL_ACCESS', scopes: ['read:prompts'] }, /scope/],
    [{ name: 'shield with scopes', kind: 'SHIELD', scopes: ['read:prompts'] }, /scope/],
    [{ name: 'shield with type', kind: 'SHIELD', type: 'READ_ONLY' }, /type/],
    [{ name: 'bad kind', kind: 'ROOT', type: 'READ_ONLY' }, /kind/],
    [{ type: 'READ_ONLY' }, /name/],
    [{ name: '   ', type: 'READ_ONLY' }, /name/],
    [{ name: 'neg quota', type: 'READ_ONLY', maxRequestsPerMonth: -1 }, /maxRequestsPerMonth/],
    [{ name: 'frac quota', type: 'READ_ONLY', maxTokensPerMonth: 1.5 }, /maxTokensPerMonth/],
    [{ name: 'huge quota', type: 'READ_ONLY', maxRequestsPerMonth: 3_000_000_000 }, /maxRequestsPerMonth/],
    [{ name: 'unsafe quota', type: 'READ_ONLY', maxTokensPerMonth: 2 ** 60 }, /maxTokensPerMonth/],
    [{ name: 'past', type: 'READ_ONLY', expiresAt: '2001-01-01T00:00:00Z' }, /expiresAt/],
    [{ name: 'not a date', type: 'READ_ONLY', expiresAt: 'tomorrow' }, /expiresAt/],
  ])('answers 400 with a message for %j', async (body, message) => {
    const before = await stack.container.db('api_keys').where({ company_id: company.companyId }).count({ n: '*' });
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.error).toMatch(message);
    const after = await stack.container.db('api_keys').where({ company_id: company.companyId }).count({ n: '*' });
    expect(after).toEqual(before);
  });
});

describe('list', () => {
  it('lists the company’s keys without secrets or hashes, newest first', async () => {
    const a = await create({ name: 'list a', type: 'READ_ONLY' });
    const b = await create({ name: 'list b', type: 'READ_ONLY' });
    const res = await list();
    expect(res.status).toBe(200);
    const ids = res.body.apiKeys.map((k: Json) => k.id);
    expect(ids).toEqual(expect.arrayContaining([a.body.apiKey.id, b.body.apiKey.id]));
    expect(ids.indexOf(b.body.apiKey.id)).toBeLessThan(ids.indexOf(a.body.apiKey.id));
    const text = JSON.stringify(res.body);
    for (const secret of [a.body.key, b.body.key, company.gatewayKey]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(sha256(secret));
    }
    for (const k of res.body.apiKeys) expect(k).not.toHaveProperty('keyHash');
    // Only this company's keys.
    const others = await stack.container.db('api_keys').where({ company_id: other.companyId }).pluck('id');
    expect(ids.some((id: string) => others.includes(id))).toBe(false);
  });
});

describe('revoke', () => {
  it('revokes: the key then answers 401; listing hides it unless includeRevoked=true', async () => {
    const created = await create({ name: 'to revoke', type: 'FULL_ACCESS' });
    const key: string = created.body.key;
    const id: string = created.body.apiKey.id;
    expect((await me(key)).status).toBe(200);
    const res = await revoke(id);
    expect(res.status).toBe(200);
    expect(res.body.apiKey).toMatchObject({ id, isActive: false, revokedAt: expect.any(String) });
    expect((await me(key)).status).toBe(401);
    expect((await stack.http('GET', '/api/v1/providers', { token: key })).status).toBe(401);
    expect((await list()).body.apiKeys.map((k: Json) => k.id)).not.toContain(id);
    const all = await list('?includeRevoked=true');
    expect(all.body.apiKeys.find((k: Json) => k.id === id)).toMatchObject({ isActive: false });
    // Revoking again is harmless and keeps the first revocation time.
    const again = await revoke(id);
    expect(again.status).toBe(200);
    expect(again.body.apiKey.revokedAt).toBe(res.body.apiKey.revokedAt);
  });

  it('answers 404 for another company’s key, an unknown id and a malformed id', async () => {
    const theirs = await stack.container.services.apiKeys.create(
      other.companyId,
      { name: 'theirs', kind: 'GATEWAY', type: 'FULL_ACCESS' },
      { userId: other.adminUserId },
    );
    const res = await revoke(theirs.apiKey.id);
    expect(res.status).toBe(404);
    expect((await me(theirs.key)).status).toBe(200);
    const unknown = await revoke('2b5f7a53-3f7e-4c55-9a3f-0d8f2a1c9e11');
    expect(unknown.status).toBe(404);
    expect(res.body).toEqual(unknown.body);
    const malformed = await revoke('not-a-uuid');
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual(unknown.body);
    expect((await stack.http('GET', '/api/v1/api-keys/not-a-uuid', { token: admin })).status).toBe(404);
    expect((await stack.http('PATCH', '/api/v1/api-keys/not-a-uuid', { token: admin, body: { name: 'x' } })).status).toBe(404);
  });
});

describe('who may manage keys', () => {
  it.each(['MEMBER', 'SYNTHETIC_ADMIN', 'SECURITY_CUSTODIAN'] as const)('refuses a %s session with 403', async (role) => {
    const user = await stack.addUser(company.companyId, role);
    const token = await stack.login(user.email, user.password);
    const created = await create({ name: 'member key', type: 'READ_ONLY' }, token);
    expect(created.status).toBe(403);
    expect(created.body.code).toBe('FORBIDDEN');
    expect((await list('', token)).status).toBe(403);
    const target = await create({ name: 'target', type: 'READ_ONLY' });
    expect((await revoke(target.body.apiKey.id, token)).status).toBe(403);
    expect((await me(target.body.key)).status).toBe(200);
  });

  it('allows an ACCOUNT_ADMIN and an ADMIN session', async () => {
    for (const role of ['ACCOUNT_ADMIN', 'ADMIN'] as const) {
      const user = await stack.addUser(company.companyId, role);
      const token = await stack.login(user.email, user.password);
      const created = await create({ name: `${role} key`, type: 'READ_ONLY' }, token);
      expect(created.status).toBe(201);
      expect(created.body.apiKey.createdByUserId).toBe(user.userId);
    }
  });

  it('refuses every API key with 401: keys cannot mint or revoke keys', async () => {
    const external = await create({ name: 'ext', kind: 'EXTERNAL', scopes: ['read:prompts'] });
    const shield = await create({ name: 'shield', kind: 'SHIELD' });
    for (const key of [company.gatewayKey, external.body.key, shield.body.key]) {
      const created = await create({ name: 'minted by a key', type: 'FULL_ACCESS' }, key);
      expect(created.status).toBe(401);
      expect(created.body.error).toMatch(/session/);
      expect((await list('', key)).status).toBe(401);
      expect((await revoke(external.body.apiKey.id, key)).status).toBe(401);
    }
    expect((await me(external.body.key)).status).toBe(200);
  });

  it('needs a credential', async () => {
    expect((await stack.http('GET', '/api/v1/api-keys')).status).toBe(401);
    expect((await stack.http('POST', '/api/v1/api-keys', { body: { name: 'x', type: 'READ_ONLY' } })).status).toBe(401);
  });
});

describe('keys act for their owner', () => {
  async function ownedKey(kind: 'GATEWAY' | 'EXTERNAL' | 'SHIELD' = 'GATEWAY') {
    const owner = await stack.addUser(company.companyId, 'ADMIN');
    const token = await stack.login(owner.email, owner.password);
    const body = kind === 'GATEWAY' ? { name: 'owned', type: 'FULL_ACCESS' } : kind === 'EXTERNAL' ? { name: 'owned', kind, scopes: ['read:prompts'] } : { name: 'owned', kind };
    const created = await create(body, token);
    expect(created.status).toBe(201);
    return { owner, key: created.body.key as string };
  }
  // Membership and user changes here go straight to the database: drop the principal cache.
  const forgetAll = () => stack.container.services.auth.forget(() => true);

  it('never grants a key more than its owner’s role', async () => {
    const member = await stack.addUser(company.companyId, 'MEMBER');
    const { key } = await stack.container.services.apiKeys.create(
      company.companyId,
      { name: 'member full', kind: 'GATEWAY', type: 'FULL_ACCESS' },
      { userId: member.userId },
    );
    const who = await me(key);
    expect(who.body.permissions).toContain('gateway.execute');
    expect(who.body.permissions).not.toContain('providers.manage');
  });

  it.each(['GATEWAY', 'EXTERNAL', 'SHIELD'] as const)('refuses a %s key once its owner has left the company', async (kind) => {
    const { owner, key } = await ownedKey(kind);
    expect((await me(key)).status).toBe(200);
    await stack.container.db('memberships').where({ user_id: owner.userId, company_id: company.companyId }).delete();
    forgetAll();
    expect((await me(key)).status).toBe(401);
    expect((await stack.http('GET', '/api/v1/providers', { token: key })).status).toBe(401);
  });

  it('refuses a key whose owner has been deactivated, and accepts it again on reactivation', async () => {
    const { owner, key } = await ownedKey();
    await stack.container.db('users').where({ id: owner.userId }).update({ is_active: false });
    forgetAll();
    expect((await me(key)).status).toBe(401);
    await stack.container.db('users').where({ id: owner.userId }).update({ is_active: true });
    forgetAll();
    expect((await me(key)).status).toBe(200);
  });

  it('keeps a company-level key (no owner) working with its type’s permissions', async () => {
    const { key } = await stack.container.services.apiKeys.create(
      company.companyId,
      { name: 'company level', kind: 'GATEWAY', type: 'READ_ONLY' },
      { userId: null },
    );
    const who = await me(key);
    expect(who.status).toBe(200);
    expect(who.body.user).toBeNull();
    expect(who.body.permissions).toContain('providers.view');
    expect(who.body.permissions).not.toContain('gateway.execute');
  });
});

describe('OpenAPI document', () => {
  it('publishes every key route with its request schemas', async () => {
    const res = await stack.http<Json>('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths['/api/v1/api-keys']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(res.body.paths['/api/v1/api-keys/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(res.body.components.schemas).toHaveProperty('UpdateApiKeyRequest');
  });
});

describe('audit', () => {
  it('records api_key.created and api_key.revoked, without the secret', async () => {
    const created = await create({ name: 'audited', type: 'EXECUTE_ONLY' });
    const id = created.body.apiKey.id;
    await revoke(id);
    const res = await stack.http<Json>('GET', '/api/v1/audit-logs?limit=200', { token: admin });
    expect(res.status).toBe(200);
    const mine = res.body.entries.filter((e: Json) => e.resourceId === id);
    expect(mine.map((e: Json) => e.action)).toEqual(['api_key.revoked', 'api_key.created']);
    for (const e of mine) expect(e).toMatchObject({ userId: company.adminUserId, resourceType: 'api_key' });
    expect(mine[1].details).toMatchObject({ name: 'audited', kind: 'GATEWAY', type: 'EXECUTE_ONLY' });
    expect(JSON.stringify(res.body)).not.toContain(created.body.key);
    expect(JSON.stringify(res.body)).not.toContain(sha256(created.body.key));

    const filtered = await stack.http<Json>('GET', '/api/v1/audit-logs?action=api_key.revoked', { token: admin });
    expect(filtered.body.entries.every((e: Json) => e.action === 'api_key.revoked')).toBe(true);
    expect(filtered.body.entries.map((e: Json) => e.resourceId)).toContain(id);
    // Another company sees none of it.
    const theirs = await stack.http<Json>('GET', '/api/v1/audit-logs?limit=200', {
      token: await stack.login(other.adminEmail, other.adminPassword),
    });
    expect(theirs.body.entries.map((e: Json) => e.resourceId)).not.toContain(id);
  });
});
