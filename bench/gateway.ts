import { execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { createContainer, createInfrastructure } from '../services/container';
import { SIMULATOR_API_KEY, registerSimulatorProviders } from '../services/providers/simulator-providers';
import { migrateLatest } from '../db/connection';
import { loadConfig } from '../lib/config';
import { randomToken } from '../lib/crypto';
import { type CpuProfile, formatSummary, summarise } from './cpuprofile';
import { type InterleavedResult, interleavedLoad, kindRate, phaseCpuMicros } from './interleaved-load';
import { SCENARIO_POLICY_JSON, seedScenario } from './routing-scenario';
import {
  type Child,
  type Machine,
  ROOT,
  describeMachine,
  freePort,
  killAllChildrenNow,
  median,
  medianInterval,
  sleep,
  metricSum,
  percentile,
  scrapeMetrics,
  startNodeChild,
  stopAllChildren,
  stopChild,
  table,
  waitHealthy,
  withTimeout,
} from './support';

/**
 * `npm run bench:gateway`: the latency Gatehouse adds to an AUTONOMOUS execute over calling the
 * provider (the simulator) directly. See docs/PERFORMANCE.md for what is measured and how.
 *
 * Environment:
 *   BENCH_DURATION_S        seconds per measured run (default 10)
 *   BENCH_WARMUP_S          seconds of warm-up before each measured run (default 3)
 *   BENCH_CONCURRENCY       comma-separated connection counts (default 1,32,128)
 *   BENCH_INFO_CONCURRENCY  concurrencies re-measured with LOG_LEVEL=info (default 1,32; "" skips)
 *   BENCH_PROFILE           0 skips the CPU profiles of the api under load (default 1)
 *   BENCH_PROFILES          one profiled api per entry LOG_LEVEL[:variant] (default warn,info,warn:http-adapter)
 *   BENCH_PROFILE_CONCURRENCY  concurrency of the profiled run (default 32)
 *   BENCH_MAX_NOISE_PCT     a run during which other processes used more CPU than this (% of one core)
 *                           is repeated, up to BENCH_NOISE_RETRIES (default 25 and 3)
 *   BENCH_PROFILE_INTERVAL_US  V8 sampling interval (default 1000, V8's own default)
 *   BENCH_VARIANTS          what-if apis, measured like the real one; each is `+`-joined parts:
 *                           http-adapter (provider calls over node:http, not the openai SDK),
 *                           cluster-N (N api processes), or node flags (--max-semi-space-size=64).
 *                           Default http-adapter,--max-semi-space-size=64,cluster-2,http-adapter+cluster-2;
 *                           "" skips
 *   BENCH_VARIANT_CONCURRENCY  concurrencies of the what-if runs (default 1,32)
 *   BENCH_ADMIN_DATABASE_URL   where to CREATE/DROP the bench database
 *                           (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_OUT_DIR           logs, profile and results.json (default $TMPDIR/gatehouse-bench-<ts>)
 *
 *   BENCH_PIN               1: the api on the last CPU alone, the bench and the simulator on the others (taskset);
 *                           default 1 in the routing comparison when possible, else 0
 *
 * Routing scenario (issue 3): `npm run bench:gateway -- --providers 20 --policy [--rounds N] [--profile]`
 * seeds a second company with N active simulator providers (all OPENAI-compatible, so the provider
 * call costs what the foundation's does) and a saved company-default BALANCED policy with hard
 * constraints, a geofence and weights; its requests name no provider type, so every one runs the
 * engine's full filter + score path over all N providers' models, the breaker gate and the
 * gateway.executed hook. One api process serves both companies. Each round, at every concurrency
 * (BENCH_CONCURRENCY, default 32 in this mode), measures direct, then one interleaved run of both
 * request kinds (bench/interleaved-load.ts; BENCH_DURATION_S default 300, BENCH_WARMUP_S 5,
 * BENCH_PHASE_MS 500, BENCH_PHASE_DISCARD_MS 100), then direct again. The verdict comes from the
 * per-pair differences: MET when a 95% interval of their median is within the budget, NOT MET when
 * it is above, INCONCLUSIVE otherwise. The info, variant and profile runs are skipped; `--profile`
 * adds a CPU profile of the same api for a foundation and a policy request after the rounds.
 */

const env = process.env;
const argv = process.argv.slice(2);
function flag(name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const next = argv[i + 1];
  return next === undefined || next.startsWith('--') ? '' : next;
}
/** `--providers N --policy`: the routing comparison (foundation vs N providers under a default policy). */
const SCENARIO_POLICY = flag('policy') !== undefined;
const SCENARIO_PROVIDERS = flag('providers') === undefined ? (SCENARIO_POLICY ? 20 : 0) : Number(flag('providers'));
const COMPARE = SCENARIO_PROVIDERS > 0 || SCENARIO_POLICY;
/** Rounds of the routing comparison: each is direct, one interleaved run, direct (compareScenario). */
const ROUNDS = flag('rounds') ? Number(flag('rounds')) : 1;
/** `--profile` (with --policy): after the rounds, a CPU profile of the api for each request kind. */
const SCENARIO_PROFILE = flag('profile') !== undefined;
if (COMPARE && (!Number.isInteger(SCENARIO_PROVIDERS) || SCENARIO_PROVIDERS < 1 || SCENARIO_PROVIDERS > 200)) {
  console.error('bench: --providers must be an integer 1..200 (with --policy)');
  process.exit(2);
}
if (COMPARE && (!Number.isInteger(ROUNDS) || ROUNDS < 1)) {
  console.error('bench: --rounds must be a positive integer');
  process.exit(2);
}
/** The added-latency budget of the policy scenario over the foundation at c=32 (issue 3). */
const TARGET_POLICY_EXTRA_MS = 0.5;
// The comparison is one long interleaved run (300 s = 297 pairs of 0.5 s phases after 4 settling
// phases): pairs taken a second apart share the machine's state, separate runs minutes apart do not.
// 180 s gave 95% intervals about ±0.3 ms wide on a 2-core VM; 300 s about ±0.24 ms.
const DURATION_S = positive('BENCH_DURATION_S', COMPARE ? 300 : 10);
const WARMUP_S = positive('BENCH_WARMUP_S', COMPARE ? 5 : 3, true);
/** Phase length of the interleaved comparison and the start of each phase that is not counted. */
const PHASE_MS = positive('BENCH_PHASE_MS', 500);
const PHASE_DISCARD_MS = positive('BENCH_PHASE_DISCARD_MS', 100, true);
/** The direct runs around an interleaved run only anchor the "added" figures: 10 s each is plenty. */
const COMPARE_DIRECT_S = Math.min(DURATION_S, 10);
if (PHASE_DISCARD_MS >= PHASE_MS) fail('BENCH_PHASE_DISCARD_MS must be shorter than BENCH_PHASE_MS');
const CONCURRENCY = list('BENCH_CONCURRENCY', COMPARE ? '32' : '1,32,128');
/**
 * BENCH_PIN=1: the api process gets the last CPU to itself; the bench (autocannon) and the
 * simulator share the others. Keeps the load generator off the api's core, which on a 2-core
 * machine is the largest source of run-to-run spread. Needs taskset (util-linux). Default: on for
 * the routing comparison when the machine can, off for the foundation tables (measured unpinned).
 */
const PIN = env.BENCH_PIN === undefined ? COMPARE && canPin() : env.BENCH_PIN === '1';

function canPin(): boolean {
  return os.cpus().length >= 2 && spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0;
}
const INFO_CONCURRENCY = list('BENCH_INFO_CONCURRENCY', '1,32');
const PROFILES = (env.BENCH_PROFILE === '0' ? '' : (env.BENCH_PROFILES ?? 'warn,info,warn:http-adapter'))
  .split(',')
  .filter(Boolean)
  .map((p) => {
    const [logLevel, variant = ''] = p.split(':');
    return { logLevel: logLevel!, variant };
  });
const PROFILE_CONCURRENCY = positive('BENCH_PROFILE_CONCURRENCY', 32);
const MAX_NOISE_PCT = positive('BENCH_MAX_NOISE_PCT', 25);
const NOISE_RETRIES = positive('BENCH_NOISE_RETRIES', 3, true);
const PROFILE_INTERVAL_US = positive('BENCH_PROFILE_INTERVAL_US', 1000);
const VARIANTS = (env.BENCH_VARIANTS ?? 'http-adapter,--max-semi-space-size=64,cluster-2,http-adapter+cluster-2').split(',').filter(Boolean);
const VARIANT_CONCURRENCY = list('BENCH_VARIANT_CONCURRENCY', '1,32');
const ADMIN_URL = env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STAMP = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
const OUT_DIR = env.BENCH_OUT_DIR ?? path.join(os.tmpdir(), `gatehouse-bench-${STAMP}`);
const DB_NAME = `gatehouse_bench_${STAMP}_${process.pid}`;
const PROMPT = 'Say hello in one short sentence.';
const HEALTH_TIMEOUT_MS = 60_000;
/** The api runs as in production; these satisfy loadConfig's production checks (the secrets are per run). */
const PRODUCTION_ENV = { NODE_ENV: 'production', SESSION_COOKIE_SECURE: 'true' };
/** A freshly started api is driven this long at c=32 first: JIT, connection pools, caches. */
const FRESH_WARMUP_S = 5;
const TARGET_ADDED_P50_MS = 2;
const TARGET_CONCURRENCY = 32;

function positive(name: string, fallback: number, zeroOk = false): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || (!zeroOk && n === 0)) fail(`${name} must be a ${zeroOk ? 'non-negative' : 'positive'} number, got ${raw}`);
  return n;
}

