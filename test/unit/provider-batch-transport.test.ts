import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { batchFetch, encodeMultipart, readLines } from '../../activities/providers/batch/transport';
import { parseMultipart } from '../../simulator/openai-batches';

/** The batch clients' transport: multipart uploads and streamed (possibly compressed) downloads. */

let server: Server;
let url: string;
let lastUpload: { contentType: string; body: Buffer } | undefined;
const LINES = Array.from({ length: 5000 }, (_, i) => JSON.stringify({ custom_id: `c-${i}`, text: 'é'.repeat(i % 7) }));

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST') {
        lastUpload = { contentType: String(req.headers['content-type']), body: Buffer.concat(chunks) };
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      } else if (req.url === '/gzip') {
        res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(`${LINES.join('\n')}\n`));
      } else if (req.url === '/plain') {
        // Written in small pieces: lines straddle chunk boundaries.
        const text = Buffer.from(LINES.join('\n'));
        for (let i = 0; i < text.length; i += 1000) res.write(text.subarray(i, i + 1000));
        res.end();
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function lines(path: string): Promise<string[]> {
  const res = await batchFetch(url + path);
  expect(res.status).toBe(200);
  const out: string[] = [];
  for await (const l of readLines(res.body)) out.push(l);
  return out;
}

it('streams a download line by line', async () => {
  expect(await lines('/plain')).toEqual(LINES);
});

it('decodes a gzip download and drops its encoding headers', async () => {
  const res = await batchFetch(`${url}/gzip`);
  expect(res.headers.get('content-encoding')).toBeNull();
  const out: string[] = [];
  for await (const l of readLines(res.body)) out.push(l);
  expect(out).toEqual(LINES);
});

it('uploads a FormData as multipart over node:http, readable by a multipart parser', async () => {
  const form = new FormData();
  form.append('purpose', 'batch');
  form.append('file', new File(['{"a":1}\n{"b":"ü"}\n'], 'in "x".jsonl', { type: 'application/jsonl' }));
  const res = await batchFetch(`${url}/upload`, { method: 'POST', body: form });
  expect(await res.json()).toEqual({ ok: true });
  const parts = parseMultipart(lastUpload!.body, lastUpload!.contentType);
  expect(parts.map((p) => [p.name, p.filename, p.data.toString()])).toEqual([
    ['purpose', undefined, 'batch'],
    ['file', 'in %22x%22.jsonl', '{"a":1}\n{"b":"ü"}\n'],
  ]);
});

it('encodes like the platform fetch does, byte for byte apart from the boundary', async () => {
  const form = new FormData();
  form.append('purpose', 'batch');
  form.append('file', new File(['data'], 'f.jsonl', { type: 'application/jsonl' }));
  const ours = await encodeMultipart(form);
  const platform = new Response(form);
  const theirs = Buffer.from(await platform.arrayBuffer()).toString();
  const boundaryOf = (contentType: string) => contentType.split('boundary=')[1]!;
  const normalise = (text: string, boundary: string) => text.split(boundary).join('B');
  expect(normalise(ours.body.toString(), boundaryOf(ours.contentType))).toBe(normalise(theirs, boundaryOf(platform.headers.get('content-type')!)));
});

it('a refused connection is fetch failed, as with the platform fetch', async () => {
  await expect(batchFetch('http://127.0.0.1:1/x')).rejects.toMatchObject({ name: 'TypeError', message: 'fetch failed' });
});
