import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simulatorProviders } from '../../services/providers/simulator-providers';
import { EN } from '../support/pii-texts';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Issue 21, fault test: the sanitizer dies in the middle of a request. Between the api and the
 * sanitizer sits a proxy that, when told to, takes a request in and then drops the connection
 * without an answer, which is what the api sees when the sanitizer process is killed mid-request.
 *
 * - Dying while protecting the prompt: 503 SANITIZER_UNAVAILABLE and nothing reaches a provider.
 * - Dying while restoring the answer: the provider has been called (with stand-ins only), so the
 *   answer is withheld (503 SANITIZER_RESTORE_FAILED naming the execution), the stand-in text is not
 *   handed out, and the call is recorded as an ERROR with the provider, tokens and cost.
 * - Back: the same request is protected and restored again, without restarting anything.
 */
jest.setTimeout(120_000);

const KEY = 'sim;id=fault-sanitizer;echo=full';
let stack: Stack;
let company: TestCompany;
let proxy: Server;
let sanitizerUrl = '';
/** Path prefix at which the proxy drops the connection, or null to pass everything. */
let dropAt: string | null = null;
const dropped: string[] = [];

function startProxy(): Promise<string> {
  proxy = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const path = req.url ?? '/';
      if (dropAt && path.includes(dropAt)) {
        dropped.push(path);
        req.socket.destroy();
        return;
      }
      try {
        const upstream = await fetch(sanitizerUrl + path, {
          method: req.method,
          headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k))) as Record<string, string>,
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
        });
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await upstream.arrayBuffer()));
      } catch {
        req.socket.destroy();
      }
    });
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  const proxyUrl = await startProxy();
  stack = await startStack({ sanitizer: true, env: { SANITIZER_URL: proxyUrl, SANITIZER_TIMEOUT_MS: '5000' } });
  sanitizerUrl = stack.sanitizer!.url;
  company = await stack.createCompany({ withSimulator: false });
  for (const input of simulatorProviders(stack.simulatorUrl, KEY)) {
    await stack.container.services.providers.create(company.companyId, input, { userId: company.adminUserId });
  }
});

afterAll(async () => {
  await stack?.stop();
  await new Promise((r) => proxy?.close(r));
});

const providerCalls = async () => (await stack.simStats()).byKey[KEY]?.requests ?? 0;

async function execute() {
  return stack.http<any>('POST', '/api/gateway/execute', {
    token: company.gatewayKey,
    body: { providerType: 'OPENAI', prompt: `Summarise: ${EN.text}`, sanitization: { enabled: true } },
  });
}

async function recordOf(executionId: string) {
  // The recorder writes in batches (EXECUTION_FLUSH_INTERVAL_MS=50 in tests).
  const deadline = Date.now() + 10_000;
  for (;;) {
    const row = await stack.container.db('executions').where({ id: executionId }).first();
    if (row || Date.now() > deadline) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the sanitizer dies mid-request', () => {
  it('while protecting the prompt: 503 and nothing reaches a provider', async () => {
    dropAt = '/api/v1/sanitize';
    const before = await providerCalls();
    const res = await execute();
    dropAt = null;
    expect(dropped.at(-1)).toBe('/api/v1/sanitize');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: 'SANITIZER_UNAVAILABLE' });
    expect(await providerCalls()).toBe(before);
  });

  it('while restoring the answer: the stand-in answer is withheld and the call is recorded as an error', async () => {
    dropAt = '/restore';
    const before = await providerCalls();
    const capturesBefore = (await stack.simCaptures()).length;
    const res = await execute();
    dropAt = null;
    expect(dropped.at(-1)).toMatch(/\/api\/v1\/sessions\/.+\/restore$/);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: 'SANITIZER_RESTORE_FAILED', executionId: expect.any(String) });
    expect(res.body.error).toMatch(/provider answered/);
    // The provider was called once, and saw stand-ins only.
    expect(await providerCalls()).toBe(before + 1);
    const sent = (await stack.simCaptures()).slice(capturesBefore).map((c) => c.body).join('\n');
    for (const original of ['John Miller', 'john.miller@example.com', '+1 415 555 0132']) expect(sent).not.toContain(original);
    // Nothing of the provider's (stand-in) answer is handed out.
    expect(JSON.stringify(res.body)).not.toContain('[sim:');
    const row = await recordOf(res.body.executionId);
    expect(row).toMatchObject({ company_id: company.companyId, status: 'ERROR', error_code: 'RESTORE_FAILED', provider_type: 'OPENAI' });
    expect(Number(row.total_tokens)).toBeGreaterThan(0);
  });

  it('back: the same request is protected and restored', async () => {
    const res = await execute();
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.result.content).toContain('John Miller');
    expect(res.body.metadata.sanitization).toMatchObject({ applied: true });
  });
});
