import type { MessageBatch, MessageBatchIndividualResponse } from '@anthropic-ai/sdk/resources/messages/batches';
import type { Batch } from 'openai/resources/batches';
import { toAnthropicRequests, toOpenAiJsonl } from '../../activities/providers/batch';
import {
  anthropicErrorCode,
  anthropicResult,
  anthropicStatus,
  checkLines,
  openAiLineErrorCode,
  openAiResult,
  openAiState,
  openAiStatus,
} from '../../activities/providers/batch/mapping';
import { readLines } from '../../activities/providers/batch/transport';
import type { ProviderTarget } from '../../domain/providers';

const openAiTarget: ProviderTarget = { type: 'OPENAI', baseUrl: null, apiKey: 'k', model: 'gpt-x', timeoutMs: 1000 };
const anthropicTarget: ProviderTarget = { ...openAiTarget, type: 'ANTHROPIC', model: 'claude-x' };

function batch(status: Batch['status'], extra: Partial<Batch> = {}): Batch {
  return {
    id: 'b',
    object: 'batch',
    endpoint: '/v1/chat/completions',
    input_file_id: 'f',
    completion_window: '24h',
    created_at: 0,
    status,
    request_counts: { total: 10, completed: 6, failed: 1 },
    ...extra,
  };
}

describe('OpenAI batch mapping', () => {
  it.each([
    ['validating', 'in_progress'],
    ['in_progress', 'in_progress'],
    ['finalizing', 'in_progress'],
    ['cancelling', 'in_progress'],
    ['completed', 'completed'],
    ['failed', 'failed'],
    ['expired', 'expired'],
    ['cancelled', 'cancelled'],
  ] as const)('status %s is %s', (status, state) => {
    expect(openAiState(status)).toBe(state);
  });

  it('maps counts, and a failed batch carries the reasons', () => {
    expect(openAiStatus(batch('in_progress'))).toEqual({ state: 'in_progress', counts: { total: 10, succeeded: 6, failed: 1 } });
    const failed = openAiStatus(
      batch('failed', { errors: { data: [{ code: 'duplicate_custom_id', line: 3, message: 'not unique' }, { code: 'x', message: 'y' }] } }),
    );
    expect(failed.error).toBe('duplicate_custom_id (line 3): not unique; x: y');
  });

  it('reads a 200 line as the answer', () => {
    const line = {
      id: 'r',
      custom_id: 'a',
      response: {
        status_code: 200,
        body: {
          model: 'gpt-x-2026',
          choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'length' }],
          usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
        },
      },
      error: null,
    };
    expect(openAiResult(line)).toEqual({
      customId: 'a',
      ok: true,
      content: 'hi',
      usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7 },
      finishReason: 'length',
      model: 'gpt-x-2026',
    });
  });

  it.each([
    [429, 'RATE_LIMIT'],
    [500, 'SERVER'],
    [400, 'BAD_REQUEST'],
    [401, 'AUTH'],
  ])('reads a %i line as %s with the provider message', (status, code) => {
    const line = { custom_id: 'a', response: { status_code: status, body: { error: { message: 'nope' } } }, error: null };
    expect(openAiResult(line)).toEqual({ customId: 'a', ok: false, errorCode: code, errorMessage: 'nope' });
  });

  it('reads response-less lines by their error code', () => {
    expect(openAiResult({ custom_id: 'a', response: null, error: { code: 'batch_expired', message: 'late' } })).toEqual({
      customId: 'a',
      ok: false,
      errorCode: 'EXPIRED',
      errorMessage: 'late',
    });
    expect(openAiLineErrorCode('batch_cancelled')).toBe('CANCELLED');
    expect(openAiLineErrorCode('rate_limit_exceeded')).toBe('RATE_LIMIT');
    expect(openAiLineErrorCode('server_error')).toBe('SERVER');
    expect(openAiLineErrorCode('token_limit_exceeded')).toBe('BAD_REQUEST');
    expect(openAiLineErrorCode(undefined)).toBe('UNKNOWN');
    expect(openAiResult({ response: null })).toBeUndefined();
  });

  it('builds one JSONL line per request with the synchronous adapter’s body', () => {
    const jsonl = toOpenAiJsonl(openAiTarget, [{ customId: 'a-1', request: { prompt: 'p', systemPrompt: 's', maxTokens: 9, temperature: 0.2 } }]);
    expect(jsonl).toHaveLength(1);
    const text = jsonl[0]!;
    expect(text.endsWith('\n')).toBe(true);
    expect(JSON.parse(text)).toEqual({
      custom_id: 'a-1',
      method: 'POST',
      url: '/v1/chat/completions',
      body: {
        model: 'gpt-x',
        messages: [
          { role: 'system', content: 's' },
          { role: 'user', content: 'p' },
        ],
        max_completion_tokens: 9,
        temperature: 0.2,
      },
    });
  });
});

function messageBatch(status: MessageBatch['processing_status'], counts: Partial<MessageBatch['request_counts']>, canceled = false): MessageBatch {
  return {
    id: 'm',
    type: 'message_batch',
    processing_status: status,
    request_counts: { processing: 0, succeeded: 0, errored: 0, canceled: 0, expired: 0, ...counts },
    archived_at: null,
    cancel_initiated_at: canceled ? '2026-01-01T00:00:00Z' : null,
    created_at: '2026-01-01T00:00:00Z',
    ended_at: null,
    expires_at: '2026-01-02T00:00:00Z',
    results_url: null,
  };
}

