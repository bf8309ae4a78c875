import http from 'node:http';
import https from 'node:https';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * The transport the provider SDKs use: a `fetch` over node:http(s) with keep-alive agents. The
 * SDKs still build and parse every request (their wire format is the point of using them), but
 * the platform fetch (undici, web streams, AbortSignal plumbing) cost about 200 µs of CPU per call
 * more than node:http on the gateway's hot path (bench/transport.ts; docs/PERFORMANCE.md).
 *
 * Behaves like the platform fetch where the SDKs look: a socket failure rejects with
 * TypeError('fetch failed', {cause}), an abort rejects with the signal's reason, gzip/deflate/br
 * bodies are decoded. Anything this transport does not handle (a Request object, FormData or a
 * stream as body, a streaming completion, another protocol) goes to the platform fetch.
 */
const AGENT_OPTIONS = { keepAlive: true, maxSockets: 512, scheduling: 'lifo' as const };
const agents = { http: new http.Agent(AGENT_OPTIONS), https: new https.Agent(AGENT_OPTIONS) };

const decoders: Partial<Record<string, (b: Buffer) => Promise<Buffer>>> = {
  gzip: promisify(zlib.gunzip),
  'x-gzip': promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
};

type FetchInput = string | URL | Request;

function plainBody(body: RequestInit['body']): string | Buffer | undefined | null {
  if (body === undefined || body === null) return body;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  return null; // FormData, URLSearchParams, Blob, streams: not ours
}

function headerRecord(init: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!init) return out;
  if (init instanceof Headers || Array.isArray(init)) {
    for (const [k, v] of init instanceof Headers ? init.entries() : init) out[k.toLowerCase()] = v;
  } else {
    for (const [k, v] of Object.entries(init)) if (v !== undefined) out[k.toLowerCase()] = String(v);
  }
  return out;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

export function nodeHttpFetch(input: FetchInput, init: RequestInit = {}): Promise<Response> {
  const body = plainBody(init.body);
  const url = typeof input === 'string' ? new URL(input) : input instanceof URL ? input : null;
  const streaming = typeof body === 'string' && body.includes('"stream":true');
  if (!url || body === null || streaming || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return fetch(input, init);
  }
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortReason(signal));

  const headers = headerRecord(init.headers);
  headers['accept-encoding'] = 'gzip, deflate, br';
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const secure = url.protocol === 'https:';

  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      // A caller's signal may outlive many requests (a batch's or a stream's): leave no listener on it.
      signal?.removeEventListener('abort', onAbort);
      reject(err);
    };
    const onAbort = () => {
      req.destroy();
      fail(abortReason(signal!));
    };
    const req = (secure ? https : http).request(
      url,
      { method: init.method ?? 'GET', headers, agent: secure ? agents.https : agents.http },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (err) => fail(signal?.aborted ? abortReason(signal) : new TypeError('fetch failed', { cause: err })));
        res.on('end', () => {
          signal?.removeEventListener('abort', onAbort);
          const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
          const raw = Buffer.concat(chunks);
          const decode = decoders[encoding];
          (decode ? decode(raw) : Promise.resolve(raw)).then(
            (decoded) => {
              const responseHeaders = new Headers();
              for (let i = 0; i < res.rawHeaders.length; i += 2) {
                const name = res.rawHeaders[i]!.toLowerCase();
                // The body handed on is decoded: its encoding and length headers no longer apply.
                if (decode && (name === 'content-encoding' || name === 'content-length')) continue;
                responseHeaders.append(name, res.rawHeaders[i + 1]!);
              }
              const status = res.statusCode ?? 502;
              const nullBody = status === 204 || status === 205 || status === 304 || init.method === 'HEAD';
              settled = true;
              resolve(new Response(nullBody ? null : decoded, { status, statusText: res.statusMessage, headers: responseHeaders }));
            },
            (err) => fail(new TypeError('fetch failed', { cause: err })),
          );
        });
      },
    );
    req.on('error', (err) => fail(signal?.aborted ? abortReason(signal) : new TypeError('fetch failed', { cause: err })));
    signal?.addEventListener('abort', onAbort, { once: true });
    req.end(body);
  });
}