function list(name: string, fallback: string): number[] {
  const raw = env[name] ?? fallback;
  if (raw.trim() === '') return [];
  return raw.split(',').map((s) => {
    const n = Number(s.trim());
    if (!Number.isInteger(n) || n < 1) fail(`${name} must list positive integers, got ${raw}`);
    return n;
  });
}

function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}

const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

// ---------------------------------------------------------------------------------------------
// Database

function dbUrl(name: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let dbCreated = false;

async function createDatabase(): Promise<void> {
  await admin((c) => c.query(`CREATE DATABASE ${DB_NAME}`));
  dbCreated = true;
}

async function dropDatabase(): Promise<void> {
  if (!dbCreated) return;
  dbCreated = false;
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`));
  log(`dropped database ${DB_NAME}`);
}

/** Migrates and creates a company, its simulator-backed providers and a FULL_ACCESS gateway key. */
async function seed(
  databaseUrl: string,
  encryptionKey: string,
  simulatorUrl: string,
): Promise<{ gatewayKey: string; companyId: string; scenario: { gatewayKey: string; companyId: string } | null }> {
  const config = loadConfig({ ...env, ...PRODUCTION_ENV, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, ENCRYPTION_KEY: encryptionKey, DATABASE_POOL_MAX: '2' });
  const container = createContainer(createInfrastructure(config));
  try {
    await migrateLatest(container.db);
    const s = container.services;
    const company = await s.companies.createCompany({ name: `Bench Co ${STAMP}` });
    const { user } = await s.companies.addUser(company.id, {
      email: `bench-${randomToken('', 8).toLowerCase()}@example.test`,
      password: `pw-${randomToken('', 16)}`,
      role: 'ACCOUNT_OWNER',
    });
    await registerSimulatorProviders(s.providers, company.id, simulatorUrl, { userId: user.id });
    const { key } = await s.apiKeys.create(company.id, { name: 'bench key', kind: 'GATEWAY', type: 'FULL_ACCESS' }, { userId: user.id });
    const scenario = COMPARE ? await seedScenario(container, simulatorUrl, SCENARIO_PROVIDERS, SCENARIO_POLICY, STAMP) : null;
    return { gatewayKey: key, companyId: company.id, scenario };
  } finally {
    await container.close();
  }
}

/**
 * BENCH_PIN: the PostgreSQL backends serving the bench database (the api's pool, opened by then)
 * join the bench on the other CPUs, so the api's core runs the api alone. Only this database's
 * backends are touched; they end with the bench. Returns how many were pinned.
 */
async function pinDatabaseBackends(): Promise<number> {
  const pids = await admin((c) => c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [DB_NAME]));
  let pinned = 0;
  for (const { pid } of pids.rows) {
    try {
      execFileSync('taskset', ['-a', '-p', '-c', PIN_CPUS.rest, String(pid)], { stdio: 'ignore' });
      pinned++;
    } catch {
      // not ours to pin (another user's server): the comparison still runs, with more noise
    }
  }
  return pinned;
}

async function countExecutions(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*)::text as n from executions');
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// CPU accounting (Linux /proc): who burns the two cores during a run.

const CLK_TCK = 100;

interface ProcInfo {
  ppid: number;
  comm: string;
  cpuMs: number;
}

/** Every process's parent, name and CPU time (utime + stime), from /proc. */
function scanProcs(): Map<number, ProcInfo> {
  const out = new Map<number, ProcInfo>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      out.set(Number(entry), {
        ppid: Number(fields[1]),
        comm: stat.slice(stat.indexOf('(') + 1, close),
        cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK,
      });
    } catch {
      // the process went away
    }
  }
  return out;
}

/** CPU time of a process and all its descendants (cluster workers). */
function treeCpuMs(procs: Map<number, ProcInfo>, root: number): number {
  if (!procs.has(root)) return Number.NaN;
  const children = new Map<number, number[]>();
  for (const [pid, p] of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    total += procs.get(pid)?.cpuMs ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Machine-wide busy and steal time (all cores), in ms, from the first line of /proc/stat. */
function machineCpuMs(): { busy: number; steal: number } {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = f;
    return { busy: ((user + nice + system + irq + softirq) * 1000) / CLK_TCK, steal: (steal * 1000) / CLK_TCK };
  } catch {
    return { busy: Number.NaN, steal: Number.NaN };
  }
}

interface CpuSnapshot {
  at: number;
  api: number;
  sim: number;
  bench: number;
  pg: number;
  machine: number;
  steal: number;
}

function cpuSnapshot(api: Child | null, sim: Child): CpuSnapshot {
  const u = process.cpuUsage();
  const procs = scanProcs();
  let pg = 0;
  for (const p of procs.values()) if (p.comm === 'postgres') pg += p.cpuMs;
  return {
    at: performance.now(),
    api: api?.proc.pid ? treeCpuMs(procs, api.proc.pid) : Number.NaN,
    sim: sim.proc.pid ? treeCpuMs(procs, sim.proc.pid) : Number.NaN,
    bench: (u.user + u.system) / 1000,
    pg,
    ...(({ busy, steal }) => ({ machine: busy, steal }))(machineCpuMs()),
  };
}

interface CpuShare {
  apiPct: number;
  simPct: number;
  benchPct: number;
  pgPct: number;
  /** Everything else on the machine (other people's builds and tests): noise. */
  otherPct: number;
  stealPct: number;
}

function cpuShare(a: CpuSnapshot, b: CpuSnapshot): CpuShare {
  const wall = b.at - a.at;
  const pct = (x: number, y: number) => (100 * (y - x)) / wall;
  const ours = (Number.isFinite(a.api) ? b.api - a.api : 0) + (b.sim - a.sim) + (b.bench - a.bench) + (b.pg - a.pg);
  return {
    apiPct: pct(a.api, b.api),
    simPct: pct(a.sim, b.sim),
    benchPct: pct(a.bench, b.bench),
    pgPct: pct(a.pg, b.pg),
    otherPct: Math.max(0, (100 * (b.machine - a.machine - ours)) / wall),
    stealPct: pct(a.steal, b.steal),
  };
}

// ---------------------------------------------------------------------------------------------
// Load

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

interface LoadResult {
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  reqPerSec: number;
  /** Exact figures from every 2xx response's own timing (autocannon reports whole milliseconds). */
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  autocannonP50: number;
  autocannonP99: number;
  cpu: CpuShare;
}

let currentLoad: autocannon.Instance | null = null;
/** 2xx answers from the gateway over every run, warm-ups included: each one must be recorded. */
let gatewayOk = 0;
/** Requests autocannon abandons at the end of a run still complete (and are recorded) in the api. */
let abandonedAtMost = 0;

async function load(target: Target, connections: number, durationS: number, cpu: () => CpuSnapshot): Promise<LoadResult> {
  const latencies: number[] = [];
  const before = cpu();
  const result = await withTimeout(
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: target.url,
          method: 'POST',
          headers: target.headers,
          body: target.body,
          connections,
          duration: durationS,
          timeout: 10,
        },
        (err, res) => {
          currentLoad = null;
          if (err) reject(err);
          else resolve(res);
        },
      );
      currentLoad = instance;
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      });
    }),
    (durationS + 60) * 1000,
    `autocannon against ${target.name} (c=${connections})`,
  );
  const after = cpu();
  if (target.name.startsWith('Gatehouse')) {
    abandonedAtMost += connections;
    gatewayOk += result['2xx'];
  }
  const sorted = Float64Array.from(latencies).sort();
  const codes: Record<string, number> = {};
  for (const [code, s] of Object.entries(result.statusCodeStats ?? {})) codes[code] = (s as { count: number }).count;
  const elapsedS = result.duration || durationS;
  const mean = latencies.reduce((a, b) => a + b, 0) / (latencies.length || 1);
  return {
    requests: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: codes,
    reqPerSec: result['2xx'] / elapsedS,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    mean,
    autocannonP50: result.latency.p50,
    autocannonP99: result.latency.p99,
    cpu: cpuShare(before, after),
  };
}

function checkClean(what: string, r: LoadResult): boolean {
  if (r.non2xx === 0 && r.errors === 0 && r.timeouts === 0) return true;
  const bar = '!'.repeat(78);
  console.log(`${bar}\n!!! ${what}: ${r.non2xx} NON-2XX responses, ${r.errors} errors, ${r.timeouts} timeouts; status codes ${JSON.stringify(r.statusCodes)}\n${bar}`);
  return false;
}

// ---------------------------------------------------------------------------------------------
// Api metrics: the api's own view of the time it adds (sub-millisecond resolution).

interface ApiMetrics {
  /** gatehouse_gateway_overhead_seconds: execute() total minus provider time. */
  overheadMeanMs: number;
  overheadCount: number;
  /** Share of executions whose in-process overhead was ≤ 0.5 / 1 / 2 ms (histogram buckets). */
  overheadLe: Record<string, number>;
  /** Koa-level request duration of the route minus the provider call: everything the api adds. */
  httpMeanMs: number;
  providerMeanMs: number;
}

const NO_METRICS: ApiMetrics = { overheadMeanMs: Number.NaN, overheadCount: 0, overheadLe: {}, httpMeanMs: Number.NaN, providerMeanMs: Number.NaN };

async function apiMetricsDelta(metricsUrl: string, run: () => Promise<LoadResult>): Promise<{ load: LoadResult; metrics: ApiMetrics }> {
  const a = await scrapeMetrics(metricsUrl);
  const loadResult = await run();
  const b = await scrapeMetrics(metricsUrl);
  const d = (name: string, labels: string[] = []) => metricSum(b, name, labels) - metricSum(a, name, labels);
  const route = ['route="/api/gateway/execute"', 'status="200"'];
  const provider = ['provider_type="OPENAI"', 'outcome="success"'];
  const overheadCount = d('gatehouse_gateway_overhead_seconds_count');
  const le: Record<string, number> = {};
  for (const bound of ['0.0005', '0.001', '0.002', '0.005']) {
    le[bound] = overheadCount ? d('gatehouse_gateway_overhead_seconds_bucket', [`le="${bound}"`]) / overheadCount : Number.NaN;
  }
  return {
    load: loadResult,
    metrics: {
      overheadMeanMs: (1000 * d('gatehouse_gateway_overhead_seconds_sum')) / overheadCount,
      overheadCount,
      overheadLe: le,
      httpMeanMs: (1000 * d('gatehouse_http_request_duration_seconds_sum', route)) / d('gatehouse_http_request_duration_seconds_count', route),
      providerMeanMs: (1000 * d('gatehouse_provider_call_duration_seconds_sum', provider)) / d('gatehouse_provider_call_duration_seconds_count', provider),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Processes

interface Ctx {
  simulator: Child;
  simulatorUrl: string;
  databaseUrl: string;
  encryptionKey: string;
  gatewayKey: string;
}

async function startSimulator(): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const child = startNodeChild('simulator', 'simulator/main.ts', { SIMULATOR_PORT: String(port), SIMULATOR_HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, path.join(OUT_DIR, 'simulator.log'));
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(`${url}/_sim/health`, child, HEALTH_TIMEOUT_MS);
  return { child, url };
}

/**
 * How an api child is started. A variant is `+`-joined parts: node flags (`--max-semi-space-size=64`)
 * go to node; anything else (http-adapter, cluster-N) selects bench/api-instrumented.ts.
 */
export interface ApiLaunch {
  script: string;
  nodeArgs: string[];
  wrapperVariant: string;
  /** Per-process metrics: with several workers, /metrics answers for one of them only. */
  metrics: boolean;
  describe: string;
}

function apiLaunch(variant: string, instrumented: boolean): ApiLaunch {
  const parts = variant.split('+').filter(Boolean);
  const nodeArgs = parts.filter((p) => p.startsWith('--'));
  const wrapper = parts.filter((p) => !p.startsWith('--')).join('+');
  const script = instrumented || wrapper ? 'bench/api-instrumented.ts' : 'workers/api.ts';
  const describe = [`node ${nodeArgs.join(' ')}${nodeArgs.length ? ' ' : ''}--import tsx ${script}`, wrapper ? `BENCH_API_VARIANT=${wrapper}` : ''].filter(Boolean).join(' ');
  return { script, nodeArgs, wrapperVariant: wrapper, metrics: !/cluster-/.test(wrapper), describe };
}

async function startApiChild(ctx: Ctx, logLevel: string, tag: string, launch: ApiLaunch): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const closedPort = await freePort(); // nothing listens there: AUTONOMOUS never touches Temporal
  const instrumented = launch.script === 'bench/api-instrumented.ts';
  const child = startNodeChild(
    `api (${tag})`,
    launch.script,
    {
      ...PRODUCTION_ENV,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: ctx.databaseUrl,
      LOG_LEVEL: logLevel,
      ENCRYPTION_KEY: ctx.encryptionKey,
      INTERNAL_JOB_TOKEN: randomToken('bench-', 32),
      TEMPORAL_ADDRESS: `127.0.0.1:${closedPort}`,
      SIMULATOR_URL: ctx.simulatorUrl,
      BENCH_API_VARIANT: launch.wrapperVariant,
    },
    path.join(OUT_DIR, `api-${tag}.log`),
    { ipc: instrumented, nodeArgs: launch.nodeArgs },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(`${url}/healthz`, child, HEALTH_TIMEOUT_MS);
  if (PIN && child.proc.pid) {
    // The api (and any cluster workers) on the last CPU; everything the bench started stays on the others.
    const procs = scanProcs();
    const tree = [child.proc.pid];
    for (let i = 0; i < tree.length; i++) for (const [pid, p] of procs) if (p.ppid === tree[i]) tree.push(pid);
    for (const pid of tree) pinTo(pid, PIN_CPUS.api);
  }
  return { child, url };
}

/** The CPU sets of BENCH_PIN=1: the last CPU for the api, the rest for the bench and the simulator. */
const PIN_CPUS = (() => {
  const n = os.cpus().length;
  return { api: String(n - 1), rest: n > 2 ? `0-${n - 2}` : '0' };
})();

/** Sets the CPU affinity of every thread of a process (threads it starts later inherit it). */
function pinTo(pid: number, cpus: string): void {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
  } catch (err) {
    // Thrown, not fail(): the caller's cleanup (children, the bench database) must still run.
    throw new Error(`BENCH_PIN=1: taskset could not pin process ${pid} to CPU ${cpus} (${err instanceof Error ? err.message : err})`);
  }
}

function directTarget(ctx: Ctx): Target {
  // The body the openai SDK sends for a one-message AUTONOMOUS execute (see toChatParams).
  return {
    name: 'simulator (direct)',
    url: `${ctx.simulatorUrl}/v1/chat/completions`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SIMULATOR_API_KEY}` },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: PROMPT }] }),
  };
}

