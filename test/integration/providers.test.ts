import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Providers and provider groups over HTTP: CRUD by a signed-in administrator and by a FULL_ACCESS
 * key, read-only access for READ_ONLY keys and members, credentials encrypted at rest and never
 * returned, validation (names, enums, CUSTOM needs a baseUrl), the single default, group rotation
 * and membership limited to the company's own providers.
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
let seq = 0;
const uniqueName = (base: string) => `${base}-${++seq}`;
const call = (method: string, path: string, body?: unknown, token = admin) => stack.http<Json>(method, path, { token, body });

function providerBody(overrides: Json = {}): Json {
  return {
    type: 'OPENAI',
    name: uniqueName('openai'),
    apiKey: `sk-test-${Math.random().toString(36).slice(2)}-secret`,
    defaultModel: 'gpt-4o-mini',
    models: [
      { name: 'gpt-4o-mini', inputPricePerMillion: 0.15, outputPricePerMillion: 0.6, contextWindow: 128000 },
      { name: 'gpt-4o', inputPricePerMillion: 2.5, outputPricePerMillion: 10, supportsVision: true, specializations: ['coding'] },
    ],
    locationCountry: 'US',
    locationNetwork: 'US',
    compliance: ['SOC2', 'GDPR'],
    ...overrides,
  };
}

