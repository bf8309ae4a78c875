import { randomBytes } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Plumbing for the benchmarks: child processes (started as in production, killed on every exit
 * path), free ports, waiting for health, scraping Prometheus text and describing the machine.
 */

export const ROOT = path.resolve(__dirname, '..');

export interface Child {
  name: string;
  proc: ChildProcess;
  logFile: string;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string>;
}

const children = new Set<Child>();

/**
 * Starts `node --import tsx <script>` from the repository root with its stdout and stderr going to
 * `logFile` (a file, not a pipe: draining a pipe would cost the bench process, which also runs
 * the load generator, CPU time the api would not pay in production).
 */
export function startNodeChild(
  name: string,
  script: string,
  env: Record<string, string>,
  logFile: string,
  opts: { ipc?: boolean; nodeArgs?: string[]; cwd?: string } = {},
): Child {
  const fd = openSync(logFile, 'a');
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', script], {
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, ...env },
    stdio: opts.ipc ? ['ignore', fd, fd, 'ipc'] : ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<number | string>((resolve) => {
    proc.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
    proc.once('error', () => resolve('spawn error'));
  });
  const child: Child = { name, proc, logFile, exited };
  children.add(child);
  void exited.then(() => children.delete(child));
  return child;
}

/** SIGTERM (graceful: the api flushes its recorder), then SIGKILL after `graceMs`. */
export async function stopChild(child: Child, graceMs = 10_000): Promise<number | string> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return child.exited;
  child.proc.kill('SIGTERM');
  const timer = setTimeout(() => child.proc.kill('SIGKILL'), graceMs);
  try {
    return await child.exited;
  } finally {
    clearTimeout(timer);
  }
}

export async function stopAllChildren(): Promise<void> {
  await Promise.all([...children].map((c) => stopChild(c, 5_000)));
}

/** Last resort on process exit: synchronous, so only SIGKILL is possible. */
export function killAllChildrenNow(): void {
  for (const c of children) {
    if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
  }
}

export function tailOf(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 2xx; fails early if `child` exits, or after `timeoutMs`. */
export async function waitHealthy(url: string, child: Child, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  let exited: number | string | null = null;
  void child.exited.then((code) => {
    exited = code;
  });
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`${child.name} exited (${exited}) before ${url} answered. Log tail:\n${tailOf(child.logFile)}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await sleep(200);
  }
  throw new Error(`${child.name}: ${url} did not answer within ${timeoutMs} ms (${last}). Log tail:\n${tailOf(child.logFile)}`);
}

/** Rejects after `ms` with a message naming what timed out. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Prometheus text format → `name{labels}` → value (label order as the exporter writes it). */
export function parsePrometheus(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    if (space <= 0) continue;
    const value = Number(line.slice(space + 1));
    if (Number.isFinite(value)) out.set(line.slice(0, space), value);
  }
  return out;
}

/** Sum of every series of `name` whose labels contain all of `labels` (`k="v"` substrings). */
export function metricSum(metrics: Map<string, number>, name: string, labels: string[] = []): number {
  let total = 0;
  for (const [key, value] of metrics) {
    const brace = key.indexOf('{');
    const metric = brace === -1 ? key : key.slice(0, brace);
    if (metric !== name) continue;
    if (labels.every((l) => key.includes(l))) total += value;
  }
  return total;
}

export async function scrapeMetrics(url: string): Promise<Map<string, number>> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  return parsePrometheus(await res.text());
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
}

export function describeMachine(): Machine {
  const cpus = os.cpus();
  let distro = '';
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    distro = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(release)?.[1] ?? '';
  } catch {
    // not Linux, or no os-release
  }
  const speed = cpus[0]?.speed ? ` @ ${(cpus[0].speed / 1000).toFixed(2)} GHz` : '';
  return {
    cpu: `${cpus[0]?.model.trim() ?? 'unknown'}${speed}`,
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}${distro ? ` (${distro})` : ''}`,
  };
}

/** Exact percentile of an already sorted array (nearest rank). */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function median(xs: number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * A distribution-free confidence interval for the median of independent samples: the k-th
 * smallest and the k-th largest value, with k the largest rank for which P(Binomial(n, ½) < k)
 * ≤ (1 − level) / 2. No assumption about the shape of the noise (benchmark noise is skewed and
 * has outliers, which a t-interval would not survive). Null when n is too small for the level
 * (fewer than 6 samples at 95%).
 */
export function medianInterval(xs: number[], level = 0.95): { lo: number; hi: number; coverage: number } | null {
  const n = xs.length;
  const tail = (1 - level) / 2;
  // P(B ≤ j) for B ~ Binomial(n, ½), accumulated term by term (n stays small: rounds of a bench).
  let term = 0.5 ** n;
  let cdf = 0;
  let k = 0;
  for (let j = 0; j < n; j++) {
    cdf += term;
    if (cdf > tail) break;
    k = j + 1; // P(B ≤ j) = P(B < k) ≤ tail
    term = (term * (n - j)) / (j + 1);
  }
  if (k === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  let below = 0;
  term = 0.5 ** n;
  for (let j = 0; j < k; j++) {
    below += term;
    term = (term * (n - j)) / (j + 1);
  }
  return { lo: s[k - 1]!, hi: s[n - k]!, coverage: 1 - 2 * below };
}

/** A plain-text table with right-aligned numeric columns. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)].join('\n');
}

/**
 * An api child as in production (NODE_ENV=production, LOG_LEVEL=warn) on a free port, with a
 * Temporal address where nothing listens (the paths the benches drive never touch Temporal),
 * waited for until /healthz answers. Shared by the benches that need one plain api.
 */
export async function startBenchApi(opts: {
  databaseUrl: string;
  encryptionKey: string;
  simulatorUrl: string;
  logFile: string;
  /** Settings over the defaults above (bench/soak.ts: a real Temporal, the sanitizer, an outbound allowlist). */
  env?: Record<string, string>;
}): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const closedPort = await freePort();
  const child = startNodeChild(
    'api',
    'workers/api.ts',
    {
      NODE_ENV: 'production',
      SESSION_COOKIE_SECURE: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: opts.databaseUrl,
      LOG_LEVEL: 'warn',
      ENCRYPTION_KEY: opts.encryptionKey,
      INTERNAL_JOB_TOKEN: `bench-${randomBytes(24).toString('hex')}`,
      TEMPORAL_ADDRESS: `127.0.0.1:${closedPort}`,
      SIMULATOR_URL: opts.simulatorUrl,
      ...opts.env,
    },
    opts.logFile,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(`${url}/healthz`, child, 60_000);
  return { child, url };
}
