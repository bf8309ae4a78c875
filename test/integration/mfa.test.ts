import { TOTP_PERIOD_SECONDS, totpCode } from '../../lib/totp';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * TOTP MFA through HTTP, as spec document 3 describes it: status, setup ({secret, otpauth}), verify
 * ({token}), disable ({password, mfaCode}); an invalid code answers {error: "Invalid MFA token"}.
 *
 * Time steps: every accepted code records its 30-second step and a code of that step or an earlier
 * one is refused afterwards, while the server accepts one step of drift either way. The flow below
 * therefore pins the current step S once and spends S-1 (verify), S (login), S+1 (login), and then
 * waits for the clock to reach S+1 so that S+2 becomes acceptable for disabling.
 */
let stack: Stack;
let company: TestCompany;

beforeAll(async () => {
  stack = await startStack();
  company = await stack.createCompany({ withSimulator: false });
});

afterAll(async () => {
  await stack?.container.db('login_attempts').whereIn('email', usedEmails).delete();
  await stack?.stop();
});

type Json = Record<string, any>;
const usedEmails: string[] = [];
const nowSeconds = () => Math.floor(Date.now() / 1000);
const currentStep = () => Math.floor(nowSeconds() / TOTP_PERIOD_SECONDS);
const codeAt = (secret: string, step: number) => totpCode({ secret, epochSeconds: step * TOTP_PERIOD_SECONDS });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits, if needed, so that at least `seconds` remain in the current step; returns that step. */
async function stepWithAtLeast(seconds: number): Promise<number> {
  const into = (Date.now() / 1000) % TOTP_PERIOD_SECONDS;
  if (TOTP_PERIOD_SECONDS - into < seconds) await sleep((TOTP_PERIOD_SECONDS - into) * 1000 + 200);
  return currentStep();
}

/** A well-formed code that matches none of the steps the server would accept around step s. */
async function wrongCodeNear(secret: string, s: number): Promise<string> {
  const near = new Set(await Promise.all([-2, -1, 0, 1, 2].map((d) => codeAt(secret, s + d))));
  for (const candidate of ['000000', '111111', '222222', '333333', '444444', '555555']) if (!near.has(candidate)) return candidate;
  throw new Error('unreachable');
}

async function waitForStep(step: number): Promise<void> {
  while (currentStep() < step) await sleep(Math.max(50, (step * TOTP_PERIOD_SECONDS - Date.now() / 1000) * 1000 + 100));
}

const login = (email: string, password: string, mfaCode?: string) =>
  stack.http<Json>('POST', '/api/auth/login', { body: { email, password, ...(mfaCode !== undefined ? { mfaCode } : {}) } });

