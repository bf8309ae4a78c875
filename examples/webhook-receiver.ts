/**
 * A Gatehouse webhook receiver: a complete, dependency-free sample (Node 20+, TypeScript).
 *
 *   WEBHOOK_SECRET=whsec_... PORT=4000 node --import tsx examples/webhook-receiver.ts
 *
 * Every delivery is a POST with a JSON body {event, id, attempt, createdAt, data} and the header
 *   X-Service-Signature: t=<unix seconds>,s=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
 * The receiver must:
 *   1. verify the signature over the RAW body bytes (not re-serialised JSON: key order and spacing
 *      would change the bytes and the signature with them);
 *   2. refuse deliveries whose t is more than 300 seconds away from now (replay protection);
 *   3. compare signatures in constant time;
 *   4. answer 2xx quickly once the event is stored; anything else (or no answer in time) is retried
 *      with the same `id`, so processing must tolerate duplicates.
 * It imports nothing from Gatehouse on purpose: copy it into your own service.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type Server, createServer } from 'node:http';

export interface WebhookDelivery {
  event: string;
  id: string;
  attempt: number;
  createdAt: string;
  data: Record<string, unknown>;
}

export interface ReceiverOptions {
  secret: string;
  /** Oldest (and furthest in the future) accepted signature time, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** Called once per delivery id, after the signature is verified. */
  onDelivery?: (delivery: WebhookDelivery) => void | Promise<void>;
  /** Called for every refused request, with the reason (for logs and tests). */
  onRejected?: (reason: string) => void;
  /** The clock, in unix seconds (tests move it). */
  now?: () => number;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** The verification itself: null when the delivery is authentic and fresh, else the reason. */
export function verifyDelivery(secret: string, rawBody: Buffer, header: string | undefined, toleranceSeconds: number, now: number): string | null {
  if (!header) return 'missing X-Service-Signature';
  const parts = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const index = part.indexOf('=');
    if (index > 0) parts.set(part.slice(0, index).trim(), [...(parts.get(part.slice(0, index).trim()) ?? []), part.slice(index + 1).trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  const signatures = (parts.get('s') ?? []).filter((s) => /^[0-9a-f]{64}$/i.test(s));
  if (!Number.isInteger(t) || signatures.length === 0) return 'malformed X-Service-Signature';
  if (Math.abs(now - t) > toleranceSeconds) return 'stale: signed more than the tolerance ago (replay?)';
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  const ok = signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  return ok ? null : 'signature mismatch';
}

function readRawBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function createWebhookReceiver(opts: ReceiverOptions): Server {
  const tolerance = opts.toleranceSeconds ?? 300;
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  // Deliveries are at-least-once: remember ids already processed (a database table in real life).
  const seen = new Set<string>();

  return createServer(async (req, res) => {
    const reply = (status: number, body: Record<string, unknown>) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST') return reply(405, { error: 'POST only' });
    const raw = await readRawBody(req);
    if (!raw) return reply(413, { error: 'body too large' });
    const refusal = verifyDelivery(opts.secret, raw, req.headers['x-service-signature'] as string | undefined, tolerance, now());
    if (refusal) {
      opts.onRejected?.(refusal);
      return reply(401, { error: refusal });
    }
    let delivery: WebhookDelivery;
    try {
      delivery = JSON.parse(raw.toString('utf8')) as WebhookDelivery;
    } catch {
      return reply(400, { error: 'body is not JSON' });
    }
    if (!seen.has(delivery.id)) {
      seen.add(delivery.id);
      try {
        await opts.onDelivery?.(delivery);
      } catch {
        seen.delete(delivery.id);
        return reply(500, { error: 'processing failed; retry later' });
      }
    }
    reply(200, { received: true });
  });
}

if (require.main === module) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    console.error('Set WEBHOOK_SECRET to the secret shown when the webhook was created');
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 4000);
  createWebhookReceiver({
    secret,
    onDelivery: (d) => console.log(`${d.createdAt} ${d.event} ${d.id} (attempt ${d.attempt})`, JSON.stringify(d.data)),
    onRejected: (reason) => console.warn(`refused: ${reason}`),
  }).listen(port, () => console.log(`webhook receiver on http://127.0.0.1:${port}`));
}
