import { createHash } from 'node:crypto';
import { ROLE_PERMISSIONS } from '../../domain/roles';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Sign-in as a new user meets it: login sets an httpOnly session cookie and returns the same token
 * for Bearer use, /api/auth/me describes the caller, failures do not say which part was wrong,
 * logout revokes, repeated failures are throttled, and credentials are only ever stored hashed.
 */
let stack: Stack;
let company: TestCompany;

beforeAll(async () => {
  stack = await startStack();
  company = await stack.createCompany({ withSimulator: false });
});

afterAll(async () => {
  // Failed attempts from 127.0.0.1 count toward the per-IP limit every test file shares: remove ours.
  await stack?.container.db('login_attempts').whereIn('email', [...failedEmails]).delete();
  await stack?.stop();
});

type Json = Record<string, any>;
const failedEmails = new Set<string>();
const login = (body: unknown, headers?: Record<string, string>) => {
  const email = (body as { email?: unknown } | null)?.email;
  if (typeof email === 'string') failedEmails.add(email.trim().toLowerCase());
  return stack.http<Json>('POST', '/api/auth/login', { body, headers });
};
const me = (opts: { token?: string; headers?: Record<string, string> }) => stack.http<Json>('GET', '/api/auth/me', opts);

function sessionCookie(res: { headers: Headers }): { value: string; attributes: string[] } | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith('gatehouse_session='));
  if (!line) return null;
  const [pair, ...attributes] = line.split(';').map((s) => s.trim());
  return { value: decodeURIComponent(pair!.slice('gatehouse_session='.length)), attributes: attributes.map((a) => a.toLowerCase()) };
}

