import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../temporal/dev-server';

/**
 * `npm start` end to end: scripts/dev-stack.ts as a child process on free ports, with its own
 * Temporal dev server, a fresh database and a data directory in a temp dir. It must print the demo
 * credentials, the printed key must execute a prompt, and Ctrl-C (SIGINT) must stop every process
 * it started and exit 0.
 */
const ROOT = path.resolve(__dirname, '../..');
jest.setTimeout(180_000);

const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `gatehouse_e2e_${Date.now()}_${process.pid}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-e2e-'));
let ports: { api: number; sim: number; temporal: number; ui: number; sanitizer: number };
let stack: ChildProcess;
let output = '';
let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

async function uniquePorts(n: number): Promise<number[]> {
  const found = new Set<number>();
  while (found.size < n) found.add(await freePort());
  return [...found];
}

function waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const match = output.match(pattern);
      if (match) {
        clearInterval(timer);
        resolve(match);
      } else if (stack.exitCode !== null || Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error(`did not see ${pattern} (exit ${stack.exitCode}); output so far:\n${output}`));
      }
    }, 100);
  });
}

/** Every live descendant of a pid (Linux /proc). */
function descendants(rootPid: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(entry), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const result: number[] = [];
  const walk = (pid: number) => {
    for (const [child, ppid] of parent) {
      if (ppid === pid) {
        result.push(child);
        walk(child);
      }
    }
  };
  walk(rootPid);
  return result;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie still answers kill(0); it has exited all the same.
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

beforeAll(async () => {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;

  // Every port free and unique, so a Gatehouse already running on this machine does not collide.
  const [api, sim, temporal, ui, sanitizer] = await uniquePorts(5);
  ports = { api: api!, sim: sim!, temporal: temporal!, ui: ui!, sanitizer: sanitizer! };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    NO_COLOR: '1',
    DATABASE_URL: url.toString(),
    GATEHOUSE_DATA_DIR: dataDir,
    PORT: String(ports.api),
    SIMULATOR_PORT: String(ports.sim),
    TEMPORAL_PORT: String(ports.temporal),
    TEMPORAL_UI_PORT: String(ports.ui),
    SANITIZER_PORT: String(ports.sanitizer),
  };
  // What the jest setup exported must not leak in: the stack starts its own Temporal and bundles
  // its own workflows, as `npm start` does.
  for (const name of ['TEMPORAL_ADDRESS', 'SIMULATOR_URL', 'SANITIZER_URL', 'WORKFLOW_BUNDLE_PATH', 'PUBLIC_URL', 'HOST']) delete env[name];
  stack = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'dev-stack.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stack.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  stack.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  exited = new Promise((resolve) => stack.once('exit', (code, signal) => resolve({ code, signal })));
});

afterAll(async () => {
  if (stack && stack.exitCode === null && stack.signalCode === null) {
    for (const pid of descendants(stack.pid!)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    stack.kill('SIGKILL');
  }
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
});

it('starts everything, prints working credentials, and stops cleanly on Ctrl-C', async () => {
  const [, key] = await waitFor(/Gateway key\s+(gh_\S+)/, 150_000);
  const [, password] = await waitFor(/Admin password\s+(\S+)/, 1000);
  await waitFor(/Ctrl-C stops everything\./, 1000);
  expect(output).toContain(`http://127.0.0.1:${ports.api}/docs`);
  expect(output).toContain(`http://127.0.0.1:${ports.ui}`);
  expect(output).toContain(`curl -s -X POST http://127.0.0.1:${ports.api}/api/gateway/execute -H 'Authorization: Bearer ${key}'`);

  // The credentials file is the only copy of the key: private to the user.
  const credentialsFile = path.join(dataDir, 'demo-credentials.json');
  expect(statSync(credentialsFile).mode & 0o777).toBe(0o600);
  const creds = JSON.parse(readFileSync(credentialsFile, 'utf8'));
  expect(creds).toMatchObject({ gatewayKey: key, adminEmail: 'admin@gatehouse.local', adminPassword: password, companyName: 'Demo Company' });
  expect(existsSync(path.join(dataDir, 'temporal.sqlite'))).toBe(true);

  const res = await fetch(`http://127.0.0.1:${ports.api}/api/gateway/execute`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'Hello' }),
  });
  const body = (await res.json()) as Record<string, any>;
  expect(res.status).toBe(200);
  expect(body.success).toBe(true);
  expect(body.result.content).toContain('Hello');

  const login = await fetch(`http://127.0.0.1:${ports.api}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@gatehouse.local', password }),
  });
  expect(login.status).toBe(200);
  expect((await fetch(`http://127.0.0.1:${ports.api}/api/openapi.json`)).status).toBe(200);
  expect((await fetch(`http://127.0.0.1:${ports.ui}/`)).status).toBe(200);

  // Let the worker finish bundling the workflows, so shutdown drains a running worker.
  await waitFor(/Gatehouse worker running/, 120_000);

  // The prompt library as a new user finds it: the demo prompts, one executed by promptId, its test set run.
  const api = (method: string, p: string, b?: unknown) =>
    fetch(`http://127.0.0.1:${ports.api}${p}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) }).then(
      async (r) => ({ status: r.status, body: (await r.json()) as Record<string, any> }),
    );
  const library = await api('GET', '/api/v1/prompts?query=Support%20reply');
  expect(library.status).toBe(200);
  const support = library.body.prompts[0];
  expect(support).toMatchObject({ name: 'Support reply', variables: ['message', 'company'] });
  const stored = await api('POST', '/api/gateway/execute', { metadata: { promptId: support.promptId }, variables: { company: 'Acme', message: 'Where is order 42?' } });
  expect(stored.status).toBe(200);
  expect(stored.body.result.content).toContain('Where is order 42?');
  const started = await api('POST', `/api/v1/prompts/${support.promptId}/test-runs`, {});
  expect(started.status).toBe(202);
  const deadline = Date.now() + 60_000;
  let run = started.body.run;
  while (run.status !== 'COMPLETED' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    run = (await api('GET', `/api/v1/prompts/${support.promptId}/test-runs/${run.id}`)).body.run;
  }
  expect(run).toMatchObject({ status: 'COMPLETED', passed: 1, total: 1 });

  const children = descendants(stack.pid!);
  expect(children.length).toBeGreaterThanOrEqual(4); // temporal, simulator, api, worker
  const signalledAt = Date.now();
  stack.kill('SIGINT');
  const { code, signal } = await exited;
  expect(Date.now() - signalledAt).toBeLessThan(20_000);
  expect({ code, signal }).toEqual({ code: 0, signal: null });
  expect(output).toMatch(/stopping api[\s\S]*stopping worker[\s\S]*stopping simulator[\s\S]*stopping Temporal[\s\S]*stopped/);
  // Every process it started is gone and no port is left open.
  await new Promise((r) => setTimeout(r, 200));
  expect(children.filter(alive)).toEqual([]);
  for (const port of Object.values(ports)) expect(await portAnswers(port)).toBe(false);

  // The api flushed the execution record before the database went away.
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const db = new Client({ connectionString: url.toString() });
  await db.connect();
  try {
    const { rows } = await db.query('select status from executions where id = $1', [body.executionId]);
    expect(rows).toEqual([{ status: 'SUCCESS' }]);
  } finally {
    await db.end();
  }
});
