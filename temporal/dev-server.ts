import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Connection } from '@temporalio/client';

export interface DevServerOptions {
  cliPath: string;
  port: number;
  /** Web UI port; omitted with headless. */
  uiPort?: number;
  headless?: boolean;
  ip?: string;
  namespace?: string;
  /** SQLite file; without it the server keeps everything in memory. */
  dbFile?: string;
  logFile?: string;
  startTimeoutMs?: number;
}

export interface DevServer {
  address: string;
  uiUrl: string | null;
  process: ChildProcess;
  stop(): Promise<void>;
}

function portAnswers(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The port answering is not enough: wait until the namespace can be described. */
async function waitForNamespace(address: string, namespace: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      const connection = await Connection.connect({ address, connectTimeout: 2000 });
      try {
        await connection.workflowService.describeNamespace({ namespace });
        return;
      } finally {
        await connection.close();
      }
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`temporal server at ${address} is not ready: ${String(err)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `temporal server start-dev` (a real Temporal server on SQLite, with the Web UI) and waits
 * until its frontend answers. The caller owns the process: stop() ends it (SIGTERM, then SIGKILL).
 */
export async function startDevServer(opts: DevServerOptions): Promise<DevServer> {
  const ip = opts.ip ?? '127.0.0.1';
  const args = ['server', 'start-dev', '--port', String(opts.port), '--ip', ip, '--namespace', opts.namespace ?? 'default'];
  if (opts.headless) args.push('--headless');
  else if (opts.uiPort) args.push('--ui-port', String(opts.uiPort));
  if (opts.dbFile) {
    mkdirSync(path.dirname(opts.dbFile), { recursive: true });
    args.push('--db-filename', opts.dbFile);
  }
  args.push('--log-level', 'warn');
  const child = spawn(opts.cliPath, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: false });
  if (opts.logFile) {
    mkdirSync(path.dirname(opts.logFile), { recursive: true });
    const out = createWriteStream(opts.logFile, { flags: 'a' });
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
  } else {
    child.stdout?.resume();
    child.stderr?.resume();
  }
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });

  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  while (!(await portAnswers(opts.port, ip))) {
    if (exited !== null) throw new Error(`temporal server exited with code ${exited} before it was ready`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`temporal server did not answer on ${ip}:${opts.port} in time`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  await waitForNamespace(`${ip}:${opts.port}`, opts.namespace ?? 'default', deadline);

  return {
    address: `${ip}:${opts.port}`,
    uiUrl: opts.headless ? null : `http://${ip === '0.0.0.0' ? '127.0.0.1' : ip}:${opts.uiPort ?? opts.port + 1000}`,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