async function createProvider(overrides: Json = {}, token = admin): Promise<Json> {
  const res = await call('POST', '/api/v1/providers', providerBody(overrides), token);
  if (res.status !== 201) throw new Error(`create provider: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.provider;
}

describe('providers CRUD', () => {
  it('creates a provider (201) with every field, never echoing the credentials', async () => {
    const body = providerBody({ specializations: ['coding', 'analysis'] });
    const res = await call('POST', '/api/v1/providers', body);
    expect(res.status).toBe(201);
    const p = res.body.provider;
    expect(p).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'OPENAI',
      name: body.name,
      baseUrl: null,
      defaultModel: 'gpt-4o-mini',
      specializations: ['coding', 'analysis'],
      locationCountry: 'US',
      locationNetwork: 'US',
      compliance: ['SOC2', 'GDPR'],
      isActive: true,
      isDefault: false,
      credentialsSet: true,
    });
    expect(p.models).toEqual([
      { name: 'gpt-4o-mini', inputPricePerMillion: 0.15, outputPricePerMillion: 0.6, contextWindow: 128000, supportsVision: false, specializations: [] },
      { name: 'gpt-4o', inputPricePerMillion: 2.5, outputPricePerMillion: 10, contextWindow: null, supportsVision: true, specializations: ['coding'] },
    ]);
    expect(p).not.toHaveProperty('apiKey');
    expect(p).not.toHaveProperty('credentialsEncrypted');
    expect(JSON.stringify(res.body)).not.toContain(body.apiKey);
  });

  it('encrypts credentials at rest and never returns them from any read', async () => {
    const body = providerBody();
    const p = await createProvider(body);
    const row = await stack.container.db('providers').where({ id: p.id }).first();
    expect(row.credentials_encrypted).toMatch(/^v1:/);
    expect(row.credentials_encrypted).not.toContain(body.apiKey);
    expect(JSON.stringify(row)).not.toContain(body.apiKey);
    expect(stack.container.secretBox.decrypt(row.credentials_encrypted)).toBe(body.apiKey);
    for (const path of ['/api/v1/providers', `/api/v1/providers/${p.id}`]) {
      const res = await call('GET', path);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(body.apiKey);
      expect(JSON.stringify(res.body)).not.toContain(row.credentials_encrypted);
    }
    // Audit entries name the change, not the secret.
    await call('PATCH', `/api/v1/providers/${p.id}`, { apiKey: 'sk-rotated-very-secret' });
    const audit = await stack.container.db('audit_logs').where({ resource_id: p.id });
    expect(audit.map((a) => a.action).sort()).toEqual(['provider.created', 'provider.updated']);
    expect(JSON.stringify(audit)).not.toContain(body.apiKey);
    expect(JSON.stringify(audit)).not.toContain('sk-rotated-very-secret');
  });

  it('lists and reads the company’s providers only', async () => {
    const mine = await createProvider();
    const theirs = (await stack.container.services.providers.create(other.companyId, providerBody() as never, { userId: null })).id;
    const res = await call('GET', '/api/v1/providers');
    expect(res.status).toBe(200);
    const ids = res.body.providers.map((p: Json) => p.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs);
    const one = await call('GET', `/api/v1/providers/${mine.id}`);
    expect(one.status).toBe(200);
    expect(one.body.provider).toEqual(mine);
  });

  it('updates fields, rotates credentials, and deletes', async () => {
    const p = await createProvider();
    const renamed = uniqueName('renamed');
    const res = await call('PATCH', `/api/v1/providers/${p.id}`, {
      name: renamed,
      defaultModel: 'gpt-4.1',
      locationNetwork: 'EU',
      locationCountry: 'DE',
      compliance: ['GDPR'],
      isActive: false,
      apiKey: 'sk-rotated-credential-123',
    });
    expect(res.status).toBe(200);
    expect(res.body.provider).toMatchObject({
      id: p.id,
      name: renamed,
      defaultModel: 'gpt-4.1',
      locationNetwork: 'EU',
      locationCountry: 'DE',
      compliance: ['GDPR'],
      isActive: false,
    });
    // The new default model joins the model list; the earlier models stay.
    expect(res.body.provider.models.map((m: Json) => m.name)).toEqual(['gpt-4.1', 'gpt-4o-mini', 'gpt-4o']);
    expect(new Date(res.body.provider.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(p.updatedAt).getTime());
    const row = await stack.container.db('providers').where({ id: p.id }).first();
    expect(stack.container.secretBox.decrypt(row.credentials_encrypted)).toBe('sk-rotated-credential-123');
    expect(JSON.stringify(res.body)).not.toContain('sk-rotated-credential-123');

    // Clearing nullable fields.
    const cleared = await call('PATCH', `/api/v1/providers/${p.id}`, { locationCountry: null, locationNetwork: null });
    expect(cleared.body.provider).toMatchObject({ locationCountry: null, locationNetwork: null, name: renamed });

    const del = await call('DELETE', `/api/v1/providers/${p.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true });
    expect((await call('GET', `/api/v1/providers/${p.id}`)).status).toBe(404);
    expect((await call('PATCH', `/api/v1/providers/${p.id}`, { name: 'x' })).status).toBe(404);
    expect((await call('DELETE', `/api/v1/providers/${p.id}`)).status).toBe(404);
    expect(await stack.container.db('providers').where({ id: p.id }).first()).toBeUndefined();
  });

  it('answers 404 for a non-UUID or unknown id', async () => {
    for (const id of ['not-a-uuid', '123', '5a1d7b1e-9e58-4c7d-8c1e-2f0e9b6f4a10']) {
      expect((await call('GET', `/api/v1/providers/${id}`)).status).toBe(404);
      expect((await call('PATCH', `/api/v1/providers/${id}`, { name: 'x' })).status).toBe(404);
      expect((await call('DELETE', `/api/v1/providers/${id}`)).status).toBe(404);
    }
  });

  it('moves the default: at most one default provider per company', async () => {
    const a = await createProvider({ isDefault: true });
    const b = await createProvider({ isDefault: true });
    const defaults = async () =>
      (await call('GET', '/api/v1/providers')).body.providers.filter((p: Json) => p.isDefault).map((p: Json) => p.id);
    expect(await defaults()).toEqual([b.id]);
    const moved = await call('PATCH', `/api/v1/providers/${a.id}`, { isDefault: true });
    expect(moved.status).toBe(200);
    expect(moved.body.provider.isDefault).toBe(true);
    expect(await defaults()).toEqual([a.id]);
    // Another company's default is untouched.
    const theirs = await stack.container.services.providers.create(other.companyId, providerBody({ isDefault: true }) as never, {
      userId: null,
    });
    await call('PATCH', `/api/v1/providers/${b.id}`, { isDefault: true });
    const theirRow = await stack.container.db('providers').where({ id: theirs.id }).first();
    expect(theirRow.is_default).toBe(true);
    expect(await defaults()).toEqual([b.id]);
    await call('PATCH', `/api/v1/providers/${b.id}`, { isDefault: false });
    expect(await defaults()).toEqual([]);
  });

  it('answers 409 for a duplicate name, on create and on rename', async () => {
    const a = await createProvider();
    const b = await createProvider();
    const dup = await call('POST', '/api/v1/providers', providerBody({ name: a.name }));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'CONFLICT', error: expect.stringContaining(a.name) });
    const rename = await call('PATCH', `/api/v1/providers/${b.id}`, { name: a.name });
    expect(rename.status).toBe(409);
    // The same name in another company is fine.
    const elsewhere = await stack.container.services.providers.create(other.companyId, providerBody({ name: a.name }) as never, {
      userId: null,
    });
    expect(elsewhere.name).toBe(a.name);
    // Keeping one's own name is not a clash.
    expect((await call('PATCH', `/api/v1/providers/${a.id}`, { name: a.name })).status).toBe(200);
  });

  it('answers 409, not 500, when the same name is created twice at once', async () => {
    const body = providerBody();
    const results = await Promise.all([1, 2, 3].map(() => call('POST', '/api/v1/providers', body)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('needs a baseUrl for a CUSTOM provider', async () => {
    const missing = await call('POST', '/api/v1/providers', providerBody({ type: 'CUSTOM' }));
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/baseUrl/);
    const ok = await createProvider({ type: 'CUSTOM', baseUrl: 'https://llm.internal.example/v1' });
    expect(ok.baseUrl).toBe('https://llm.internal.example/v1');
    const clear = await call('PATCH', `/api/v1/providers/${ok.id}`, { baseUrl: null });
    expect(clear.status).toBe(400);
    expect(clear.body.error).toMatch(/baseUrl/);
    const plain = await createProvider();
    const toCustom = await call('PATCH', `/api/v1/providers/${plain.id}`, { type: 'CUSTOM' });
    expect(toCustom.status).toBe(400);
    expect((await call('GET', `/api/v1/providers/${plain.id}`)).body.provider.type).toBe('OPENAI');
  });

  it.each([
    [{ type: 'MISTRAL' }, /type/],
    [{ locationNetwork: 'MARS' }, /locationNetwork/],
    [{ locationCountry: 'XX' }, /locationCountry/],
    [{ compliance: ['GDPR', 'FEDRAMP'] }, /compliance/],
    [{ compliance: 'GDPR' }, /compliance/],
    [{ name: '' }, /name/],
    [{ apiKey: '' }, /apiKey/],
    [{ apiKey: undefined }, /apiKey/],
    [{ baseUrl: 'not a url' }, /baseUrl/],
    [{ baseUrl: 'ftp://files.example/v1' }, /baseUrl/],
    [{ models: [{ name: 'm', inputPricePerMillion: -1 }] }, /inputPricePerMillion/],
    [{ models: [{ name: 'a' }, { name: 'a' }], defaultModel: 'a' }, /twice/],
    [{ models: [], defaultModel: undefined }, /model/],
    [{ isDefault: 'yes' }, /isDefault/],
  ])('answers 400 with a message for %j', async (overrides, message) => {
    const res = await call('POST', '/api/v1/providers', providerBody(overrides));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it.each([
    [{ type: 'MISTRAL' }, /type/],
    [{ locationNetwork: 'MARS' }, /locationNetwork/],
    [{ compliance: ['NOPE'] }, /compliance/],
    [{}, /Nothing to update/],
  ])('answers 400 to a PATCH of %j', async (patch, message) => {
    const p = await createProvider();
    const res = await call('PATCH', `/api/v1/providers/${p.id}`, patch);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });
});

describe('who may manage providers', () => {
  it('lets a FULL_ACCESS key do everything and records the key in the audit log', async () => {
    const key = await stack.createKey(company, 'FULL_ACCESS');
    const created = await call('POST', '/api/v1/providers', providerBody(), key);
    expect(created.status).toBe(201);
    const id = created.body.provider.id;
    expect((await call('GET', '/api/v1/providers', undefined, key)).status).toBe(200);
    expect((await call('GET', `/api/v1/providers/${id}`, undefined, key)).status).toBe(200);
    expect((await call('PATCH', `/api/v1/providers/${id}`, { isActive: false }, key)).body.provider.isActive).toBe(false);
    const audit = await stack.container.db('audit_logs').where({ resource_id: id, action: 'provider.created' }).first();
    expect(audit.api_key_id).not.toBeNull();
    expect(audit.user_id).toBe(company.adminUserId);
    expect((await call('DELETE', `/api/v1/providers/${id}`, undefined, key)).status).toBe(200);
  });

  it('lets a READ_ONLY key list and read but not create, change or delete (403)', async () => {
    const key = await stack.createKey(company, 'READ_ONLY');
    const p = await createProvider();
    expect((await call('GET', '/api/v1/providers', undefined, key)).status).toBe(200);
    expect((await call('GET', `/api/v1/providers/${p.id}`, undefined, key)).status).toBe(200);
    const create = await call('POST', '/api/v1/providers', providerBody(), key);
    expect(create.status).toBe(403);
    expect(create.body.code).toBe('FORBIDDEN');
    expect((await call('PATCH', `/api/v1/providers/${p.id}`, { isActive: false }, key)).status).toBe(403);
    expect((await call('DELETE', `/api/v1/providers/${p.id}`, undefined, key)).status).toBe(403);
    expect((await call('GET', `/api/v1/providers/${p.id}`)).body.provider.isActive).toBe(true);
    expect((await call('POST', '/api/v1/provider-groups', { name: uniqueName('g'), providerIds: [] }, key)).status).toBe(403);
    expect((await call('GET', '/api/v1/provider-groups', undefined, key)).status).toBe(200);
  });

  it('refuses an EXECUTE_ONLY key even a list (403)', async () => {
    const key = await stack.createKey(company, 'EXECUTE_ONLY');
    expect((await call('GET', '/api/v1/providers', undefined, key)).status).toBe(403);
  });

  it('lets a MEMBER session read but not manage; a FULL_ACCESS key of a MEMBER cannot manage either', async () => {
    const member = await stack.addUser(company.companyId, 'MEMBER');
    const token = await stack.login(member.email, member.password);
    expect((await call('GET', '/api/v1/providers', undefined, token)).status).toBe(200);
    expect((await call('POST', '/api/v1/providers', providerBody(), token)).status).toBe(403);
    const { key } = await stack.container.services.apiKeys.create(
      company.companyId,
      { name: 'member full', kind: 'GATEWAY', type: 'FULL_ACCESS' },
      { userId: member.userId },
    );
    expect((await call('GET', '/api/v1/providers', undefined, key)).status).toBe(200);
    expect((await call('POST', '/api/v1/providers', providerBody(), key)).status).toBe(403);
  });

  it('refuses external and Shield keys (401) and anonymous callers (401)', async () => {
    const ext = await stack.container.services.apiKeys.create(
      company.companyId,
      { name: 'ext', kind: 'EXTERNAL', scopes: ['read:prompts'] },
      { userId: company.adminUserId },
    );
    expect((await call('GET', '/api/v1/providers', undefined, ext.key)).status).toBe(401);
    expect((await stack.http('GET', '/api/v1/providers')).status).toBe(401);
  });
});

describe('provider groups', () => {
  it('creates, reads, updates (rotation, order) and deletes a group', async () => {
    const p1 = await createProvider();
    const p2 = await createProvider();
    const p3 = await createProvider();
    const name = uniqueName('group');
    const created = await call('POST', '/api/v1/provider-groups', {
      name,
      description: 'primary then backup',
      rotation: 'SEQUENTIAL',
      providerIds: [p2.id, p1.id],
    });
    expect(created.status).toBe(201);
    const g = created.body.group;
    expect(g).toMatchObject({ name, description: 'primary then backup', rotation: 'SEQUENTIAL', isActive: true, providerIds: [p2.id, p1.id] });

    const listed = await call('GET', '/api/v1/provider-groups');
    expect(listed.body.groups.find((x: Json) => x.id === g.id)).toEqual(g);
    expect((await call('GET', `/api/v1/provider-groups/${g.id}`)).body.group).toEqual(g);

    const changed = await call('PATCH', `/api/v1/provider-groups/${g.id}`, { rotation: 'RANDOM', providerIds: [p3.id, p1.id, p2.id] });
    expect(changed.status).toBe(200);
    expect(changed.body.group).toMatchObject({ name, rotation: 'RANDOM', providerIds: [p3.id, p1.id, p2.id] });
    const desc = await call('PATCH', `/api/v1/provider-groups/${g.id}`, { description: null, isActive: false });
    expect(desc.body.group).toMatchObject({ description: null, isActive: false, rotation: 'RANDOM', providerIds: [p3.id, p1.id, p2.id] });

    // Deleting a provider takes it out of the group.
    await call('DELETE', `/api/v1/providers/${p1.id}`);
    expect((await call('GET', `/api/v1/provider-groups/${g.id}`)).body.group.providerIds).toEqual([p3.id, p2.id]);

    expect((await call('DELETE', `/api/v1/provider-groups/${g.id}`)).body).toEqual({ success: true });
    expect((await call('GET', `/api/v1/provider-groups/${g.id}`)).status).toBe(404);
    // Deleting a group leaves its providers alone.
    expect((await call('GET', `/api/v1/providers/${p2.id}`)).status).toBe(200);
  });

  it.each(['ROUND_ROBIN', 'SEQUENTIAL', 'RANDOM'])('accepts rotation %s', async (rotation) => {
    const res = await call('POST', '/api/v1/provider-groups', { name: uniqueName('rot'), rotation, providerIds: [] });
    expect(res.status).toBe(201);
    expect(res.body.group.rotation).toBe(rotation);
  });

  it('defaults rotation to ROUND_ROBIN', async () => {
    const res = await call('POST', '/api/v1/provider-groups', { name: uniqueName('default-rot'), providerIds: [] });
    expect(res.body.group.rotation).toBe('ROUND_ROBIN');
  });

  it('refuses another company’s provider with 400, exactly like an unknown one', async () => {
    const theirs = await stack.container.services.providers.create(other.companyId, providerBody() as never, { userId: null });
    const mine = await createProvider();
    const res = await call('POST', '/api/v1/provider-groups', { name: uniqueName('steal'), providerIds: [mine.id, theirs.id] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(`Unknown providers: ${theirs.id}`);
    const unknownId = '0e6f2d4c-8b1a-4f3e-9c2d-7a5b3e1f0d99';
    const unknown = await call('POST', '/api/v1/provider-groups', { name: uniqueName('ghost'), providerIds: [unknownId] });
    expect(unknown.body.error).toBe(`Unknown providers: ${unknownId}`);
    const g = (await call('POST', '/api/v1/provider-groups', { name: uniqueName('ok'), providerIds: [mine.id] })).body.group;
    const patch = await call('PATCH', `/api/v1/provider-groups/${g.id}`, { providerIds: [theirs.id] });
    expect(patch.status).toBe(400);
    expect((await call('GET', `/api/v1/provider-groups/${g.id}`)).body.group.providerIds).toEqual([mine.id]);
  });

  it.each([
    [{ name: 'x', rotation: 'WEIGHTED', providerIds: [] }, /rotation/],
    [{ name: 'x' }, /providerIds/],
    [{ name: '', providerIds: [] }, /name/],
    [{ name: 'x', providerIds: ['not-a-uuid'] }, /Unknown providers: not-a-uuid/],
    [{ name: 'x', providerIds: 'abc' }, /providerIds/],
  ])('answers 400 for %j', async (body, message) => {
    const res = await call('POST', '/api/v1/provider-groups', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it('answers 400 for a provider listed twice and 409 for a duplicate name', async () => {
    const p = await createProvider();
    const twice = await call('POST', '/api/v1/provider-groups', { name: uniqueName('twice'), providerIds: [p.id, p.id] });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toMatch(/twice/);
    const name = uniqueName('dup');
    expect((await call('POST', '/api/v1/provider-groups', { name, providerIds: [] })).status).toBe(201);
    expect((await call('POST', '/api/v1/provider-groups', { name, providerIds: [] })).status).toBe(409);
    const second = (await call('POST', '/api/v1/provider-groups', { name: uniqueName('dup2'), providerIds: [] })).body.group;
    expect((await call('PATCH', `/api/v1/provider-groups/${second.id}`, { name })).status).toBe(409);
  });

  it('answers 409, not 500, when the same group name is created twice at once', async () => {
    const name = uniqueName('race');
    const results = await Promise.all([1, 2, 3].map(() => call('POST', '/api/v1/provider-groups', { name, providerIds: [] })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('answers 404 for a non-UUID or unknown id', async () => {
    for (const id of ['not-a-uuid', '5a1d7b1e-9e58-4c7d-8c1e-2f0e9b6f4a10']) {
      expect((await call('GET', `/api/v1/provider-groups/${id}`)).status).toBe(404);
      expect((await call('PATCH', `/api/v1/provider-groups/${id}`, { name: 'x' })).status).toBe(404);
      expect((await call('DELETE', `/api/v1/provider-groups/${id}`)).status).toBe(404);
    }
  });

  it('lets a FULL_ACCESS key manage groups', async () => {
    const key = await stack.createKey(company, 'FULL_ACCESS');
    const p = await createProvider();
    const res = await call('POST', '/api/v1/provider-groups', { name: uniqueName('by-key'), providerIds: [p.id] }, key);
    expect(res.status).toBe(201);
    const id = res.body.group.id;
    expect((await call('PATCH', `/api/v1/provider-groups/${id}`, { rotation: 'SEQUENTIAL' }, key)).body.group.rotation).toBe('SEQUENTIAL');
    expect((await call('DELETE', `/api/v1/provider-groups/${id}`, undefined, key)).status).toBe(200);
  });
});
