import {
  AnthropicBatchClient,
  batchClientFor,
  type BatchRequestLine,
  OpenAIBatchClient,
  type ProviderBatchClient,
  type ProviderBatchResult,
  type ProviderBatchStatus,
} from '../../activities/providers/batch';
import { ProviderError, type ProviderTarget } from '../../domain/providers';
import { createSimulator, type Simulator } from '../../simulator/server';
import type { StatsSnapshot } from '../../simulator/stats';

/**
 * The native batch clients (OpenAI files + batches, Anthropic message batches) over the official
 * SDKs against the provider simulator: submission, polling, every result exactly once, per-item
 * failures classified, cancel, expiry, tenancy and the simulator's request counts. No Temporal
 * or database: this is the provider edge the batch workflow's activities stand on.
 */

let sim: Simulator;
let url: string;

beforeAll(async () => {
  sim = createSimulator();
  ({ url } = await sim.listen(0));
});

afterAll(() => sim.close());

async function stats(): Promise<StatsSnapshot> {
  return (await (await fetch(`${url}/_sim/stats`)).json()) as StatsSnapshot;
}

function lines(n: number, prefix = 'item'): BatchRequestLine[] {
  return Array.from({ length: n }, (_, i) => ({
    customId: `${prefix}-${i}`,
    request: { prompt: `prompt number ${i}`, systemPrompt: 'Be brief.', maxTokens: 200, temperature: 0.5 },
  }));
}

async function collect(client: ProviderBatchClient, target: ProviderTarget, id: string): Promise<ProviderBatchResult[]> {
  const out: ProviderBatchResult[] = [];
  for await (const r of client.results(target, id)) out.push(r);
  return out;
}

/** Polls like the workflow does (with a growing delay) until the batch has ended; counts the polls. */
async function pollUntilEnded(client: ProviderBatchClient, target: ProviderTarget, id: string): Promise<{ status: ProviderBatchStatus; polls: number }> {
  let delay = 25;
  for (let polls = 1; ; polls++) {
    const status = await client.poll(target, id);
    if (status.state !== 'in_progress') return { status, polls };
    if (polls > 200) throw new Error(`batch ${id} never ended`);
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 200);
  }
}

const PROVIDERS = [
  {
    type: 'OPENAI' as const,
    make: () => new OpenAIBatchClient(),
    baseUrl: () => `${url}/v1`,
    // files.create + batches.create; results() = one retrieve + one download per file
    submitCalls: { 'files.create': 1, 'batches.create': 1 },
    retrieve: 'batches.retrieve',
    readCalls: (files: number) => ({ 'files.content': files }),
  },
  {
    type: 'ANTHROPIC' as const,
    make: () => new AnthropicBatchClient(),
    baseUrl: () => url,
    submitCalls: { 'message_batches.create': 1 },
    retrieve: 'message_batches.retrieve',
    readCalls: () => ({ 'message_batches.results': 1 }),
  },
];

