import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../temporal/dev-server';
import { type Stack, type TestCompany, startStack } from '../support/stack';
import { workerEnv } from '../support/worker-process';

/**
 * Issue 21, fault test: the api process (`node --import tsx workers/api.ts`, as `npm run api`) gets
 * SIGTERM while executions are in flight. Every request it had accepted is answered, every answer's
 * execution record is in PostgreSQL once it exits (the recorder flushes on stop), it exits 0, and
 * nothing sent after the signal is taken in.
 */
jest.setTimeout(180_000);
const ROOT = path.resolve(__dirname, '../..');
type Json = Record<string, any>;
let stack: Stack;
let company: TestCompany;
let api: ChildProcess;
let apiUrl: string;
const output: string[] = [];

beforeAll(async () => {
  stack = await startStack();
  company = await stack.createCompany({ withSimulator: true });
  const port = await freePort();
  apiUrl = `http://127.0.0.1:${port}`;
  api = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'workers', 'api.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...workerEnv(stack.config, { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', API_PROCESSES: '1' }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api.stdout?.on('data', (d) => output.push(String(d)));
  api.stderr?.on('data', (d) => output.push(String(d)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ok = await fetch(`${apiUrl}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline || api.exitCode !== null) throw new Error(`api did not start:\n${output.join('').slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

afterAll(async () => {
  if (api && api.exitCode === null) api.kill('SIGKILL');
  await stack?.stop();
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Provider calls the simulator has received for the slow key. */
async function providerCalls(): Promise<number> {
  return (await stack.simStats()).byKey['sim;latency=1500']?.requests ?? 0;
}

/** A slow execution: the caller's own credentials at the simulator with a 1.5 s answer. */
function slowExecute(): Promise<{ status: number; body: Json }> {
  return fetch(`${apiUrl}/api/gateway/execute`, {
    method: 'POST',
    headers: { authorization: `Bearer ${company.gatewayKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      prompt: 'Say hi slowly',
      useClientCredentials: true,
      clientProvider: { type: 'OPENAI', apiKey: 'sim;latency=1500', model: 'gpt-4o-mini', endpoint: `${stack.simulatorUrl}/v1` },
    }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Json }));
}

it('answers every request in flight at SIGTERM, writes their records, refuses what comes after, and exits 0', async () => {
  const exited = new Promise<number | null>((resolve) => api.once('exit', (code) => resolve(code)));
  const simBefore = await providerCalls();
  const inFlight = Array.from({ length: 24 }, slowExecute);
  // Signal the api once it has taken in every request: all 24 provider calls have reached the
  // simulator and are waiting out its 1.5 s.
  await waitUntil(async () => (await providerCalls()) - simBefore >= 24, 30_000);
  api.kill('SIGTERM');
  await waitUntil(async () => /SIGTERM received/.test(output.join('')), 10_000);
  // A new connection (no pooled keep-alive socket): the listening socket is closed, so it is refused.
  const afterSignal = await new Promise<string>((resolve) => {
    const req = http.get(`${apiUrl}/healthz`, { agent: false }, (res) => {
      res.resume();
      resolve(`answered ${res.statusCode}`);
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });

  const answers = await Promise.all(inFlight);
  for (const a of answers) expect(a).toMatchObject({ status: 200, body: { success: true, executionId: expect.any(String) } });
  // Refused (the port is closed) or reset (it was in the kernel's accept queue as the socket closed):
  // either way the api took nothing in.
  expect(['ECONNREFUSED', 'ECONNRESET']).toContain(afterSignal);
  expect(await exited).toBe(0);

  const db = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await db.connect();
  try {
    const ids = answers.map((a) => a.body.executionId as string);
    const { rows } = await db.query('SELECT id FROM executions WHERE id = ANY($1::uuid[])', [ids]);
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
  } finally {
    await db.end();
  }
  expect(output.join('')).toMatch(/SIGTERM received/);
});
