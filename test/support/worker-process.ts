import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Config } from '../../lib/config';

/**
 * A real Gatehouse worker in a process of its own (`node --import tsx workers/worker.ts`), for
 * tests that must kill a worker the way production loses one: SIGKILL, no drain, no shutdown
 * hook. The in-process worker of test/support/stack.ts can only be stopped gracefully
 * (Worker.shutdown() lets in-flight activities finish), which proves nothing about a crash.
 */
const ROOT = path.resolve(__dirname, '../..');

export interface WorkerProcess {
  pid: number;
  /** Every stdout/stderr line the worker wrote (pino JSON at LOG_LEVEL), for failure messages. */
  output: string[];
  /** SIGKILL: the process dies with its activities in flight. Resolves once it has exited. */
  kill(): Promise<void>;
  /** SIGTERM, as `npm run worker` gets from an orchestrator (Worker.run() drains, then exits). */
  stop(): Promise<void>;
}

/**
 * The environment a worker process needs to serve the same Gatehouse as a test stack: every
 * setting of its parsed config (so the worker sees the same database, Temporal queue, simulator
 * and ENCRYPTION_KEY as the api that stored the providers), then `env` overrides.
 */
export function workerEnv(config: Config, env: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(config)) {
    // Upper-case names are the raw settings; camelCase ones (holdExpiryMs...) are derived from them.
    if (!/^[A-Z][A-Z0-9_]*$/.test(name) || value === undefined || value === null) continue;
    out[name] = String(value);
  }
  return { ...out, ...env };
}

/**
 * Spawns a worker and resolves once it logged 'Gatehouse worker running' (created: connected to
 * Temporal and PostgreSQL, its schedules ensured; Worker.run() polls right after). Rejects if
 * the process exits or stays silent for `startTimeoutMs`.
 */
export async function spawnWorkerProcess(config: Config, opts: { env?: Record<string, string>; startTimeoutMs?: number } = {}): Promise<WorkerProcess> {
  const bundlePath = process.env.WORKFLOW_BUNDLE_PATH;
  if (!bundlePath) throw new Error('WORKFLOW_BUNDLE_PATH is not set: run integration tests through jest (test/setup/global-setup.ts)');
  const env = workerEnv(config, {
    // The readiness line is logged at info.
    LOG_LEVEL: 'info',
    WORKFLOW_BUNDLE_PATH: bundlePath,
    ...opts.env,
  });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'workers', 'worker.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let onLine: ((line: string) => void) | null = null;
  const collect = (stream: NodeJS.ReadableStream | null) => {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        output.push(line);
        onLine?.(line);
      }
    });
  };
  collect(child.stdout);
  collect(child.stderr);

  const startTimeoutMs = opts.startTimeoutMs ?? 60_000;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`worker process not ready in ${startTimeoutMs} ms:\n${output.slice(-20).join('\n')}`)), startTimeoutMs);
      onLine = (line) => {
        if (line.includes('Gatehouse worker running')) {
          clearTimeout(timer);
          resolve();
        }
      };
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`worker process exited (code ${code}, signal ${signal}) before it was ready:\n${output.slice(-20).join('\n')}`));
      });
    });
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
    throw err;
  } finally {
    onLine = null;
  }

  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    await exited;
  };
  return {
    pid: child.pid ?? -1,
    output,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}
