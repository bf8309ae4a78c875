import { randomUUID } from 'node:crypto';
import { createBreakerActivities } from '../../activities/breakers';
import { BACKFILL } from '../../db/migrations/20261128020001_routing_rollups_synthetic';
import { internalKey } from '../../domain/routing/evidence';
import { metricsKey } from '../../domain/routing/rank';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * The per-minute rollups a trigger keeps on executions (db migration 20261124010001), which routing's
 * window metrics and the provider health snapshots read instead of every execution: they must give
 * what the old queries over the executions gave, from every writer (the recorder, direct inserts,
 * concurrent batches), never cost an execution record, and be pruned when no window reads them.
 */
let stack: Stack;
let co: TestCompany;
const P1 = randomUUID();
const P2 = randomUUID();

beforeAll(async () => {
  stack = await startStack();
  co = await stack.createCompany({ withSimulator: false });
});

afterAll(async () => {
  await stack?.stop();
});

interface Attempt {
  providerId: string | null;
  model: string;
  status: 'SUCCESS' | 'ERROR';
  errorKind?: string;
  latencyMs: number;
}

function execution(companyId: string, attempts: Attempt[], extra: Record<string, unknown> = {}) {
  const last = attempts[attempts.length - 1];
  return {
    id: randomUUID(),
    company_id: companyId,
    mode: 'AUTONOMOUS',
    status: last?.status === 'SUCCESS' ? 'SUCCESS' : 'ERROR',
    provider_id: last?.providerId ?? null,
    provider_type: 'OPENAI',
    provider_name: 'p',
    model: last?.model ?? null,
    cost_usd: last?.status === 'SUCCESS' ? 0.002 : 0,
    total_tokens: last?.status === 'SUCCESS' ? 100 : 0,
    attempts: JSON.stringify(attempts),
    metadata: JSON.stringify({}),
    ...extra,
  };
}

/** The window metrics as the pre-rollup service computed them, straight from the executions. */
async function exactFromExecutions(companyId: string) {
  const { rows } = await stack.container.db.raw(
    `SELECT a->>'providerId' AS provider_id, a->>'model' AS model, count(*)::int AS samples,
            count(*) FILTER (WHERE a->>'status' = 'SUCCESS')::int AS ok,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY (a->>'latencyMs')::numeric) FILTER (WHERE a->>'status' = 'SUCCESS') AS p50,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY (a->>'latencyMs')::numeric) FILTER (WHERE a->>'status' = 'SUCCESS') AS p95
       FROM executions e
      CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(e.attempts) = 'array' THEN e.attempts ELSE '[]'::jsonb END) a
      WHERE e.company_id = ? AND a->>'providerId' IS NOT NULL AND coalesce(a->>'errorKind', '') <> 'BAD_REQUEST'
      GROUP BY 1, 2`,
    [companyId],
  );
  return rows as Array<{ provider_id: string; model: string; samples: number; ok: number; p50: number | null; p95: number | null }>;
}