describe('login', () => {
  it('sets an httpOnly gatehouse_session cookie and returns the same token for Bearer use', async () => {
    const res = await login({ email: company.adminEmail, password: company.adminPassword });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      token: expect.stringMatching(/^ghsess_[0-9A-Za-z]{43}$/),
      companyId: company.companyId,
      role: 'ACCOUNT_OWNER',
      user: { id: company.adminUserId, email: company.adminEmail, mfaEnabled: false },
    });
    expect(new Date(res.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 3_600_000);
    expect(res.body.user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(res.body)).not.toContain('scrypt$');

    const cookie = sessionCookie(res);
    expect(cookie).not.toBeNull();
    expect(cookie!.value).toBe(res.body.token);
    expect(cookie!.attributes).toContain('httponly');
    expect(cookie!.attributes).toContain('path=/');
    expect(cookie!.attributes).toContain('samesite=lax');

    const viaBearer = await me({ token: res.body.token });
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.body.authenticatedVia).toBe('session');
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const res = await login({ email: `  ${company.adminEmail.toUpperCase()} `, password: company.adminPassword });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(company.adminUserId);
  });

  it('authenticates GET /api/auth/me with the cookie alone', async () => {
    const res = await login({ email: company.adminEmail, password: company.adminPassword });
    const cookie = sessionCookie(res)!;
    const viaCookie = await me({ headers: { cookie: `gatehouse_session=${cookie.value}` } });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.body.user.id).toBe(company.adminUserId);
    expect(viaCookie.body.authenticatedVia).toBe('session');
  });

  it('answers a wrong password and an unknown email with the same 401, naming neither', async () => {
    const wrongPassword = await login({ email: company.adminEmail, password: 'definitely-not-it' });
    const unknownEmail = await login({ email: 'nobody-here@example.test', password: company.adminPassword });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.body).toEqual({ error: 'Invalid email or password', code: 'UNAUTHORIZED' });
    expect(sessionCookie(wrongPassword)).toBeNull();
    // A success clears this email's failures (the unknown email's row is removed in afterAll).
    expect((await login({ email: company.adminEmail, password: company.adminPassword })).status).toBe(200);
  });

  it('refuses a deactivated user exactly like a wrong password', async () => {
    const user = await stack.addUser(company.companyId, 'MEMBER');
    await stack.container.db('users').where({ id: user.userId }).update({ is_active: false });
    const res = await login({ email: user.email, password: user.password });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid email or password', code: 'UNAUTHORIZED' });
  });

  it.each([
    [{}, /email/],
    [{ email: 'not-an-email', password: 'x' }, /email/],
    [{ email: 'a@example.test' }, /password/],
    [{ email: 'a@example.test', password: '' }, /password/],
    [{ email: 'a@example.test', password: 7 }, /password/],
    [[], /body/],
  ])('answers 400 with a message for %j', async (body, message) => {
    const res = await login(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.error).toMatch(message);
    expect(Array.isArray(res.body.details)).toBe(true);
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await login('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid JSON body', code: 'BAD_REQUEST' });
  });

  it('stores passwords as scrypt hashes, never in clear', async () => {
    const row = await stack.container.db('users').where({ id: company.adminUserId }).first();
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/);
    expect(JSON.stringify(row)).not.toContain(company.adminPassword);
    // Salted: two users with the same password do not share a hash.
    const a = await stack.container.services.companies.addUser(company.companyId, {
      email: `same-a-${Date.now()}@example.test`,
      password: 'same-password-1',
      role: 'MEMBER',
    });
    const b = await stack.container.services.companies.addUser(company.companyId, {
      email: `same-b-${Date.now()}@example.test`,
      password: 'same-password-1',
      role: 'MEMBER',
    });
    expect(a.user.passwordHash).not.toBe(b.user.passwordHash);
  });

  it('stores only the SHA-256 of the session token', async () => {
    const res = await login({ email: company.adminEmail, password: company.adminPassword });
    const token: string = res.body.token;
    const rows = await stack.container.db('sessions').where({ user_id: company.adminUserId });
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('GET /api/auth/me', () => {
  it('returns user, company, role, permissions and features for a session', async () => {
    const token = await stack.login(company.adminEmail, company.adminPassword);
    const res = await me({ token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      authenticatedVia: 'session',
      user: { id: company.adminUserId, email: company.adminEmail },
      company: { id: company.companyId, packageName: 'enterprise' },
      role: 'ACCOUNT_OWNER',
      apiKey: null,
    });
    expect(res.body.user).not.toHaveProperty('passwordHash');
    expect(res.body.permissions).toEqual([...ROLE_PERMISSIONS.ACCOUNT_OWNER].sort());
    expect(res.body.features).toEqual(expect.arrayContaining(['BATCH', 'SHIELD', 'PII_SANITIZATION']));
  });

  it("reports a member's narrower permissions and a smaller package's features", async () => {
    const small = await stack.createCompany({ packageName: 'free', withSimulator: false });
    const member = await stack.addUser(small.companyId, 'MEMBER');
    const res = await me({ token: await stack.login(member.email, member.password) });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('MEMBER');
    expect(res.body.permissions).toEqual([...ROLE_PERMISSIONS.MEMBER].sort());
    expect(res.body.permissions).not.toContain('api_keys.manage');
    expect(res.body.features).toEqual(['BATCH']);
  });

  it('describes an API key caller: its owner, company and the permissions the key carries', async () => {
    const key = await stack.createKey(company, 'READ_ONLY');
    const res = await me({ token: key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      authenticatedVia: 'api_key',
      user: { id: company.adminUserId },
      company: { id: company.companyId },
      apiKey: { kind: 'GATEWAY', type: 'READ_ONLY' },
    });
    expect(res.body.permissions).toContain('providers.view');
    expect(res.body.permissions).not.toContain('providers.manage');
    expect(res.body.permissions).not.toContain('gateway.execute');
  });

  it('answers 401 without a credential or with an unknown one', async () => {
    expect((await me({})).status).toBe(401);
    expect((await me({ token: 'ghsess_not-a-session' })).status).toBe(401);
    expect((await me({ token: 'gh_not-a-key' })).status).toBe(401);
    expect((await me({ headers: { cookie: 'gatehouse_session=ghsess_forged' } })).status).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the session: the token then answers 401, by Bearer and by cookie', async () => {
    const token = await stack.login(company.adminEmail, company.adminPassword);
    expect((await me({ token })).status).toBe(200);
    const out = await stack.http<Json>('POST', '/api/auth/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    // The cookie is cleared in the browser.
    const cleared = sessionCookie(out);
    expect(cleared?.value ?? '').toBe('');
    expect((await me({ token })).status).toBe(401);
    expect((await me({ headers: { cookie: `gatehouse_session=${token}` } })).status).toBe(401);
    const row = await stack.container.db('sessions').where({ token_hash: createHash('sha256').update(token).digest('hex') }).first();
    expect(row.revoked_at).not.toBeNull();
  });

  it('logs out only that session', async () => {
    const first = await stack.login(company.adminEmail, company.adminPassword);
    const second = await stack.login(company.adminEmail, company.adminPassword);
    expect((await stack.http('POST', '/api/auth/logout', { token: first })).status).toBe(200);
    expect((await me({ token: first })).status).toBe(401);
    expect((await me({ token: second })).status).toBe(200);
  });

  it('is for sessions: an API key gets 401', async () => {
    const res = await stack.http<Json>('POST', '/api/auth/logout', { token: company.gatewayKey });
    expect(res.status).toBe(401);
  });
});

describe('last use of credentials', () => {
  it('records lastUsedAt of an API key after a request', async () => {
    const created = await stack.container.services.apiKeys.create(
      company.companyId,
      { name: 'touch me', kind: 'GATEWAY', type: 'READ_ONLY' },
      { userId: company.adminUserId },
    );
    expect(created.apiKey.lastUsedAt).toBeNull();
    const before = Date.now();
    expect((await me({ token: created.key })).status).toBe(200);
    await stack.container.services.auth.flushTouches();
    const row = await stack.container.db('api_keys').where({ id: created.apiKey.id }).first();
    expect(row.last_used_at).not.toBeNull();
    expect(new Date(row.last_used_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const session = await stack.login(company.adminEmail, company.adminPassword);
    const listed = await stack.http<Json>('GET', '/api/v1/api-keys', { token: session });
    const seen = listed.body.apiKeys.find((k: Json) => k.id === created.apiKey.id);
    expect(seen.lastUsedAt).not.toBeNull();
  });

  it('records last_seen_at of a session after a request, written behind within about a second', async () => {
    const token = await stack.login(company.adminEmail, company.adminPassword);
    const hash = createHash('sha256').update(token).digest('hex');
    expect((await stack.container.db('sessions').where({ token_hash: hash }).first()).last_seen_at).toBeNull();
    expect((await me({ token })).status).toBe(200);
    // No explicit flush: the service's own timer writes it.
    let seen: Date | null = null;
    for (let i = 0; i < 30 && !seen; i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = (await stack.container.db('sessions').where({ token_hash: hash }).first()).last_seen_at;
    }
    expect(seen).not.toBeNull();
  });
});

describe('login throttling', () => {
  let throttled: Stack;
  let co: TestCompany;
  // Every test file signs in from 127.0.0.1 over one shared database, and failures also count per IP.
  // This stack trusts X-Forwarded-For so that its attempts come from addresses of their own: they
  // neither see other files' failures nor count against them.
  const ips = { main: '203.0.113.10', other: '203.0.113.11', spray: '198.51.100.7' };
  const attempt = (email: string, password: string, ip = ips.main) =>
    throttled.http<Json>('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

  beforeAll(async () => {
    throttled = await startStack({ env: { LOGIN_MAX_FAILURES: '3', LOGIN_LOCKOUT_SECONDS: '600', TRUST_PROXY: 'true' } });
    co = await throttled.createCompany({ withSimulator: false });
  });

  afterAll(async () => {
    await throttled?.container.db('login_attempts').whereIn('ip', Object.values(ips)).delete();
    await throttled?.stop();
  });

  it('answers 429 with Retry-After after LOGIN_MAX_FAILURES failures, even for the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt(co.adminEmail, `wrong-${i}`)).status).toBe(401);
    const locked = await attempt(co.adminEmail, 'wrong-again');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', error: expect.stringMatching(/too many/i) });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const right = await attempt(co.adminEmail, co.adminPassword);
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).not.toBeNull();
    // From another address too: the lock is on the account.
    expect((await attempt(co.adminEmail, co.adminPassword, ips.other)).status).toBe(429);
    // Throttled attempts are not recorded: the count stays at the limit.
    const failures = await throttled.container.db('login_attempts').where({ email: co.adminEmail, succeeded: false });
    expect(failures).toHaveLength(3);
    expect(failures.map((f) => f.ip)).toEqual([ips.main, ips.main, ips.main]);
  });

  it('tells in Retry-After how long is actually left', async () => {
    // The failures happened 500 of the 600 seconds ago: about 100 seconds remain.
    await throttled.container
      .db('login_attempts')
      .where({ email: co.adminEmail })
      .update({ created_at: throttled.container.db.raw("now() - interval '500 seconds'") });
    const locked = await attempt(co.adminEmail, co.adminPassword);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(95);
    expect(retryAfter).toBeLessThanOrEqual(101);
    expect(locked.body.retryAfter).toBe(retryAfter);
  });

  it('lets the user in again once the window has passed', async () => {
    // Age the failures past the lockout window instead of waiting ten minutes.
    await throttled.container
      .db('login_attempts')
      .where({ email: co.adminEmail })
      .update({ created_at: throttled.container.db.raw("now() - interval '601 seconds'") });
    const res = await attempt(co.adminEmail, co.adminPassword);
    expect(res.status).toBe(200);
  });

  it('throttles per email: another user is not locked out by someone else’s failures', async () => {
    const other = await throttled.addUser(co.companyId, 'MEMBER');
    for (let i = 0; i < 3; i++) await attempt(co.adminEmail, `nope-${i}`);
    expect((await attempt(co.adminEmail, 'nope')).status).toBe(429);
    expect((await attempt(other.email, other.password)).status).toBe(200);
    await throttled.container.db('login_attempts').where({ email: co.adminEmail }).delete();
  });

  it('throttles one address spraying many emails (4 × LOGIN_MAX_FAILURES), not the others', async () => {
    for (let i = 0; i < 12; i++) expect((await attempt(`spray-${i}@example.test`, 'guess', ips.spray)).status).toBe(401);
    const blocked = await attempt(co.adminEmail, co.adminPassword, ips.spray);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).not.toBeNull();
    expect((await attempt(co.adminEmail, co.adminPassword, ips.other)).status).toBe(200);
  });
});
