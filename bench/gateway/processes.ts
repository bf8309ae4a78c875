/**
 * The child processes of a run: the simulator and api variants, CPU pinning, the targets and their sanity checks.
 */
import { execFileSync, } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { SIMULATOR_API_KEY, } from '../../services/providers/simulator-providers';
import { randomToken } from '../../lib/crypto';
import {
  type Child,
  freePort,
  sleep,
  startNodeChild,
  waitHealthy,
} from '../support';

import { type CpuSnapshot, scanProcs } from './cpu';
import { DURATION_S, HEALTH_TIMEOUT_MS, PRODUCTION_ENV, MAX_NOISE_PCT, NOISE_RETRIES, OUT_DIR, PIN, PROMPT, WARMUP_S, log } from './config';
import { type LoadResult, type Target, checkClean, load } from './load';

export interface Ctx {
  simulator: Child;
  simulatorUrl: string;
  databaseUrl: string;
  encryptionKey: string;
  gatewayKey: string;
}

export async function startSimulator(): Promise<{ child: Child; url: string }> {
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

export function apiLaunch(variant: string, instrumented: boolean): ApiLaunch {
  const parts = variant.split('+').filter(Boolean);
  const nodeArgs = parts.filter((p) => p.startsWith('--'));
  const wrapper = parts.filter((p) => !p.startsWith('--')).join('+');
  const script = instrumented || wrapper ? 'bench/api-instrumented.ts' : 'workers/api.ts';
  const describe = [`node ${nodeArgs.join(' ')}${nodeArgs.length ? ' ' : ''}--import tsx ${script}`, wrapper ? `BENCH_API_VARIANT=${wrapper}` : ''].filter(Boolean).join(' ');
  return { script, nodeArgs, wrapperVariant: wrapper, metrics: !/cluster-/.test(wrapper), describe };
}

export async function startApiChild(ctx: Ctx, logLevel: string, tag: string, launch: ApiLaunch): Promise<{ child: Child; url: string }> {
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
export const PIN_CPUS = (() => {
  const n = os.cpus().length;
  return { api: String(n - 1), rest: n > 2 ? `0-${n - 2}` : '0' };
})();

/** Sets the CPU affinity of every thread of a process (threads it starts later inherit it). */
export function pinTo(pid: number, cpus: string): void {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
  } catch (err) {
    // Thrown, not fail(): the caller's cleanup (children, the bench database) must still run.
    throw new Error(`BENCH_PIN=1: taskset could not pin process ${pid} to CPU ${cpus} (${err instanceof Error ? err.message : err})`);
  }
}

export function directTarget(ctx: Ctx): Target {
  // The body the openai SDK sends for a one-message AUTONOMOUS execute (see toChatParams).
  return {
    name: 'simulator (direct)',
    url: `${ctx.simulatorUrl}/v1/chat/completions`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SIMULATOR_API_KEY}` },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: PROMPT }] }),
  };
}

export function gatewayTarget(ctx: Ctx, apiUrl: string): Target {
  return {
    name: 'Gatehouse',
    url: `${apiUrl}/api/gateway/execute`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.gatewayKey}` },
    body: JSON.stringify({ prompt: PROMPT, providerType: 'OPENAI' }),
  };
}

export async function sanityCheck(target: Target, check: (body: Record<string, unknown>) => string | null): Promise<void> {
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

export async function warmAndMeasure(target: Target, c: number, cpu: () => CpuSnapshot, durationS = DURATION_S): Promise<LoadResult> {
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
export async function quietly<T>(what: string, run: () => Promise<T>, noise: (r: T) => number): Promise<T> {
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