describe('routing window metrics from the rollups', () => {
  it('equal the exact figures over the executions, whoever wrote them', async () => {
    const db = stack.container.db;
    // Through the recorder (the gateway's writer), in two flushes.
    const recorder = stack.container.services.recorder;
    for (const latency of [120, 80, 95, 430]) {
      recorder.record({
        id: randomUUID(),
        companyId: co.companyId,
        apiKeyId: null,
        userId: null,
        mode: 'AUTONOMOUS',
        status: 'SUCCESS',
        providerId: P1,
        providerType: 'OPENAI',
        providerName: 'one',
        model: 'm-a',
        promptTokens: 10,
        completionTokens: 30,
        totalTokens: 40,
        costUsd: 0.0004,
        latencyMs: latency + 5,
        providerLatencyMs: latency,
        finishReason: 'stop',
        errorCode: null,
        errorMessage: null,
        traceId: null,
        // A fallback: the first provider failed with a 500, the second answered.
        attempts: [
          { providerId: P2, providerType: 'ANTHROPIC', providerName: 'two', model: 'm-b', status: 'ERROR', errorKind: 'SERVER_ERROR', latencyMs: 7 },
          { providerId: P1, providerType: 'OPENAI', providerName: 'one', model: 'm-a', status: 'SUCCESS', latencyMs: latency },
        ],
        metadata: { taskDimensions: ['coding'] },
        createdAt: new Date(),
      });
      if (latency === 95) await recorder.flush();
    }
    await recorder.flush();
    // Directly, as tests and other writers do: concurrent multi-row statements, a caller error (400,
    // never counted), a held answer (its cost counts), and garbage the trigger must survive.
    await Promise.all([
      db('executions').insert([10, 20, 30].map((ms) => execution(co.companyId, [{ providerId: P2, model: 'm-b', status: 'SUCCESS', latencyMs: ms }]))),
      db('executions').insert([
        execution(co.companyId, [{ providerId: P2, model: 'm-b', status: 'ERROR', errorKind: 'BAD_REQUEST', latencyMs: 3 }]),
        execution(co.companyId, [{ providerId: P2, model: 'm-b', status: 'SUCCESS', latencyMs: 999 }], { status: 'HELD', cost_usd: 0.01, total_tokens: 1000 }),
        execution(co.companyId, [], { attempts: JSON.stringify({ not: 'an array' }), metadata: JSON.stringify({ taskDimensions: 'coding' }) }),
      ]),
    ]);

    stack.container.services.routingMetrics.invalidate(co.companyId);
    const m = await stack.container.services.routingMetrics.forCompany(co.companyId);
    const exact = await exactFromExecutions(co.companyId);
    expect(exact).toHaveLength(2);
    for (const e of exact) {
      const got = m.metrics.get(metricsKey(e.provider_id, e.model));
      expect(got).toBeDefined();
      expect(got!.samples).toBe(e.samples);
      expect(got!.availability).toBeCloseTo(e.ok / e.samples, 12);
      expect(got!.p50LatencyMs).toBeCloseTo(Number(e.p50), 9);
      expect(got!.p95LatencyMs).toBeCloseTo(Number(e.p95), 9);
    }
    // m-b: 4 fallback failures + 10, 20, 30, 999 → availability 0.5; p50 of the successes 25.
    expect(m.metrics.get(metricsKey(P2, 'm-b'))).toMatchObject({ samples: 8, availability: 0.5, p50LatencyMs: 25 });
    // Cost per token over answered calls only (SUCCESS and HELD): (3 × 0.002 + 0.01) / (300 + 1000).
    expect(m.metrics.get(metricsKey(P2, 'm-b'))!.costPerToken).toBeCloseTo((3 * 0.002 + 0.01) / 1300, 12);
    expect(m.metrics.get(metricsKey(P1, 'm-a'))!.costPerToken).toBeCloseTo(0.0004 / 40, 12);
    expect(m.window.samples).toBe(12);
    // Own task evidence from the records tagged with dimensions (the string-valued tag is ignored).
    expect([...m.internal.values()]).toEqual([{ samples: 4, score: 100, asOf: expect.any(String) }]);
  });

  it('keeps above 1 s three significant digits', async () => {
    const other = await stack.createCompany({ withSimulator: false });
    await stack.container.db('executions').insert([1234, 1236, 23_456].map((ms) => execution(other.companyId, [{ providerId: P1, model: 'slow', status: 'SUCCESS', latencyMs: ms }])));
    stack.container.services.routingMetrics.invalidate(other.companyId);
    const m = await stack.container.services.routingMetrics.forCompany(other.companyId);
    // 1230, 1240, 23500: exact would be 1236 (p50); the rollup's is within 0.5%.
    expect(m.metrics.get(metricsKey(P1, 'slow'))!.p50LatencyMs).toBe(1240);
  });

  it('never costs an execution record when a rollup cannot be written', async () => {
    const db = stack.container.db;
    const id = randomUUID();
    await db.transaction(async (trx) => {
      // Make every cost rollup fail inside this transaction only.
      await trx.raw('ALTER TABLE routing_cost_rollups ADD CONSTRAINT rollup_test_refuses CHECK (tokens < 0) NOT VALID');
      await trx('executions').insert(execution(co.companyId, [{ providerId: P1, model: 'm-a', status: 'SUCCESS', latencyMs: 50 }], { id }));
      expect(await trx('executions').where({ id }).first()).toBeDefined();
      await trx.raw('ALTER TABLE routing_cost_rollups DROP CONSTRAINT rollup_test_refuses');
    });
    expect(await db('executions').where({ id }).first()).toMatchObject({ id });
  });
});

