import { ORGANIZATION_TYPES, USE_CASES } from '../../domain/onboarding/setup';
import { ROLES } from '../../domain/roles';
import { dataRetentionScheduleId } from '../../temporal/retention-schedule';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * The onboarding wizard over a real api and database: a table of configurations with the company
 * state and policies each must produce, every useCase × organizationType pair, the conditional
 * fields, the 422 shape, the role table, a failure forced in the middle of the transaction (a
 * PostgreSQL trigger refusing the geofencing insert) that leaves every table as it was, and an
 * execution routed by the policy onboarding created.
 */
let stack: Stack;
let co: TestCompany;
let owner: string;

type Any = any;

beforeAll(async () => {
  // The sanitizer runs: the onboarding policy's automatic sanitization applies to the execution below.
  stack = await startStack({ sanitizer: true, env: { BREAKER_HEALTH_SCHEDULE: 'false' } });
  co = await stack.createCompany();
  owner = await stack.login(co.adminEmail, co.adminPassword);
});

afterAll(async () => {
  await stack?.stop();
});

const base = {
  useCases: ['routing_gateway'],
  organizationType: 'tech',
  complianceFrameworks: ['GDPR'],
  geoProcessing: { mode: 'allow', regions: ['EU'], countries: [] },
  teamSize: 'small',
  enableProjects: true,
  roles: ['admins', 'developers'],
  providerAccess: 'platform',
  routingPriority: 'balanced',
  providerRestriction: 'all',
  sanitizationMode: 'automatic',
  encryptionEnabled: true,
  dataRetention: '30',
  budgetMode: 'company',
  budgetAmount: 500,
};
const setup = (body: unknown, token = owner) => stack.http<Any>('POST', '/api/v1/onboarding/setup', { token, body });