function gatewayTarget(ctx: Ctx, apiUrl: string): Target {
  return {
    name: 'Gatehouse',
    url: `${apiUrl}/api/gateway/execute`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.gatewayKey}` },
    body: JSON.stringify({ prompt: PROMPT, providerType: 'OPENAI' }),
  };
}

async function sanityCheck(target: Target, check: (body: Record<string, unknown>) => string | null): Promise<void> {
  const res = await fetch(target.url, { method: 'POST', headers: target.headers, body: target.body, signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // reported below
  }
  const problem = res.ok ? check(body) : `HTTP ${res.status}`;
  if (problem) throw new Error(`sanity check of ${target.name} failed (${problem}): ${text.slice(0, 500)}`);
}

async function warmAndMeasure(target: Target, c: number, cpu: () => CpuSnapshot, durationS = DURATION_S): Promise<LoadResult> {
  if (WARMUP_S > 0) {
    const w = await load(target, c, WARMUP_S, cpu);
    checkClean(`warm-up of ${target.name} at c=${c}`, w);
  }
  return quietly(`${target.name} c=${c}`, () => load(target, c, durationS, cpu), (r) => r.cpu.otherPct);
}

/**
 * Other people's builds and tests share this machine. A run during which they used more than
 * MAX_NOISE_PCT of a core is repeated (up to NOISE_RETRIES times); the quietest run is kept.
 */
async function quietly<T>(what: string, run: () => Promise<T>, noise: (r: T) => number): Promise<T> {
  let best: T | undefined;
  let bestNoise = Number.POSITIVE_INFINITY;
  for (let attempt = 0; ; attempt++) {
    const r = await run();
    const n = noise(r);
    if (best === undefined || n < bestNoise) {
      best = r;
      bestNoise = n;
    }
    if (n <= MAX_NOISE_PCT) return r;
    if (attempt >= NOISE_RETRIES) {
      log(`${what}: still ${n.toFixed(0)}% CPU of other processes after ${attempt + 1} runs; keeping the quietest (${bestNoise.toFixed(0)}%)`);
      return best;
    }
    log(`${what}: other processes used ${n.toFixed(0)}% CPU during the run (> ${MAX_NOISE_PCT}%): measuring again`);
    await sleep(3000);
  }
}

// ---------------------------------------------------------------------------------------------
// Report

interface Row {
  concurrency: number;
  direct: LoadResult;
  gateway: LoadResult;
  metrics: ApiMetrics;
}

const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');
const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : 'n/a');
const pctOf = (n: number) => (Number.isFinite(n) ? `${(100 * n).toFixed(0)}%` : 'n/a');

function mainTable(rows: Row[]): string {
  return table(
    ['conc', 'direct p50', 'direct p99', 'direct req/s', 'gw p50', 'gw p99', 'gw req/s', 'added p50', 'added p99', 'in-process overhead', 'api adds (Koa)', 'api CPU µs/req', 'non-2xx', 'noise cpu%'],
    rows.map((r) => [
      String(r.concurrency),
      f2(r.direct.p50),
      f2(r.direct.p99),
      f0(r.direct.reqPerSec),
      f2(r.gateway.p50),
      f2(r.gateway.p99),
      f0(r.gateway.reqPerSec),
      f2(r.gateway.p50 - r.direct.p50),
      f2(r.gateway.p99 - r.direct.p99),
      f2(r.metrics.overheadMeanMs),
      f2(r.metrics.httpMeanMs - r.metrics.providerMeanMs),
      f0((r.gateway.cpu.apiPct * 10_000) / r.gateway.reqPerSec),
      String(r.direct.non2xx + r.direct.errors + r.gateway.non2xx + r.gateway.errors),
      `${f0(r.direct.cpu.otherPct)}/${f0(r.gateway.cpu.otherPct)}`,
    ]),
  );
}

function detailTable(rows: Row[]): string {
  return table(
    ['conc', 'direct mean', 'gw mean', 'added mean', 'autocannon p50/p99 direct', 'autocannon p50/p99 gw', 'overhead ≤0.5/1/2 ms', 'cpu% api/sim/bench/pg/OTHER (gw)', 'cpu% sim/bench/OTHER (direct)'],
    rows.map((r) => [
      String(r.concurrency),
      f2(r.direct.mean),
      f2(r.gateway.mean),
      f2(r.gateway.mean - r.direct.mean),
      `${r.direct.autocannonP50}/${r.direct.autocannonP99}`,
      `${r.gateway.autocannonP50}/${r.gateway.autocannonP99}`,
      `${pctOf(r.metrics.overheadLe['0.0005']!)}/${pctOf(r.metrics.overheadLe['0.001']!)}/${pctOf(r.metrics.overheadLe['0.002']!)}`,
      `${f0(r.gateway.cpu.apiPct)}/${f0(r.gateway.cpu.simPct)}/${f0(r.gateway.cpu.benchPct)}/${f0(r.gateway.cpu.pgPct)}/${f0(r.gateway.cpu.otherPct)}`,
      `${f0(r.direct.cpu.simPct)}/${f0(r.direct.cpu.benchPct)}/${f0(r.direct.cpu.otherPct)}`,
    ]),
  );
}

function machineLines(m: Machine): string {
  return [`machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB RAM`, `         Node ${m.node}, ${m.os}`].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Main

let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    currentLoad?.stop();
    await stopAllChildren();
    try {
      await dropDatabase();
    } catch (err) {
      console.error(`bench: could not drop database ${DB_NAME}: ${err instanceof Error ? err.message : err}`);
    }
  })();
  return cleaning;
}

process.on('exit', killAllChildrenNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}: stopping children and dropping the database`);
    const force = setTimeout(() => process.exit(130), 15_000);
    force.unref();
    cleanup().finally(() => process.exit(130));
  });
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const machine = describeMachine();
  const code = gitState();
  console.log('Gatehouse gateway benchmark: latency added to an AUTONOMOUS execute over a direct provider call');
  console.log(machineLines(machine));
  console.log(`code: ${code}`);
  console.log(`runs: ${DURATION_S} s measured after ${WARMUP_S} s warm-up, concurrency ${CONCURRENCY.join(', ')}; api LOG_LEVEL=warn (info re-run at ${INFO_CONCURRENCY.join(', ') || 'none'})`);
  console.log(`logs and results: ${OUT_DIR}\n`);

  const m0 = machineCpuMs();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const background = (machineCpuMs().busy - m0.busy) / 20; // % of one core over 2 s
  const loadavg = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`background CPU before start: ${background.toFixed(0)}% of one core (load average ${loadavg})`);
  if (background > 15) console.log('!!! other processes are busy on this machine: figures will be noisy (see the "noise cpu%" column) !!!');
  if (PIN) {
    if (os.cpus().length < 2) fail('BENCH_PIN=1 needs at least 2 CPUs');
    // Before the simulator starts, so it inherits the bench's CPUs.
    pinTo(process.pid, PIN_CPUS.rest);
    console.log(`pinned: api on CPU ${PIN_CPUS.api}; bench (autocannon), simulator${COMPARE ? " and the bench database's PostgreSQL backends" : ''} on CPU ${PIN_CPUS.rest}`);
  }
  log(`creating database ${DB_NAME}`);
  await createDatabase();
  const databaseUrl = dbUrl(DB_NAME);
  const encryptionKey = Buffer.from(randomToken('', 32)).toString('base64');

  log('starting simulator (node --import tsx simulator/main.ts)');
  const sim = await startSimulator();
  log(`simulator on ${sim.url}; migrating and seeding`);
  const seeded = await seed(databaseUrl, encryptionKey, sim.url);
  const ctx: Ctx = { simulator: sim.child, simulatorUrl: sim.url, databaseUrl, encryptionKey, gatewayKey: seeded.gatewayKey };

  const direct = directTarget(ctx);
  await sanityCheck(direct, (b) => (Array.isArray(b.choices) ? null : 'no choices'));
  let clean = true;

  /** Starts an api child, checks one execute end to end, and warms a fresh process (JIT, pools). */
  const freshApi = async (logLevel: string, tag: string, instrumented = false, variant = '') => {
    const launch = apiLaunch(variant, instrumented);
    log(`starting api (${launch.describe}, LOG_LEVEL=${logLevel})`);
    const api = await startApiChild(ctx, logLevel, tag.replace(/[^A-Za-z0-9_.=+-]/g, '_'), launch);
    const gw = gatewayTarget(ctx, api.url);
    await sanityCheck(gw, (b) => {
      const provider = b.provider as { type?: string } | undefined;
      return b.success === true && provider?.type === 'OPENAI' ? null : 'not a successful OPENAI execution';
    });
    gatewayOk += 1;
    const cpu = () => cpuSnapshot(api.child, sim.child);
    const w = await load(gw, 32, Math.max(WARMUP_S, FRESH_WARMUP_S), cpu);
    clean = checkClean(`process warm-up of api (${tag})`, w) && clean;
    return { ...api, gw, cpu, launch };
  };

  /** Warm-up at the run's concurrency, then the measured run with the api's metrics around it. */
  const measureGateway = async (api: Awaited<ReturnType<typeof freshApi>>, c: number, what: string) => {
    if (WARMUP_S > 0) {
      const w = await load(api.gw, c, WARMUP_S, api.cpu);
      checkClean(`warm-up of ${what} at c=${c}`, w);
    }
    const r = await quietly(
      `${what} c=${c}`,
      () =>
        api.launch.metrics
          ? apiMetricsDelta(`${api.url}/metrics`, () => load(api.gw, c, DURATION_S, api.cpu))
          : load(api.gw, c, DURATION_S, api.cpu).then((l) => ({ load: l, metrics: NO_METRICS })),
      (x) => x.load.cpu.otherPct,
    );
    clean = checkClean(`${what} c=${c}`, r.load) && clean;
    return r;
  };

  if (COMPARE && seeded.scenario) {
    clean = (await compareScenario(seeded.scenario.gatewayKey, direct, freshApi)) && clean;
    const written = await countExecutions(databaseUrl);
    const recordsOk = written >= gatewayOk && written <= gatewayOk + abandonedAtMost;
    console.log(
      `execution records written: ${written} for ${gatewayOk} 2xx gateway responses (+ up to ${abandonedAtMost} abandoned in flight)${recordsOk ? '' : '  <-- MISMATCH'}`,
    );
    if (!clean) {
      console.log('\n!!! SOME RESPONSES WERE NOT 2XX OR FAILED: the figures above are suspect. !!!');
      process.exitCode = 3;
    }
    return;
  }

  const rows: Row[] = [];
  let api = await freshApi('warn', 'warn');
  for (const c of CONCURRENCY) {
    log(`c=${c}: direct`);
    const d = await warmAndMeasure(direct, c, api.cpu);
    clean = checkClean(`direct c=${c}`, d) && clean;
    log(`c=${c}: direct p50 ${f2(d.p50)} ms p99 ${f2(d.p99)} ms ${f0(d.reqPerSec)} req/s; gateway`);
    const { load: g, metrics } = await measureGateway(api, c, 'Gatehouse');
    log(`c=${c}: gateway p50 ${f2(g.p50)} ms p99 ${f2(g.p99)} ms ${f0(g.reqPerSec)} req/s; in-process overhead ${f2(metrics.overheadMeanMs)} ms; noise ${f0(g.cpu.otherPct)}% cpu`);
    rows.push({ concurrency: c, direct: d, gateway: g, metrics });
  }
  await stopChild(api.child);

  // The same runs with access logs on: what one info line per request costs.
  const infoRows: Row[] = [];
  if (INFO_CONCURRENCY.length) {
    api = await freshApi('info', 'info');
    for (const c of INFO_CONCURRENCY) {
      const { load: g, metrics } = await measureGateway(api, c, 'Gatehouse (LOG_LEVEL=info)');
      const d = rows.find((r) => r.concurrency === c)?.direct ?? (await warmAndMeasure(direct, c, api.cpu));
      log(`c=${c} (info): gateway p50 ${f2(g.p50)} ms ${f0(g.reqPerSec)} req/s`);
      infoRows.push({ concurrency: c, direct: d, gateway: g, metrics });
    }
    await stopChild(api.child);
  }

  // What-if apis: the same app with one piece swapped (bench/api-instrumented.ts), measured alike.
  const variantRows: Array<Row & { variant: string }> = [];
  for (const variant of VARIANTS) {
    api = await freshApi('warn', `variant-${variant}`, false, variant);
    for (const c of VARIANT_CONCURRENCY) {
      const { load: g, metrics } = await measureGateway(api, c, `Gatehouse (variant ${variant})`);
      const d = rows.find((r) => r.concurrency === c)?.direct ?? (await warmAndMeasure(direct, c, api.cpu));
      log(`c=${c} (variant ${variant}): gateway p50 ${f2(g.p50)} ms ${f0(g.reqPerSec)} req/s`);
      variantRows.push({ variant, concurrency: c, direct: d, gateway: g, metrics });
    }
    await stopChild(api.child);
  }

  // CPU profiles of the api under load, covering only the measured window.
  const profiles: Array<{ label: string; file: string; text: string }> = [];
  for (const { logLevel, variant } of PROFILES) {
    const label = `LOG_LEVEL=${logLevel}${variant ? `, variant ${variant}` : ''}`;
    const tag = `profiled-${logLevel}${variant ? `-${variant}` : ''}`;
    const p = await freshApi(logLevel, tag, true, variant);
    const { g, file, text } = await profileRun(p, p.gw, label, tag);
    clean = checkClean(`Gatehouse (profiled, ${label}) c=${PROFILE_CONCURRENCY}`, g) && clean;
    await stopChild(p.child);
    profiles.push({ label, file, text });
  }

  const written = await countExecutions(databaseUrl);

  // ------------------------------------------------------------------ report
  console.log('\n==============================================================================');
  console.log('Gatehouse gateway benchmark');
  console.log(machineLines(machine));
  console.log(`code: ${code}`);
  console.log(`load: autocannon ${autocannonVersion()} in the bench process, ${DURATION_S} s per run after ${WARMUP_S} s warm-up;`);
  console.log('      simulator and api are separate node --import tsx child processes; all share the same cores.');
  console.log('latencies in ms, exact (from each response\'s own timing); "added" = gateway minus direct at the same concurrency.');
  console.log('"in-process overhead" = mean of gatehouse_gateway_overhead_seconds (execute() total minus provider call);');
  console.log('"api adds (Koa)" = mean route duration minus mean provider call, from the api\'s own histograms.');
  console.log('"api CPU µs/req" = the api process\'s CPU time (all threads, from /proc) per 2xx response during the run.');
  console.log('"noise cpu%" = CPU used by other processes on the machine during the direct/gateway run (100 = one core).\n');
  console.log('api LOG_LEVEL=warn (no access log lines):');
  console.log(mainTable(rows));
  console.log('');
  console.log(detailTable(rows));
  if (infoRows.length) {
    console.log('\napi LOG_LEVEL=info (one access log line per request, written to a file); direct figures from the warn runs:');
    console.log(mainTable(infoRows));
    for (const r of infoRows) {
      const base = rows.find((x) => x.concurrency === r.concurrency);
      if (base) {
        console.log(
          `  c=${r.concurrency}: access logs cost ${f2(r.gateway.p50 - base.gateway.p50)} ms at p50, ${f0(base.gateway.reqPerSec - r.gateway.reqPerSec)} req/s (${f0((100 * (base.gateway.reqPerSec - r.gateway.reqPerSec)) / base.gateway.reqPerSec)}%)`,
        );
      }
    }
  }

  for (const variant of VARIANTS) {
    const vr = variantRows.filter((r) => r.variant === variant);
    console.log(`\nwhat-if variant "${variant}" (${apiLaunch(variant, false).describe}, LOG_LEVEL=warn); direct figures from the main runs:`);
    console.log(mainTable(vr));
    for (const r of vr) {
      const base = rows.find((x) => x.concurrency === r.concurrency);
      if (base) {
        console.log(
          `  c=${r.concurrency}: p50 ${f2(base.gateway.p50)} → ${f2(r.gateway.p50)} ms, ${f0(base.gateway.reqPerSec)} → ${f0(r.gateway.reqPerSec)} req/s (${r.gateway.reqPerSec >= base.gateway.reqPerSec ? '+' : ''}${f0((100 * (r.gateway.reqPerSec - base.gateway.reqPerSec)) / base.gateway.reqPerSec)}%)`,
        );
      }
    }
  }

  const target = rows.find((r) => r.concurrency === TARGET_CONCURRENCY);
  if (target) {
    const added = target.gateway.p50 - target.direct.p50;
    const met = added <= TARGET_ADDED_P50_MS;
    console.log(
      `\nTARGET p50 added ≤ ${TARGET_ADDED_P50_MS} ms at c=${TARGET_CONCURRENCY}: ${met ? 'MET' : 'NOT MET'} (added p50 ${f2(added)} ms; gateway ${f0(target.gateway.reqPerSec)} req/s)`,
    );
  }
  console.log('peer (docs: /work/shared/NOTES.md): Portkey 1.15.2 on 2 cores adds 1.7 ms at c=1 (433 req/s); c=32: p50 43 ms, 693 req/s.');
  const recordsOk = written >= gatewayOk && written <= gatewayOk + abandonedAtMost;
  console.log(
    `execution records written: ${written} for ${gatewayOk} 2xx gateway responses (+ up to ${abandonedAtMost} requests abandoned in flight at the end of runs)${recordsOk ? '' : '  <-- MISMATCH: the recorder lost or duplicated records'}`,
  );
  if (!clean) console.log('\n!!! SOME RESPONSES WERE NOT 2XX OR FAILED: the figures above are suspect. See the warnings above. !!!');
  for (const p of profiles) {
    console.log(`\nCPU profile of the api, ${p.label} (${p.file}):`);
    console.log(p.text);
  }
  writeFileSync(path.join(OUT_DIR, 'results.json'), JSON.stringify({ machine, code, durationS: DURATION_S, warmupS: WARMUP_S, rows, infoRows, variantRows, written, gatewayOk }, null, 2));
  if (!clean) process.exitCode = 3;
}