describe('provider health and pruning', () => {
  it('health snapshots read the rollups; rollups no window reads are deleted', async () => {
    const db = stack.container.db;
    const provider = await stack.container.services.providers.create(
      co.companyId,
      { type: 'OPENAI', name: 'health-one', baseUrl: `${stack.simulatorUrl}/v1`, apiKey: 'sim', defaultModel: 'gpt-4o-mini', models: [{ name: 'gpt-4o-mini' }] },
      { userId: co.adminUserId },
    );
    await db('executions').insert([
      ...[100, 200, 300].map((ms) => execution(co.companyId, [{ providerId: provider.id, model: 'gpt-4o-mini', status: 'SUCCESS', latencyMs: ms }])),
      execution(co.companyId, [{ providerId: provider.id, model: 'gpt-4o-mini', status: 'ERROR', errorKind: 'TIMEOUT', latencyMs: 2000 }]),
    ]);
    // Rollups older than any window: three hours and forty days back.
    await db('routing_attempt_rollups').insert({ company_id: co.companyId, minute: new Date(Date.now() - 3 * 3_600_000), provider_id: provider.id, model: 'gpt-4o-mini', ok: true, latency_ms: 5, attempts: 1000 });
    await db('routing_task_rollups').insert({ company_id: co.companyId, day: new Date(Date.now() - 40 * 86_400_000), provider_id: provider.id, model: 'gpt-4o-mini', dimension: 'coding', calls: 1, ok: 1, last_at: new Date(Date.now() - 40 * 86_400_000) });

    const activities = createBreakerActivities({ db });
    await activities.writeProviderHealthSnapshots({ windowSeconds: 3600, retentionDays: 7, rollupRetentionMinutes: 120, taskRollupRetentionDays: 31 });
    const snapshot = await db('provider_health_snapshots').where({ provider_id: provider.id }).orderBy('taken_at', 'desc').first();
    // The three-hour-old rollup is outside the one-hour window: 3 successes and a timeout.
    expect(snapshot).toMatchObject({ samples: 4, failures: 1, success_rate: 0.75, p50_latency_ms: 200, p95_latency_ms: 290 });

    expect(await db('routing_attempt_rollups').where({ provider_id: provider.id }).where('minute', '<', new Date(Date.now() - 2 * 3_600_000))).toHaveLength(0);
    expect(await db('routing_attempt_rollups').where({ provider_id: provider.id })).not.toHaveLength(0);
    expect(await db('routing_task_rollups').where({ provider_id: provider.id })).toHaveLength(0);
  });
});

