import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { type Stack, type TestCompany, startStack } from '../support/stack';
import { listenUntilStopped } from '../../workers/http-process';

/**
 * The api's edge (issue 21, items 1 and 5): input no column can hold is a 400 for every route (the
 * four routes where a NUL once answered 500 are tried by name), per-route body limits, security
 * headers, no CORS, Swagger UI under a strict Content-Security-Policy, and slow clients cut off.
 */
type Json = Record<string, any>;
let stack: Stack;
let company: TestCompany;
let session: string;

beforeAll(async () => {
  stack = await startStack();
  company = await stack.createCompany({ withSimulator: true });
  session = await stack.login(company.adminEmail, company.adminPassword);
});
afterAll(async () => {
  await stack?.stop();
});

const call = (method: string, path: string, body?: unknown) => stack.http<Json>(method, path, { token: session, body });

/** A raw body (the http helper serialises objects; these tests need exact bytes). */
async function raw(method: string, path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Json | null, headers: res.headers };
}

describe('input PostgreSQL cannot hold answers 400 on every route, and changes nothing', () => {
  let providerId: string;
  let groupId: string;
  let policyId: string;

  beforeAll(async () => {
    const providers = await call('GET', '/api/v1/providers');
    providerId = providers.body.providers[0].id;
    const group = await call('POST', '/api/v1/provider-groups', { name: 'edge-group', providerIds: [providerId] });
    expect(group.status).toBe(201);
    groupId = group.body.group?.id ?? group.body.id;
    const policy = await call('POST', '/api/v1/routing/policies', { name: 'edge-policy', scope: 'company', policyJson: { strategy: 'LOWEST_COST' } });
    expect(policy.status).toBe(200);
    policyId = policy.body.policy.id;
  });

  it.each([
    ['PATCH', 'a provider', () => `/api/v1/providers/${providerId}`, { name: 'sim\u0000openai' }],
    ['PATCH', 'a provider group', () => `/api/v1/provider-groups/${groupId}`, { description: 'a\u0000b' }],
    ['PATCH', 'a routing policy', () => `/api/v1/routing/policies/${policyId}`, { description: 'x\u0000' }],
    ['POST', 'a batch', () => '/api/v1/batch', { items: [{ id: '1', prompt: 'hello\u0000world' }] }],
    ['POST', 'an execution (in a key)', () => '/api/gateway/execute', { prompt: 'hi', metadata: { 'key\u0000': 1 } }],
  ])('%s %s with a NUL character', async (method, _what, path, body) => {
    const res = await call(method, path(), body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/NUL/);
    expect(res.body.code).toEqual(expect.any(String));
  });

  it('a lone surrogate, a number beyond 2^53, Infinity and deep nesting are refused the same way', async () => {
    const path = `/api/v1/providers/${providerId}`;
    expect((await raw('PATCH', path, '{"name":"a\\ud800b"}')).body).toMatchObject({ error: expect.stringMatching(/surrogate/), code: 'BAD_REQUEST' });
    expect((await raw('PATCH', path, '{"name":"x","models":[{"name":"m","inputPricePerMillion":1e400}]}')).body?.error).toMatch(/finite/);
    expect((await raw('POST', '/api/gateway/execute', '{"prompt":"hi","maxTokens":18014398509481984}')).body?.error).toMatch(/2\^53/);
    const deep = `{"prompt":"hi","variables":{"a":${'['.repeat(100)}1${']'.repeat(100)}}}`;
    expect((await raw('POST', '/api/gateway/execute', deep)).body?.error).toMatch(/deeper than 32/);
    // A NUL in the query string and in a path segment too.
    expect((await call('GET', '/api/v1/audit-logs?action=a%00b')).status).toBe(400);
    expect((await call('GET', '/api/v1/providers/a%00b')).status).toBe(400);
  });

  it('the refused requests left the resources as they were', async () => {
    const provider = await call('GET', `/api/v1/providers/${providerId}`);
    expect(provider.body.provider.name).toEqual(expect.any(String));
    expect(provider.body.provider.name).not.toContain('\u0000');
    const batches = await call('GET', '/api/v1/batch');
    expect(batches.status).toBe(200);
    expect(batches.body.jobs).toEqual([]);
  });
});

