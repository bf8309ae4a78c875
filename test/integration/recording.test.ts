import { createDb } from '../../db/connection';
import { totpCode } from '../../lib/totp';
import { type Stack, startStack } from '../support/stack';

/**
 * Execution records are written behind the response: none may be lost when the api shuts down
 * cleanly, and no secret may reach the logs.
 */
describe('execution records on a clean shutdown', () => {
  it('flushes every buffered record when the api stops', async () => {
    // A flush interval far beyond the test: only the shutdown flush can write these rows.
    const stack = await startStack({ env: { EXECUTION_FLUSH_INTERVAL_MS: '600000', EXECUTION_FLUSH_MAX_ROWS: '10000' } });
    const company = await stack.createCompany();
    const ids: string[] = [];
    await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const res = await stack.http<any>('POST', '/api/gateway/execute', {
          token: company.gatewayKey,
          body: { prompt: `record ${i}` },
        });
        expect(res.status).toBe(200);
        ids.push(res.body.executionId);
      }),
    );
    expect(stack.container.services.recorder.pending).toBe(25);
    await stack.stop();

    const db = createDb(process.env.TEST_DATABASE_URL!, 2);
    try {
      const rows = await db('executions').whereIn('id', ids).select('id', 'status', 'total_tokens');
      expect(rows).toHaveLength(25);
      expect(rows.every((r) => r.status === 'SUCCESS' && r.total_tokens > 0)).toBe(true);
      const key = await db('api_keys').where({ company_id: company.companyId }).first();
      expect(key.requests_this_month).toBe(25);
      expect(Number(key.tokens_this_month)).toBe(rows.reduce((sum, r) => sum + r.total_tokens, 0));
    } finally {
      await db.destroy();
    }
  });
});

describe('logs', () => {
  const lines: string[] = [];
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ captureLogs: lines });
  });
  afterAll(async () => stack?.stop());

  it('carry request ids and never a password, key, session token or MFA secret', async () => {
    const company = await stack.createCompany();
    const session = await stack.login(company.adminEmail, company.adminPassword);
    await stack.http('POST', '/api/auth/login', { body: { email: company.adminEmail, password: 'wrong-password-123' } });
    const setup = await stack.http<any>('POST', '/api/account/mfa/setup', { token: session });
    const code = await totpCode({ secret: setup.body.secret });
    await stack.http('POST', '/api/account/mfa/verify', { token: session, body: { token: code } });
    await stack.http('POST', '/api/gateway/execute', {
      token: company.gatewayKey,
      body: {
        prompt: 'x',
        useClientCredentials: true,
        clientProvider: { type: 'OPENAI', apiKey: 'sim;fail=503;client-secret-xyz', endpoint: `${stack.simulatorUrl}/v1` },
      },
    });
    await stack.http('POST', '/api/gateway/execute', { token: company.gatewayKey, body: { prompt: 'y' } });

    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.some((l) => /"requestId":"[^"]+"/.test(l))).toBe(true);
    for (const secret of [company.adminPassword, 'wrong-password-123', company.gatewayKey, session, setup.body.secret, 'client-secret-xyz', 'sim-demo-key']) {
      expect(all).not.toContain(secret);
    }
  });
});
