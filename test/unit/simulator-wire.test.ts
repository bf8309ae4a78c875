import { createSimulator, type Simulator } from '../../simulator/server';

/** The three wire formats over raw HTTP: response shapes, auth, validation, error bodies. */

let sim: Simulator;
let url: string;

beforeAll(async () => {
  sim = createSimulator();
  ({ url } = await sim.listen(0));
});

afterAll(() => sim.close());

/** Arbitrary JSON, navigable without casts; values only ever go to expect(). */
interface Json {
  readonly [key: string]: Json;
  readonly [index: number]: Json;
}

async function post(path: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; headers: Headers; json: Json }> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Json };
}

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('OpenAI chat completions', () => {
  const body = {
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system', content: 'Be terse.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: 'What is 2+2?' },
    ],
  };

  it('answers in the exact chat.completion shape with realistic usage', async () => {
    const { status, json } = await post('/v1/chat/completions', { authorization: 'Bearer k-openai' }, body);
    expect(status).toBe(200);
    const content = '[sim:gpt-4o-mini] [system:Be terse.] [turns:3] What is 2+2?';
    expect(json).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      // input: 9 + 2 + 6 + 12 = 29 chars -> 8 tokens; output: 59 chars -> 15 tokens
      usage: { prompt_tokens: 8, completion_tokens: 15, total_tokens: 23 },
    });
    expect(json.id).toMatch(/^chatcmpl-/);
    expect(typeof json.created).toBe('number');
  });

  it('is deterministic: the same input gives the same content and usage', async () => {
    const a = await post('/v1/chat/completions', { authorization: 'Bearer k1' }, body);
    const b = await post('/v1/chat/completions', { authorization: 'Bearer k2' }, body);
    expect(a.json.choices).toEqual(b.json.choices);
    expect(a.json.usage).toEqual(b.json.usage);
    expect(a.json.id).not.toBe(b.json.id);
  });

  it('truncates at max_tokens (or max_completion_tokens) and reports length', async () => {
    for (const limit of [{ max_tokens: 5 }, { max_completion_tokens: 5 }]) {
      const { json } = await post('/v1/chat/completions', { authorization: 'Bearer k' }, { ...body, ...limit });
      expect(json.choices[0].finish_reason).toBe('length');
      expect(json.choices[0].message.content).toBe('[sim:gpt-4o-mini] [s');
      expect(json.usage.completion_tokens).toBe(5);
    }
  });

  it('counts image_url parts and echoes temperature', async () => {
    const { json } = await post(
      '/v1/chat/completions',
      { authorization: 'Bearer k' },
      {
        model: 'gpt-4o',
        temperature: 0.25,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Describe' },
              { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_1X1}` } },
              { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_1X1}` } },
            ],
          },
        ],
      },
    );
    expect(json.choices[0].message.content).toBe('[sim:gpt-4o] [turns:1] [images:2] [temperature:0.25] Describe');
  });

  it('also serves /chat/completions (base URLs without /v1, e.g. DeepSeek)', async () => {
    const { status, json } = await post('/chat/completions', { authorization: 'Bearer k' }, body);
    expect(status).toBe(200);
    expect(json.object).toBe('chat.completion');
  });

  it('401s without a bearer key, in the OpenAI error shape', async () => {
    const { status, json } = await post('/v1/chat/completions', {}, body);
    expect(status).toBe(401);
    expect(json).toEqual({
      error: { message: 'missing API key', type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
    });
  });

  it('400s on invalid requests', async () => {
    expect((await post('/v1/chat/completions', { authorization: 'Bearer k' }, { model: 'm', messages: [] })).status).toBe(400);
    expect((await post('/v1/chat/completions', { authorization: 'Bearer k' }, { messages: body.messages })).status).toBe(400);
    expect((await post('/v1/chat/completions', { authorization: 'Bearer k' }, '{not json')).json.error.message).toBe(
      'request body is not valid JSON',
    );
  });

  it('streams chat.completion.chunk events ending with [DONE], with the usage chunk when asked', async () => {
    const res = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sim;tokenDelay=1', 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, stream: true, stream_options: { include_usage: true } }),
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const events = (await res.text()).split('\n\n').filter(Boolean);
    expect(events[events.length - 1]).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.slice('data: '.length)));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text).toMatch(/^\[sim:/);
    expect(chunks[chunks.length - 1].usage.completion_tokens).toBe(Math.ceil(text.length / 4));
  });

  it('overrides the reported model with model=<name>', async () => {
    const { json } = await post('/v1/chat/completions', { authorization: 'Bearer sim;model=gpt-4o-2024-08-06' }, body);
    expect(json.model).toBe('gpt-4o-2024-08-06');
    expect(json.choices[0].message.content).toMatch(/^\[sim:gpt-4o-2024-08-06\] /);
  });
});

