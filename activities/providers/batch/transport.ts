import { nodeHttpFetch } from '../http-fetch';

/**
 * The batch clients' SDK transport: the gateway's keep-alive node:http fetch, plus multipart
 * bodies. openai's files.create sends a FormData, which nodeHttpFetch leaves to the platform
 * fetch; here it is encoded once (by the platform's own Response, so the boundary and part
 * headers are exactly what fetch would send) and goes over the same keep-alive agents.
 */
function isFormData(body: unknown): body is FormData {
  // By tag, not instanceof: under jest the SDK's FormData may come from another realm.
  return Object.prototype.toString.call(body) === '[object FormData]';
}

export async function batchFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  if (!isFormData(init.body)) return nodeHttpFetch(input, init);
  const encoded = new Response(init.body);
  const body = Buffer.from(await encoded.arrayBuffer());
  const headers = new Headers(init.headers);
  headers.set('content-type', encoded.headers.get('content-type') ?? 'multipart/form-data');
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
