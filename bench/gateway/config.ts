/**
 * Command-line flags and BENCH_* settings of `npm run bench:gateway`, and the run's constants (database name, output folder).
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';


export const env = process.env;
export const argv = process.argv.slice(2);
export function flag(name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const next = argv[i + 1];
  return next === undefined || next.startsWith('--') ? '' : next;
}
/** `--providers N --policy`: the routing comparison (foundation vs N providers under a default policy). */
export const SCENARIO_POLICY = flag('policy') !== undefined;
export const SCENARIO_PROVIDERS = flag('providers') === undefined ? (SCENARIO_POLICY ? 20 : 0) : Number(flag('providers'));
export const COMPARE = SCENARIO_PROVIDERS > 0 || SCENARIO_POLICY;
/** Rounds of the routing comparison: each is direct, one interleaved run, direct (compareScenario). */
export const ROUNDS = flag('rounds') ? Number(flag('rounds')) : 1;
/** `--profile` (with --policy): after the rounds, a CPU profile of the api for each request kind. */
export const SCENARIO_PROFILE = flag('profile') !== undefined;
if (COMPARE && (!Number.isInteger(SCENARIO_PROVIDERS) || SCENARIO_PROVIDERS < 1 || SCENARIO_PROVIDERS > 200)) {
  console.error('bench: --providers must be an integer 1..200 (with --policy)');
  process.exit(2);
}
if (COMPARE && (!Number.isInteger(ROUNDS) || ROUNDS < 1)) {
  console.error('bench: --rounds must be a positive integer');
  process.exit(2);
}
/** The added-latency budget of the policy scenario over the foundation at c=32 (issue 3). */
export const TARGET_POLICY_EXTRA_MS = 0.5;
// The comparison is one long interleaved run (300 s = 297 pairs of 0.5 s phases after 4 settling
// phases): pairs taken a second apart share the machine's state, separate runs minutes apart do not.
// 180 s gave 95% intervals about ±0.3 ms wide on a 2-core VM; 300 s about ±0.24 ms.
export const DURATION_S = positive('BENCH_DURATION_S', COMPARE ? 300 : 10);
export const WARMUP_S = positive('BENCH_WARMUP_S', COMPARE ? 5 : 3, true);
/** Phase length of the interleaved comparison and the start of each phase that is not counted. */
export const PHASE_MS = positive('BENCH_PHASE_MS', 500);
export const PHASE_DISCARD_MS = positive('BENCH_PHASE_DISCARD_MS', 100, true);
/** The direct runs around an interleaved run only anchor the "added" figures: 10 s each is plenty. */
export const COMPARE_DIRECT_S = Math.min(DURATION_S, 10);
if (PHASE_DISCARD_MS >= PHASE_MS) fail('BENCH_PHASE_DISCARD_MS must be shorter than BENCH_PHASE_MS');
export const CONCURRENCY = list('BENCH_CONCURRENCY', COMPARE ? '32' : '1,32,128');
/**
 * BENCH_PIN=1: the api process gets the last CPU to itself; the bench (autocannon) and the
 * simulator share the others. Keeps the load generator off the api's core, which on a 2-core
 * machine is the largest source of run-to-run spread. Needs taskset (util-linux). Default: on for
 * the routing comparison when the machine can, off for the foundation tables (measured unpinned).
 */
export const PIN = env.BENCH_PIN === undefined ? COMPARE && canPin() : env.BENCH_PIN === '1';

export function canPin(): boolean {
  return os.cpus().length >= 2 && spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0;
}
export const INFO_CONCURRENCY = list('BENCH_INFO_CONCURRENCY', '1,32');
export const PROFILES = (env.BENCH_PROFILE === '0' ? '' : (env.BENCH_PROFILES ?? 'warn,info,warn:http-adapter'))
  .split(',')
  .filter(Boolean)
  .map((p) => {
    const [logLevel, variant = ''] = p.split(':');
    return { logLevel: logLevel!, variant };
  });
export const PROFILE_CONCURRENCY = positive('BENCH_PROFILE_CONCURRENCY', 32);
export const MAX_NOISE_PCT = positive('BENCH_MAX_NOISE_PCT', 25);
export const NOISE_RETRIES = positive('BENCH_NOISE_RETRIES', 3, true);
export const PROFILE_INTERVAL_US = positive('BENCH_PROFILE_INTERVAL_US', 1000);
export const VARIANTS = (env.BENCH_VARIANTS ?? 'http-adapter,--max-semi-space-size=64,cluster-2,http-adapter+cluster-2').split(',').filter(Boolean);
export const VARIANT_CONCURRENCY = list('BENCH_VARIANT_CONCURRENCY', '1,32');
export const ADMIN_URL = env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const STAMP = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
export const OUT_DIR = env.BENCH_OUT_DIR ?? path.join(os.tmpdir(), `gatehouse-bench-${STAMP}`);
export const DB_NAME = `gatehouse_bench_${STAMP}_${process.pid}`;
export const PROMPT = 'Say hello in one short sentence.';
export const HEALTH_TIMEOUT_MS = 60_000;
/** The api runs as in production; these satisfy loadConfig's production checks (the secrets are per run). */
export const PRODUCTION_ENV = { NODE_ENV: 'production', SESSION_COOKIE_SECURE: 'true' };
/** A freshly started api is driven this long at c=32 first: JIT, connection pools, caches. */
export const FRESH_WARMUP_S = 5;
export const TARGET_ADDED_P50_MS = 2;
export const TARGET_CONCURRENCY = 32;

export function positive(name: string, fallback: number, zeroOk = false): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || (!zeroOk && n === 0)) fail(`${name} must be a ${zeroOk ? 'non-negative' : 'positive'} number, got ${raw}`);
  return n;
}

export function list(name: string, fallback: string): number[] {
  const raw = env[name] ?? fallback;
  if (raw.trim() === '') return [];
  return raw.split(',').map((s) => {
    const n = Number(s.trim());
    if (!Number.isInteger(n) || n < 1) fail(`${name} must list positive integers, got ${raw}`);
    return n;
  });
}

export function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}

export const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

