import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { type Stack, startStack } from '../support/stack';

/**
 * The admin CLI as an operator runs it: a child process (`node --import tsx scripts/admin.ts`)
 * against the test database. Its last stdout line is one JSON object; what it created must exist
 * and the keys it prints must authenticate against a real api.
 */
const ROOT = path.resolve(__dirname, '../..');
let stack: Stack;
// Each CLI run is a fresh Node process (tsx, the container): a second or two.
jest.setTimeout(60_000);

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json: Record<string, any>;
}

function admin(...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts', 'admin.ts'), ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, LOG_LEVEL: 'warn' }, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? ((err as { code?: number }).code ?? 1) : 0;
        if (typeof code !== 'number') return reject(err);
        const lines = stdout.trim().split('\n');
        let json: Record<string, any>;
        try {
          json = JSON.parse(lines[lines.length - 1] ?? '');
        } catch {
          return reject(new Error(`last stdout line is not JSON (exit ${code}):\n${stdout}\n${stderr}`));
        }
        resolve({ code, stdout, stderr, json });
      },
    );
  });
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const unique = () => randomUUID().slice(0, 8);

let company: { companyId: string; userId: string; apiKey: string; email: string; password: string };

beforeAll(async () => {
  stack = await startStack();
  const email = `owner-${unique()}@cli.test`;
  const password = `pw-${unique()}-${unique()}`;
  const res = await admin(
    'create-company',
    '--name',
    `CLI Co ${unique()}`,
    '--admin-email',
    email,
    '--admin-password',
    password,
    '--package',
    'professional',
    '--with-simulator',
    '--simulator-url',
    stack.simulatorUrl,
  );
  expect(res.code).toBe(0);
  company = { companyId: res.json.companyId, userId: res.json.userId, apiKey: res.json.apiKey, email, password };
  expect(res.json.providerIds).toHaveLength(5);
}, 90_000);

afterAll(async () => {
  await stack?.stop();
});

