import { ROLE_PERMISSIONS } from '../../domain/roles';
import { type Stack, type TestCompany, startStack } from '../support/stack';
import { addSimulatorProvider, until } from '../support/synthetic';

/**
 * Synthetic probes feed routing (issue 13, part 4): a provider whose probes start failing opens its
 * circuit breaker exactly as failing live traffic would (the probe goes through the gateway's attempt
 * loop, which reports every outcome to the breakers), and the next live request is routed to another
 * provider at once: no live request fails first, and none even tries the failing provider.
 */
jest.setTimeout(180_000);
let stack: Stack;
let co: TestCompany;
let session: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  stack = await startStack({
    worker: true,
    env: {
      BREAKER_COOLDOWN_SECONDS: '600',
      BREAKER_MIN_SAMPLES: '3',
      BREAKER_WINDOW_SECONDS: '120',
      BREAKER_FLUSH_INTERVAL_MS: '100',
      BREAKER_REFRESH_INTERVAL_MS: '100',
      BREAKER_STATS_PERSIST_SECONDS: '1',
    },
  });
  co = await stack.createCompany({ withSimulator: false });
  session = await stack.login(co.adminEmail, co.adminPassword);
  ids.primary = await addSimulatorProvider(stack, co, { name: 'primary', type: 'OPENAI', apiKey: 'sim;id=primary', isDefault: true });
  ids.backup = await addSimulatorProvider(stack, co, { name: 'backup', type: 'ANTHROPIC', apiKey: 'sim;id=backup', isDefault: false });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const execute = () => stack.http<{ provider: { name: string }; attempts?: unknown[] }>('POST', '/api/gateway/execute', { token: co.gatewayKey, body: { prompt: 'live', executionMode: 'AUTONOMOUS' } });

test('probes that start failing open the breaker and move live traffic away before any live request fails', async () => {
  // Healthy: live traffic goes to the default provider.
  const before = await execute();
  expect(before.status).toBe(200);
  expect(before.body.provider.name).toBe('primary');

  const promptRes = await stack.http<{ prompt: { id: string } }>('POST', '/api/v1/synthetic/prompts', { token: co.gatewayKey, body: { name: 'health', prompt: 'ping' } });
  const schedule = await stack.http<{ schedule: { id: string } }>('POST', '/api/v1/synthetic/schedules', {
    token: co.gatewayKey,
    body: { name: 'primary probe', syntheticPromptId: promptRes.body.prompt.id, scheduleType: 'RECURRING', intervalMinutes: 0.02, aiProviderId: ids.primary },
  });
  expect(schedule.status).toBe(201);

  // The provider starts failing; only the probes notice.
  await stack.container.services.providers.update({ ...(await principal()), companyId: co.companyId }, ids.primary!, { apiKey: 'sim;fail=500;id=primary-down' });
  await until('the breaker of primary to open', async () => {
    const res = await stack.http<{ breakers: { providerName: string; state: string }[] }>('GET', '/api/v1/routing/breakers', { token: session });
    return res.body.breakers.find((b) => b.providerName === 'primary')?.state === 'open';
  });
  const failedProbes = await stack.container.db('synthetic_execution_logs').where({ company_id: co.companyId, status: 'FAILED' }).count<{ c: string }[]>({ c: '*' });
  expect(Number(failedProbes[0]!.c)).toBeGreaterThanOrEqual(1);
  // No live request has failed (nor been sent) while the provider was down.
  const liveErrors = await stack.container.db('executions').where({ company_id: co.companyId, purpose: 'execution', status: 'ERROR' }).count<{ c: string }[]>({ c: '*' });
  expect(Number(liveErrors[0]!.c)).toBe(0);

  // The api reads breaker states every BREAKER_REFRESH_INTERVAL_MS: wait until its own plan (a
  // DRY_RUN, which calls no provider) has moved away, as a live request arriving then would see it.
  await until('routing to move away from primary', async () => {
    const plan = await stack.http<{ routingPlan: { provider: string } }>('POST', '/api/gateway/execute', { token: co.gatewayKey, body: { prompt: 'live', executionMode: 'DRY_RUN' } });
    return plan.body.routingPlan?.provider === 'backup';
  });
  // The next live request goes straight to the backup: one attempt, nothing tried on primary.
  const after = await execute();
  expect(after.status).toBe(200);
  expect(after.body.provider.name).toBe('backup');
  await until('the live record', async () => {
    const rows = await stack.container.db('executions').where({ company_id: co.companyId, purpose: 'execution' }).orderBy('created_at', 'desc').limit(1);
    return rows[0] && rows[0].provider_name === 'backup' && (rows[0].attempts as unknown[]).length === 1;
  });
  await stack.http('DELETE', `/api/v1/synthetic/schedules/${schedule.body.schedule.id}`, { token: co.gatewayKey });
});

async function principal() {
  return { via: 'session' as const, companyId: co.companyId, userId: co.adminUserId, role: 'ACCOUNT_OWNER' as const, permissions: ROLE_PERMISSIONS.ACCOUNT_OWNER, features: new Set<never>() };
}
