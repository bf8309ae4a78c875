import { metricsKey } from '../../domain/routing/rank';
import { ROLE_PERMISSIONS } from '../../domain/roles';
import { type Stack, type TestCompany, startStack } from '../support/stack';
import { addSimulatorProvider, until } from '../support/synthetic';

/**
 * Synthetic probes feed routing, marked (issue 13, part 4). Breakers are kept out of the way here
 * (BREAKER_MIN_SAMPLES 1000) so what is shown is the rest of the feed:
 * - the routing rollups mark probe samples (synthetic = true) apart from live traffic;
 * - the window metrics weigh them by the policy's syntheticWeight (1, the default 0.5, 0 = excluded),
 *   with figures computed by hand, and routing filters on them accordingly;
 * - probe verdicts become the internal task-fit evidence POST /api/v1/routing/rank reports for the
 *   prompt's task (an answered probe that fails its expectation counts against the model);
 * - the provider health snapshot's trust score counts every probe, and says how many were probes.
 * The probed provider goes through three phases: answering (echo), refusing, failing (HTTP 500).
 */
jest.setTimeout(240_000);
let stack: Stack;
let co: TestCompany;
let session: string;
const ids: Record<string, string> = {};
const MODEL = 'claude-haiku-4-5';

beforeAll(async () => {
  // AUTH_CACHE_TTL_MS also bounds the worker's provider cache: a changed key reaches its probes within 200 ms.
  stack = await startStack({ worker: true, env: { BREAKER_MIN_SAMPLES: '1000', BREAKER_HEALTH_INTERVAL_SECONDS: '3600', AUTH_CACHE_TTL_MS: '200' } });
  co = await stack.createCompany({ withSimulator: false });
  session = await stack.login(co.adminEmail, co.adminPassword);
  ids.steady = await addSimulatorProvider(stack, co, { name: 'steady', type: 'OPENAI', apiKey: 'sim;id=steady', isDefault: true });
  ids.probed = await addSimulatorProvider(stack, co, { name: 'probed', type: 'ANTHROPIC', apiKey: 'sim;id=probed', isDefault: false });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const db = () => stack.container.db;
let scheduleId = '';

/** Runs the probe schedule now and waits until its log entry and its execution record (and rollups) are written. */
async function probe(times: number) {
  for (let i = 0; i < times; i++) {
    const before = await db()('synthetic_execution_logs').where({ schedule_id: scheduleId }).select('execution_id');
    expect((await stack.http('POST', `/api/v1/synthetic/schedules/${scheduleId}/run`, { token: co.gatewayKey })).status).toBe(202);
    await until('the probe and its record', async () => {
      const logs = await db()('synthetic_execution_logs').where({ schedule_id: scheduleId }).select('execution_id');
      if (logs.length <= before.length) return false;
      const records = await db()('executions').whereIn('id', logs.map((l) => l.execution_id)).count<{ c: string }[]>({ c: '*' });
      return Number(records[0]!.c) === logs.length;
    });
  }
}

async function setKey(apiKey: string) {
  const principal = { via: 'session' as const, companyId: co.companyId, userId: co.adminUserId, role: 'ACCOUNT_OWNER' as const, permissions: ROLE_PERMISSIONS.ACCOUNT_OWNER, features: new Set<never>() };
  await stack.container.services.providers.update(principal, ids.probed!, { apiKey });
  await new Promise((r) => setTimeout(r, 600)); // the worker's provider cache (200 ms here)
}

/** The company's window metrics, reloaded now. */
async function metrics() {
  stack.container.services.routingMetrics.invalidate(co.companyId);
  return stack.container.services.routingMetrics.forCompany(co.companyId);
}

const rank = (policy: Record<string, unknown>, taskCodes?: string[]) =>
  stack.http<any>('POST', '/api/v1/routing/rank', { token: session, body: { policy, ...(taskCodes ? { taskCodes, taskFit: 'on' } : {}) } });

/** The task-fit provenance of the probed model for `coding`, as rank reports it. */
async function codingEvidence(weight?: number) {
  stack.container.services.routingMetrics.invalidate(co.companyId);
  const res = await rank({ preferences: { taskFit: { enabled: true, minInternalSamples: 1 }, ...(weight === undefined ? {} : { syntheticWeight: weight }) } }, ['coding']);
  expect(res.status).toBe(200);
  const entry = res.body.taskFit.ranking.find((r: any) => r.providerId === ids.probed && r.model === MODEL);
  return entry.taskFit.provenance.find((p: any) => p.dimension === 'coding');
}

/** A fresh health snapshot of the probed provider (the schedule triggered now). */
async function snapshot() {
  const since = new Date();
  await until('the health schedule', async () => stack.container.services.providerHealth.snapshotNow().then(() => true, () => false), 20_000);
  await until('a new snapshot', async () => (await db()('provider_health_snapshots').where({ provider_id: ids.probed }).where('taken_at', '>=', since).first()) ?? false, 30_000);
  const breakers = await stack.http<{ breakers: any[] }>('GET', '/api/v1/routing/breakers', { token: session });
  return breakers.body.breakers.find((b) => b.providerId === ids.probed).health;
}

test('probe samples are marked, weighed by policy, and feed task-fit evidence and the trust score', async () => {
  const prompt = await stack.http<{ prompt: { id: string } }>('POST', '/api/v1/synthetic/prompts', {
    token: co.gatewayKey,
    body: { name: 'code probe', prompt: 'Write a TypeScript function that reverses a string.', tags: ['coding'], expectedBehavior: 'ALLOW' },
  });
  const schedule = await stack.http<{ schedule: { id: string } }>('POST', '/api/v1/synthetic/schedules', {
    token: co.gatewayKey,
    body: { name: 'probe', syntheticPromptId: prompt.body.prompt.id, scheduleType: 'RECURRING', intervalMinutes: 600, isActive: false, aiProviderId: ids.probed },
  });
  expect(schedule.status).toBe(201);
  scheduleId = schedule.body.schedule.id;

  // Phase 1: two answered probes and one live call to the same provider.
  await probe(2);
  const live = await stack.http<any>('POST', '/api/gateway/execute', { token: co.gatewayKey, body: { prompt: 'live call', executionMode: 'AUTONOMOUS', providerType: 'ANTHROPIC' } });
  expect(live.status).toBe(200);
  expect(live.body.provider.name).toBe('probed');
  await until('the live record', async () => (await db()('executions').where({ company_id: co.companyId, purpose: 'execution' }).first()) ?? false);

  // Marked in the rollups: 2 probe attempts, 1 live.
  const rollups = await db()('routing_attempt_rollups').where({ company_id: co.companyId, provider_id: ids.probed }).groupBy('synthetic').select('synthetic', db().raw('sum(attempts)::int AS n'));
  expect(Object.fromEntries(rollups.map((r) => [String(r.synthetic), r.n]))).toEqual({ true: 2, false: 1 });
  const cost = await db()('routing_cost_rollups').where({ company_id: co.companyId, provider_id: ids.probed }).select('synthetic');
  expect(new Set(cost.map((r) => r.synthetic))).toEqual(new Set([true, false]));
  expect(await db()('routing_task_rollups').where({ company_id: co.companyId, provider_id: ids.probed }).select('dimension', 'synthetic', 'calls', 'ok')).toEqual([
    { dimension: 'coding', synthetic: true, calls: 2, ok: 2 },
  ]);
  expect(await codingEvidence(1)).toMatchObject({ source: 'internal', score: 100, n: 2 });
  const healthy = await snapshot();
  // (3 ok + 4.5) / (3 + 5) = 0.9375 → 100 × (0.75 × 0.9375 + 0.25) = 95.3
  expect(healthy).toMatchObject({ trustScore: 95, samples: 3, failures: 0, syntheticSamples: 2, syntheticFailures: 0 });

  // Phase 2: the provider answers but refuses the coding task: available, yet the task evidence drops.
  await setKey('sim;id=probed;persona=refuse');
  await probe(2);
  expect(await codingEvidence(1)).toMatchObject({ source: 'internal', score: 50, n: 4 });
  // At the default weight (0.5) the four probes are two samples, the same share.
  expect(await codingEvidence()).toMatchObject({ source: 'internal', score: 50, n: 2 });
  // Excluded (weight 0): no internal evidence, the model falls back to another source.
  expect((await codingEvidence(0)).source).not.toBe('internal');

  // Phase 3: the provider fails; only the probes notice.
  await setKey('sim;id=probed;fail=500');
  await probe(2);
  const m = await metrics();
  const key = metricsKey(ids.probed!, MODEL);
  // Attempts: probes 4 ok + 2 failed, live 1 ok.
  expect(m.window).toMatchObject({ samples: 7, syntheticSamples: 6 });
  expect(m.at(1).metrics.get(key)).toMatchObject({ samples: 7, availability: 5 / 7 });
  expect(m.metrics.get(key)).toMatchObject({ samples: 4, availability: 0.75 }); // default 0.5: 1 + 3 samples, (1 + 2) ok
  expect(m.at(0.5).metrics).toBe(m.metrics);
  expect(m.at(0).metrics.get(key)).toMatchObject({ samples: 1, availability: 1 });
  // Task evidence: 6 probes, 2 passed (the failed calls did not pass); live calls carried no task.
  expect(m.at(1).internal.get(`${ids.probed}|${MODEL}|coding`)).toMatchObject({ samples: 6, score: 33.3 });

  // Routing follows the weight: by default (and at 1) the probed provider is under minAvailability 0.95.
  const reasonsOf = (res: any) => res.body.filteredOut.filter((f: any) => f.providerId === ids.probed).flatMap((f: any) => f.reasons);
  const byDefault = await rank({});
  expect(byDefault.status).toBe(200);
  expect(reasonsOf(byDefault).join(' ')).toMatch(/availability/i);
  expect(reasonsOf(await rank({ preferences: { syntheticWeight: 1 } })).join(' ')).toMatch(/availability/i);
  const excluded = await rank({ preferences: { syntheticWeight: 0 } });
  expect(reasonsOf(excluded)).toEqual([]);
  expect(excluded.body.ranking.some((r: any) => r.providerId === ids.probed)).toBe(true);
  expect((await rank({ preferences: { syntheticWeight: 2 } })).status).toBe(400);

  // Trust counts every probe: 7 samples, 2 failures → (5 + 4.5) / 12 = 0.7917 → 84.4.
  const failing = await snapshot();
  expect(failing).toMatchObject({ trustScore: 84, samples: 7, failures: 2, syntheticSamples: 6, syntheticFailures: 2 });
  expect(failing.trustScore).toBeLessThan(healthy.trustScore);
});
