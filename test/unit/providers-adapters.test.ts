import { createProviderRegistry, type ProviderRegistry } from '../../activities/providers';
import type { CompletionRequest, ProviderTarget, ProviderType } from '../../domain/providers';
import { createSimulator, type Simulator } from '../../simulator/server';
import type { StatsSnapshot } from '../../simulator/stats';

/**
 * Every provider type through its official SDK against the simulator. The simulator's content is
 * a deterministic function of what reached the wire, so these assertions prove the mapping.
 */

let sim: Simulator;
let url: string;
let registry: ProviderRegistry;

beforeAll(async () => {
  sim = createSimulator();
  ({ url } = await sim.listen(0));
  registry = createProviderRegistry();
});
afterAll(() => sim.close());

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

interface Case {
  type: ProviderType;
  model: string;
  /** The base URL form this SDK needs. */
  baseUrl: () => string;
  endpoint: string;
}

const cases: Case[] = [
  { type: 'OPENAI', model: 'gpt-4o-mini', baseUrl: () => `${url}/v1`, endpoint: 'chat' },
  // DeepSeek's documented base URL has no /v1: the SDK then posts to /chat/completions.
  { type: 'DEEPSEEK', model: 'deepseek-chat', baseUrl: () => url, endpoint: 'chat' },
  { type: 'CUSTOM', model: 'llama-3.1-8b', baseUrl: () => `${url}/v1`, endpoint: 'chat' },
  { type: 'ANTHROPIC', model: 'claude-sonnet-5-5', baseUrl: () => url, endpoint: 'messages' },
  { type: 'GOOGLE', model: 'gemini-2.5-flash', baseUrl: () => url, endpoint: 'generateContent' },
];

function target(c: Case, apiKey: string, overrides: Partial<ProviderTarget> = {}): ProviderTarget {
  return { type: c.type, baseUrl: c.baseUrl(), apiKey, model: c.model, timeoutMs: 5000, ...overrides };
}

const conversation: CompletionRequest = {
  systemPrompt: 'Be terse.',
  messages: [
    { role: 'system', content: 'Answer in English.' },
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Hello!' },
  ],
  prompt: 'What is 2+2?',
};

describe.each(cases)('$type adapter', (c) => {
  it('maps system prompt, system messages, history and prompt onto the wire', async () => {
    const result = await registry.complete(target(c, `k-${c.type}`), conversation);
    const expected = `[sim:${c.model}] [system:Be terse.\n\nAnswer in English.] [turns:3] What is 2+2?`;
    expect(result.content).toBe(expected);
    expect(result.finishReason).toBe('stop');
    expect(result.model).toBe(c.model);
    // 'Be terse.\n\nAnswer in English.' + 'Hi' + 'Hello!' + 'What is 2+2?': 49 chars -> 13 tokens.
    const promptTokens = 13;
    expect(result.usage).toEqual({
      promptTokens,
      completionTokens: Math.ceil(expected.length / 4),
      totalTokens: promptTokens + Math.ceil(expected.length / 4),
    });
    expect(result.providerLatencyMs).toBeGreaterThanOrEqual(0);
    expect(result.providerLatencyMs).toBeLessThan(2000);
  });

  it('delivers an image attachment and appends text attachments to the final turn', async () => {
    const result = await registry.complete(target(c, 'k-img'), {
      prompt: 'Describe this.',
      attachments: [
        { type: 'image', mimeType: 'image/png', data: PNG_1X1, fileName: 'dot.png' },
        { type: 'text', fileName: 'notes.txt', content: 'a single pixel' },
        // Ignored by adapters: the gateway converts these before calling.
        { type: 'document', fileId: 'file_1', fileName: 'report.pdf' },
        { type: 'url', url: 'https://example.com/x.png' },
      ],
    });
    expect(result.content).toBe(
      `[sim:${c.model}] [turns:1] [images:1] Describe this.\n\n[Attachment: notes.txt]\na single pixel`,
    );
  });

  it('truncates at maxTokens and reports finishReason length', async () => {
    const result = await registry.complete(target(c, 'k-len'), { prompt: 'Tell me a long story.', maxTokens: 4 });
    expect(result.finishReason).toBe('length');
    expect(result.content).toBe(`[sim:${c.model}] [turns:1] Tell me`.slice(0, 16));
    expect(result.usage.completionTokens).toBe(4);
  });

  it('reports the model the provider says it used', async () => {
    const result = await registry.complete(target(c, 'sim;model=reported-model-001'), { prompt: 'hi' });
    expect(result.model).toBe('reported-model-001');
  });

  it('reaches the endpoint its SDK is meant to use', async () => {
    const key = `k-endpoint-${c.type}`;
    await registry.complete(target(c, key), { prompt: 'hi' });
    const stats = (await (await fetch(`${url}/_sim/stats`)).json()) as StatsSnapshot;
    expect(stats.byKey[key]).toEqual({ requests: 1, byEndpoint: { [c.endpoint]: 1 } });
  });
});

describe('temperature', () => {
  it.each(cases.filter((c) => c.type !== 'ANTHROPIC'))('is passed through for $type', async (c) => {
    const result = await registry.complete(target(c, 'k-temp'), { prompt: 'hi', temperature: 0.3 });
    expect(result.content).toBe(`[sim:${c.model}] [turns:1] [temperature:0.3] hi`);
  });

  it('is not sent to Anthropic (API version 2026-10-21 rejects sampling parameters)', async () => {
    const c = cases.find((x) => x.type === 'ANTHROPIC')!;
    const result = await registry.complete(target(c, 'k-temp'), { prompt: 'hi', temperature: 0.3 });
    expect(result.content).toBe(`[sim:${c.model}] [turns:1] hi`);
  });
});

describe('registry', () => {
  it('shares one adapter across the OpenAI-compatible types', () => {
    expect(registry.adapterFor('DEEPSEEK')).toBe(registry.adapterFor('OPENAI'));
    expect(registry.adapterFor('CUSTOM')).toBe(registry.adapterFor('OPENAI'));
    expect(registry.adapterFor('ANTHROPIC')).not.toBe(registry.adapterFor('OPENAI'));
  });

  it('rejects an unknown provider type and a CUSTOM target without baseUrl as BAD_REQUEST', async () => {
    await expect(
      registry.complete({ ...target(cases[0], 'k'), type: 'toString' as ProviderType }, { prompt: 'hi' }),
    ).rejects.toMatchObject({ name: 'ProviderError', kind: 'BAD_REQUEST' });
    await expect(registry.complete(target(cases[2], 'k', { baseUrl: null }), { prompt: 'hi' })).rejects.toMatchObject({
      kind: 'BAD_REQUEST',
      message: 'a CUSTOM provider requires a baseUrl',
      retryable: false,
    });
  });

  it('rejects a target without an API key as AUTH before calling anything', async () => {
    for (const c of cases) {
      await expect(registry.complete(target(c, ''), { prompt: 'hi' })).rejects.toMatchObject({ kind: 'AUTH' });
    }
  });

  it('rejects an image type Anthropic does not accept as BAD_REQUEST', async () => {
    const c = cases.find((x) => x.type === 'ANTHROPIC')!;
    await expect(
      registry.complete(target(c, 'k'), { prompt: 'hi', attachments: [{ type: 'image', mimeType: 'image/tiff', data: 'AA==' }] }),
    ).rejects.toMatchObject({ kind: 'BAD_REQUEST' });
  });
});