describe('Anthropic messages', () => {
  const body = {
    model: 'claude-sonnet-5-5',
    max_tokens: 100,
    system: 'Be terse.',
    messages: [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1X1 } },
          { type: 'text', text: 'What is 2+2?' },
        ],
      },
    ],
  };

  it('answers in the exact Message shape, accepting x-api-key or a bearer key', async () => {
    const auths: Record<string, string>[] = [{ 'x-api-key': 'k-anthropic' }, { authorization: 'Bearer k-anthropic' }];
    for (const auth of auths) {
      const { status, json } = await post('/v1/messages', auth, body);
      expect(status).toBe(200);
      expect(json).toMatchObject({
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-5-5',
        content: [{ type: 'text', text: '[sim:claude-sonnet-5-5] [system:Be terse.] [turns:3] [images:1] What is 2+2?' }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 8, output_tokens: 19 },
      });
      expect(json.id).toMatch(/^msg_/);
    }
  });

  it('truncates at max_tokens with stop_reason max_tokens', async () => {
    const { json } = await post('/v1/messages', { 'x-api-key': 'k' }, { ...body, max_tokens: 3 });
    expect(json.stop_reason).toBe('max_tokens');
    expect(json.content[0].text).toHaveLength(12);
    expect(json.usage.output_tokens).toBe(3);
  });

  it('requires max_tokens, like the real API', async () => {
    const { max_tokens: _omitted, ...rest } = body;
    const { status, json } = await post('/v1/messages', { 'x-api-key': 'k' }, rest);
    expect(status).toBe(400);
    expect(json).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
  });

  it('rejects sampling parameters from anthropic-version 2026-10-21 on, accepts them before', async () => {
    const withTemp = { ...body, temperature: 0.5 };
    const rejected = await post('/v1/messages', { 'x-api-key': 'k', 'anthropic-version': '2026-10-21' }, withTemp);
    expect(rejected.status).toBe(400);
    expect(rejected.json.error.message).toBe('temperature: Extra inputs are not permitted');
    const accepted = await post('/v1/messages', { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' }, withTemp);
    expect(accepted.status).toBe(200);
    expect(accepted.json.content[0].text).toContain('[temperature:0.5]');
  });

  it('401s without a key, in the Anthropic error shape', async () => {
    const { status, json } = await post('/v1/messages', {}, body);
    expect(status).toBe(401);
    expect(json).toMatchObject({ type: 'error', error: { type: 'authentication_error', message: 'missing API key' } });
  });
});

