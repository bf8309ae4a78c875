import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { Client as PgClient } from 'pg';
import { migrateLatest } from '../db/connection';
import { loadConfig } from '../lib/config';
import { randomToken } from '../lib/crypto';
import { createContainer, createInfrastructure } from '../services/container';
import { registerSimulatorProviders } from '../services/providers/simulator-providers';
import { describeMachine, freePort, killAllChildrenNow, startBenchApi, startNodeChild, stopAllChildren, table, waitHealthy } from './support';

/**
 * `npm run bench:mcp`: what the agent-tool endpoint adds to an execution. The same prompt is run
 * as a direct POST /api/gateway/execute and as a JSON-RPC tools/call of execute_prompt on
 * /api/v1/mcp, alternately in rounds, against one api process and the provider simulator (both
 * children, as in production), over a fresh PostgreSQL database. Also measured: ping (the
 * endpoint's floor: auth + JSON-RPC) and check_security (a tools/call that calls no provider).
 *
 * A tools/call does more than the direct execute by design: the quota reservation (one
 * conditional UPDATE), the mcp.tool.execute audit row (one INSERT, in the request: an audited
 * action must not succeed without its entry) and, when tokens were used, the token counter UPDATE.
 * The overhead printed is the difference of the medians of the per-round p50s.
 *
 *   BENCH_DURATION_S   seconds per measured run (default 8)
 *   BENCH_CONCURRENCY  comma-separated connection counts (default 1,16)
 *   BENCH_ROUNDS       alternating rounds (default 3)
 *   BENCH_ADMIN_DATABASE_URL  where to CREATE/DROP the bench database (default postgres://postgres@127.0.0.1:5432/postgres)
 */
const env = process.env;
const DURATION = Number(env.BENCH_DURATION_S ?? 8);
const CONCURRENCY = (env.BENCH_CONCURRENCY ?? '1,16').split(',').map(Number).filter((n) => n > 0);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 3);
const ADMIN_URL = env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OUT_DIR = path.join(tmpdir(), `gatehouse-bench-mcp-${Date.now()}`);
const DB_NAME = `gatehouse_bench_mcp_${Date.now()}`;
const PROMPT = 'Summarise the benefits of an AI gateway in one sentence.';
const log = (line: string) => process.stdout.write(`[bench:mcp] ${line}\n`);

async function admin<T>(fn: (c: PgClient) => Promise<T>): Promise<T> {
  const c = new PgClient({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

interface Kind {
  name: string;
  path: string;
  body: string;
}

const rpcCall = (name: string, args: Record<string, unknown>) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });

const KINDS: Kind[] = [
  { name: 'direct POST /api/gateway/execute', path: '/api/gateway/execute', body: JSON.stringify({ prompt: PROMPT, model: 'gpt-4o-mini' }) },
  { name: 'MCP tools/call execute_prompt', path: '/api/v1/mcp', body: rpcCall('execute_prompt', { prompt: PROMPT, model: 'gpt-4o-mini' }) },
  { name: 'MCP ping', path: '/api/v1/mcp', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) },
  { name: 'MCP tools/call check_security', path: '/api/v1/mcp', body: rpcCall('check_security', { prompt: PROMPT }) },
];

async function run(url: string, key: string, kind: Kind, connections: number, seconds: number) {
  const result = await autocannon({
    url: url + kind.path,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}` },
    body: kind.body,
  });
  const bad = result.non2xx + result.errors;
  if (bad) throw new Error(`${kind.name}: ${bad} failed requests of ${result.requests.total}`);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  await admin((c) => c.query(`CREATE DATABASE ${DB_NAME}`));
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${DB_NAME}`;
  const databaseUrl = dbUrl.toString();
  const encryptionKey = randomBytes(32).toString('base64');
  try {
    const simPort = await freePort();
    const sim = startNodeChild('simulator', 'simulator/main.ts', { SIMULATOR_PORT: String(simPort), SIMULATOR_HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, path.join(OUT_DIR, 'simulator.log'));
    const simulatorUrl = `http://127.0.0.1:${simPort}`;
    await waitHealthy(`${simulatorUrl}/_sim/health`, sim, 60_000);

    const config = loadConfig({ ...env, NODE_ENV: 'production', SESSION_COOKIE_SECURE: 'true', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, ENCRYPTION_KEY: encryptionKey, DATABASE_POOL_MAX: '2' });
    const container = createContainer(createInfrastructure(config));
    let key: string;
    try {
      await migrateLatest(container.db);
      const s = container.services;
      const company = await s.companies.createCompany({ name: 'Bench MCP Co' });
      const { user } = await s.companies.addUser(company.id, { email: `bench-${randomToken('', 8).toLowerCase()}@example.test`, password: `pw-${randomToken('', 16)}`, role: 'ACCOUNT_OWNER' });
      await registerSimulatorProviders(s.providers, company.id, simulatorUrl, { userId: user.id });
      key = (await s.apiKeys.create(company.id, { name: 'bench key', kind: 'GATEWAY', type: 'FULL_ACCESS' }, { userId: user.id })).key;
    } finally {
      await container.close();
    }

    const { url } = await startBenchApi({ databaseUrl, encryptionKey, simulatorUrl, logFile: path.join(OUT_DIR, 'api.log') });

    log(`machine: ${JSON.stringify(describeMachine())}`);
    log(`warm-up: 3 s of each kind at c=16`);
    for (const kind of KINDS) await run(url, key, kind, 16, 3);

    const rows: string[][] = [];
    for (const c of CONCURRENCY) {
      const samples = new Map<string, Array<{ p50: number; p99: number; rps: number }>>(KINDS.map((k) => [k.name, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const kind of KINDS) samples.get(kind.name)!.push(await run(url, key, kind, c, DURATION));
      }
      const direct = median(samples.get(KINDS[0]!.name)!.map((s) => s.p50));
      for (const kind of KINDS) {
        const s = samples.get(kind.name)!;
        const p50 = median(s.map((x) => x.p50));
        rows.push([String(c), kind.name, p50.toFixed(2), median(s.map((x) => x.p99)).toFixed(2), median(s.map((x) => x.rps)).toFixed(0), kind === KINDS[1] ? `+${(p50 - direct).toFixed(2)}` : '']);
      }
      log(`c=${c} done`);
    }
    process.stdout.write(`\n${table(['c', 'request', 'p50 ms', 'p99 ms', 'req/s', 'MCP overhead p50 ms'], rows)}\n`);
    log(`medians of ${ROUNDS} alternating rounds of ${DURATION} s; logs in ${OUT_DIR}`);
  } finally {
    await stopAllChildren();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)).catch(() => {});
  }
}

main().catch((err) => {
  killAllChildrenNow();
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
