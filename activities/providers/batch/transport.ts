import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { nodeHttpFetch } from '../http-fetch';

/**
 * The batch clients' SDK transport: the gateway's keep-alive node:http fetch (http-fetch.ts),
 * with two differences that matter for files of tens of megabytes:
 *  - Uploads: openai's files.create sends a FormData, which nodeHttpFetch leaves to the platform
 *    fetch. Here it is encoded once, by the platform's own Response (so the boundary and part
 *    headers are exactly what fetch would send), and sent over keep-alive node:http.
 *  - Downloads: nodeHttpFetch buffers a whole answer, right for small JSON bodies. A GET here is
 *    streamed instead (a batch's output file or results JSONL is read line by line as it
 *    arrives), so reading 50,000 results never holds the whole file. Polls are GETs too; a
 *    streamed small body costs nothing that matters at polling rates.
 */
const AGENT_OPTIONS = { keepAlive: true, maxSockets: 64, scheduling: 'lifo' as const };
const agents = { http: new http.Agent(AGENT_OPTIONS), https: new https.Agent(AGENT_OPTIONS) };

function isFormData(body: unknown): body is FormData {
  // By tag, not instanceof: under jest the SDK's FormData may come from another realm.
  return Object.prototype.toString.call(body) === '[object FormData]';
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function decoderFor(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined {
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip();
  if (encoding === 'deflate') return zlib.createInflate();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  return undefined;
}

/** A web ReadableStream over a node Readable, pulling (so backpressure holds) chunk by chunk. */
function webStream(source: Readable): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      } catch (err) {
        controller.error(new TypeError('fetch failed', { cause: err }));
      }
    },
    cancel() {
      source.destroy();
    },
  });
}

/** A GET whose body streams; otherwise behaves like nodeHttpFetch (errors, aborts, decoding). */
function streamingGet(url: URL, init: RequestInit): Promise<Response> {
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  headers['accept-encoding'] = 'gzip, deflate, br';
  const secure = url.protocol === 'https:';
  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    let body: Readable | undefined;
    const onAbort = () => {
      const reason = abortReason(signal!);
      req.destroy();
      body?.destroy(reason instanceof Error ? reason : undefined);
      if (!settled) {
        settled = true;
        reject(reason);
      }
    };
    const req = (secure ? https : http).request(url, { method: 'GET', headers, agent: secure ? agents.https : agents.http }, (res) => {
      const decoder = decoderFor(String(res.headers['content-encoding'] ?? '').toLowerCase());
      body = decoder ? res.pipe(decoder) : res;
      if (decoder) res.on('error', (err) => decoder.destroy(err));
      // The caller's signal still applies while the body streams; let go of it once it is read.
      body.once('close', () => signal?.removeEventListener('abort', onAbort));
      const responseHeaders = new Headers();
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i]!.toLowerCase();
        if (decoder && (name === 'content-encoding' || name === 'content-length')) continue;
        responseHeaders.append(name, res.rawHeaders[i + 1]!);
      }
      const status = res.statusCode ?? 502;
      const nullBody = status === 204 || status === 205 || status === 304;
      if (nullBody) res.resume();
      settled = true;
      resolve(new Response(nullBody ? null : webStream(body), { status, statusText: res.statusMessage, headers: responseHeaders }));
    });
    req.on('error', (err) => {
      if (settled) return;
      settled = true;
      reject(signal?.aborted ? abortReason(signal) : new TypeError('fetch failed', { cause: err }));
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    req.end();
  });
}

/** A form field name or file name inside a quoted Content-Disposition parameter (as fetch escapes it). */
function quoted(value: string): string {
  return value.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}

/**
 * multipart/form-data bytes of a FormData. Encoding it through `new Response(form)` cost ~0.75 s
 * and twice the memory for a 23 MB, 50,000-line file (the platform streams the blob in small
 * chunks); this copies each part once.
 */
export async function encodeMultipart(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const boundary = `----gatehouse-${randomBytes(16).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of form.entries()) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"`;
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`${head}\r\n\r\n${value}\r\n`));
      continue;
    }
    head += `; filename="${quoted(value.name)}"\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(await value.arrayBuffer()), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function batchFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = typeof input === 'string' ? new URL(input) : input instanceof URL ? input : null;
  const method = (init.method ?? 'GET').toUpperCase();
  if (url !== null && method === 'GET' && (url.protocol === 'http:' || url.protocol === 'https:')) {
    return streamingGet(url, init);
  }
  if (!isFormData(init.body)) return nodeHttpFetch(input, init);
  const { body, contentType } = await encodeMultipart(init.body);
  const headers = new Headers(init.headers);
  headers.set('content-type', contentType);
  return nodeHttpFetch(input, { ...init, body, headers });
}

/**
 * The lines of a streamed body, decoded as UTF-8 (a multi-byte character may straddle chunks),
 * without the line breaks; blank lines are skipped. Holds one chunk and one partial line at a
 * time, so a 50,000-line result file is never one string.
 */
export async function* readLines(body: ReadableStream<Uint8Array> | null): AsyncGenerator<string> {
  if (body === null) return;
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        break;
      }
      pending += decoder.decode(value, { stream: true });
      let start = 0;
      for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n', start)) {
        const line = pending.slice(start, nl).trim();
        start = nl + 1;
        if (line !== '') yield line;
      }
      pending = pending.slice(start);
    }
    pending += decoder.decode();
    const last = pending.trim();
    if (last !== '') yield last;
  } finally {
    // The consumer stopped early (or a line threw): let go of the rest of the download.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
