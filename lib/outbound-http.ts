import http from 'node:http';
import https from 'node:https';
import type { OutboundUrlPolicy } from './outbound-url';
import { OutboundUrlError } from './outbound-url';

/**
 * One POST to a customer URL under the outbound policy. The URL is checked again (an IP literal
 * never goes through DNS), and the policy's `lookup` is the resolver of the connection itself, so
 * the address connected to is an allowed one. Redirects are not followed (a 3xx is a failed
 * delivery): following one would let an allowed URL hand the request to a forbidden address.
 */
export type OutboundOutcome =
  | { ok: true; statusCode: number; durationMs: number }
  | { ok: false; statusCode: number | null; error: string; kind: 'HTTP' | 'TIMEOUT' | 'NETWORK' | 'BLOCKED'; durationMs: number };

/** At most this much of a response body is read (and thrown away): a receiver cannot make us buffer. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export async function postOutbound(
  policy: OutboundUrlPolicy,
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; requireHttps?: boolean },
): Promise<OutboundOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = await policy.check(rawUrl, { requireHttps: opts.requireHttps });
  } catch (err) {
    if (err instanceof OutboundUrlError) return { ok: false, statusCode: null, error: err.message, kind: 'BLOCKED', durationMs: elapsed() };
    throw err;
  }
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: OutboundOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: policy.lookup as never,
        agent: false,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        const done = () => {
          const statusCode = res.statusCode ?? 0;
          if (statusCode >= 200 && statusCode < 300) finish({ ok: true, statusCode, durationMs: elapsed() });
          else finish({ ok: false, statusCode, error: `HTTP ${statusCode}`, kind: 'HTTP', durationMs: elapsed() });
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, statusCode: null, error: `No answer within ${opts.timeoutMs} ms`, kind: 'TIMEOUT', durationMs: elapsed() });
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err instanceof OutboundUrlError) {
        finish({ ok: false, statusCode: null, error: err.message, kind: 'BLOCKED', durationMs: elapsed() });
      } else {
        finish({ ok: false, statusCode: null, error: err.code ? `${err.code}: ${err.message}` : err.message, kind: 'NETWORK', durationMs: elapsed() });
      }
    });
    req.end(body);
  });
}