describe.each(PROVIDERS)('$type native batches', (p) => {
  const client = p.make();
  const target = (apiKey: string): ProviderTarget => ({ type: p.type, baseUrl: p.baseUrl(), apiKey, model: 'sim-batch-model', timeoutMs: 10_000 });

  it('batchClientFor hands out a client of this type', () => {
    expect(batchClientFor(p.type)).toBeInstanceOf(p.make().constructor);
  });

  it('1,000 lines: submitted, polled to completion, every result read exactly once, failures classified', async () => {
    const key = `sim;id=${p.type}-1000;batchMs=2000;itemFail=^item-1[0-9]$;itemFailStatus=429`;
    const t = target(key);
    const input = lines(1000);
    const { providerBatchId } = await client.submit(t, input);
    expect(providerBatchId).toEqual(expect.any(String));

    const { status, polls } = await pollUntilEnded(client, t, providerBatchId);
    expect(status).toEqual({ state: 'completed', counts: { total: 1000, succeeded: 990, failed: 10 } });
    // It was in progress first (2 s of provider-side work: longer than the submit takes on a loaded machine).
    expect(polls).toBeGreaterThan(1);

    const results = await collect(client, t, providerBatchId);
    expect(results).toHaveLength(1000);
    const byId = new Map(results.map((r) => [r.customId, r]));
    expect(byId.size).toBe(1000);
    expect([...byId.keys()].sort()).toEqual(input.map((l) => l.customId).sort());
    // Providers answer in their own order, not ours.
    expect(results.map((r) => r.customId)).not.toEqual(input.map((l) => l.customId));

    const failed = results.filter((r) => !r.ok);
    expect(failed.map((r) => r.customId).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `item-1${i}`).sort());
    for (const r of failed) expect(r).toMatchObject({ ok: false, errorCode: 'RATE_LIMIT', errorMessage: expect.stringContaining('429') });

    // The answer shows what reached the model: system prompt, model and the prompt itself.
    const text = p.type === 'OPENAI' ? '[sim:sim-batch-model] [system:Be brief.] [turns:1] [temperature:0.5] prompt number 7' : '[sim:sim-batch-model] [system:Be brief.] [turns:1] prompt number 7';
    const promptTokens = Math.ceil(('Be brief.'.length + 'prompt number 7'.length) / 4);
    const completionTokens = Math.ceil(text.length / 4);
    expect(byId.get('item-7')).toEqual({
      customId: 'item-7',
      ok: true,
      content: text,
      usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
      finishReason: 'stop',
      model: 'sim-batch-model',
    });

    const counted = (await stats()).byKey[key]!.byEndpoint;
    const files = p.type === 'OPENAI' ? 2 : 1; // output and error files
    expect(counted).toEqual({ ...p.submitCalls, [p.retrieve]: polls + 1, ...p.readCalls(files) });
  });

  it.each([
    [429, 'RATE_LIMIT'],
    [500, 'SERVER'],
    [503, 'SERVER'],
    [400, 'BAD_REQUEST'],
  ])('an item failing with %i comes back as errorCode %s', async (status, code) => {
    const t = target(`sim;batchMs=0;itemFail=^bad-;itemFailStatus=${status}`);
    const { providerBatchId } = await client.submit(t, [...lines(3, 'good'), ...lines(2, 'bad')]);
    expect((await pollUntilEnded(client, t, providerBatchId)).status.state).toBe('completed');
    const results = await collect(client, t, providerBatchId);
    const failed = results.filter((r) => !r.ok).sort((a, b) => a.customId.localeCompare(b.customId));
    expect(failed).toEqual([
      { customId: 'bad-0', ok: false, errorCode: code, errorMessage: `simulated item failure (${status})` },
      { customId: 'bad-1', ok: false, errorCode: code, errorMessage: `simulated item failure (${status})` },
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(3);
  });

  it('itemFailTimes: an item fails on its first N submissions on the key, then succeeds', async () => {
    const t = target(`sim;id=${p.type}-times;batchMs=0;itemFail=^flaky-;itemFailTimes=2`);
    const outcomes: Record<string, boolean>[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const { providerBatchId } = await client.submit(t, [...lines(2, 'flaky'), ...lines(2, 'steady')]);
      await pollUntilEnded(client, t, providerBatchId);
      const results = await collect(client, t, providerBatchId);
      outcomes.push(Object.fromEntries(results.map((r) => [r.customId, r.ok])));
    }
    const steady = { 'steady-0': true, 'steady-1': true };
    expect(outcomes).toEqual([
      { 'flaky-0': false, 'flaky-1': false, ...steady },
      { 'flaky-0': false, 'flaky-1': false, ...steady },
      { 'flaky-0': true, 'flaky-1': true, ...steady },
    ]);
  });

  it('cancel in flight: the batch ends cancelled and unprocessed items come back CANCELLED, each once', async () => {
    const t = target('sim;batchMs=4000');
    const { providerBatchId } = await client.submit(t, lines(200, 'c'));
    expect((await client.poll(t, providerBatchId)).state).toBe('in_progress');
    await client.cancel(t, providerBatchId);
    const { status } = await pollUntilEnded(client, t, providerBatchId);
    expect(status.state).toBe('cancelled');
    const results = await collect(client, t, providerBatchId);
    expect(new Set(results.map((r) => r.customId)).size).toBe(200);
    const cancelled = results.filter((r) => !r.ok && r.errorCode === 'CANCELLED');
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.length + results.filter((r) => r.ok).length).toBe(200);
    // Cancelling an ended batch is not an error: there is nothing left to stop.
    await expect(client.cancel(t, providerBatchId)).resolves.toBeUndefined();
  });

  it('batchOutcome=expired: the batch ends expired; unprocessed items come back EXPIRED', async () => {
    const t = target('sim;batchMs=0;batchOutcome=expired');
    const { providerBatchId } = await client.submit(t, lines(10, 'e'));
    expect((await pollUntilEnded(client, t, providerBatchId)).status.state).toBe('expired');
    const results = await collect(client, t, providerBatchId);
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.errorCode === 'EXPIRED')).toHaveLength(5);
  });

  it("another key's batch is not found (404, BAD_REQUEST), and a bad key is AUTH", async () => {
    const { providerBatchId } = await client.submit(target('sim;id=owner;batchMs=0'), lines(1));
    const err = await client.poll(target('sim;id=stranger'), providerBatchId).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ kind: 'BAD_REQUEST', status: 404 });
    await expect(client.submit(target('sim;fail=401'), lines(1))).rejects.toMatchObject({ kind: 'AUTH', status: 401 });
    await expect(client.submit(target('sim;fail=503'), lines(1))).rejects.toMatchObject({ kind: 'SERVER', retryable: true });
  });

  it('refuses invalid customIds before uploading anything', async () => {
    const key = `sim;id=${p.type}-invalid`;
    await expect(client.submit(target(key), [{ customId: 'has space', request: { prompt: 'x' } }])).rejects.toMatchObject({ kind: 'BAD_REQUEST' });
    await expect(client.submit(target(key), [...lines(1), ...lines(1)])).rejects.toMatchObject({ kind: 'BAD_REQUEST' });
    expect((await stats()).byKey[key]).toBeUndefined();
  });
});