describe('POST /api/v1/onboarding/setup', () => {
  it('applies each configuration of the table: company state, routing policy, policies, budget', async () => {
    const table = [
      {
        body: { ...base },
        company: { gdpr_compliant: true, hipaa_mode_enabled: false, encryption_enabled: true, data_retention_days: 30, prompt_log_retention_days: 30, default_response_retention_days: 30 },
        strategy: 'BALANCED', deny: [], geo: { allowedRegions: ['EU'], blockedRegions: [] }, requireCompliance: [], profiles: ['Administrators', 'Developers'], budget: ['company', 500],
      },
      {
        body: { ...base, organizationType: 'healthcare', useCases: ['compliant_access', 'data_protection'], complianceFrameworks: ['HIPAA', 'SOC2'], routingPriority: 'security', providerRestriction: 'major', dataRetention: '7', roles: ['security', 'business_users'], budgetMode: 'per_user', budgetAmount: 20, geoProcessing: { mode: 'block', regions: ['APAC'], countries: ['CN'] } },
        company: { gdpr_compliant: false, hipaa_mode_enabled: true, encryption_enabled: true, data_retention_days: 7, prompt_log_retention_days: 7, default_response_retention_days: 7 },
        strategy: 'BALANCED', deny: ['DEEPSEEK', 'CUSTOM'], geo: { allowedRegions: [], blockedRegions: ['APAC'], blockedCountries: ['CN'] }, requireCompliance: ['HIPAA', 'SOC2'], profiles: ['Business users', 'Security'], budget: ['per_user', 20],
      },
      {
        body: { ...base, organizationType: 'finance', complianceFrameworks: ['PCI_DSS', 'ISO27001'], routingPriority: 'cost', providerRestriction: 'custom', customAllowedProviders: ['openai', 'GOOGLE'], dataRetention: 'custom', customRetention: { dataRetentionDays: 365, promptLogRetentionDays: 14, responseRetentionDays: 60 }, budgetMode: 'none', budgetAmount: undefined, encryptionEnabled: false, geoProcessing: { mode: 'none', regions: [], countries: [] } },
        company: { gdpr_compliant: false, hipaa_mode_enabled: false, encryption_enabled: false, data_retention_days: 365, prompt_log_retention_days: 14, default_response_retention_days: 60 },
        strategy: 'LOWEST_COST', deny: ['ANTHROPIC', 'DEEPSEEK', 'CUSTOM'], geo: { allowedRegions: [], blockedRegions: [] }, requireCompliance: [], profiles: ['Administrators', 'Developers'], budget: ['none', null],
      },
      {
        body: { ...base, organizationType: 'government', complianceFrameworks: ['none'], routingPriority: 'speed', dataRetention: '90', roles: [], sanitizationMode: 'disabled' },
        company: { gdpr_compliant: false, hipaa_mode_enabled: false, encryption_enabled: true, data_retention_days: 90, prompt_log_retention_days: 90, default_response_retention_days: 90 },
        strategy: 'LOWEST_LATENCY', deny: [], geo: { allowedRegions: ['EU'], blockedRegions: [] }, requireCompliance: [], profiles: [], budget: ['company', 500],
      },
      {
        body: { ...base, organizationType: 'legal', routingPriority: 'quality' },
        company: { gdpr_compliant: true, data_retention_days: 30 },
        strategy: 'HIGHEST_QUALITY', deny: [], geo: { allowedRegions: ['EU'] }, requireCompliance: [], profiles: ['Administrators', 'Developers'], budget: ['company', 500],
      },
    ];
    for (const row of table) {
      const res = await setup(row.body);
      expect([row.body.organizationType, res.status]).toEqual([row.body.organizationType, 200]);
      const { created } = res.body;
      expect(res.body).toEqual({
        success: true,
        created: { routingPolicyId: expect.any(String), providerAccessPolicyId: expect.any(String), accessProfileIds: expect.any(Array), chatRolePolicyCount: row.body.roles.length, geofencingPolicyId: expect.any(String) },
        warnings: expect.any(Array),
      });
      const db = stack.container.db;
      expect(await db('companies').where({ id: co.companyId }).first()).toMatchObject({ ...row.company, onboarding_status: 'CONFIGURED' });
      const policy = await db('routing_policies').where({ id: created.routingPolicyId }).first();
      expect(policy).toMatchObject({ is_default: true, scope: 'company', name: 'Onboarding policy' });
      expect(policy.policy_json.strategy).toBe(row.strategy);
      expect(policy.policy_json.providerDenyList).toEqual(row.deny);
      expect(policy.policy_json.geoFenceRules).toMatchObject({ ...row.geo, requireCompliance: row.requireCompliance });
      expect(policy.policy_json.sanitization.mode).toBe(row.body.sanitizationMode);
      expect((await db('access_profiles').where({ company_id: co.companyId }).orderBy('name')).map((p) => p.name)).toEqual(row.profiles);
      expect(created.accessProfileIds).toHaveLength(row.profiles.length);
      const budget = await db('company_budgets').where({ company_id: co.companyId }).first();
      expect([budget.mode, budget.monthly_amount_usd === null ? null : Number(budget.monthly_amount_usd)]).toEqual(row.budget);
      // Re-applying replaces: one onboarding policy, one provider access and geofencing policy.
      expect(await db('routing_policies').where({ company_id: co.companyId, name: 'Onboarding policy' }).count<{ count: string }[]>('* as count')).toEqual([{ count: '1' }]);
      expect(await db('chat_role_policies').where({ company_id: co.companyId }).count<{ count: string }[]>('* as count')).toEqual([{ count: String(row.body.roles.length) }]);
    }

    const got = await stack.http<Any>('GET', '/api/v1/onboarding/setup', { token: owner });
    expect(got.body).toMatchObject({
      success: true,
      isConfigured: true,
      company: { gdprCompliant: true, encryptionEnabled: true, hipaaModeEnabled: false, dataRetentionDays: 30, promptLogRetentionDays: 30, defaultResponseRetentionDays: 30 },
      routingPolicy: { id: expect.any(String), policyJson: expect.objectContaining({ strategy: 'HIGHEST_QUALITY' }) },
      hasProviderAccessPolicy: true,
      accessProfiles: [{ id: expect.any(String), name: 'Administrators' }, { id: expect.any(String), name: 'Developers' }],
      hasGeofencingPolicy: true,
    });
  });

  it('accepts every useCase with every organizationType', async () => {
    const c = await stack.createCompany();
    const s = await stack.login(c.adminEmail, c.adminPassword);
    for (const organizationType of ORGANIZATION_TYPES) {
      for (const useCase of USE_CASES) {
        const res = await setup({ ...base, organizationType, useCases: [useCase] }, s);
        expect([organizationType, useCase, res.status, res.body.success]).toEqual([organizationType, useCase, 200, true]);
      }
    }
    const config = (await stack.container.db('companies').where({ id: c.companyId }).first()).onboarding_config;
    expect(config).toMatchObject({ organizationType: 'other', useCases: ['data_protection'] });
  });

  it('warns about what it cannot enforce as asked', async () => {
    const res = await setup({ ...base, complianceFrameworks: ['HIPAA'], encryptionEnabled: false, sanitizationMode: 'disabled', budgetAmount: undefined, providerAccess: 'byok', providerRestriction: 'custom', customAllowedProviders: ['CUSTOM'] });
    expect(res.status).toBe(200);
    expect(res.body.warnings).toEqual([
      'budgetMode company without budgetAmount: spend is counted but not capped',
      'HIPAA selected with encryption disabled: enable encryption at rest for health data',
      'Sanitization is disabled although GDPR or HIPAA is selected: personal data reaches providers unmodified',
      'providerAccess byok: add your own provider credentials under /api/v1/providers',
    ]);
  });

  it('answers 422 {error: Validation failed, details: {field: [messages]}}, the conditional fields included', async () => {
    const missing = await setup({});
    expect(missing.status).toBe(422);
    expect(missing.body.error).toBe('Validation failed');
    expect(Object.keys(missing.body.details).sort()).toEqual(
      ['budgetMode', 'complianceFrameworks', 'dataRetention', 'enableProjects', 'encryptionEnabled', 'geoProcessing', 'organizationType', 'providerAccess', 'providerRestriction', 'roles', 'routingPriority', 'sanitizationMode', 'teamSize', 'useCases'].sort(),
    );
    expect(missing.body.details.useCases).toEqual(['useCases is required']);

    const bad = await setup({ ...base, useCases: [], organizationType: 'bakery', budgetAmount: -5 });
    expect(bad.status).toBe(422);
    expect(bad.body.details).toEqual({
      useCases: ['select at least one use case'],
      organizationType: ['organizationType must be one of: tech, finance, healthcare, government, legal, education, other'],
      budgetAmount: ['budgetAmount must be a positive monthly amount'],
    });

    const custom = await setup({ ...base, providerRestriction: 'custom', dataRetention: 'custom' });
    expect(custom.status).toBe(422);
    expect(custom.body.details).toEqual({
      customAllowedProviders: ['customAllowedProviders is required when providerRestriction is custom'],
      customRetention: ['customRetention is required when dataRetention is custom'],
    });
    const unknown = await setup({ ...base, providerRestriction: 'custom', customAllowedProviders: ['ACME'], dataRetention: 'custom', customRetention: { dataRetentionDays: 0, promptLogRetentionDays: 10, responseRetentionDays: 10 } });
    expect(unknown.body.details).toEqual({
      customAllowedProviders: ['unknown provider ACME; allowed: OPENAI, ANTHROPIC, GOOGLE, DEEPSEEK, CUSTOM'],
      customRetention: ['dataRetentionDays: must be at least 1 day'],
    });

    const notJson = await stack.http<Any>('POST', '/api/v1/onboarding/setup', { token: owner, body: '{"useCases": [', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
  });

  it('leaves every table as it was when the transaction fails part-way', async () => {
    const c = await stack.createCompany();
    const s = await stack.login(c.adminEmail, c.adminPassword);
    expect((await setup(base, s)).status).toBe(200);
    const db = stack.container.db;
    const snapshot = async () => ({
      company: await db('companies').where({ id: c.companyId }).first(),
      policies: await db('routing_policies').where({ company_id: c.companyId }).orderBy('id'),
      access: await db('provider_access_policies').where({ company_id: c.companyId }),
      profiles: await db('access_profiles').where({ company_id: c.companyId }).orderBy('id'),
      chat: await db('chat_role_policies').where({ company_id: c.companyId }).orderBy('id'),
      geo: await db('geofencing_policies').where({ company_id: c.companyId }),
      budget: await db('company_budgets').where({ company_id: c.companyId }),
      audit: await db('audit_logs').where({ company_id: c.companyId }).orderBy('id'),
    });
    const before = await snapshot();
    // The geofencing insert comes after the company, routing policy, access and profile writes.
    const fn = `onboarding_fail_${c.companyId.replace(/-/g, '')}`;
    await db.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin
      if new.company_id = '${c.companyId}' then raise exception 'forced failure'; end if; return new; end $$`);
    await db.raw(`create trigger ${fn} before insert or update on geofencing_policies for each row execute function ${fn}()`);
    try {
      const res = await setup({ ...base, complianceFrameworks: ['HIPAA'], routingPriority: 'cost', roles: ['security'], dataRetention: '7', budgetAmount: 9 }, s);
      expect(res.status).toBe(500);
    } finally {
      await db.raw(`drop trigger ${fn} on geofencing_policies`);
      await db.raw(`drop function ${fn}()`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('routes an execution with the policy it created', async () => {
    const c = await stack.createCompany();
    const s = await stack.login(c.adminEmail, c.adminPassword);
    const res = await setup({ ...base, providerRestriction: 'custom', customAllowedProviders: ['GOOGLE'], geoProcessing: { mode: 'none', regions: [], countries: [] } }, s);
    expect(res.status).toBe(200);
    const exec = await stack.http<Any>('POST', '/api/gateway/execute', { token: c.gatewayKey, body: { prompt: 'Say hello' } });
    expect([exec.status, exec.body.error]).toEqual([200, undefined]);
    expect(exec.body.provider.name).toBe('sim-google');
  });
});

describe('onboarding roles and skip', () => {
  it('lets ACCOUNT_OWNER, ACCOUNT_ADMIN, ADMIN and SUPER_ADMIN in; every other role 403; no session 401', async () => {
    const c = await stack.createCompany();
    const allowed = new Set(['ACCOUNT_OWNER', 'ACCOUNT_ADMIN', 'ADMIN', 'SUPER_ADMIN']);
    for (const role of ROLES) {
      const u = await stack.addUser(c.companyId, role);
      const token = await stack.login(u.email, u.password);
      const got = await stack.http<Any>('GET', '/api/v1/onboarding/setup', { token });
      const posted = await setup({}, token);
      const skipped = await stack.http<Any>('POST', '/api/v1/onboarding/setup/skip', { token });
      if (allowed.has(role)) expect([role, got.status, posted.status, skipped.status]).toEqual([role, 200, 422, 200]);
      else expect([role, got.status, posted.status, skipped.status]).toEqual([role, 403, 403, 403]);
    }
    for (const [method, path] of [['GET', '/api/v1/onboarding/setup'], ['POST', '/api/v1/onboarding/setup'], ['POST', '/api/v1/onboarding/setup/skip']]) {
      expect((await stack.http(method, path, {})).status).toBe(401);
    }
  });

  it('skip records the choice with an audit entry; a configured company stays configured', async () => {
    const c = await stack.createCompany();
    const s = await stack.login(c.adminEmail, c.adminPassword);
    expect((await stack.http<Any>('GET', '/api/v1/onboarding/setup', { token: s })).body).toMatchObject({ isConfigured: false, company: { onboardingStatus: 'NOT_STARTED' }, routingPolicy: null, accessProfiles: [] });
    const res = await stack.http<Any>('POST', '/api/v1/onboarding/setup/skip', { token: s });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect((await stack.http<Any>('GET', '/api/v1/onboarding/setup', { token: s })).body.company.onboardingStatus).toBe('SKIPPED');
    expect(await stack.container.db('audit_logs').where({ company_id: c.companyId, action: 'ONBOARDING_SKIPPED' }).count<{ count: string }[]>('* as count')).toEqual([{ count: '1' }]);
    expect((await setup(base, s)).status).toBe(200);
    await stack.http('POST', '/api/v1/onboarding/setup/skip', { token: s });
    expect((await stack.http<Any>('GET', '/api/v1/onboarding/setup', { token: s })).body).toMatchObject({ isConfigured: true, company: { onboardingStatus: 'CONFIGURED' } });
  });
});

describe('retention', () => {
  it("the daily schedule deletes execution records and stored responses older than the company's retention, nothing else", async () => {
    await stack.startWorker();
    const db = stack.container.db;
    const kept = await stack.createCompany(); // no onboarding: keeps everything
    const c = await stack.createCompany();
    const s = await stack.login(c.adminEmail, c.adminPassword);
    expect((await setup({ ...base, dataRetention: 'custom', customRetention: { dataRetentionDays: 7, promptLogRetentionDays: 7, responseRetentionDays: 3 } }, s)).status).toBe(200);
    const day = 86_400_000;
    const ago = (days: number) => new Date(Date.now() - days * day);
    const exec = (companyId: string, days: number) => ({ id: crypto.randomUUID(), company_id: companyId, mode: 'AUTONOMOUS', status: 'SUCCESS', created_at: ago(days) });
    const rows = [exec(c.companyId, 8), exec(c.companyId, 6), exec(kept.companyId, 400)];
    await db('executions').insert(rows);
    const hold = (companyId: string, days: number, status: string) => ({
      company_id: companyId,
      execution_id: crypto.randomUUID(),
      status,
      request_payload: '{}',
      routing_decision: '{}',
      response_payload: '{"text":"stored answer"}',
      expires_at: ago(days - 1),
      workflow_id: `retention-test-${crypto.randomUUID()}`,
      created_at: ago(days),
    });
    const holds = await db('execution_holds')
      .insert([hold(c.companyId, 4, 'APPROVED'), hold(c.companyId, 2, 'APPROVED'), hold(c.companyId, 10, 'PENDING_REVIEW'), hold(kept.companyId, 30, 'APPROVED')])
      .returning('id');

    const client = await stack.container.temporal.client();
    await client.schedule.getHandle(dataRetentionScheduleId(stack.config.TEMPORAL_TASK_QUEUE)).trigger();
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (await db('executions').where({ id: rows[0].id }).first())) await new Promise((r) => setTimeout(r, 500));

    // 8 days > 7: gone; 6 days: kept; another company without retention: kept.
    expect((await db('executions').whereIn('id', rows.map((r) => r.id)).pluck('id')).sort()).toEqual([rows[1].id, rows[2].id].sort());
    // Responses: 4 days > 3 resolved: gone; 2 days: kept; pending review: kept; the other company's: kept.
    const left = await db('execution_holds').whereIn('id', holds.map((h) => h.id)).pluck('id');
    expect(left.sort()).toEqual([holds[1].id, holds[2].id, holds[3].id].sort());
  }, 120_000);
});