describe('create-company', () => {
  it('creates the company, its owner, a FULL_ACCESS key and the five simulator providers', async () => {
    const db = stack.container.db;
    expect(company.companyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(company.apiKey).toMatch(/^gh_/);
    const row = await db('companies').where({ id: company.companyId }).first();
    expect(row.package_name).toBe('professional');
    const membership = await db('memberships').where({ company_id: company.companyId, user_id: company.userId }).first();
    expect(membership.role).toBe('ACCOUNT_OWNER');
    const key = await db('api_keys').where({ key_hash: sha256(company.apiKey) }).first();
    expect(key).toMatchObject({ company_id: company.companyId, kind: 'GATEWAY', type: 'FULL_ACCESS', created_by_user_id: company.userId });
    const providers = await db('providers').where({ company_id: company.companyId }).orderBy('name');
    expect(providers.map((p: { type: string }) => p.type).sort()).toEqual(['ANTHROPIC', 'CUSTOM', 'DEEPSEEK', 'GOOGLE', 'OPENAI']);
    expect(providers.every((p: { base_url: string }) => p.base_url.startsWith(stack.simulatorUrl))).toBe(true);
  });

  it('prints a key that authenticates and executes, and an admin who can sign in', async () => {
    const me = await stack.http<Record<string, any>>('GET', '/api/auth/me', { token: company.apiKey });
    expect(me.status).toBe(200);
    expect(me.body.company.id).toBe(company.companyId);
    expect(me.body.role).toBe('ACCOUNT_OWNER');
    const exec = await stack.http<Record<string, any>>('POST', '/api/gateway/execute', { token: company.apiKey, body: { prompt: 'Hello' } });
    expect(exec.status).toBe(200);
    expect(exec.body.success).toBe(true);
    const token = await stack.login(company.email, company.password);
    expect(token).toMatch(/^ghsess_/);
  });

  it('omits providerIds without --with-simulator and defaults to enterprise', async () => {
    const res = await admin('create-company', '--name', 'Plain', '--admin-email', `plain-${unique()}@cli.test`, '--admin-password', 'long-enough-1');
    expect(res.code).toBe(0);
    expect(res.json.providerIds).toBeUndefined();
    const row = await stack.container.db('companies').where({ id: res.json.companyId }).first();
    expect(row.package_name).toBe('enterprise');
  });

  it('rejects an unknown package, listing the allowed ones, and creates nothing', async () => {
    const name = `Nope ${unique()}`;
    const res = await admin('create-company', '--name', name, '--admin-email', `x-${unique()}@cli.test`, '--admin-password', 'long-enough-1', '--package', 'platinum');
    expect(res.code).toBe(1);
    expect(res.json.error).toMatch(/platinum/);
    expect(res.json.error).toMatch(/enterprise, professional, standard, free|free.*standard.*professional.*enterprise/);
    expect(await stack.container.db('companies').where({ name }).first()).toBeUndefined();
  });

  it('rejects a short password', async () => {
    const res = await admin('create-company', '--name', 'Short', '--admin-email', `s-${unique()}@cli.test`, '--admin-password', 'short');
    expect(res.code).toBe(1);
    expect(res.json.error).toMatch(/at least 8/);
  });
});

describe('create-user', () => {
  it('adds a member with the role; the user can sign in', async () => {
    const email = `analyst-${unique()}@cli.test`;
    const res = await admin('create-user', '--company', company.companyId, '--email', email, '--password', 'analyst-pass-1', '--role', 'ADMIN', '--first-name', 'Ana');
    expect(res.code).toBe(0);
    expect(res.json).toEqual({ companyId: company.companyId, userId: expect.any(String), role: 'ADMIN' });
    const membership = await stack.container.db('memberships').where({ company_id: company.companyId, user_id: res.json.userId }).first();
    expect(membership.role).toBe('ADMIN');
    const user = await stack.container.db('users').where({ id: res.json.userId }).first();
    expect(user.first_name).toBe('Ana');
    await expect(stack.login(email, 'analyst-pass-1')).resolves.toMatch(/^ghsess_/);
  });

  it('defaults to MEMBER', async () => {
    const res = await admin('create-user', '--company', company.companyId, '--email', `m-${unique()}@cli.test`, '--password', 'member-pass-1');
    expect(res.code).toBe(0);
    expect(res.json.role).toBe('MEMBER');
  });

  it('rejects an unknown role, listing the allowed ones', async () => {
    const res = await admin('create-user', '--company', company.companyId, '--email', `r-${unique()}@cli.test`, '--password', 'member-pass-1', '--role', 'KING');
    expect(res.code).toBe(1);
    expect(res.json.error).toContain('KING');
    expect(res.json.error).toContain('ACCOUNT_OWNER');
    expect(res.json.error).toContain('MEMBER');
  });

  it('rejects an unknown company', async () => {
    const missing = randomUUID();
    const res = await admin('create-user', '--company', missing, '--email', `u-${unique()}@cli.test`, '--password', 'member-pass-1');
    expect(res.code).toBe(1);
    expect(res.json.error).toBe(`unknown company ${missing}`);
    expect(res.stderr).toContain(`unknown company ${missing}`);
  });

  it('reports a user who is already a member', async () => {
    const res = await admin('create-user', '--company', company.companyId, '--email', company.email, '--password', 'whatever-123');
    expect(res.code).toBe(1);
    expect(res.json.error).toMatch(/already a member/);
  });
});

describe('create-api-key', () => {
  it('creates a gateway key of the type, owned by the user; its secret authenticates', async () => {
    const res = await admin('create-api-key', '--company', company.companyId, '--type', 'READ_ONLY', '--name', 'reporting', '--user', company.userId);
    expect(res.code).toBe(0);
    expect(res.json).toMatchObject({ companyId: company.companyId, apiKeyId: expect.any(String), type: 'READ_ONLY' });
    const row = await stack.container.db('api_keys').where({ id: res.json.apiKeyId }).first();
    expect(row).toMatchObject({ key_hash: sha256(res.json.apiKey), kind: 'GATEWAY', type: 'READ_ONLY', name: 'reporting', created_by_user_id: company.userId });
    const me = await stack.http<Record<string, any>>('GET', '/api/auth/me', { token: res.json.apiKey });
    expect(me.status).toBe(200);
    expect(me.body.apiKey.type).toBe('READ_ONLY');
    // READ_ONLY may not execute.
    const exec = await stack.http('POST', '/api/gateway/execute', { token: res.json.apiKey, body: { prompt: 'Hello' } });
    expect(exec.status).toBe(403);
  });

  it('creates an EXTERNAL key with scopes and a SHIELD key', async () => {
    const [ext, shield] = await Promise.all([
      admin('create-api-key', '--company', company.companyId, '--kind', 'EXTERNAL', '--scopes', 'create:prompts,read:prompts'),
      admin('create-api-key', '--company', company.companyId, '--kind', 'SHIELD'),
    ]);
    expect(ext.code).toBe(0);
    expect(ext.json.apiKey).toMatch(/^ghx_/);
    const extRow = await stack.container.db('api_keys').where({ key_hash: sha256(ext.json.apiKey) }).first();
    expect(extRow).toMatchObject({ kind: 'EXTERNAL', type: null, scopes: ['create:prompts', 'read:prompts'] });

    expect(shield.code).toBe(0);
    expect(shield.json.apiKey).toMatch(/^ghs_/);
    const shieldRow = await stack.container.db('api_keys').where({ key_hash: sha256(shield.json.apiKey) }).first();
    expect(shieldRow).toMatchObject({ kind: 'SHIELD', type: null });
  });

  it('rejects a bad type, listing the allowed values', async () => {
    const res = await admin('create-api-key', '--company', company.companyId, '--type', 'SUPERUSER');
    expect(res.code).toBe(1);
    expect(res.json.error).toBe('unknown key type "SUPERUSER"; allowed: FULL_ACCESS, OPENAI_COMPAT, EXECUTE_ONLY, READ_ONLY');
  });

  it('rejects unknown scopes and a user from another company', async () => {
    const [scopes, other] = await Promise.all([
      admin('create-api-key', '--company', company.companyId, '--kind', 'EXTERNAL', '--scopes', 'delete:everything'),
      admin('create-api-key', '--company', company.companyId, '--type', 'FULL_ACCESS', '--user', randomUUID()),
    ]);
    expect(scopes.code).toBe(1);
    expect(scopes.json.error).toMatch(/delete:everything.*allowed: create:prompts/);
    expect(other.code).toBe(1);
    expect(other.json.error).toMatch(/is not a member/);
  });
});

describe('create-provider', () => {
  it('creates a provider with its model, prices and location', async () => {
    const res = await admin(
      'create-provider',
      '--company',
      company.companyId,
      '--type',
      'OPENAI',
      '--name',
      'cli-openai',
      '--base-url',
      `${stack.simulatorUrl}/v1`,
      '--api-key',
      'sk-test',
      '--model',
      'gpt-4o',
      '--default',
      '--country',
      'de',
      '--region',
      'EU',
      '--input-price',
      '2.5',
      '--output-price',
      '10',
    );
    expect(res.code).toBe(0);
    expect(res.json).toEqual({ companyId: company.companyId, providerId: expect.any(String), name: 'cli-openai', type: 'OPENAI' });
    const row = await stack.container.db('providers').where({ id: res.json.providerId }).first();
    expect(row).toMatchObject({ default_model: 'gpt-4o', location_country: 'DE', location_network: 'EU', is_default: true, base_url: `${stack.simulatorUrl}/v1` });
    expect(row.models[0]).toMatchObject({ name: 'gpt-4o', inputPricePerMillion: 2.5, outputPricePerMillion: 10 });
    expect(row.credentials_encrypted).not.toContain('sk-test');
  });

  it('rejects a bad provider type, listing the allowed values', async () => {
    const res = await admin('create-provider', '--company', company.companyId, '--type', 'MISTRAL', '--name', 'm', '--api-key', 'k', '--model', 'x');
    expect(res.code).toBe(1);
    expect(res.json.error).toBe('unknown provider type "MISTRAL"; allowed: OPENAI, ANTHROPIC, GOOGLE, DEEPSEEK, CUSTOM');
  });
});

describe('usage errors', () => {
  it('rejects an unknown command, an unknown flag and a missing flag', async () => {
    const [cmd, flag, missing] = await Promise.all([
      admin('delete-everything'),
      admin('create-user', '--company', company.companyId, '--bogus', 'x'),
      admin('create-provider', '--company', company.companyId, '--type', 'OPENAI'),
    ]);
    expect(cmd.code).toBe(1);
    expect(cmd.json.error).toMatch(/unknown command "delete-everything"/);
    expect(flag.code).toBe(1);
    expect(flag.json.error).toMatch(/bogus/);
    expect(missing.code).toBe(1);
    expect(missing.json.error).toBe('--name is required');
  });

  it('help lists the commands', async () => {
    const res = await admin('help');
    expect(res.code).toBe(0);
    expect(res.json.commands).toEqual(['create-company', 'create-user', 'create-api-key', 'create-provider', 'help']);
    expect(res.stderr).toContain('usage:');
  });
});
