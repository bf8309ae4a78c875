import type { Message } from '@anthropic-ai/sdk/resources/messages/messages';
import { FinishReason, GenerateContentResponse } from '@google/genai';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import { fromMessage, normaliseStopReason, toMessageParams } from '../../activities/providers/anthropic';
import { ClientCache, clientKey } from '../../activities/providers/client-cache';
import { timeoutOf, toConversation } from '../../activities/providers/conversation';
import { fromGenerateContentResponse, normaliseFinishReason, toGenerateContentParams } from '../../activities/providers/google';
import { fromChatCompletion, toChatParams } from '../../activities/providers/openai-compatible';
import type { CompletionRequest, ProviderTarget, ProviderType } from '../../domain/providers';

/** Request and response mapping without the network. */

const target = (type: ProviderType, overrides: Partial<ProviderTarget> = {}): ProviderTarget => ({
  type,
  baseUrl: 'http://sim',
  apiKey: 'k',
  model: 'model-x',
  timeoutMs: 1234,
  ...overrides,
});

const request: CompletionRequest = {
  systemPrompt: 'Be terse.',
  messages: [
    { role: 'user', content: 'Hi' },
    { role: 'system', content: 'Answer in English.' },
    { role: 'assistant', content: 'Hello!' },
  ],
  prompt: 'Look',
  temperature: 0.2,
  maxTokens: 50,
  attachments: [
    { type: 'image', mimeType: 'image/jpg', data: 'AAAA' },
    { type: 'text', content: 'file body' },
    { type: 'image', mimeType: 'image/png' }, // no data: ignored
  ],
};

describe('toConversation', () => {
  it('joins system text, keeps turn order and builds the final user turn', () => {
    expect(toConversation(request)).toEqual({
      system: 'Be terse.\n\nAnswer in English.',
      history: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
      ],
      prompt: 'Look\n\n[Attachment: attachment]\nfile body',
      images: [{ mimeType: 'image/jpg', data: 'AAAA' }],
    });
    expect(toConversation({ prompt: 'p' })).toEqual({ system: undefined, history: [], prompt: 'p', images: [] });
  });

  it('gives the SDKs a positive integer timeout', () => {
    expect(timeoutOf(target('OPENAI', { timeoutMs: 99.2 }))).toBe(100);
    expect(timeoutOf(target('OPENAI', { timeoutMs: 0 }))).toBe(600_000);
  });
});

describe('OpenAI-compatible mapping', () => {
  it('sends max_completion_tokens to OpenAI and max_tokens to DeepSeek and custom servers', () => {
    expect(toChatParams(target('OPENAI'), request)).toEqual({
      model: 'model-x',
      messages: [
        { role: 'system', content: 'Be terse.\n\nAnswer in English.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look\n\n[Attachment: attachment]\nfile body' },
            { type: 'image_url', image_url: { url: 'data:image/jpg;base64,AAAA' } },
          ],
        },
      ],
      temperature: 0.2,
      max_completion_tokens: 50,
    });
    for (const type of ['DEEPSEEK', 'CUSTOM'] as const) {
      const params = toChatParams(target(type), request);
      expect(params.max_tokens).toBe(50);
      expect(params.max_completion_tokens).toBeUndefined();
    }
  });

  it('reads a completion, tolerating a missing usage block', () => {
    const completion: ChatCompletion = {
      id: 'c',
      object: 'chat.completion',
      created: 0,
      model: 'gpt-x-2025',
      choices: [
        { index: 0, logprobs: null, finish_reason: 'content_filter', message: { role: 'assistant', content: null, refusal: 'no' } },
      ],
    };
    expect(fromChatCompletion(completion, 7)).toEqual({
      content: 'no',
      usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
      finishReason: 'content_filter',
      model: 'gpt-x-2025',
      providerLatencyMs: 7,
    });
  });
});

