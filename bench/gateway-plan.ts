import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { CompletionResult } from '../domain/providers';
import { createContainer, createInfrastructure } from '../services/container';
import type { Principal } from '../domain/principal';
import { registerSimulatorProviders } from '../services/providers/simulator-providers';
import { migrateLatest } from '../db/connection';
import { loadConfig } from '../lib/config';
import { randomToken } from '../lib/crypto';
import { type CpuProfile, formatSummary, summarise } from './cpuprofile';
import { seedScenario } from './routing-scenario';
import { table } from './support';

/**
 * `node --import tsx bench/gateway-plan.ts [--profile]`: the api CPU one AUTONOMOUS execute costs
 * in GatewayService (policy resolution, routing, breaker gate, recording, the gateway.executed
 * hook), in-process and without HTTP or a provider: the registry answers at once with a canned
 * completion. Compares the foundation company (5 simulator providers, providerType OPENAI, no
 * policy) with the routing scenario (20 providers, default BALANCED policy; bench/routing-scenario.ts).
 *
 * Why this matters: at c=32 the api's event loop is saturated, so p50 ≈ 32 × CPU per request;
 * the 0.5 ms budget of issue 3 is ≈ 15 µs of extra CPU per request. bench:gateway measures the
 * real thing end to end; this isolates the gateway service's share so changes can be compared
 * quickly and quietly (CPU time, not wall time, on a shared machine).
 *
 * Environment: BENCH_PLAN_ITERATIONS (default 20000), BENCH_ADMIN_DATABASE_URL.
 */
const ITERATIONS = Number(process.env.BENCH_PLAN_ITERATIONS ?? 20_000);
const PROFILE = process.argv.includes('--profile');
const ADMIN_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STAMP = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
const DB_NAME = `gatehouse_benchplan_${STAMP}_${process.pid}`;
const CANNED: CompletionResult = {
  content: 'Hello there.',
  usage: { promptTokens: 12, completionTokens: 4, totalTokens: 16 },
  finishReason: 'stop',
  model: 'gpt-4o-mini',
  providerLatencyMs: 0,
};

async function admin(sql: string): Promise<void> {
  const c = new Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

function post<T>(s: Session, method: string, params: object = {}): Promise<T> {
  return new Promise((resolve, reject) => s.post(method, params, (err, r) => (err ? reject(err) : resolve(r as T))));
}

async function main(): Promise<void> {
  await admin(`CREATE DATABASE ${DB_NAME}`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DB_NAME}`;
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'warn',
    DATABASE_URL: u.toString(),
    ENCRYPTION_KEY: Buffer.from(randomToken('', 32)).toString('base64'),
    // Nothing listens there: breaker flushes fail and keep their counts, as in bench:gateway.
    TEMPORAL_ADDRESS: '127.0.0.1:1',
  });
  const container = createContainer(createInfrastructure(config));
  try {
    await migrateLatest(container.db);
    container.start(); // the recorder flushes behind, as in the api
    const s = container.services;
    const company = await s.companies.createCompany({ name: 'Plan bench foundation' });
    const { user } = await s.companies.addUser(company.id, { email: `plan-${randomToken('', 6).toLowerCase()}@example.test`, password: `pw-${randomToken('', 16)}`, role: 'ACCOUNT_OWNER' });
    await registerSimulatorProviders(s.providers, company.id, 'http://127.0.0.1:9', { userId: user.id });
    const scenario = await seedScenario(container, 'http://127.0.0.1:9', 20, true, STAMP);
    (s.gateway as any).deps.registry = { complete: async () => ({ ...CANNED }) };
    const principal = (companyId: string): Principal => ({
      via: 'api_key',
      companyId,
      userId: null,
      role: null,
      permissions: new Set(),
      features: new Set(),
      apiKey: { id: '00000000-0000-4000-8000-000000000000', kind: 'GATEWAY', type: 'FULL_ACCESS', scopes: [] },
    });
    const cases = [
      { name: 'foundation (5 providers, providerType OPENAI, no policy)', p: principal(company.id), req: { prompt: 'Say hello in one short sentence.', providerType: 'OPENAI', executionMode: 'AUTONOMOUS' } },
      { name: '20 providers + default BALANCED policy', p: principal(scenario.companyId), req: { prompt: 'Say hello in one short sentence.', executionMode: 'AUTONOMOUS' } },
    ];
    const rows: string[][] = [];
    const session = PROFILE ? new Session() : null;
    session?.connect();
    for (const round of [1, 2, 3]) {
      const policy = (await s.routing.defaultPolicy(scenario.companyId))!.policy;
      const steps = cases.flatMap((c) => (c === cases[1] ? [['decide', c], ['plan', c], ['execute', c]] : [['plan', c], ['execute', c]]) as Array<[string, (typeof cases)[number]]>);
      for (const [what, c] of steps) {
        const gw = s.gateway as any;
        const run =
          what === 'decide'
            ? () => s.routing.decide(c.p, policy, { rotationKey: 'bench', specializations: [], profile: null, explain: 0 })
            : what === 'plan'
              ? () => gw.plan(c.p, c.req, [], false)
              : () => gw.execute(c.p, c.req, undefined);
        for (let i = 0; i < 2000; i++) await run(); // warm-up: JIT, caches
        const profiling = session && round === 2 && what === (process.env.BENCH_PLAN_PROFILE_STEP ?? 'plan');
        if (profiling) {
          await post(session, 'Profiler.enable');
          await post(session, 'Profiler.setSamplingInterval', { interval: 100 });
          await post(session, 'Profiler.start');
        }
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        for (let i = 0; i < ITERATIONS; i++) await run();
        const wall = performance.now() - t0;
        const cpu = process.cpuUsage(cpu0);
        if (profiling) {
          const { profile } = await post<{ profile: CpuProfile }>(session, 'Profiler.stop');
          const file = path.join(os.tmpdir(), `gateway-plan-${STAMP}.cpuprofile`);
          writeFileSync(file, JSON.stringify(profile));
          console.log(`profile: ${file}`);
          console.log(formatSummary(summarise(profile), ITERATIONS));
        }
        rows.push([String(round), what, c.name, ((1000 * wall) / ITERATIONS).toFixed(1), (((cpu.user + cpu.system) / ITERATIONS)).toFixed(1)]);
      }
    }
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${ITERATIONS} executes per row`);
    console.log(table(['round', 'step', 'case', 'wall µs/execute', 'CPU µs/execute (process, all threads)'], rows));
  } finally {
    await container.close().catch(() => {});
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