describe('body limits per route', () => {
  it('refuses a JSON body over 1 MB on an ordinary route with 413, and accepts a 2 MB one where the route allows documents', async () => {
    const big = 'x'.repeat(2 * 1024 * 1024);
    const tooBig = await raw('POST', '/api/v1/provider-groups', JSON.stringify({ name: 'g', description: big, providerIds: [] }));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const execute = await raw('POST', '/api/gateway/execute', JSON.stringify({ prompt: 'hi', executionMode: 'DRY_RUN', systemPrompt: big }));
    expect(execute.status).toBe(200);
  });
});

describe('headers', () => {
  it('every answer carries the security headers, JSON and errors alike', async () => {
    for (const res of [await call('GET', '/api/auth/me'), await stack.http('GET', '/api/v1/providers'), await stack.http('GET', '/healthz')]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('no CORS: a cross-origin request and its preflight get no Access-Control-Allow-Origin', async () => {
    const preflight = await fetch(`${stack.url}/api/v1/providers`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const get = await fetch(`${stack.url}/api/v1/providers`, { headers: { origin: 'https://evil.example', authorization: `Bearer ${session}` } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('Swagger UI works under the CSP: no inline script, the start-up script is served', async () => {
    const page = await fetch(`${stack.url}/docs`);
    const html = await page.text();
    expect(html).not.toMatch(/<script>/);
    expect(html).toContain('<script src="/docs/init.js"></script>');
    const init = await fetch(`${stack.url}/docs/init.js`);
    expect(init.headers.get('content-type')).toMatch(/javascript/);
    expect(await init.text()).toContain('"/api/openapi.json"');
  });
});

describe('slow clients', () => {
  it('a client that trickles its request head is answered 408 and cut off near the headers timeout', async () => {
    const app = new Koa();
    app.use((ctx) => {
      ctx.body = 'ok';
    });
    const { server, stop } = await listenUntilStopped(app.callback(), 0, '127.0.0.1', async () => {}, { headersMs: 500, requestMs: 2000 });
    try {
      const port = (server.address() as AddressInfo).port;
      const started = Date.now();
      const answer = await new Promise<string>((resolve) => {
        const socket = new (require('node:net').Socket)();
        let data = '';
        socket.connect(port, '127.0.0.1', () => {
          socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
          // ...and never the blank line that ends the head.
        });
        socket.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        socket.on('close', () => resolve(data));
      });
      const elapsed = Date.now() - started;
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(elapsed).toBeGreaterThanOrEqual(450);
      expect(elapsed).toBeLessThan(5000);
      // A well-behaved client is unaffected.
      const ok = await new Promise<number>((resolve) => http.get(`http://127.0.0.1:${port}/`, (res) => resolve(res.statusCode ?? 0)));
      expect(ok).toBe(200);
    } finally {
      await stop();
    }
  });
});

describe('secure-only session cookies', () => {
  it('a sign-in over plain HTTP is a 400 HTTPS_REQUIRED (it was a 500), over HTTPS behind a trusted proxy it sets a Secure cookie', async () => {
    const secure = await startStack({ env: { SESSION_COOKIE_SECURE: 'true', TRUST_PROXY: 'true' } });
    try {
      const co = await secure.createCompany();
      const body = { email: co.adminEmail, password: co.adminPassword };
      const plain = await secure.http<Json>('POST', '/api/auth/login', { body });
      expect([plain.status, plain.body.code]).toEqual([400, 'HTTPS_REQUIRED']);
      const viaProxy = await secure.http<Json>('POST', '/api/auth/login', { body, headers: { 'x-forwarded-proto': 'https' } });
      expect([viaProxy.status, viaProxy.body.token]).toEqual([200, expect.stringMatching(/^ghsess_/)]);
      expect(viaProxy.headers.get('set-cookie')).toMatch(/; secure/i);
    } finally {
      await secure.stop();
    }
  });
});