describe('Anthropic mapping', () => {
  it('puts system text in `system`, images before text, and defaults max_tokens to 1024', () => {
    expect(toMessageParams(target('ANTHROPIC'), { ...request, maxTokens: undefined })).toEqual({
      model: 'model-x',
      max_tokens: 1024,
      system: 'Be terse.\n\nAnswer in English.',
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        {
          role: 'user',
          content: [
            // image/jpg is normalised to the media type the API accepts
            { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'AAAA' } },
            { type: 'text', text: 'Look\n\n[Attachment: attachment]\nfile body' },
          ],
        },
      ],
    });
  });

  it('normalises stop reasons', () => {
    expect(['end_turn', 'stop_sequence', 'max_tokens', 'tool_use', 'refusal', 'pause_turn'].map(normaliseStopReason)).toEqual([
      'stop',
      'stop',
      'length',
      'tool_calls',
      'content_filter',
      'pause_turn',
    ]);
    expect(normaliseStopReason(null)).toBe('unknown');
  });

  it('counts cached prompt tokens as prompt tokens', () => {
    const message = {
      id: 'm',
      type: 'message',
      role: 'assistant',
      model: 'claude-x',
      content: [
        { type: 'text', text: 'a', citations: null },
        { type: 'text', text: 'b', citations: null },
      ],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 3, cache_read_input_tokens: 2 },
    } as unknown as Message;
    expect(fromMessage(message, 1)).toMatchObject({
      content: 'ab',
      usage: { promptTokens: 15, completionTokens: 5, totalTokens: 20 },
      finishReason: 'stop',
      model: 'claude-x',
    });
  });
});

describe('Google mapping', () => {
  it('maps roles to user/model, images to inlineData, and sets the timeout per request', () => {
    const signal = new AbortController().signal;
    expect(toGenerateContentParams(target('GOOGLE'), { ...request, signal })).toEqual({
      model: 'model-x',
      contents: [
        { role: 'user', parts: [{ text: 'Hi' }] },
        { role: 'model', parts: [{ text: 'Hello!' }] },
        {
          role: 'user',
          parts: [{ text: 'Look\n\n[Attachment: attachment]\nfile body' }, { inlineData: { mimeType: 'image/jpg', data: 'AAAA' } }],
        },
      ],
      config: {
        systemInstruction: 'Be terse.\n\nAnswer in English.',
        temperature: 0.2,
        maxOutputTokens: 50,
        httpOptions: { timeout: 1234 },
        abortSignal: signal,
      },
    });
  });

  it('normalises finish reasons', () => {
    expect(['STOP', 'MAX_TOKENS', 'SAFETY', 'RECITATION', 'MALFORMED_FUNCTION_CALL'].map(normaliseFinishReason)).toEqual([
      'stop',
      'length',
      'content_filter',
      'recitation',
      'malformed_function_call',
    ]);
  });

  it('skips thought parts but bills thinking tokens as output; a blocked prompt is content_filter', () => {
    const response = Object.assign(new GenerateContentResponse(), {
      candidates: [
        {
          content: { role: 'model', parts: [{ text: 'thinking…', thought: true }, { text: 'answer' }] },
          finishReason: FinishReason.STOP,
        },
      ],
      usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 2, thoughtsTokenCount: 10, totalTokenCount: 16 },
    });
    expect(fromGenerateContentResponse(response, target('GOOGLE'), 3)).toEqual({
      content: 'answer',
      usage: { promptTokens: 4, completionTokens: 12, totalTokens: 16 },
      finishReason: 'stop',
      model: 'model-x', // no modelVersion in the response: the requested one
      providerLatencyMs: 3,
    });
    const blocked = Object.assign(new GenerateContentResponse(), { promptFeedback: { blockReason: 'SAFETY' } });
    expect(fromGenerateContentResponse(blocked, target('GOOGLE'), 3)).toMatchObject({ content: '', finishReason: 'content_filter' });
  });
});

describe('ClientCache', () => {
  it('reuses a client per key and drops the least recently used when full', () => {
    const cache = new ClientCache<{ id: number }>(2);
    let created = 0;
    const make = () => ({ id: ++created });
    const a = cache.getOrCreate('a', make);
    expect(cache.getOrCreate('a', make)).toBe(a);
    cache.getOrCreate('b', make);
    cache.getOrCreate('a', make); // a is now the most recent
    cache.getOrCreate('c', make); // evicts b
    expect(cache.size).toBe(2);
    expect(cache.getOrCreate('a', make)).toBe(a);
    expect(cache.getOrCreate('b', make).id).toBe(4); // re-created
    expect(created).toBe(4);
  });

  it('keys by type, base URL and API key', () => {
    const base = { type: 'OPENAI' as const, baseUrl: 'http://x', apiKey: 'k' };
    const keys = new Set([
      clientKey(base),
      clientKey({ ...base, type: 'DEEPSEEK' }),
      clientKey({ ...base, baseUrl: null }),
      clientKey({ ...base, apiKey: 'k2' }),
    ]);
    expect(keys.size).toBe(4);
    expect(clientKey({ ...base })).toBe(clientKey(base));
  });
});
