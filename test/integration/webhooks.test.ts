import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { type WebhookDelivery, createWebhookReceiver } from '../../examples/webhook-receiver';
import { signPayload } from '../../lib/webhook-signature';
import { webhookDeliveryWorkflowId } from '../../temporal/workflow-ids';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Account webhooks end to end: the API (secret shown once, tenancy, outbound URL rules), delivery
 * workflows on a real Temporal server with the retry schedule in seconds, the sample receiver of
 * docs/API.md verifying real deliveries, and the checks made again at delivery time.
 */
const RETRY_DELAYS_S = [1, 2, 3];
const TIMEOUT_MS = 700;

let stack: Stack;
let company: TestCompany;
let session: string;
let temporal: Client;
const servers: Server[] = [];

beforeAll(async () => {
  stack = await startStack({
    worker: true,
    env: {
      OUTBOUND_URL_ALLOWLIST: '127.0.0.1',
      WEBHOOK_RETRY_DELAYS_SECONDS: RETRY_DELAYS_S.join(','),
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  company = await stack.createCompany();
  session = await stack.login(company.adminEmail, company.adminPassword);
  temporal = new Client({ connection: await Connection.connect({ address: process.env.TEST_TEMPORAL_ADDRESS! }) });
});

afterAll(async () => {
  for (const s of servers) s.close();
  await temporal?.connection.close();
  await stack?.stop();
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

/** A URL on which nothing listens: connections are refused. */
async function deadUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}/hooks`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function createWebhook(token: string, body: Record<string, unknown>) {
  return stack.http<any>('POST', '/api/v1/webhooks', { token, body: { name: 'hook', events: ['gateway.executed'], ...body } });
}

async function execute(prompt = 'Say hello') {
  const res = await stack.http<any>('POST', '/api/gateway/execute', {
    token: company.gatewayKey,
    body: { prompt, executionMode: 'AUTONOMOUS', providerType: 'OPENAI' },
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function deliveriesOf(webhookId: string) {
  const res = await stack.http<any>('GET', `/api/v1/webhooks/deliveries?webhookId=${webhookId}`, { token: session });
  expect(res.status).toBe(200);
  return res.body.deliveries as any[];
}

async function waitFor<T>(fn: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('webhook API', () => {
  it('creates with a generated secret shown once, lists without it (session or gateway key), deletes', async () => {
    const url = await listen(createServer((_q, r) => r.end()));
    const created = await createWebhook(session, { name: 'Executions', url, events: ['gateway.executed', 'prompt.created'] });
    expect(created.status).toBe(201);
    const webhook = created.body.webhook;
    expect(webhook).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Executions',
      url,
      events: ['gateway.executed', 'prompt.created'],
      secret: expect.stringMatching(/^whsec_[0-9A-Za-z]{43}$/),
      isActive: true,
      createdAt: expect.any(String),
    });

    // Stored encrypted: the plain secret appears nowhere in the row.
    const row = await stack.container.db('webhooks').where({ id: webhook.id }).first();
    expect(JSON.stringify(row)).not.toContain(webhook.secret);
    expect(stack.container.secretBox.decrypt(row.secret_encrypted)).toBe(webhook.secret);

    for (const token of [session, company.gatewayKey]) {
      const list = await stack.http<any>('GET', '/api/v1/webhooks', { token });
      expect(list.status).toBe(200);
      const listed = list.body.webhooks.find((w: any) => w.id === webhook.id);
      expect(listed).toEqual({ id: webhook.id, name: 'Executions', url, events: ['gateway.executed', 'prompt.created'], isActive: true, createdAt: webhook.createdAt });
      expect(JSON.stringify(list.body)).not.toContain(webhook.secret);
    }

    const own = await createWebhook(session, { url, secret: 'my-own-secret-0123456789' });
    expect(own.status).toBe(201);
    expect(own.body.webhook.secret).toBe('my-own-secret-0123456789');

    expect((await stack.http('DELETE', `/api/v1/webhooks/${webhook.id}`, { token: session })).status).toBe(200);
    expect((await stack.http('DELETE', `/api/v1/webhooks/${webhook.id}`, { token: session })).status).toBe(404);
    const after = await stack.http<any>('GET', '/api/v1/webhooks', { token: session });
    expect(after.body.webhooks.map((w: any) => w.id)).not.toContain(webhook.id);
    expect(after.body.webhooks.map((w: any) => w.id)).toContain(own.body.webhook.id);
  });

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const url = 'https://93.184.215.14/hooks';
    const before = (await stack.http<any>('GET', '/api/v1/webhooks', { token: session })).body.webhooks.length;
    const cases: Array<[Record<string, unknown>, string | null]> = [
      [{ url, secret: 'too-short' }, null],
      [{ url, events: [] }, null],
      [{ url, events: ['gateway.exploded'] }, null],
      [{ url, name: '' }, null],
      [{ url: 'not a url' }, null],
      [{ url: 'http://93.184.215.14/hooks' }, 'HTTPS_REQUIRED'],
    ];
    for (const [body, code] of cases) {
      const res = await createWebhook(session, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.body.error).toEqual(expect.any(String));
      if (code) expect(res.body.code).toBe(code);
    }
    const after = (await stack.http<any>('GET', '/api/v1/webhooks', { token: session })).body.webhooks.length;
    expect(after).toBe(before);
  });

  it('refuses private, loopback and link-local URLs outside the allowlist', async () => {
    for (const url of [
      'https://10.0.0.8/hooks',
      'https://192.168.1.20/hooks',
      'https://127.0.0.2/hooks',
      'https://[::1]/hooks',
      'https://[fe80::1]/hooks',
      'https://[::ffff:10.0.0.1]/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/hooks',
    ]) {
      const res = await createWebhook(session, { url });
      expect([url, res.status, res.body.code]).toEqual([url, 400, 'PRIVATE_ADDRESS']);
    }
    expect((await createWebhook(session, { url: 'https://93.184.215.14/hooks' })).status).toBe(201);
    expect((await createWebhook(session, { url: 'http://127.0.0.1:9/hooks' })).status).toBe(201); // allowlisted
  });

  it('without the allowlist, loopback is refused too', async () => {
    const strict = await startStack({ env: { OUTBOUND_URL_ALLOWLIST: '' } });
    try {
      const c = await strict.createCompany({ withSimulator: false });
      const token = await strict.login(c.adminEmail, c.adminPassword);
      for (const url of ['https://127.0.0.1/hooks', 'http://127.0.0.1:8080/hooks']) {
        const res = await strict.http<any>('POST', '/api/v1/webhooks', { token, body: { name: 'x', url, events: ['gateway.executed'] } });
        expect(res.status).toBe(400);
        expect(['PRIVATE_ADDRESS', 'HTTPS_REQUIRED']).toContain(res.body.code);
      }
    } finally {
      await strict.stop();
    }
  });

  it('authentication: create, delete and deliveries need a session', async () => {
    const url = 'https://93.184.215.14/hooks';
    expect((await createWebhook(company.gatewayKey, { url })).status).toBe(401);
    expect((await stack.http('GET', '/api/v1/webhooks/deliveries', { token: company.gatewayKey })).status).toBe(401);
    const id = (await createWebhook(session, { url })).body.webhook.id;
    expect((await stack.http('DELETE', `/api/v1/webhooks/${id}`, { token: company.gatewayKey })).status).toBe(401);
    expect((await stack.http('GET', '/api/v1/webhooks')).status).toBe(401);
  });

  it("another company's webhooks and deliveries are invisible and answer 404", async () => {
    const mine = (await createWebhook(session, { url: 'https://93.184.215.14/hooks' })).body.webhook;
    const other = await stack.createCompany({ withSimulator: false });
    const otherSession = await stack.login(other.adminEmail, other.adminPassword);
    const list = await stack.http<any>('GET', '/api/v1/webhooks', { token: otherSession });
    expect(list.body.webhooks).toEqual([]);
    expect((await stack.http('DELETE', `/api/v1/webhooks/${mine.id}`, { token: otherSession })).status).toBe(404);
    const deliveries = await stack.http<any>('GET', `/api/v1/webhooks/deliveries?webhookId=${mine.id}`, { token: otherSession });
    expect(deliveries.body.deliveries).toEqual([]);
    // Still there for its owner.
    expect((await stack.http('DELETE', `/api/v1/webhooks/${mine.id}`, { token: session })).status).toBe(200);
  });
});

describe('delivery', () => {
  it('a gateway execution is delivered, signed, to the sample receiver, which verifies it', async () => {
    const received: WebhookDelivery[] = [];
    const rejected: string[] = [];
    // The secret is known only after creation; the receiver reads it lazily.
    let secret = '';
    const receiver = createWebhookReceiver({
      get secret() {
        return secret;
      },
      onDelivery: (d) => void received.push(d),
      onRejected: (r) => void rejected.push(r),
    });
    const url = await listen(receiver);
    const created = await createWebhook(session, { name: 'exec', url, events: ['gateway.executed'] });
    secret = created.body.webhook.secret;
    const webhookId = created.body.webhook.id;
    // Listens to another event only: must receive nothing.
    let unrelatedHits = 0;
    const unrelated = await listen(createServer((_q, r) => {
      unrelatedHits++;
      r.end();
    }));
    await createWebhook(session, { url: unrelated, events: ['prompt.created'] });

    const t0 = performance.now();
    const execution = await execute('Webhook me');
    const responseMs = performance.now() - t0;

    await waitFor(async () => received.length, (n) => n >= 1);
    expect(rejected).toEqual([]);
    expect(received).toHaveLength(1);
    const delivery = received[0]!;
    expect(delivery).toEqual({
      event: 'gateway.executed',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      attempt: 1,
      createdAt: expect.any(String),
      data: {
        executionId: execution.executionId,
        mode: 'AUTONOMOUS',
        provider: execution.provider.name,
        providerType: 'OPENAI',
        model: execution.provider.model,
        tokens: { prompt: execution.usage.promptTokens, completion: execution.usage.completionTokens, total: execution.usage.totalTokens },
        costUSD: expect.any(Number),
        latencyMs: expect.any(Number),
        holdId: null,
      },
    });
    expect(Math.abs(new Date(delivery.createdAt).getTime() - Date.now())).toBeLessThan(30_000);
    expect(responseMs).toBeLessThan(5_000);

    const [row] = await waitFor(() => deliveriesOf(webhookId), (d) => d[0]?.status === 'SUCCEEDED');
    expect(row).toMatchObject({
      id: delivery.id,
      webhookId,
      source: 'WEBHOOK',
      event: 'gateway.executed',
      url,
      status: 'SUCCEEDED',
      attemptCount: 1,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
      completedAt: expect.any(String),
      attempts: [{ attempt: 1, success: true, statusCode: 200, error: null, durationMs: expect.any(Number), attemptedAt: expect.any(String) }],
    });
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(unrelatedHits).toBe(0);

    const result = await temporal.workflow.getHandle(webhookDeliveryWorkflowId(delivery.id)).result();
    expect(result).toEqual({ deliveryId: delivery.id, status: 'SUCCEEDED', attempts: 1, lastStatusCode: 200 });
  });

  it('with the receiver down, attempts follow the configured schedule, each recorded, and the delivery ends FAILED', async () => {
    const url = await deadUrl();
    const webhookId = (await createWebhook(session, { url })).body.webhook.id;
    await execute('Nobody listens');

    const retrying = await waitFor(() => deliveriesOf(webhookId), (d) => d[0]?.status === 'RETRYING');
    expect(retrying[0].nextAttemptAt).toEqual(expect.any(String));
    const [delivery] = await waitFor(() => deliveriesOf(webhookId), (d) => d[0]?.status === 'FAILED', 40_000);

    expect(delivery).toMatchObject({ status: 'FAILED', attemptCount: 4, lastStatusCode: null, nextAttemptAt: null, completedAt: expect.any(String) });
    expect(delivery.lastError).toMatch(/ECONNREFUSED/);
    expect(delivery.attempts.map((a: any) => [a.attempt, a.success, a.statusCode])).toEqual([
      [1, false, null],
      [2, false, null],
      [3, false, null],
      [4, false, null],
    ]);
    const times = delivery.attempts.map((a: any) => new Date(a.attemptedAt).getTime());
    for (let i = 1; i < times.length; i++) {
      const gap = times[i] - times[i - 1];
      const delay = RETRY_DELAYS_S[i - 1]! * 1000;
      // Never earlier than the configured wait after the previous attempt; later only by the
      // attempt's own run and the worker picking up its timer (seconds on a loaded 2-core machine:
      // 1.5 s of slack failed once under load 10). The lower bound is what the schedule promises.
      expect([i, gap >= delay]).toEqual([i, true]);
      expect([i, gap < delay + 4000]).toEqual([i, true]);
    }
    const result = await temporal.workflow.getHandle(webhookDeliveryWorkflowId(delivery.id)).result();
    expect(result).toMatchObject({ status: 'FAILED', attempts: 4 });
  });

  it('a timeout and a non-2xx answer are retried; the third attempt succeeds', async () => {
    const seen: Array<{ attempt: number; signature: string | undefined }> = [];
    const url = await listen(
      createServer(async (req, res) => {
        const body = JSON.parse(await readBody(req));
        seen.push({ attempt: body.attempt, signature: req.headers['x-service-signature'] as string | undefined });
        if (body.attempt === 1) return setTimeout(() => res.end(), TIMEOUT_MS + 1500); // too slow
        if (body.attempt === 2) {
          res.statusCode = 503;
          return res.end();
        }
        res.end('ok');
      }),
    );
    const webhookId = (await createWebhook(session, { url })).body.webhook.id;
    await execute('Flaky receiver');
    const [delivery] = await waitFor(() => deliveriesOf(webhookId), (d) => d[0]?.status === 'SUCCEEDED', 40_000);
    expect(delivery.attempts.map((a: any) => [a.attempt, a.success, a.statusCode])).toEqual([
      [1, false, null],
      [2, false, 503],
      [3, true, 200],
    ]);
    expect(delivery.attempts[0].error).toMatch(/No answer within 700 ms/);
    expect(delivery.attempts[0].durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(delivery.attempts[1].error).toBe('HTTP 503');
    expect(seen.map((s) => s.attempt)).toEqual([1, 2, 3]);
    // Each attempt is signed afresh (its body carries its attempt number).
    expect(new Set(seen.map((s) => s.signature)).size).toBe(3);
  });

  it('the sample receiver rejects a tampered or stale delivery and accepts the original', async () => {
    // Capture a real delivery as sent (raw bytes and header).
    let captured: { body: string; signature: string } | null = null;
    const url = await listen(
      createServer(async (req, res) => {
        captured = { body: await readBody(req), signature: req.headers['x-service-signature'] as string };
        res.end();
      }),
    );
    const created = (await createWebhook(session, { url })).body.webhook;
    await execute('Capture me');
    await waitFor(async () => captured, (c) => c !== null);
    const { body, signature } = captured!;
    expect(signature).toMatch(/^t=\d+,s=[0-9a-f]{64}$/);

    const rejections: string[] = [];
    let clockSkewS = 0;
    const receiverUrl = await listen(
      createWebhookReceiver({
        secret: created.secret,
        now: () => Math.floor(Date.now() / 1000) + clockSkewS,
        onRejected: (r) => void rejections.push(r),
      }),
    );
    const post = (b: string, sig: string | undefined) =>
      fetch(receiverUrl, { method: 'POST', body: b, headers: { 'content-type': 'application/json', ...(sig ? { 'x-service-signature': sig } : {}) } });

    expect((await post(body, signature)).status).toBe(200);
    expect((await post(body.replace('Capture', 'Kapture').replace('"attempt":1', '"attempt":2'), signature)).status).toBe(401);
    expect((await post(JSON.stringify(JSON.parse(body), null, 2), signature)).status).toBe(401); // re-serialised: other bytes
    expect((await post(body, signature.replace(/s=([0-9a-f])/, (_m, c) => `s=${c === '0' ? '1' : '0'}`))).status).toBe(401);
    expect((await post(body, undefined)).status).toBe(401);
    // Stale: the same authentic delivery replayed 301 seconds later.
    clockSkewS = 301;
    expect((await post(body, signature)).status).toBe(401);
    // Signed with a timestamp 400 s old by someone holding the secret: still refused as stale.
    clockSkewS = 0;
    expect((await post(body, signPayload(created.secret, body, Math.floor(Date.now() / 1000) - 400))).status).toBe(401);
    expect(rejections).toEqual([
      'signature mismatch',
      'signature mismatch',
      'signature mismatch',
      'missing X-Service-Signature',
      expect.stringMatching(/^stale/),
      expect.stringMatching(/^stale/),
    ]);
  });

  it('deleting a webhook cancels its pending retries and keeps the history', async () => {
    const url = await deadUrl();
    const webhookId = (await createWebhook(session, { url })).body.webhook.id;
    await execute('Retry then cancel');
    const [retrying] = await waitFor(() => deliveriesOf(webhookId), (d) => d[0]?.status === 'RETRYING');
    expect((await stack.http('DELETE', `/api/v1/webhooks/${webhookId}`, { token: session })).status).toBe(200);
    const result = await temporal.workflow.getHandle(webhookDeliveryWorkflowId(retrying.id)).result();
    expect(result.status).toBe('CANCELLED');
    const all = await stack.http<any>('GET', '/api/v1/webhooks/deliveries?status=CANCELLED', { token: session });
    const row = all.body.deliveries.find((d: any) => d.id === retrying.id);
    expect(row).toMatchObject({ webhookId: null, source: 'WEBHOOK', status: 'CANCELLED' });
    expect(row.attempts.length).toBeGreaterThanOrEqual(1);
  });
});

describe('durability and cost', () => {
  it('a delivery waiting for its retry survives a worker restart', async () => {
    const attempts: number[] = [];
    const url = await listen(
      createServer(async (req, res) => {
        attempts.push(JSON.parse(await readBody(req)).attempt);
        res.statusCode = attempts.length === 1 ? 500 : 204;
        res.end();
      }),
    );
    const webhookId = (await createWebhook(session, { url })).body.webhook.id;
    await execute('Survive a restart');
    await waitFor(() => deliveriesOf(webhookId), (d) => d[0]?.status === 'RETRYING');
    await stack.stopWorker();
    // The retry falls due while no worker runs; the timer is Temporal's, not the worker's.
    await new Promise((r) => setTimeout(r, RETRY_DELAYS_S[0]! * 1000 + 500));
    expect(attempts).toEqual([1]);
    await stack.startWorker();
    const [delivery] = await waitFor(() => deliveriesOf(webhookId), (d) => d[0]?.status === 'SUCCEEDED');
    expect(delivery.attempts.map((a: any) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, 204],
    ]);
    expect(attempts).toEqual([1, 2]);
  });

  it('a company without webhooks costs no query per execution (subscription cache)', async () => {
    const quiet = await stack.createCompany();
    const execQuiet = () =>
      stack.http<any>('POST', '/api/gateway/execute', { token: quiet.gatewayKey, body: { prompt: 'hi', executionMode: 'AUTONOMOUS', providerType: 'OPENAI' } });
    const webhookQueries: string[] = [];
    const onQuery = (q: { sql: string }) => {
      if (/"webhooks"/.test(q.sql)) webhookQueries.push(q.sql);
    };
    stack.container.db.on('query', onQuery);
    try {
      expect((await execQuiet()).status).toBe(200);
      await stack.container.services.webhooks.drain();
      expect(webhookQueries).toHaveLength(1); // the first execution loads the (empty) subscription list
      for (let i = 0; i < 5; i++) expect((await execQuiet()).status).toBe(200);
      await stack.container.services.webhooks.drain();
      expect(webhookQueries).toHaveLength(1);
    } finally {
      stack.container.db.removeListener('query', onQuery);
    }
    const deliveries = await stack.container.db('webhook_deliveries').where({ company_id: quiet.companyId });
    expect(deliveries).toEqual([]);
  });
});

describe('deliveries to other URLs (batch callbacks)', () => {
  it('a callback delivery signs with its own secret and verifies at the sample receiver', async () => {
    const received: WebhookDelivery[] = [];
    const secret = 'callback-secret-0123456789';
    const url = await listen(createWebhookReceiver({ secret, onDelivery: (d) => void received.push(d) }));
    const deliveryId = await stack.container.services.webhooks.deliver({
      companyId: company.companyId,
      webhookId: null,
      url,
      secret,
      event: 'batch.completed',
      data: { batchId: 'b1', status: 'COMPLETED' },
      timeoutMs: 2000,
    });
    const result = await temporal.workflow.getHandle(webhookDeliveryWorkflowId(deliveryId)).result();
    expect(result).toEqual({ deliveryId, status: 'SUCCEEDED', attempts: 1, lastStatusCode: 200 });
    // A callback carries the spec's own body (the batch completion body), not the account-webhook envelope.
    expect(received).toEqual([{ batchId: 'b1', status: 'COMPLETED' }]);
    const list = await stack.http<any>('GET', '/api/v1/webhooks/deliveries', { token: session });
    expect(list.body.deliveries.find((d: any) => d.id === deliveryId)).toMatchObject({ source: 'CALLBACK', webhookId: null, status: 'SUCCEEDED' });
  });

  it('the address is checked again at delivery time: a forbidden one fails at once, never contacted', async () => {
    // 127.0.0.2 is loopback and not on the allowlist (only 127.0.0.1 is). Nothing is sent; no retries.
    const deliveryId = await stack.container.services.webhooks.deliver({
      companyId: company.companyId,
      webhookId: null,
      url: 'http://127.0.0.2:9/hooks',
      secret: 'callback-secret-0123456789',
      event: 'batch.completed',
      data: {},
    });
    const handle = temporal.workflow.getHandle(webhookDeliveryWorkflowId(deliveryId));
    expect(await handle.result()).toMatchObject({ status: 'FAILED', attempts: 1, lastStatusCode: null });
    const list = await stack.http<any>('GET', '/api/v1/webhooks/deliveries?status=FAILED', { token: session });
    const row = list.body.deliveries.find((d: any) => d.id === deliveryId);
    expect(row.attempts).toEqual([expect.objectContaining({ attempt: 1, success: false, statusCode: null, error: expect.stringMatching(/private, loopback or link-local/) })]);

    // The recorded history replays against the current workflow code.
    await expect(
      Worker.runReplayHistory({ workflowBundle: { codePath: process.env.WORKFLOW_BUNDLE_PATH! } }, await handle.fetchHistory(), webhookDeliveryWorkflowId(deliveryId)),
    ).resolves.toBeUndefined();
  });
});