describe('MFA lifecycle over HTTP', () => {
  it(
    'goes disabled → setup → verify → enabled → login with codes (no replay) → disable',
    async () => {
      const user = await stack.addUser(company.companyId, 'MEMBER');
      usedEmails.push(user.email);
      const session = await stack.login(user.email, user.password);
      const call = (method: string, path: string, body?: unknown) => stack.http<Json>(method, path, { token: session, body });

      // Disabled at first.
      const initial = await call('GET', '/api/account/mfa/status');
      expect(initial.status).toBe(200);
      expect(initial.body).toEqual({ mfaEnabled: false, mfaVerifiedAt: null });

      // Setup: a base32 secret and an otpauth URI for the QR code.
      const setup = await call('POST', '/api/account/mfa/setup');
      expect(setup.status).toBe(200);
      expect(Object.keys(setup.body).sort()).toEqual(['otpauth', 'secret']);
      const secret: string = setup.body.secret;
      expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
      const uri = new URL(setup.body.otpauth);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.host).toBe('totp');
      expect(decodeURIComponent(uri.pathname)).toBe(`/Gatehouse:${user.email}`);
      expect(uri.searchParams.get('secret')).toBe(secret);
      expect(uri.searchParams.get('issuer')).toBe('Gatehouse');
      expect(setup.body.otpauth).toMatch(/^otpauth:\/\/totp\/Gatehouse:[^?]+\?secret=/);

      // Setup alone does not enable MFA.
      expect((await call('GET', '/api/account/mfa/status')).body.mfaEnabled).toBe(false);
      expect((await login(user.email, user.password)).status).toBe(200);

      // Pin a step with enough room for the quick part of the flow.
      const S = await stepWithAtLeast(12);

      // A wrong code (and a malformed one) is refused with the spec's body.
      const right = await codeAt(secret, S - 1);
      const wrong = await wrongCodeNear(secret, S);
      const bad = await call('POST', '/api/account/mfa/verify', { token: wrong });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: 'Invalid MFA token' });
      const malformed = await call('POST', '/api/account/mfa/verify', { token: 'abc123' });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ error: 'Invalid MFA token' });
      expect((await call('GET', '/api/account/mfa/status')).body.mfaEnabled).toBe(false);

      // The right code (previous step: one step of drift is accepted) enables MFA.
      const ok = await call('POST', '/api/account/mfa/verify', { token: right });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ success: true, mfaEnabled: true });

      const enabled = await call('GET', '/api/account/mfa/status');
      expect(enabled.body.mfaEnabled).toBe(true);
      expect(Math.abs(new Date(enabled.body.mfaVerifiedAt).getTime() - Date.now())).toBeLessThan(60_000);

      // Setting up again while enabled is refused.
      expect((await call('POST', '/api/account/mfa/setup')).status).toBe(400);

      // The secret is stored encrypted: no column of the user row holds it.
      const row = await stack.container.db('users').where({ id: user.userId }).first();
      expect(row.mfa_enabled).toBe(true);
      expect(row.mfa_secret_encrypted).toMatch(/^v1:/);
      expect(row.mfa_pending_secret_encrypted).toBeNull();
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(stack.container.secretBox.decrypt(row.mfa_secret_encrypted)).toBe(secret);

      // Password alone is no longer enough.
      const noCode = await login(user.email, user.password);
      expect(noCode.status).toBe(401);
      expect(noCode.body).toMatchObject({ code: 'MFA_REQUIRED', mfaRequired: true });
      expect(noCode.body.token).toBeUndefined();

      // The verify step (S-1) is spent: its code cannot log in.
      const spent = await login(user.email, user.password, right);
      expect(spent.status).toBe(401);
      expect(spent.body).toMatchObject({ error: 'Invalid MFA token', code: 'INVALID_MFA_TOKEN' });

      // A code of the current step works once ...
      const codeS = await codeAt(secret, S);
      const first = await login(user.email, user.password, codeS);
      expect(first.status).toBe(200);
      expect(first.body.token).toMatch(/^ghsess_/);
      // ... and is refused when replayed within the same step.
      const replay = await login(user.email, user.password, codeS);
      expect(replay.status).toBe(401);
      expect(replay.body).toMatchObject({ error: 'Invalid MFA token', code: 'INVALID_MFA_TOKEN' });

      // A code from the next step (a clock running a little ahead) is accepted.
      const next = await login(user.email, user.password, await totpCode({ secret, epochSeconds: (S + 1) * TOTP_PERIOD_SECONDS }));
      expect(next.status).toBe(200);
      // A wrong password with a valid-looking code says nothing about the code.
      const wrongPassword = await login(user.email, 'not-the-password', await codeAt(secret, S + 1));
      expect(wrongPassword.status).toBe(401);
      expect(wrongPassword.body).toEqual({ error: 'Invalid email or password', code: 'UNAUTHORIZED' });
      expect(currentStep()).toBe(S);

      // Disabling needs the current password and a valid, unspent code.
      const wrongPw = await call('POST', '/api/account/mfa/disable', { password: 'not-the-password', mfaCode: await codeAt(secret, S + 1) });
      expect(wrongPw.status).toBe(400);
      expect(wrongPw.body.error).not.toBe('Invalid MFA token');
      const spentCode = await call('POST', '/api/account/mfa/disable', { password: user.password, mfaCode: await codeAt(secret, S + 1) });
      expect(spentCode.status).toBe(400);
      expect(spentCode.body).toMatchObject({ error: 'Invalid MFA token' });
      const wrongCode = await call('POST', '/api/account/mfa/disable', { password: user.password, mfaCode: '12345' });
      expect(wrongCode.status).toBe(400);
      expect(wrongCode.body).toMatchObject({ error: 'Invalid MFA token' });
      expect((await call('GET', '/api/account/mfa/status')).body.mfaEnabled).toBe(true);

      // Every step up to S+1 is spent; S+2 becomes acceptable once the clock reaches S+1.
      await waitForStep(S + 1);
      const disabled = await call('POST', '/api/account/mfa/disable', { password: user.password, mfaCode: await codeAt(secret, S + 2) });
      expect(disabled.status).toBe(200);
      expect(disabled.body).toEqual({ success: true, mfaEnabled: false });
      expect((await call('GET', '/api/account/mfa/status')).body).toEqual({ mfaEnabled: false, mfaVerifiedAt: null });
      const cleared = await stack.container.db('users').where({ id: user.userId }).first();
      expect(cleared).toMatchObject({ mfa_enabled: false, mfa_secret_encrypted: null, mfa_pending_secret_encrypted: null });

      // And the password alone signs in again.
      expect((await login(user.email, user.password)).status).toBe(200);

      // Both transitions are audited, without the secret.
      const audit = await stack.container.db('audit_logs').where({ resource_id: user.userId }).whereIn('action', ['mfa.enabled', 'mfa.disabled']);
      expect(audit.map((a) => a.action).sort()).toEqual(['mfa.disabled', 'mfa.enabled']);
      expect(JSON.stringify(audit)).not.toContain(secret);
    },
    75_000,
  );
});