describe('synthetic probes in the rollups (db migration 20261128020001)', () => {
  it('are marked apart from live calls, weighed by the policy weight, and count by their verdict as task evidence', async () => {
    const c = await stack.createCompany({ withSimulator: false });
    const P = randomUUID();
    const ok = (latencyMs: number): Attempt => ({ providerId: P, model: 'm', status: 'SUCCESS', latencyMs });
    const probe = (attempt: Attempt, taskPassed: boolean) => ({ purpose: 'synthetic', cost_usd: attempt.status === 'SUCCESS' ? 0.01 : 0, metadata: JSON.stringify({ taskDimensions: ['coding'], taskPassed }) });
    await stack.container.db('executions').insert([
      // Live: three answered calls at 50, 100 and 200 ms (one tagged coding), 0.002 USD per 100 tokens.
      execution(c.companyId, [ok(50)], { metadata: JSON.stringify({ taskDimensions: ['coding'] }) }),
      ...[100, 200].map((ms) => execution(c.companyId, [ok(ms)])),
      // Probes: answered at 300 ms (passed) and 400 ms (answered, failed its expectation), one failure.
      execution(c.companyId, [ok(300)], probe(ok(300), true)),
      execution(c.companyId, [ok(400)], probe(ok(400), false)),
      execution(c.companyId, [{ providerId: P, model: 'm', status: 'ERROR', errorKind: 'SERVER', latencyMs: 9 }], probe({ providerId: P, model: 'm', status: 'ERROR', latencyMs: 9 }, false)),
    ]);
    const marked = await stack.container.db('routing_attempt_rollups').where({ company_id: c.companyId }).groupBy('synthetic').select('synthetic', stack.container.db.raw('sum(attempts)::int AS n'));
    expect(Object.fromEntries(marked.map((r) => [String(r.synthetic), r.n]))).toEqual({ true: 3, false: 3 });

    stack.container.services.routingMetrics.invalidate(c.companyId);
    const m = await stack.container.services.routingMetrics.forCompany(c.companyId);
    const key = metricsKey(P, 'm');
    expect(m.window).toMatchObject({ samples: 6, syntheticSamples: 3 });
    // Weight 1: every attempt; p50 of 50, 100, 200, 300, 400.
    expect(m.at(1).metrics.get(key)).toMatchObject({ samples: 6, availability: 5 / 6, p50LatencyMs: 200 });
    // Weight 0.5 (the default): 3 + 1.5 samples, (3 + 1) ok; p50 at position 0.5 × (4 − 1) of 50, 100, 200, ½·300, ½·400 → 150.
    expect(m.metrics.get(key)).toMatchObject({ samples: 4.5, availability: 4 / 4.5, p50LatencyMs: 150 });
    expect(m.at(0.5).metrics).toBe(m.metrics); // the same object: a reused decision stays reusable
    // Weight 0: probes left out.
    expect(m.at(0).metrics.get(key)).toMatchObject({ samples: 3, availability: 1, p50LatencyMs: 100 });
    // Cost per token: live 0.006 / 300, probes 0.02 / 200.
    expect(m.at(1).metrics.get(key)!.costPerToken).toBeCloseTo(0.026 / 500, 12);
    expect(m.metrics.get(key)!.costPerToken).toBeCloseTo(0.016 / 400, 12);
    expect(m.at(0).metrics.get(key)!.costPerToken).toBeCloseTo(0.006 / 300, 12);
    // Task evidence: the live call (ok) and three probes of which only the passed one is ok.
    const coding = internalKey(P, 'm', 'coding');
    expect(m.at(1).internal.get(coding)).toMatchObject({ samples: 4, score: 50 });
    expect(m.internal.get(coding)).toMatchObject({ samples: 2.5, score: 60 });
    expect(m.at(0).internal.get(coding)).toMatchObject({ samples: 1, score: 100 });
  });

  it("the migration's backfill moves exactly the probes' counts out of the unmarked rows", async () => {
    const c = await stack.createCompany({ withSimulator: false });
    const P = randomUUID();
    const db = stack.container.db;
    await expect(
      db.transaction(async (trx) => {
        await trx('executions').insert([
          execution(c.companyId, [{ providerId: P, model: 'm', status: 'SUCCESS', latencyMs: 10 }]),
          ...[1, 2].map(() => execution(c.companyId, [{ providerId: P, model: 'm', status: 'SUCCESS', latencyMs: 10 }], { purpose: 'synthetic', cost_usd: 0.01 })),
          execution(c.companyId, [{ providerId: P, model: 'm', status: 'ERROR', errorKind: 'SERVER', latencyMs: 10 }], { purpose: 'synthetic' }),
        ]);
        // The rows as the old trigger left them: probes and live calls counted together, unmarked.
        const { rows } = await trx.raw("SELECT date_trunc('minute', now()) AS minute");
        const minute = rows[0].minute;
        await trx('routing_attempt_rollups').where({ company_id: c.companyId }).delete();
        await trx('routing_cost_rollups').where({ company_id: c.companyId }).delete();
        await trx('routing_attempt_rollups').insert([
          { company_id: c.companyId, minute, provider_id: P, model: 'm', ok: true, latency_ms: 10, synthetic: false, attempts: 3 },
          { company_id: c.companyId, minute, provider_id: P, model: 'm', ok: false, latency_ms: 0, synthetic: false, attempts: 1 },
        ]);
        await trx('routing_cost_rollups').insert({ company_id: c.companyId, minute, provider_id: P, model: 'm', synthetic: false, cost_usd: 0.022, tokens: 300 });

        await trx.raw(BACKFILL);
        const attempts = await trx('routing_attempt_rollups').where({ company_id: c.companyId }).orderBy(['synthetic', 'ok']).select('ok', 'latency_ms', 'synthetic', 'attempts');
        expect(attempts).toEqual([
          { ok: true, latency_ms: 10, synthetic: false, attempts: 1 },
          { ok: false, latency_ms: 0, synthetic: true, attempts: 1 },
          { ok: true, latency_ms: 10, synthetic: true, attempts: 2 },
        ]);
        const cost = await trx('routing_cost_rollups').where({ company_id: c.companyId }).orderBy('synthetic').select('synthetic', 'cost_usd', 'tokens');
        expect(cost.map((r) => ({ synthetic: r.synthetic, cost: Number(r.cost_usd), tokens: Number(r.tokens) }))).toEqual([
          { synthetic: false, cost: 0.002, tokens: 100 },
          { synthetic: true, cost: 0.02, tokens: 200 },
        ]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
  });
});
