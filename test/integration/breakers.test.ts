import { Client, Connection } from '@temporalio/client';
import { breakerWorkflowId } from '../../temporal/workflow-ids';
import { breakerStatus, providerBreakerWorkflow, reportOutcomes } from '../../workflows/breakers';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Circuit breakers end to end: a real Temporal server runs `breaker:<providerId>`, the gateway
 * reports outcomes through the CircuitBreakerService, and every transition is read back from
 * provider_breakers by the api. Cooldown is three seconds here (five minutes by default).
 */
let stack: Stack;
let co: TestCompany;
let session: string;
let temporal: Client;
const ids: Record<string, string> = {};
const FLAKY_KEY = 'sim;fail=500;id=flaky';

beforeAll(async () => {
  stack = await startStack({
    worker: true,
    env: {
      BREAKER_COOLDOWN_SECONDS: '3',
      BREAKER_MIN_SAMPLES: '4',
      BREAKER_WINDOW_SECONDS: '60',
      BREAKER_HALF_OPEN_PROBES: '1',
      BREAKER_FLUSH_INTERVAL_MS: '100',
      BREAKER_REFRESH_INTERVAL_MS: '100',
      BREAKER_STATS_PERSIST_SECONDS: '1',
    },
  });
  co = await stack.createCompany({ withSimulator: false });
  session = await stack.login(co.adminEmail, co.adminPassword);
  temporal = new Client({ connection: await Connection.connect({ address: process.env.TEST_TEMPORAL_ADDRESS! }) });
  const add = async (name: string, type: 'OPENAI' | 'ANTHROPIC', apiKey: string, isDefault = false) => {
    const p = await stack.container.services.providers.create(
      co.companyId,
      {
        type,
        name,
        baseUrl: type === 'OPENAI' ? `${stack.simulatorUrl}/v1` : stack.simulatorUrl,
        apiKey,
        defaultModel: type === 'OPENAI' ? 'gpt-4o-mini' : 'claude-haiku-4-5',
        models: [{ name: type === 'OPENAI' ? 'gpt-4o-mini' : 'claude-haiku-4-5', inputPricePerMillion: 1, outputPricePerMillion: 2 }],
        isDefault,
      },
      { userId: co.adminUserId },
    );
    ids[name] = p.id;
  };
  await add('flaky-openai', 'OPENAI', FLAKY_KEY, true);
  await add('steady-anthropic', 'ANTHROPIC', 'sim;id=steady');
  await add('direct-openai', 'OPENAI', 'sim;id=direct');
});

afterAll(async () => {
  await temporal?.connection.close();
  await stack?.stop();
});

const execute = (prompt: string) =>
  stack.http<any>('POST', '/api/gateway/execute', { token: co.gatewayKey, body: { prompt, executionMode: 'AUTONOMOUS' } });

async function breakers(token = session) {
  const res = await stack.http<any>('GET', '/api/v1/routing/breakers', { token });
  expect(res.status).toBe(200);
  return res.body;
}

async function breakerOf(name: string) {
  return (await breakers()).breakers.find((b: { providerName: string }) => b.providerName === name);
}