describe('MFA edge cases', () => {
  it('refuses verify before setup and disable while disabled', async () => {
    const user = await stack.addUser(company.companyId, 'MEMBER');
    const token = await stack.login(user.email, user.password);
    const verify = await stack.http<Json>('POST', '/api/account/mfa/verify', { token, body: { token: '123456' } });
    expect(verify.status).toBe(400);
    expect(verify.body.code).toBe('MFA_NOT_SET_UP');
    const disable = await stack.http<Json>('POST', '/api/account/mfa/disable', {
      token,
      body: { password: user.password, mfaCode: '123456' },
    });
    expect(disable.status).toBe(400);
    expect(disable.body.code).toBe('MFA_NOT_ENABLED');
  });

  it('verifies against the latest setup only', async () => {
    const user = await stack.addUser(company.companyId, 'MEMBER');
    const token = await stack.login(user.email, user.password);
    const first = await stack.http<Json>('POST', '/api/account/mfa/setup', { token });
    const second = await stack.http<Json>('POST', '/api/account/mfa/setup', { token });
    expect(second.body.secret).not.toBe(first.body.secret);
    const S = await stepWithAtLeast(3);
    const stale = await stack.http<Json>('POST', '/api/account/mfa/verify', { token, body: { token: await codeAt(first.body.secret, S) } });
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ error: 'Invalid MFA token' });
    const fresh = await stack.http<Json>('POST', '/api/account/mfa/verify', { token, body: { token: await codeAt(second.body.secret, S) } });
    expect(fresh.status).toBe(200);
  });

  it('answers 400 with a message for a missing token and needs a session', async () => {
    const user = await stack.addUser(company.companyId, 'MEMBER');
    const token = await stack.login(user.email, user.password);
    const missing = await stack.http<Json>('POST', '/api/account/mfa/verify', { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/token/);
    const missingPassword = await stack.http<Json>('POST', '/api/account/mfa/disable', { token, body: { mfaCode: '123456' } });
    expect(missingPassword.status).toBe(400);
    expect(missingPassword.body.error).toMatch(/password/);
    expect((await stack.http('GET', '/api/account/mfa/status')).status).toBe(401);
    expect((await stack.http('GET', '/api/account/mfa/status', { token: company.gatewayKey })).status).toBe(401);
  });

  it('answers 401, not 500, when the last accepted step is ahead of this instance’s clock', async () => {
    const user = await stack.addUser(company.companyId, 'MEMBER');
    usedEmails.push(user.email);
    const token = await stack.login(user.email, user.password);
    const { body } = await stack.http<Json>('POST', '/api/account/mfa/setup', { token });
    const S = await stepWithAtLeast(3);
    expect((await stack.http('POST', '/api/account/mfa/verify', { token, body: { token: await codeAt(body.secret, S) } })).status).toBe(200);
    // As if another api instance, its clock a little ahead, had accepted a code two steps on.
    await stack.container.db('users').where({ id: user.userId }).update({ mfa_last_time_step: S + 2 });
    const res = await login(user.email, user.password, await codeAt(body.secret, S + 1));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'Invalid MFA token', code: 'INVALID_MFA_TOKEN' });
    const disable = await stack.http<Json>('POST', '/api/account/mfa/disable', {
      token,
      body: { password: user.password, mfaCode: await codeAt(body.secret, S + 1) },
    });
    expect(disable.status).toBe(400);
    expect(disable.body).toMatchObject({ error: 'Invalid MFA token' });
  });

  it('counts wrong codes at login as failed attempts', async () => {
    const user = await stack.addUser(company.companyId, 'MEMBER');
    usedEmails.push(user.email);
    const token = await stack.login(user.email, user.password);
    const { body } = await stack.http<Json>('POST', '/api/account/mfa/setup', { token });
    const S = await stepWithAtLeast(3);
    expect((await stack.http('POST', '/api/account/mfa/verify', { token, body: { token: await codeAt(body.secret, S) } })).status).toBe(200);
    const res = await login(user.email, user.password, await wrongCodeNear(body.secret, S));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'Invalid MFA token' });
    const failures = await stack.container.db('login_attempts').where({ email: user.email, succeeded: false });
    expect(failures).toHaveLength(1);
  });
});