describe('OPENAI specifics', () => {
  const client = new OpenAIBatchClient();
  const target = (apiKey: string): ProviderTarget => ({ type: 'OPENAI', baseUrl: `${url}/v1`, apiKey, model: 'gpt-sim', timeoutMs: 10_000 });

  it('batchOutcome=failed: the batch ends failed with the provider reason', async () => {
    const t = target('sim;batchMs=0;batchOutcome=failed');
    const { providerBatchId } = await client.submit(t, lines(3));
    const { status } = await pollUntilEnded(client, t, providerBatchId);
    expect(status).toEqual({ state: 'failed', counts: { total: 0, succeeded: 0, failed: 0 }, error: expect.stringContaining('simulated_failure') });
    expect(await collect(client, t, providerBatchId)).toEqual([]);
  });

  it('the simulator takes a ~50 MB multipart upload', async () => {
    const line = JSON.stringify({ custom_id: 'x', method: 'POST', url: '/v1/chat/completions', body: { model: 'm', messages: [{ role: 'user', content: 'y'.repeat(1000) }] } });
    const big = Buffer.from(`${line}\n`.repeat(Math.ceil((50 * 1024 * 1024) / (line.length + 1))));
    const form = new FormData();
    form.append('purpose', 'batch');
    form.append('file', new Blob([big]), 'big.jsonl');
    const res = await fetch(`${url}/v1/files`, { method: 'POST', headers: { authorization: 'Bearer sim;id=big-upload' }, body: form });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ object: 'file', purpose: 'batch', bytes: big.length, filename: 'big.jsonl' });
  });
});

it('GOOGLE and the OpenAI-compatible types have no native batch client', () => {
  expect(batchClientFor('GOOGLE')).toBeNull();
  expect(batchClientFor('DEEPSEEK')).toBeNull();
  expect(batchClientFor('CUSTOM')).toBeNull();
});
