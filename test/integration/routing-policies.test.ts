import { type Stack, type TestCompany, startStack } from '../support/stack';

/** Routing policies CRUD (spec document 1): validation shapes, geofencing check, defaults per scope, entitlement, tenancy. */
let stack: Stack;
let company: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  stack = await startStack();
  company = await stack.createCompany();
  other = await stack.createCompany();
});

afterAll(async () => {
  await stack?.stop();
});

const call = (method: string, path: string, body?: unknown, token = company.gatewayKey) =>
  stack.http<Record<string, any>>(method, path, { token, body });

const policyJson = { version: 'routingPolicyV1', strategy: 'LOWEST_COST', hardConstraints: { maxLatencyMs: 2000 } };

describe('CRUD', () => {
  it('creates, reads, lists, updates and deletes a policy', async () => {
    const created = await call('POST', '/api/v1/routing/policies', { name: 'cheap', description: 'cost first', scope: 'company', policyJson });
    expect(created.status).toBe(200);
    expect(created.body.success).toBe(true);
    const p = created.body.policy;
    expect(p).toMatchObject({ name: 'cheap', description: 'cost first', scope: 'company', isDefault: false });
    expect(p.policyJson).toMatchObject({ version: 'routingPolicyV1', strategy: 'LOWEST_COST', hardConstraints: { minAvailability: 0.95, maxLatencyMs: 2000 } });
    expect(p.id).toMatch(/^[0-9a-f-]{36}$/);

    const list = await call('GET', '/api/v1/routing/policies');
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);
    expect(list.body.companyName).toEqual(expect.any(String));
    expect(list.body.policies.map((x: { id: string }) => x.id)).toContain(p.id);

    expect((await call('GET', `/api/v1/routing/policies/${p.id}`)).body.policy.name).toBe('cheap');

    const patched = await call('PATCH', `/api/v1/routing/policies/${p.id}`, { description: 'changed', policyJson: { strategy: 'LOWEST_LATENCY' } });
    expect(patched.status).toBe(200);
    expect(patched.body.policy).toMatchObject({ name: 'cheap', description: 'changed', policyJson: { strategy: 'LOWEST_LATENCY' } });

    const deleted = await call('DELETE', `/api/v1/routing/policies/${p.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: expect.any(String) });
    const gone = await call('GET', `/api/v1/routing/policies/${p.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('Policy not found');
  });

  it('refuses a duplicate name with 409', async () => {
    expect((await call('POST', '/api/v1/routing/policies', { name: 'twice', scope: 'company', policyJson })).status).toBe(200);
    const again = await call('POST', '/api/v1/routing/policies', { name: 'twice', scope: 'user', policyJson });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual(expect.any(String));
  });

  it("answers 404 for another company's policy, on every verb", async () => {
    const theirs = await call('POST', '/api/v1/routing/policies', { name: 'theirs', scope: 'company', policyJson }, other.gatewayKey);
    const id = theirs.body.policy.id;
    for (const [method, body] of [['GET'], ['PATCH', { description: 'x' }], ['DELETE']] as const) {
      const res = await call(method, `/api/v1/routing/policies/${id}`, body);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Policy not found');
    }
    expect((await call('GET', '/api/v1/routing/policies/not-a-uuid')).status).toBe(404);
  });
});

describe('validation', () => {
  it('answers Invalid policy with a path per problem', async () => {
    const res = await call('POST', '/api/v1/routing/policies', {
      name: '',
      scope: 'team',
      policyJson: { strategy: 'FASTEST', preferences: { weights: { cost: 3 } }, fallback: { maxRetries: 'many' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid policy');
    const paths = res.body.details.map((d: { path: string[] }) => d.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['name', 'scope']));
    const json = await call('POST', '/api/v1/routing/policies', {
      name: 'bad-json',
      scope: 'company',
      policyJson: { strategy: 'FASTEST', preferences: { weights: { cost: 3 } } },
    });
    expect(json.status).toBe(400);
    expect(json.body.details).toEqual(
      expect.arrayContaining([
        { path: ['policyJson', 'strategy'], message: expect.any(String) },
        { path: ['policyJson', 'preferences', 'weights', 'cost'], message: expect.any(String) },
      ]),
    );
    expect((await call('POST', '/api/v1/routing/policies', { name: 'no-json', scope: 'company' })).status).toBe(400);
  });

  it("validates geofencing values against the company's active providers", async () => {
    const res = await call('POST', '/api/v1/routing/policies', {
      name: 'geo',
      scope: 'company',
      policyJson: { geoFenceRules: { allowedCountries: ['DE', 'JP'], blockedRegions: ['LATAM'] } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        { field: 'geoFenceRules.allowedCountries', invalidValues: ['JP'], allowedSample: ['DE', 'IE', 'SG', 'US'], allowedCount: 4 },
        { field: 'geoFenceRules.blockedRegions', invalidValues: ['LATAM'], allowedSample: ['APAC', 'EU', 'US'], allowedCount: 3 },
      ]),
    );
    const ok = await call('POST', '/api/v1/routing/policies', {
      name: 'geo-ok',
      scope: 'company',
      policyJson: { geoFenceRules: { allowedRegions: ['EU'], requireCompliance: ['GDPR'] } },
    });
    expect(ok.status).toBe(200);
  });

  it('clamps out-of-range task-fit numbers and drops unknown dimensions', async () => {
    const res = await call('POST', '/api/v1/routing/policies', {
      name: 'tf-clamped',
      scope: 'prompt',
      policyJson: {
        preferences: {
          taskFit: { enabled: true, minInternalSamples: 0, staleAfterDays: 5000, minConfidence: 1.7, dimensionWeights: { coding: 42, telepathy: 3, math: -1 } },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.policy.policyJson.preferences.taskFit).toEqual({
      enabled: true,
      classifier: 'gateway',
      externalEvidence: 'allow',
      minInternalSamples: 1,
      staleAfterDays: 3650,
      minConfidence: 1,
      dimensionWeights: { coding: 10, math: 0 },
    });
  });

  it('refuses taskFit.enabled without the Task-Fit Routing package (403 FEATURE_NOT_ENTITLED)', async () => {
    const standard = await stack.createCompany({ packageName: 'standard' });
    const res = await call(
      'POST',
      '/api/v1/routing/policies',
      { name: 'tf', scope: 'company', policyJson: { preferences: { taskFit: { enabled: true } } } },
      standard.gatewayKey,
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FEATURE_NOT_ENTITLED');
    const off = await call('POST', '/api/v1/routing/policies', { name: 'tf', scope: 'company', policyJson: { preferences: { taskFit: { enabled: false } } } }, standard.gatewayKey);
    expect(off.status).toBe(200);
  });
});

describe('defaults and permissions', () => {
  it('keeps one default per scope', async () => {
    const a = await call('POST', '/api/v1/routing/policies', { name: 'default-a', scope: 'user', isDefault: true, policyJson });
    const b = await call('POST', '/api/v1/routing/policies', { name: 'default-b', scope: 'user', isDefault: true, policyJson });
    const c = await call('POST', '/api/v1/routing/policies', { name: 'default-c', scope: 'prompt', isDefault: true, policyJson });
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    const list = (await call('GET', '/api/v1/routing/policies')).body.policies as Array<{ name: string; isDefault: boolean }>;
    const byName = Object.fromEntries(list.map((p) => [p.name, p.isDefault]));
    expect(byName).toMatchObject({ 'default-a': false, 'default-b': true, 'default-c': true });
    const back = await call('PATCH', `/api/v1/routing/policies/${a.body.policy.id}`, { isDefault: true });
    expect(back.body.policy.isDefault).toBe(true);
    expect((await call('GET', `/api/v1/routing/policies/${b.body.policy.id}`)).body.policy.isDefault).toBe(false);
  });

  it('lets session users act by their routing.policies permissions', async () => {
    const member = await stack.addUser(company.companyId, 'MEMBER');
    const token = await stack.login(member.email, member.password);
    expect((await call('GET', '/api/v1/routing/policies', undefined, token)).status).toBe(200);
    const denied = await call('POST', '/api/v1/routing/policies', { name: 'member', scope: 'company', policyJson }, token);
    expect(denied.status).toBe(403);
    const admin = await stack.login(company.adminEmail, company.adminPassword);
    expect((await call('POST', '/api/v1/routing/policies', { name: 'by-session', scope: 'company', policyJson }, admin)).status).toBe(200);
    expect((await stack.http('GET', '/api/v1/routing/policies')).status).toBe(401);
  });
});