describe('Gemini generateContent', () => {
  const body = {
    systemInstruction: { parts: [{ text: 'Be terse.' }] },
    contents: [
      { role: 'user', parts: [{ text: 'Hi' }] },
      { role: 'model', parts: [{ text: 'Hello!' }] },
      { role: 'user', parts: [{ text: 'What is 2+2?' }, { inlineData: { mimeType: 'image/png', data: PNG_1X1 } }] },
    ],
    generationConfig: { temperature: 0.5 },
  };
  const content = '[sim:gemini-2.5-flash] [system:Be terse.] [turns:3] [images:1] [temperature:0.5] What is 2+2?';

  it('answers on v1beta (the SDK default) and v1, with the key in a header or ?key=', async () => {
    const calls = [
      post('/v1beta/models/gemini-2.5-flash:generateContent', { 'x-goog-api-key': 'k-gemini' }, body),
      post('/v1/models/gemini-2.5-flash:generateContent?key=k-gemini', {}, body),
    ];
    for (const { status, json } of await Promise.all(calls)) {
      expect(status).toBe(200);
      expect(json).toMatchObject({
        candidates: [{ content: { role: 'model', parts: [{ text: content }] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 24, totalTokenCount: 32 },
        modelVersion: 'gemini-2.5-flash',
      });
      expect(typeof json.responseId).toBe('string');
    }
  });

  it('accepts the snake_case field names of the REST API', async () => {
    const { json } = await post(
      '/v1beta/models/gemini-2.5-flash:generateContent',
      { 'x-goog-api-key': 'k' },
      {
        system_instruction: { parts: [{ text: 'Be terse.' }] },
        contents: [{ role: 'user', parts: [{ text: 'Hi' }, { inline_data: { mime_type: 'image/jpeg', data: 'AA==' } }] }],
        generation_config: { max_output_tokens: 4 },
      },
    );
    expect(json.candidates[0].finishReason).toBe('MAX_TOKENS');
    expect(json.candidates[0].content.parts[0].text).toBe('[sim:gemini-2.5-');
    expect(json.usageMetadata.candidatesTokenCount).toBe(4);
  });

  it('puts RetryInfo in a 429 body and 401s without a key', async () => {
    const limited = await post('/v1beta/models/g:generateContent', { 'x-goog-api-key': 'sim;rate429=1;retryAfter=7' }, body);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.json).toEqual({
      error: {
        code: 429,
        message: 'simulated rate limit',
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' }],
      },
    });
    const anonymous = await post('/v1beta/models/g:generateContent', {}, body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual({ error: { code: 401, message: 'missing API key', status: 'UNAUTHENTICATED' } });
  });

  it('does not route other model actions', async () => {
    const res = await fetch(`${url}/v1beta/models/g:countTokens`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
  });
});

describe('echo=<n> / echo=full: how much of the last user text comes back', () => {
  // A long user text whose start, middle and end are distinguishable.
  const long = `START ${'a'.repeat(3000)} MIDDLE ${'b'.repeat(3000)} END`;
  const openai = (key: string) =>
    post('/v1/chat/completions', { authorization: `Bearer ${key}` }, { model: 'm', messages: [{ role: 'user', content: long }] });

  it('clips to 2000 characters by default, keeping the start and the end', async () => {
    const text = String((await openai('k')).json.choices[0].message.content);
    expect(text).toContain('START');
    expect(text).toContain('END');
    expect(text).not.toContain('MIDDLE');
    expect(text.length).toBeLessThan(2100);
  });

  it('echoes the whole text with echo=full, in every wire format', async () => {
    const key = 'sim;echo=full';
    expect((await openai(key)).json.choices[0].message.content).toBe(`[sim:m] [turns:1] ${long}`);
    const anthropic = await post('/v1/messages', { 'x-api-key': key }, { model: 'm', max_tokens: 10_000, messages: [{ role: 'user', content: long }] });
    expect(anthropic.json.content[0].text).toBe(`[sim:m] [turns:1] ${long}`);
    const gemini = await post('/v1beta/models/m:generateContent', { 'x-goog-api-key': key }, { contents: [{ role: 'user', parts: [{ text: long }] }] });
    expect(gemini.json.candidates[0].content.parts[0].text).toBe(`[sim:m] [turns:1] ${long}`);
  });

  it('clips to n characters with echo=<n>', async () => {
    const text = String((await openai('sim;echo=10000')).json.choices[0].message.content);
    expect(text).toBe(`[sim:m] [turns:1] ${long}`);
    const short = String((await openai('sim;echo=101')).json.choices[0].message.content);
    expect(short).toBe(`[sim:m] [turns:1] ${long.slice(0, 50)}…${long.slice(long.length - 50)}`);
  });
});

describe('failure bodies per format', () => {
  it('renders fail=<status> in each provider shape', async () => {
    const openai = await post('/v1/chat/completions', { authorization: 'Bearer sim;fail=503' }, {});
    expect(openai.status).toBe(503);
    expect(openai.json.error).toMatchObject({ type: 'server_error', code: null });

    const anthropic = await post('/v1/messages', { 'x-api-key': 'sim;fail=529' }, {});
    expect(anthropic.status).toBe(529);
    expect(anthropic.json).toMatchObject({ type: 'error', error: { type: 'overloaded_error' } });

    const gemini = await post('/v1beta/models/g:generateContent', { 'x-goog-api-key': 'sim;fail=500' }, {});
    expect(gemini.status).toBe(500);
    expect(gemini.json).toEqual({ error: { code: 500, message: 'simulated failure (500)', status: 'INTERNAL' } });
  });

  it('answers 429 from fail=429 with a retry-after header too', async () => {
    const { status, headers } = await post('/v1/messages', { 'x-api-key': 'sim;fail=429;retryAfter=3' }, {});
    expect(status).toBe(429);
    expect(headers.get('retry-after')).toBe('3');
  });
});

it('404s unknown routes', async () => {
  const res = await fetch(`${url}/v2/whatever`, { method: 'POST', body: '{}' });
  expect(res.status).toBe(404);
});
