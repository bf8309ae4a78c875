import { getEventListeners } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { nodeHttpFetch } from '../../activities/providers/http-fetch';

/**
 * The provider SDKs' transport (activities/providers/http-fetch.ts) must settle like the platform
 * fetch where the SDKs look: an answer (decoded), an abort (the signal's reason, the socket gone)
 * and a socket failure (TypeError 'fetch failed' with the cause), each exactly once.
 */
describe('nodeHttpFetch', () => {
  let server: http.Server;
  let base: string;
  const open = new Set<import('node:net').Socket>();
  let hung = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/hang') {
        hung++;
        return; // never answers: the caller aborts
      }
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const payload = JSON.stringify({ method: req.method, body, auth: req.headers.authorization ?? null });
        if (req.url === '/gzip') {
          res.writeHead(201, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-extra': 'yes' });
          res.end(zlib.gzipSync(payload));
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(payload);
        }
      });
    });
    server.on('connection', (s) => {
      open.add(s);
      s.on('close', () => open.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const s of open) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers with status, headers and the decoded body', async () => {
    const res = await nodeHttpFetch(`${base}/gzip`, { method: 'POST', body: '{"a":1}', headers: { Authorization: 'Bearer k' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-extra')).toBe('yes');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual({ method: 'POST', body: '{"a":1}', auth: 'Bearer k' });
  });

  it('rejects with the signal reason when aborted in flight, and drops the request', async () => {
    const controller = new AbortController();
    const before = hung;
    const pending = nodeHttpFetch(`${base}/hang`, { method: 'POST', body: '{}', signal: controller.signal });
    while (hung === before) await new Promise((r) => setTimeout(r, 5));
    const reason = new Error('caller gave up');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    // The socket the hanging request used is closed, not kept for reuse.
    const deadline = Date.now() + 2000;
    while (open.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(open.size).toBe(0);
  });

  it('rejects at once for a signal aborted before the call', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(nodeHttpFetch(`${base}/x`, { method: 'POST', body: '{}', signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reports a refused connection as TypeError fetch failed with the cause', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await nodeHttpFetch(`http://127.0.0.1:${port}/x`, { method: 'POST', body: '{}', signal: new AbortController().signal }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as TypeError).message).toBe('fetch failed');
    expect(((err as TypeError).cause as { code?: string }).code).toBe('ECONNREFUSED');
  });

  it('leaves no abort listener on a long-lived signal when calls fail', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const signal = new AbortController().signal;
    for (let i = 0; i < 3; i++) await nodeHttpFetch(`http://127.0.0.1:${port}/x`, { method: 'POST', body: '{}', signal }).catch(() => undefined);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('keeps the abort listener only while the call is in flight', async () => {
    const controller = new AbortController();
    const res = await nodeHttpFetch(`${base}/x`, { method: 'POST', body: '{}', signal: controller.signal });
    expect(res.status).toBe(200);
    // Aborting after the answer changes nothing (no late rejection, no destroyed response).
    controller.abort();
    expect(await res.json()).toMatchObject({ method: 'POST' });
  });
});