// ---------------------------------------------------------------------------------------------
// Routing scenario: the foundation and N providers under a default policy, interleaved.

interface CompareRun {
  round: number;
  concurrency: number;
  loadavg: [number, number, number];
  /** Direct runs just before and just after the interleaved run. */
  direct: [LoadResult, LoadResult];
  interleaved: InterleavedResult;
  /** CPU shares over the whole interleaved run (noise = other processes). */
  cpu: CpuShare;
}

type FreshApi = (logLevel: string, tag: string, instrumented?: boolean) => Promise<{ url: string; child: Child; gw: Target; cpu: () => CpuSnapshot; launch: ApiLaunch }>;

/**
 * A CPU profile of an instrumented api (bench/api-instrumented.ts) while `target` is driven at
 * PROFILE_CONCURRENCY for `durationS`, after a warm-up: only the load window is sampled.
 */
async function profileRun(
  p: { child: Child; cpu: () => CpuSnapshot },
  target: Target,
  label: string,
  tag: string,
  durationS = DURATION_S,
): Promise<{ g: LoadResult; file: string; text: string }> {
  const child = p.child;
  const ipc = (msg: object, expect: string) => {
    const reply = withTimeout(
      (async () => {
        for (;;) {
          const [m] = (await once(child.proc, 'message')) as [{ type: string; message?: string }];
          if (m.type === expect) return m;
          if (m.type === 'profile-error') throw new Error(`profiler: ${m.message}`);
        }
      })(),
      30_000,
      `profiler ${expect}`,
    );
    child.proc.send(msg);
    return reply;
  };
  if (WARMUP_S > 0) await load(target, PROFILE_CONCURRENCY, WARMUP_S, p.cpu);
  log(`profiling the api (${label}) at c=${PROFILE_CONCURRENCY} for ${durationS} s`);
  await ipc({ type: 'profile-start', intervalUs: PROFILE_INTERVAL_US }, 'profile-started');
  const g = await load(target, PROFILE_CONCURRENCY, durationS, p.cpu);
  const file = path.join(OUT_DIR, `api-${tag}-c${PROFILE_CONCURRENCY}.cpuprofile`);
  await ipc({ type: 'profile-stop', file }, 'profile-written');
  const summary = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
  const text = [
    `profiled run: ${f0(g.reqPerSec)} req/s, p50 ${f2(g.p50)} ms (sampling every ${PROFILE_INTERVAL_US} µs costs some throughput); api process CPU ${f0(g.cpu.apiPct)}%`,
    formatSummary(summary, g.ok),
  ].join('\n');
  writeFileSync(path.join(OUT_DIR, `profile-summary-${tag}.json`), JSON.stringify({ label, requests: g.ok, ...summary }, null, 2));
  return { g, file, text };
}

