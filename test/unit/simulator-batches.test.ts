import { BatchStore, phaseAt, processedAt } from '../../simulator/batch-store';
import { DEFAULT_BEHAVIOUR, parseBehaviour } from '../../simulator/behaviour';
import { parseMultipart } from '../../simulator/openai-batches';
import { createSimulator, type Simulator } from '../../simulator/server';

/** The simulated batch APIs over raw HTTP (the SDK-level tests are test/integration/provider-batches). */

describe('batch key settings', () => {
  it('parses batchMs, batchOutcome and the item failure rules', () => {
    const b = parseBehaviour('sim;batchMs=250;batchOutcome=expired;itemFail=^a-[0-9]+$;itemFailTimes=2;itemFailRate=0.1;itemFailStatus=429');
    expect(b).toMatchObject({ batchMs: 250, batchOutcome: 'expired', itemFailTimes: 2, itemFailRate: 0.1, itemFailStatus: 429 });
    expect(b.itemFail?.test('a-12')).toBe(true);
    expect(b.itemFail?.test('b-12')).toBe(false);
    expect(DEFAULT_BEHAVIOUR).toMatchObject({ batchMs: 1000, itemFailRate: 0, itemFailStatus: 500 });
  });

  it.each(['sim;batchMs=-1', 'sim;batchOutcome=done', 'sim;itemFail=(', 'sim;itemFailTimes=0', 'sim;itemFailTimes=1.5', 'sim;itemFailRate=2', 'sim;itemFailStatus=200'])(
    'rejects %s with a 400',
    (key) => {
      expect(() => parseBehaviour(key)).toThrow(expect.objectContaining({ status: 400 }));
    },
  );
});

describe('BatchStore', () => {
  it('itemFailTimes counts submissions per key and custom_id', () => {
    const store = new BatchStore();
    const b = parseBehaviour('sim;itemFail=^f;itemFailTimes=2;itemFailStatus=429');
    const seq = (key: string, id: string) => [1, 2, 3].map(() => store.itemOutcome(key, b, id));
    expect(seq('k1', 'f1')).toEqual([429, 429, 0]);
    expect(seq('k2', 'f1')).toEqual([429, 429, 0]); // another key counts on its own
    expect(seq('k1', 'ok')).toEqual([0, 0, 0]);
    store.reset();
    expect(store.itemOutcome('k1', b, 'f1')).toBe(429);
  });

  it('itemFailRate draws from the seeded stream: the same key and seed fail the same items', () => {
    const b = parseBehaviour('sim;itemFailRate=0.3;seed=9');
    const draw = () => {
      const store = new BatchStore();
      return Array.from({ length: 200 }, (_, i) => store.itemOutcome('sim;itemFailRate=0.3;seed=9', b, `i${i}`));
    };
    const a = draw();
    expect(draw()).toEqual(a);
    const failures = a.filter((s) => s === 500).length;
    expect(failures).toBeGreaterThan(30);
    expect(failures).toBeLessThan(90);
  });

  it('the timeline: validating, in progress (items done linearly), finalizing, ended', () => {
    const t = { createdAt: 1000, batchMs: 1000 };
    expect([1000, 1099, 1100, 1899, 1900, 1999, 2000].map((now) => phaseAt(t, now))).toEqual([
      'validating',
      'validating',
      'in_progress',
      'in_progress',
      'finalizing',
      'finalizing',
      'ended',
    ]);
    expect([1000, 1100, 1500, 1900, 5000].map((now) => processedAt(t, 100, now))).toEqual([0, 0, 50, 100, 100]);
    expect(phaseAt({ createdAt: 0, batchMs: 0 }, 0)).toBe('ended');
  });
});

