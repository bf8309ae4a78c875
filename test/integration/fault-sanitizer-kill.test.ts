import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { freePort } from '../../temporal/dev-server';
import { simulatorProviders } from '../../services/providers/simulator-providers';
import { EN } from '../support/pii-texts';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Issue 21, item 4's missing case: the sanitizer PROCESS is killed (SIGKILL of a real child
 * process, `node workers/sanitizer.ts`, as an OOM killer or a lost host does it) in the middle of a
 * request, not a connection dropped by a proxy (fault-sanitizer.test.ts covers that).
 *
 * Between the api and the sanitizer sits a plain TCP pass-through that only watches the bytes:
 * when the request line of the watched call has been handed to the sanitizer, the test SIGKILLs the
 * sanitizer process. So the process dies holding a request it has received and not answered.
 *
 * - Killed while protecting the prompt: the client gets 503 and the simulator's capture shows no
 *   provider request at all, so no original can have reached one.
 * - Killed while restoring the answer: 503 naming the execution; the provider was called once, with
 *   stand-ins only (no original in its capture), and the stand-in answer is withheld.
 * - Restarted on the same port (nothing restarted in the api): the same request works, originals restored.
 */
jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, '../..');
const KEY = 'sim;id=fault-sanitizer-kill;echo=full';
const ORIGINALS = ['John Miller', 'john.miller@example.com', '+1 415 555 0132'];
const token = randomBytes(24).toString('hex');
const encryptionKey = randomBytes(32).toString('base64');

let stack: Stack;
let company: TestCompany;
let proxy: net.Server;
let sanitizerPort: number;
let sanitizer: { child: ChildProcess; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>; output: string[] } | null = null;
/** A request-line fragment at which the pass-through kills the sanitizer, or null. */
let killOn: string | null = null;
const kills: string[] = [];

async function startSanitizer() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'workers', 'sanitizer.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(sanitizerPort),
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
      DATABASE_POOL_MAX: '4',
      ENCRYPTION_KEY: encryptionKey,
      SANITIZER_API_TOKEN: token,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  sanitizer = { child, exited, output };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the sanitizer exited (${child.exitCode}) before it was ready:\n${output.join('')}`);
    const ok = await fetch(`http://127.0.0.1:${sanitizerPort}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`the sanitizer was not ready in 90 s:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Pipes bytes both ways; SIGKILLs the sanitizer right after handing it a chunk holding `killOn`. */
function startPassThrough(): Promise<number> {
  proxy = net.createServer((client) => {
    const upstream = net.connect(sanitizerPort, '127.0.0.1');
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      const line = chunk.toString('latin1').split('\r\n', 1)[0] ?? '';
      if (killOn && line.includes(killOn) && sanitizer) {
        kills.push(line);
        killOn = null;
        sanitizer.child.kill('SIGKILL');
      }
    });
    upstream.on('data', (d: Buffer) => client.write(d));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', close);
    upstream.on('close', close);
    client.on('error', close);
    client.on('close', close);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve((proxy.address() as net.AddressInfo).port)));
}

beforeAll(async () => {
  sanitizerPort = await freePort();
  await startSanitizer();
  const proxyPort = await startPassThrough();
  stack = await startStack({ env: { SANITIZER_URL: `http://127.0.0.1:${proxyPort}`, SANITIZER_API_TOKEN: token, SANITIZER_TIMEOUT_MS: '5000' } });
  company = await stack.createCompany({ withSimulator: false });
  for (const input of simulatorProviders(stack.simulatorUrl, KEY)) {
    await stack.container.services.providers.create(company.companyId, input, { userId: company.adminUserId });
  }
});

afterAll(async () => {
  if (sanitizer && sanitizer.child.exitCode === null && sanitizer.child.signalCode === null) {
    sanitizer.child.kill('SIGTERM');
    await sanitizer.exited;
  }
  await stack?.stop();
  await new Promise((r) => proxy?.close(r));
});

const providerCalls = async () => (await stack.simStats()).byKey[KEY]?.requests ?? 0;

function execute() {
  return stack.http<any>('POST', '/api/gateway/execute', {
    token: company.gatewayKey,
    body: { providerType: 'OPENAI', prompt: `Summarise: ${EN.text}`, sanitization: { enabled: true } },
  });
}

async function killedDuring(fragment: string) {
  killOn = fragment;
  const callsBefore = await providerCalls();
  const capturesBefore = (await stack.simCaptures()).length;
  const res = await execute();
  const exit = await sanitizer!.exited;
  const sent = (await stack.simCaptures()).slice(capturesBefore).map((c) => c.body);
  return { res, exit, calls: (await providerCalls()) - callsBefore, sent };
}

describe('the sanitizer process is SIGKILLed mid-request', () => {
  it('while protecting the prompt: 503, and the simulator received nothing', async () => {
    const { res, exit, calls, sent } = await killedDuring('/api/v1/sanitize');
    expect(kills.at(-1)).toMatch(/^POST \/api\/v1\/sanitize/);
    expect(exit.signal).toBe('SIGKILL');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: 'SANITIZER_UNAVAILABLE' });
    expect(calls).toBe(0);
    expect(sent).toEqual([]);
  });

  it('while restoring the answer: 503 naming the execution, the provider saw stand-ins only, the answer is withheld', async () => {
    await startSanitizer();
    const { res, exit, calls, sent } = await killedDuring('/restore');
    expect(kills.at(-1)).toMatch(/\/restore/);
    expect(exit.signal).toBe('SIGKILL');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: 'SANITIZER_RESTORE_FAILED', executionId: expect.any(String) });
    expect(calls).toBe(1);
    expect(sent).toHaveLength(1);
    for (const original of ORIGINALS) expect(sent.join('\n')).not.toContain(original);
    expect(JSON.stringify(res.body)).not.toContain('[sim:');
  });

  it('restarted on the same port, with nothing restarted in the api: the same request works', async () => {
    await startSanitizer();
    const res = await execute();
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.result.content).toContain('John Miller');
    expect(res.body.metadata.sanitization).toMatchObject({ applied: true });
    // The provider still saw stand-ins only.
    const last = (await stack.simCaptures()).at(-1)!.body;
    for (const original of ORIGINALS) expect(last).not.toContain(original);
  });
});