async function waitFor<T>(fn: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const flakyCalls = async () => (await stack.simStats()).byKey[FLAKY_KEY]?.requests ?? 0;

describe('circuit breaker through the gateway', () => {
  it('lists every provider as closed before anything failed', async () => {
    const body = await breakers();
    expect(body.success).toBe(true);
    expect(body.settings).toEqual({
      windowSeconds: 60,
      minSamples: 4,
      errorRateThreshold: 0.5,
      cooldownSeconds: 3,
      halfOpenProbes: 1,
      halfOpenSuccesses: 1,
    });
    expect(body.breakers.map((b: { providerName: string; state: string }) => [b.providerName, b.state])).toEqual([
      ['direct-openai', 'closed'],
      ['flaky-openai', 'closed'],
      ['steady-anthropic', 'closed'],
    ]);
  });

  it('opens after failures, then traffic avoids the provider', async () => {
    // Each call fails on the default (flaky) provider and falls back to the next one.
    const first = await execute('first');
    expect(first.status).toBe(200);
    expect(first.body.provider.name).not.toBe('flaky-openai');

    const opened = await waitFor(
      async () => {
        await execute('until the breaker opens');
        return breakerOf('flaky-openai');
      },
      (b) => b.state === 'open',
    );
    expect(opened).toMatchObject({
      providerId: ids['flaky-openai'],
      workflowId: `breaker:${ids['flaky-openai']}`,
      state: 'open',
      lastErrorKind: 'SERVER',
      openedAt: expect.any(String),
      nextProbeAt: expect.any(String),
    });
    expect(opened.generation).toBeGreaterThanOrEqual(1);

    // The api process reads the row within a refresh interval; from then on nothing reaches the provider.
    await waitFor(async () => stack.container.services.breakers.blockedProviderIds().has(ids['flaky-openai']!), Boolean, 5_000);
    const before = await flakyCalls();
    for (let i = 0; i < 5; i++) {
      const res = await execute(`avoid ${i}`);
      expect(res.status).toBe(200);
      expect(res.body.provider.name).toBe('steady-anthropic');
    }
    expect(await flakyCalls()).toBe(before);
    await stack.container.services.recorder.flush();
    const last = await stack.container.db('executions').where({ company_id: co.companyId }).orderBy('created_at', 'desc').first();
    expect(last.attempts.map((a: { providerName: string }) => a.providerName)).toEqual(['steady-anthropic']);
  });

  it('runs as the workflow breaker:<providerId>, visible in Temporal', async () => {
    const handle = temporal.workflow.getHandle(breakerWorkflowId(ids['flaky-openai']!));
    const description = await handle.describe();
    expect(description.status.name).toBe('RUNNING');
    expect(description.type).toBe('providerBreakerWorkflow');
    expect(description.workflowId).toBe(`breaker:${ids['flaky-openai']}`);
    const status = await handle.query(breakerStatus);
    expect(['open', 'half-open']).toContain(status.state);
  });

  it('turns half-open after the cooldown and closes on a successful probe', async () => {
    // The provider recovers (its credentials are fixed) while the breaker is open.
    const patched = await stack.http<any>('PATCH', `/api/v1/providers/${ids['flaky-openai']}`, {
      token: session,
      body: { apiKey: 'sim;id=flaky-fixed' },
    });
    expect(patched.status).toBe(200);

    const halfOpen = await waitFor(() => breakerOf('flaky-openai'), (b) => b.state === 'half-open', 15_000);
    const opened = new Date(halfOpen.openedAt).getTime();
    expect(new Date(halfOpen.halfOpenAt).getTime() - opened).toBeGreaterThanOrEqual(3_000);
    await waitFor(async () => stack.container.services.breakers.blockedProviderIds().has(ids['flaky-openai']!), (v) => !v, 5_000);

    // The probe: the default provider is admitted again, answers, and the breaker closes.
    const probe = await execute('probe');
    expect(probe.status).toBe(200);
    expect(probe.body.provider.name).toBe('flaky-openai');
    const closed = await waitFor(() => breakerOf('flaky-openai'), (b) => b.state === 'closed', 10_000);
    expect(closed.generation).toBe(halfOpen.generation + 1);
    expect(closed.openedAt).toBeNull();

    const status = await temporal.workflow.getHandle(breakerWorkflowId(ids['flaky-openai']!)).query(breakerStatus);
    expect(status.state).toBe('closed');
  });
});

describe('circuit breaker driven through the service', () => {
  it('a failed probe reopens the breaker', async () => {
    const svc = stack.container.services.breakers;
    const providerId = ids['direct-openai']!;
    const fail = () => svc.recordOutcome({ companyId: co.companyId, providerId, ok: false, errorKind: 'TIMEOUT' });
    for (let i = 0; i < 4; i++) fail();
    // A bad request is the caller's fault: it never counts.
    svc.recordOutcome({ companyId: co.companyId, providerId, ok: false, errorKind: 'BAD_REQUEST' });
    await svc.flush();
    const open = await waitFor(() => breakerOf('direct-openai'), (b) => b.state === 'open', 10_000);
    expect(open).toMatchObject({ lastErrorKind: 'TIMEOUT' });

    const halfOpen = await waitFor(() => breakerOf('direct-openai'), (b) => b.state === 'half-open', 15_000);
    await waitFor(async () => svc.blockedProviderIds().has(providerId), (v) => !v, 5_000);
    // Probe admission is bounded: one slot (BREAKER_HALF_OPEN_PROBES=1), then the provider is blocked.
    expect(svc.admit(providerId)).toBe(true);
    expect(svc.admit(providerId)).toBe(false);
    expect(svc.blockedProviderIds().has(providerId)).toBe(true);
    fail();
    await svc.flush();
    const reopened = await waitFor(() => breakerOf('direct-openai'), (b) => b.state === 'open' && b.generation > halfOpen.generation, 10_000);
    expect(reopened.generation).toBe(halfOpen.generation + 1);
  });

  it('writes a health snapshot with a trust score for every provider', async () => {
    await stack.container.services.recorder.flush();
    const health = stack.container.services.providerHealth;
    await waitFor(
      async () => {
        try {
          await health.snapshotNow();
          return true;
        } catch {
          return false; // the schedule is created in the background at start
        }
      },
      Boolean,
      10_000,
    );
    const rows = await waitFor(
      () => stack.container.db('provider_health_snapshots').where({ company_id: co.companyId }),
      (r) => r.length >= 3,
      20_000,
    );
    const byProvider = new Map<string, any>(rows.map((r: any) => [r.provider_id, r]));
    const steady = byProvider.get(ids['steady-anthropic']!);
    expect(steady.samples).toBeGreaterThan(5);
    expect(steady.failures).toBe(0);
    expect(steady.trust_score).toBeGreaterThanOrEqual(95);
    const direct = byProvider.get(ids['direct-openai']!);
    expect(direct.breaker_state).toBe('open');
    expect(direct.trust_score).toBeLessThanOrEqual(20);

    const view = await breakerOf('steady-anthropic');
    expect(view.health).toMatchObject({ trustScore: steady.trust_score, samples: steady.samples });
  });
});

describe('changed breaker settings reach running breakers', () => {
  /** Starts `breaker:<id>` as an api with an older configuration would have: a one-hour cooldown. */
  async function breakerStartedWithLongCooldown(name: string) {
    const svc = stack.container.services.breakers;
    const provider = await stack.container.services.providers.create(
      co.companyId,
      { type: 'OPENAI', name, baseUrl: `${stack.simulatorUrl}/v1`, apiKey: `sim;id=${name}`, defaultModel: 'gpt-4o-mini' },
      { userId: co.adminUserId },
    );
    const start = {
      workflowId: breakerWorkflowId(provider.id),
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      args: [{ providerId: provider.id, companyId: co.companyId, settings: { ...svc.settings, cooldownMs: 3_600_000 } }] as [
        Parameters<typeof providerBreakerWorkflow>[0],
      ],
      signal: reportOutcomes,
    };
    await temporal.workflow.signalWithStart(providerBreakerWorkflow, { ...start, signalArgs: [{ generation: 0, ok: 1, failed: 0 }] });
    return { providerId: provider.id, start };
  }

  it('failures reported by the api carry its settings: the breaker opens with the shorter cooldown', async () => {
    const svc = stack.container.services.breakers;
    const { providerId } = await breakerStartedWithLongCooldown('settings-by-signal');
    for (let i = 0; i < 5; i++) svc.recordOutcome({ companyId: co.companyId, providerId, ok: false, errorKind: 'SERVER' });
    await svc.flush();
    const open = await waitFor(() => breakerOf('settings-by-signal'), (b) => b.state === 'open', 10_000);
    const halfOpen = await waitFor(() => breakerOf('settings-by-signal'), (b) => b.state === 'half-open', 15_000);
    // BREAKER_COOLDOWN_SECONDS=3 in this stack, not the hour the workflow started with.
    const waited = new Date(halfOpen.halfOpenAt).getTime() - new Date(open.openedAt).getTime();
    expect(waited).toBeGreaterThanOrEqual(3_000);
    expect(waited).toBeLessThan(10_000);
  });

  it('an open breaker waiting out a long cooldown re-times it when the api sends newer settings', async () => {
    const { providerId, start } = await breakerStartedWithLongCooldown('settings-nudged');
    // Opened by outcomes carrying no settings: it now waits an hour...
    await temporal.workflow.signalWithStart(providerBreakerWorkflow, { ...start, signalArgs: [{ generation: 0, ok: 0, failed: 6 }] });
    const open = await waitFor(() => breakerOf('settings-nudged'), (b) => b.state === 'open', 10_000);
    // ...until the api process reads the open row and sends its own settings (cooldown 3 s).
    await stack.container.services.breakers.refresh();
    await stack.container.services.breakers.flush();
    const halfOpen = await waitFor(() => breakerOf('settings-nudged'), (b) => b.state === 'half-open', 15_000);
    expect(new Date(halfOpen.halfOpenAt).getTime() - new Date(open.openedAt).getTime()).toBeLessThan(10_000);
    const status = await temporal.workflow.getHandle(breakerWorkflowId(providerId)).query(breakerStatus);
    expect(status.state).toBe('half-open');
  });
});

describe('breaker workflow history', () => {
  it('continues as new past its history limit, keeping state and generation', async () => {
    const svc = stack.container.services.breakers;
    const provider = await stack.container.services.providers.create(
      co.companyId,
      { type: 'OPENAI', name: 'history-openai', baseUrl: `${stack.simulatorUrl}/v1`, apiKey: 'sim;id=history', defaultModel: 'gpt-4o-mini' },
      { userId: co.adminUserId },
    );
    const workflowId = breakerWorkflowId(provider.id);
    const start = {
      workflowId,
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      args: [{ providerId: provider.id, companyId: co.companyId, settings: { ...svc.settings, cooldownMs: 3_600_000 }, historyLimit: 30 }] as [
        Parameters<typeof providerBreakerWorkflow>[0],
      ],
      signal: reportOutcomes,
    };
    const first = await temporal.workflow.signalWithStart(providerBreakerWorkflow, { ...start, signalArgs: [{ generation: 0, ok: 1, failed: 0 }] });
    const firstRunId = first.signaledRunId;
    // Successes only: each signal is a few history events, so ~10 signals pass the limit of 30.
    // These carry the api's settings (cooldown 3 s instead of the hour the run started with).
    for (let i = 0; i < 12; i++) {
      await temporal.workflow.signalWithStart(providerBreakerWorkflow, { ...start, signalArgs: [{ generation: 0, ok: 1, failed: 0, settings: svc.settings }] });
      await new Promise((r) => setTimeout(r, 50));
    }
    const handle = temporal.workflow.getHandle(workflowId);
    const rolled = await waitFor(() => handle.describe(), (d) => d.runId !== firstRunId, 15_000);
    expect(rolled.status.name).toBe('RUNNING');
    // The new run carried the window: 13 successes + 14 failures is 52% failed over 27 samples, so it opens.
    await temporal.workflow.signalWithStart(providerBreakerWorkflow, { ...start, signalArgs: [{ generation: 0, ok: 0, failed: 14 }] });
    const status = await waitFor(() => handle.query(breakerStatus), (s) => s.state === 'open', 10_000);
    expect(status.generation).toBe(1);
    expect(status.windowSamples).toBe(27);
    // The settings adopted before the roll were carried over: half-open after 3 s, not an hour.
    await waitFor(() => handle.query(breakerStatus), (s) => s.state === 'half-open', 15_000);
  });
});

describe('breaker endpoint access', () => {
  it('is tenant-scoped and needs providers.manage', async () => {
    const other = await stack.createCompany({ withSimulator: false });
    const otherSession = await stack.login(other.adminEmail, other.adminPassword);
    const body = await breakers(otherSession);
    expect(body.breakers).toEqual([]);

    const member = await stack.addUser(co.companyId, 'MEMBER');
    const memberSession = await stack.login(member.email, member.password);
    const res = await stack.http<any>('GET', '/api/v1/routing/breakers', { token: memberSession });
    expect(res.status).toBe(403);
    expect((await stack.http<any>('GET', '/api/v1/routing/breakers')).status).toBe(401);
  });
});