describe('parseMultipart', () => {
  it('reads fields and files as fetch encodes them', async () => {
    const form = new FormData();
    form.append('purpose', 'batch');
    form.append('file', new Blob(['line one\r\nline two\n']), 'in.jsonl');
    const encoded = new Response(form);
    const raw = Buffer.from(await encoded.arrayBuffer());
    const parts = parseMultipart(raw, encoded.headers.get('content-type')!);
    expect(parts.map((p) => [p.name, p.filename, p.data.toString()])).toEqual([
      ['purpose', undefined, 'batch'],
      ['file', 'in.jsonl', 'line one\r\nline two\n'],
    ]);
  });

  it('refuses what is not multipart', () => {
    expect(() => parseMultipart(Buffer.from('{}'), 'application/json')).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('over HTTP', () => {
  let sim: Simulator;
  let url: string;
  beforeAll(async () => {
    sim = createSimulator();
    ({ url } = await sim.listen(0));
  });
  afterAll(() => sim.close());

  async function call(method: string, path: string, key: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(url + path, { method, headers, body: payload });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  async function upload(key: string, text: string): Promise<string> {
    const form = new FormData();
    form.append('purpose', 'batch');
    form.append('file', new Blob([text]), 'in.jsonl');
    const { status, json } = await call('POST', '/v1/files', key, form);
    expect(status).toBe(200);
    return json.id as string;
  }

  const chatLine = (id: string) => JSON.stringify({ custom_id: id, method: 'POST', url: '/v1/chat/completions', body: { model: 'm', messages: [{ role: 'user', content: 'hi' }] } });

  it.each([
    ['a duplicate custom_id', `${chatLine('a')}\n${chatLine('a')}\n`, 'duplicate_custom_id', 2],
    ['a line that is not JSON', `${chatLine('a')}\n{nope\n`, 'invalid_json_line', 2],
    ['a line for another endpoint', JSON.stringify({ custom_id: 'a', method: 'POST', url: '/v1/embeddings', body: {} }), 'mismatched_endpoint', 1],
  ])('OpenAI: %s fails the batch after validating', async (_what, text, code, line) => {
    const key = 'sim;batchMs=0';
    const fileId = await upload(key, text);
    const created = await call('POST', '/v1/batches', key, { input_file_id: fileId, endpoint: '/v1/chat/completions', completion_window: '24h' });
    expect(created.status).toBe(200);
    const got = await call('GET', `/v1/batches/${created.json.id}`, key);
    expect(got.json).toMatchObject({ status: 'failed', errors: { object: 'list', data: [{ code, line }] }, output_file_id: null, error_file_id: null });
  });

  it('OpenAI: files belong to their key, and DELETE frees them', async () => {
    const fileId = await upload('sim;id=a', `${chatLine('a')}\n`);
    expect((await call('GET', `/v1/files/${fileId}`, 'sim;id=b')).status).toBe(404);
    const bad = await call('POST', '/v1/batches', 'sim;id=b', { input_file_id: fileId, endpoint: '/v1/chat/completions', completion_window: '24h' });
    expect(bad.status).toBe(404);
    expect((await call('DELETE', `/v1/files/${fileId}`, 'sim;id=a')).json).toEqual({ id: fileId, object: 'file', deleted: true });
    expect((await call('GET', `/v1/files/${fileId}`, 'sim;id=a')).status).toBe(404);
  });

  it('OpenAI: cancelling an ended batch is a 409', async () => {
    const key = 'sim;batchMs=0';
    const fileId = await upload(key, `${chatLine('a')}\n`);
    const created = await call('POST', '/v1/batches', key, { input_file_id: fileId, endpoint: '/v1/chat/completions', completion_window: '24h' });
    expect((await call('GET', `/v1/batches/${created.json.id}`, key)).json).toMatchObject({ status: 'completed', request_counts: { total: 1, completed: 1, failed: 0 } });
    expect((await call('POST', `/v1/batches/${created.json.id}/cancel`, key)).status).toBe(409);
  });

  it.each([
    ['an invalid custom_id', [{ custom_id: 'a b', params: {} }]],
    ['a duplicate custom_id', [{ custom_id: 'a', params: {} }, { custom_id: 'a', params: {} }]],
    ['a custom_id over 64 characters', [{ custom_id: 'x'.repeat(65), params: {} }]],
    ['no requests', []],
  ])('Anthropic: %s is a 400', async (_what, requests) => {
    const res = await call('POST', '/v1/messages/batches', 'sim;x', { requests });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
  });

  it('Anthropic: results only once ended; a bad item is an errored result; results_url points here', async () => {
    const key = 'sim;batchMs=300';
    const params = { model: 'claude-x', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] };
    const created = await call('POST', '/v1/messages/batches', key, {
      requests: [
        { custom_id: 'ok', params },
        { custom_id: 'bad', params: { model: 'claude-x', messages: [{ role: 'user', content: 'no max_tokens' }] } },
      ],
    });
    expect(created.json).toMatchObject({ type: 'message_batch', processing_status: 'in_progress', results_url: null, request_counts: { processing: 2 } });
    expect((await call('GET', `/v1/messages/batches/${created.json.id}/results`, key)).status).toBe(400);
    await new Promise((r) => setTimeout(r, 320));
    const ended = await call('GET', `/v1/messages/batches/${created.json.id}`, key);
    expect(ended.json).toMatchObject({
      processing_status: 'ended',
      request_counts: { processing: 0, succeeded: 1, errored: 1, canceled: 0, expired: 0 },
      results_url: `${url}/v1/messages/batches/${created.json.id}/results`,
    });
    const text = await (await fetch(ended.json.results_url as string, { headers: { authorization: `Bearer ${key}` } })).text();
    const byId = Object.fromEntries(
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { custom_id: string; result: Record<string, unknown> })
        .map((l) => [l.custom_id, l.result]),
    );
    expect(byId.ok).toMatchObject({ type: 'succeeded', message: { type: 'message', content: [{ type: 'text', text: '[sim:claude-x] [turns:1] hi' }] } });
    expect(byId.bad).toMatchObject({ type: 'errored', error: { type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('max_tokens') } } });
  });
});