/**
 * The routing comparison: one api serving the foundation company and the scenario company; at
 * each concurrency a direct run, an interleaved run of both request kinds (bench/interleaved-load.ts:
 * phases of BENCH_PHASE_MS alternating A B B A, each response counted in the phase it was sent in),
 * and a direct run again. The verdict is read off the per-pair differences of the p50 latency.
 */
async function compareScenario(scenarioKey: string, direct: Target, freshApi: FreshApi): Promise<boolean> {
  let clean = true;
  const scenarioName = `Gatehouse (${SCENARIO_PROVIDERS} providers${SCENARIO_POLICY ? ' + default policy' : ''})`;
  const api = await freshApi('warn', 'warn-compare', SCENARIO_PROFILE);
  const policyTarget: Target = {
    name: scenarioName,
    url: `${api.url}/api/gateway/execute`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${scenarioKey}` },
    // No providerType: the engine ranks every active provider/model pair of the company.
    body: JSON.stringify({ prompt: PROMPT }),
  };
  await sanityCheck(policyTarget, (b) => {
    if (b.success !== true) return 'not a successful execution';
    if (SCENARIO_POLICY && (b.policyChecked !== true || b.policyName !== 'bench balanced')) return 'the default policy was not applied';
    return null;
  });
  gatewayOk += 1;
  const w = await load(policyTarget, 32, Math.max(WARMUP_S, FRESH_WARMUP_S), api.cpu);
  clean = checkClean(`process warm-up of ${scenarioName}`, w) && clean;
  if (PIN) log(`pinned ${await pinDatabaseBackends()} PostgreSQL backends of ${DB_NAME} to CPU ${PIN_CPUS.rest}`);

  const kinds = [
    { name: 'foundation', headers: api.gw.headers, body: api.gw.body },
    { name: scenarioName, headers: policyTarget.headers, body: policyTarget.body },
  ] as const;
  const apiCpuMs = () => treeCpuMs(scanProcs(), api.child.proc.pid!);
  const interleaved = async (c: number, durationS: number) => {
    const r = await interleavedLoad({
      url: `${api.url}/api/gateway/execute`,
      kinds,
      connections: c,
      durationS,
      phaseMs: PHASE_MS,
      discardMs: PHASE_DISCARD_MS,
      cpuMs: apiCpuMs,
      onInstance: (i) => {
        currentLoad = i;
      },
    });
    gatewayOk += r.total2xx;
    abandonedAtMost += c;
    return r;
  };
  const runs: CompareRun[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const c of CONCURRENCY) {
      const la = os.loadavg() as [number, number, number];
      log(`round ${round} c=${c}: load average ${la.map((l) => l.toFixed(2)).join(' ')}; direct`);
      const d1 = await warmAndMeasure(direct, c, api.cpu, COMPARE_DIRECT_S);
      clean = checkClean(`direct c=${c}`, d1) && clean;
      log(`round ${round} c=${c}: interleaved warm-up ${WARMUP_S} s, then ${DURATION_S} s in phases of ${PHASE_MS} ms`);
      if (WARMUP_S > 0) await interleaved(c, Math.max(WARMUP_S, (4 * PHASE_MS) / 1000));
      const before = api.cpu();
      const r = await interleaved(c, DURATION_S);
      const cpu = cpuShare(before, api.cpu());
      clean = checkCleanInterleaved(`interleaved c=${c}`, r) && clean;
      const d2 = await warmAndMeasure(direct, c, api.cpu, COMPARE_DIRECT_S);
      clean = checkClean(`direct c=${c}`, d2) && clean;
      const extras = r.pairs.map((p) => p.second.p50 - p.first.p50);
      log(
        `round ${round} c=${c}: ${r.pairs.length} pairs; median p50 foundation ${f2(median(r.pairs.map((p) => p.first.p50)))} ms, ` +
          `scenario ${f2(median(r.pairs.map((p) => p.second.p50)))} ms, extra ${f2(median(extras))} ms; noise ${f0(cpu.otherPct)}% cpu`,
      );
      runs.push({ round, concurrency: c, loadavg: la, direct: [d1, d2], interleaved: r, cpu });
    }
  }
  const profiles: string[] = [];
  if (SCENARIO_PROFILE) {
    for (const [kind, target] of [
      ['foundation', api.gw],
      ['policy', policyTarget],
    ] as const) {
      const r = await profileRun(api, target, `${kind} request`, `compare-${kind}`, Math.min(DURATION_S, 20));
      clean = checkClean(`${kind} (profiled) c=${PROFILE_CONCURRENCY}`, r.g) && clean;
      profiles.push(`\nCPU profile of the api, ${kind} request (${r.file}):\n${r.text}`);
    }
  }
  await stopChild(api.child);

  console.log('\n==============================================================================');
  console.log(`Gateway with ${SCENARIO_PROVIDERS} providers${SCENARIO_POLICY ? ' and a default BALANCED policy' : ''} vs the foundation (5 providers, no policy)`);
  console.log(machineLines(describeMachine()));
  console.log(`code: ${gitState()}`);
  console.log(
    `one api process serves both companies; LOG_LEVEL=warn${PIN ? `; api pinned to CPU ${PIN_CPUS.api}, bench, simulator and the database's backends to CPU ${PIN_CPUS.rest}` : ''}.\n` +
      `Interleaved runs of ${DURATION_S} s: phases of ${PHASE_MS} ms alternating foundation/scenario (A B B A ...), requests sent in a\n` +
      `phase's first ${PHASE_DISCARD_MS} ms not counted; a pair = two adjacent phases. "added" = p50 minus the direct p50 (median of the runs\n` +
      'before and after); "extra" = scenario p50 minus foundation p50 of the same pair.\n',
  );
  console.log(
    table(
      ['round', 'conc', 'load avg (1m)', 'direct p50', 'pairs', 'found. p50', 'found. req/s', 'scen. p50', 'scen. req/s', 'extra p50 (median)', 'api µs/req found./scen.', 'noise cpu%'],
      runs.map((r) => {
        const x = r.interleaved;
        return [
          String(r.round),
          String(r.concurrency),
          r.loadavg[0].toFixed(2),
          f2(median(r.direct.map((d) => d.p50))),
          String(x.pairs.length),
          f2(median(x.pairs.map((p) => p.first.p50))),
          f0(kindRate(x.phases, 0)),
          f2(median(x.pairs.map((p) => p.second.p50))),
          f0(kindRate(x.phases, 1)),
          f2(median(x.pairs.map((p) => p.second.p50 - p.first.p50))),
          `${f0(median(x.pairs.map((p) => phaseCpuMicros(p.first))))}/${f0(median(x.pairs.map((p) => phaseCpuMicros(p.second))))}`,
          f0(r.cpu.otherPct),
        ];
      }),
    ),
  );
  const range = (i: ReturnType<typeof medianInterval>, fmt: (x: number) => string) =>
    i ? `[${fmt(i.lo)}, ${fmt(i.hi)}] (${(i.coverage * 100).toFixed(1)}% interval of the median)` : '(too few pairs for an interval)';
  for (const c of CONCURRENCY) {
    const rs = runs.filter((r) => r.concurrency === c);
    const pairs = rs.flatMap((r) => r.interleaved.pairs);
    const directP50 = median(rs.flatMap((r) => r.direct.map((d) => d.p50)));
    const extras = pairs.map((p) => p.second.p50 - p.first.p50);
    const ci = medianInterval(extras);
    const cpuExtras = pairs.map((p) => phaseCpuMicros(p.second) - phaseCpuMicros(p.first)).filter(Number.isFinite);
    const cpuCi = medianInterval(cpuExtras);
    const fAdded = median(pairs.map((p) => p.first.p50)) - directP50;
    const pAdded = median(pairs.map((p) => p.second.p50)) - directP50;
    console.log(`\nc=${c} (${pairs.length} pairs): added p50 foundation ${f2(fAdded)} ms, scenario ${f2(pAdded)} ms (medians over the phases)`);
    console.log(`  extra p50 (scenario − foundation, per pair): median ${f2(median(extras))} ms ${range(ci, f2)}`);
    console.log(
      `  extra api CPU per request (per pair, approximate): median ${f0(median(cpuExtras))} µs ${range(cpuCi, f0)}; × ${c} in flight ≈ ${f2((median(cpuExtras) * c) / 1000)} ms`,
    );
    if (c === TARGET_CONCURRENCY) {
      const verdict = !ci ? 'INCONCLUSIVE' : ci.hi <= TARGET_POLICY_EXTRA_MS ? 'MET' : ci.lo > TARGET_POLICY_EXTRA_MS ? 'NOT MET' : 'INCONCLUSIVE';
      const why =
        verdict === 'MET'
          ? 'the whole interval is within the budget'
          : verdict === 'NOT MET'
            ? 'the whole interval is above the budget'
            : ci
              ? 'the interval straddles the budget: a longer run (BENCH_DURATION_S) or a quieter machine'
              : 'too few pairs: a longer run (BENCH_DURATION_S)';
      console.log(`TARGET extra ≤ ${TARGET_POLICY_EXTRA_MS} ms at c=${c}: ${verdict} (${why})`);
    }
  }
  for (const text of profiles) console.log(text);
  writeFileSync(path.join(OUT_DIR, 'results-compare.json'), JSON.stringify({ providers: SCENARIO_PROVIDERS, policy: SCENARIO_POLICY_JSON, phaseMs: PHASE_MS, runs }, null, 2));
  return clean;
}

function checkCleanInterleaved(what: string, r: InterleavedResult): boolean {
  if (r.non2xx === 0 && r.errors === 0 && r.timeouts === 0) return true;
  const bar = '!'.repeat(78);
  console.log(`${bar}\n!!! ${what}: ${r.non2xx} NON-2XX responses, ${r.errors} errors, ${r.timeouts} timeouts; status codes ${JSON.stringify(r.statusCodes)}\n${bar}`);
  return false;
}

/** The code measured: HEAD plus the files changed in the working tree (others edit concurrently). */
function gitState(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((l) => l.slice(3));
    return dirty.length ? `${head} + uncommitted changes in ${dirty.join(', ')}` : head;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

function autocannonVersion(): string {
  try {
    return (JSON.parse(readFileSync(require.resolve('autocannon/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '';
  }
}

main()
  .catch((err) => {
    console.error(`\nbench failed: ${err instanceof Error ? (err.stack ?? err.message) : err}`);
    process.exitCode = 1;
  })
  .finally(() => cleanup())
  .finally(() => process.exit(process.exitCode ?? 0));