describe('Anthropic batch mapping', () => {
  it('an ended batch is completed, cancelled or expired; anything else is in progress', () => {
    expect(anthropicStatus(messageBatch('in_progress', { processing: 4, succeeded: 1 }))).toEqual({
      state: 'in_progress',
      counts: { total: 5, succeeded: 1, failed: 0 },
    });
    expect(anthropicStatus(messageBatch('canceling', { processing: 4 }, true)).state).toBe('in_progress');
    expect(anthropicStatus(messageBatch('ended', { succeeded: 3, errored: 1 }))).toEqual({
      state: 'completed',
      counts: { total: 4, succeeded: 3, failed: 1 },
    });
    expect(anthropicStatus(messageBatch('ended', { succeeded: 1, canceled: 2 }, true))).toEqual({
      state: 'cancelled',
      counts: { total: 3, succeeded: 1, failed: 2 },
    });
    expect(anthropicStatus(messageBatch('ended', { succeeded: 1, expired: 2 })).state).toBe('expired');
  });

  it.each([
    ['rate_limit_error', 'RATE_LIMIT'],
    ['api_error', 'SERVER'],
    ['overloaded_error', 'SERVER'],
    ['invalid_request_error', 'BAD_REQUEST'],
    ['authentication_error', 'AUTH'],
    ['timeout_error', 'TIMEOUT'],
    ['something_new', 'UNKNOWN'],
  ])('error type %s is %s', (type, code) => {
    expect(anthropicErrorCode(type)).toBe(code);
  });

  it('reads every result type', () => {
    const errored = {
      custom_id: 'e',
      result: { type: 'errored', error: { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' }, request_id: null } },
    } as MessageBatchIndividualResponse;
    expect(anthropicResult(errored)).toEqual({ customId: 'e', ok: false, errorCode: 'RATE_LIMIT', errorMessage: 'slow down' });
    expect(anthropicResult({ custom_id: 'c', result: { type: 'canceled' } })).toMatchObject({ ok: false, errorCode: 'CANCELLED' });
    expect(anthropicResult({ custom_id: 'x', result: { type: 'expired' } })).toMatchObject({ ok: false, errorCode: 'EXPIRED' });
    const succeeded = {
      custom_id: 's',
      result: {
        type: 'succeeded',
        message: {
          id: 'msg',
          type: 'message',
          role: 'assistant',
          model: 'claude-x',
          content: [{ type: 'text', text: 'hello' }],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: 5, output_tokens: 2, cache_creation_input_tokens: 1, cache_read_input_tokens: 0 },
        },
      },
    } as unknown as MessageBatchIndividualResponse;
    expect(anthropicResult(succeeded)).toEqual({
      customId: 's',
      ok: true,
      content: 'hello',
      usage: { promptTokens: 6, completionTokens: 2, totalTokens: 8 },
      finishReason: 'stop',
      model: 'claude-x',
    });
  });

  it('builds requests with the synchronous adapter’s params', () => {
    expect(toAnthropicRequests(anthropicTarget, [{ customId: 'a', request: { prompt: 'p', systemPrompt: 's', temperature: 1 } }])).toEqual([
      { custom_id: 'a', params: { model: 'claude-x', max_tokens: 1024, system: 's', messages: [{ role: 'user', content: 'p' }] } },
    ]);
  });
});

describe('checkLines', () => {
  const line = (customId: string) => ({ customId, request: { prompt: 'x' } });
  it('accepts ids of letters, digits, - and _ up to 64 characters', () => {
    expect(() => checkLines([line('a-B_9'), line('x'.repeat(64))], 10)).not.toThrow();
  });
  it.each([[[]], [[line('a b')]], [[line('x'.repeat(65))]], [[line('a'), line('a')]], [[line('a'), line('b'), line('c')]]])(
    'refuses %j as BAD_REQUEST',
    (lines) => {
      expect(() => checkLines(lines, 2)).toThrow(expect.objectContaining({ kind: 'BAD_REQUEST' }));
    },
  );
});

describe('readLines', () => {
  function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
    return new ReadableStream({
      start(controller) {
        for (const c of chunks) controller.enqueue(c);
        controller.close();
      },
    });
  }

  it('splits lines across chunk boundaries, multi-byte characters included, and skips blank lines', async () => {
    const bytes = Buffer.from('{"a":"é"}\n\n{"b":"🙂"}\r\n{"c":1}', 'utf8');
    // One byte per chunk: every character and every line straddles a boundary.
    const chunks = [...bytes].map((b) => Uint8Array.of(b));
    const out: string[] = [];
    for await (const l of readLines(streamOf(chunks))) out.push(l);
    expect(out).toEqual(['{"a":"é"}', '{"b":"🙂"}', '{"c":1}']);
  });

  it('yields nothing for no body', async () => {
    const out: string[] = [];
    for await (const l of readLines(null)) out.push(l);
    expect(out).toEqual([]);
  });
});
