import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Stack } from './stack';

/** Helpers shared by the batch integration tests and bench/batch.ts. */
export function jsonl(n: number, prefix = 'q'): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) lines.push(JSON.stringify({ id: `${prefix}-${i}`, prompt: `Question {{n}} number ${i}`, variables: { n: String(i) } }));
  return `${lines.join('\n')}\n`;
}

export async function uploadBatch(url: string, token: string, body: string, config: unknown) {
  const form = new FormData();
  form.set('config', JSON.stringify(config));
  form.set('file', new Blob([body], { type: 'application/jsonl' }), 'items.jsonl');
  const res = await fetch(`${url}/api/v1/batch`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

export async function waitForBatch(s: Stack, token: string, batchId: string, done: (b: any) => boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await s.http<any>('GET', `/api/v1/batch/${batchId}`, { token });
    if (done(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`batch ${batchId} not done in ${timeoutMs} ms: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A callback receiver on 127.0.0.1 keeping every request's raw body and headers. */
export async function startReceiver(): Promise<{ url: string; received: Array<{ body: string; headers: Record<string, unknown> }>; close(): Promise<void> }> {
  const received: Array<{ body: string; headers: Record<string, unknown> }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
