import { chatCompletionRequestSchema, openAiFinishReason, toExecution } from '../../services/openai-compat/chat-request';

/** OpenAI's chat request mapped onto the gateway's execute request (services/openai-compat/chat-request.ts). */
const parse = (body: unknown) => chatCompletionRequestSchema.parse(body);

describe('toExecution', () => {
  it('takes the last user turn as the prompt, the rest as history; developer reads as system; auto leaves the model to routing', () => {
    const { req, extras } = toExecution(
      parse({
        model: 'auto',
        messages: [
          { role: 'developer', content: 'Be brief.' },
          { role: 'user', content: [{ type: 'text', text: 'first' }] },
          { role: 'assistant', content: 'ok' },
          { role: 'user', content: 'second' },
        ],
        max_tokens: 10,
        max_completion_tokens: 20,
        stop: 'END',
        user: 'u-1',
        temperature: 0.5,
      }),
      { policyId: 'p-1' },
    );
    expect(req).toMatchObject({ prompt: 'second', maxTokens: 20, temperature: 0.5, policyId: 'p-1', executionMode: 'AUTONOMOUS' });
    expect(req.model).toBeUndefined();
    expect(extras.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'ok' },
    ]);
    expect(extras).toMatchObject({ stop: ['END'], user: 'u-1' });
  });

  it('after a tool result there is no prompt: the conversation, tool turns included, is sent as it is', () => {
    const call = { id: 'call_1', type: 'function' as const, function: { name: 'f', arguments: '{"a":1}' } };
    const { req, extras } = toExecution(
      parse({
        model: 'gpt-4o',
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: null, tool_calls: [call] },
          { role: 'tool', tool_call_id: 'call_1', content: '42' },
        ],
        tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
        tool_choice: 'auto',
      }),
      {},
    );
    expect(req.prompt).toBe('');
    expect(req.model).toBe('gpt-4o');
    expect(extras.messages).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: '', toolCalls: [call] },
      { role: 'tool', content: '42', toolCallId: 'call_1' },
    ]);
    expect(extras.tools).toHaveLength(1);
    expect(extras.toolChoice).toBe('auto');
  });

  it('images: data URLs become attachments of the final turn; a remote URL is refused (never fetched)', () => {
    const image = (url: string) =>
      parse({ model: 'auto', messages: [{ role: 'user', content: [{ type: 'text', text: 'see' }, { type: 'image_url', image_url: { url } }] }] });
    expect(toExecution(image('data:image/png;base64,AAAA'), {}).req.attachments).toEqual([{ type: 'image', mimeType: 'image/png', data: 'AAAA' }]);
    expect(() => toExecution(image('https://example.com/a.png'), {})).toThrow(/data: URL/);
  });

  it('X-Gatehouse-Sanitize asks for protection with the chosen profiles', () => {
    const { req } = toExecution(parse({ model: 'auto', messages: [{ role: 'user', content: 'x' }] }), { sanitize: true, profiles: ['credentials'] });
    expect(req.sanitization).toEqual({ enabled: true, profiles: ['credentials'] });
  });
});

describe('the request schema and finish reasons', () => {
  it('refuses n > 1 and an empty conversation; maps unknown finish reasons to stop', () => {
    expect(chatCompletionRequestSchema.safeParse({ model: 'auto', messages: [{ role: 'user', content: 'x' }], n: 2 }).success).toBe(false);
    expect(chatCompletionRequestSchema.safeParse({ model: 'auto', messages: [] }).success).toBe(false);
    expect(openAiFinishReason('tool_calls')).toBe('tool_calls');
    expect(openAiFinishReason('unknown')).toBe('stop');
  });
});
