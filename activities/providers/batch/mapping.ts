import type { MessageBatch, MessageBatchIndividualResponse } from '@anthropic-ai/sdk/resources/messages/batches';
import type { Message } from '@anthropic-ai/sdk/resources/messages/messages';
import type { Batch } from 'openai/resources/batches';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import { fromMessage } from '../anthropic';
import { kindForStatus } from '../errors';
import { fromChatCompletion } from '../openai-compatible';
import { ProviderError, type ProviderErrorKind } from '../../../domain/providers';
import type { BatchRequestLine, ProviderBatchResult, ProviderBatchState, ProviderBatchStatus } from './types';

/**
 * Pure translations between the providers' batch wire shapes and ProviderBatch*: states, counts,
 * result lines and per-item error codes. The clients (openai.ts, anthropic.ts) only do I/O.
 *
 * Per-item errorCode is a ProviderErrorKind (RATE_LIMIT, AUTH, TIMEOUT, SERVER, BAD_REQUEST,
 * UNKNOWN: the same words the gateway uses for a failed call, errors.ts), or one of two batch
 * outcomes with no call behind them: CANCELLED (the batch was cancelled before the item ran) and
 * EXPIRED (the provider's completion window closed first).
 */
export type BatchItemErrorCode = ProviderErrorKind | 'CANCELLED' | 'EXPIRED';

/** Anthropic's rule, which is stricter than OpenAI's; our item ids satisfy it. */
export const CUSTOM_ID_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Refuses a submission the provider would refuse anyway, before anything is uploaded. */
export function checkLines(lines: readonly BatchRequestLine[], maxLines: number): void {
  if (lines.length === 0) throw new ProviderError('BAD_REQUEST', 'a provider batch needs at least one request');
  if (lines.length > maxLines) {
    throw new ProviderError('BAD_REQUEST', `a provider batch takes at most ${maxLines} requests, not ${lines.length}`);
  }
  const seen = new Set<string>();
  for (const { customId } of lines) {
    if (!CUSTOM_ID_PATTERN.test(customId)) throw new ProviderError('BAD_REQUEST', `invalid customId ${JSON.stringify(customId)}`);
    if (seen.has(customId)) throw new ProviderError('BAD_REQUEST', `duplicate customId ${customId}`);
    seen.add(customId);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function failure(customId: string, errorCode: BatchItemErrorCode, errorMessage: string): ProviderBatchResult {
  return { customId, ok: false, errorCode, errorMessage };
}

// ---- OpenAI ----

export function openAiState(status: Batch['status']): ProviderBatchState {
  switch (status) {
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'expired':
      return 'expired';
    case 'cancelled':
      return 'cancelled';
    default:
      // validating, in_progress, finalizing, cancelling: not ended yet (results not readable)
      return 'in_progress';
  }
}

export function openAiStatus(batch: Batch): ProviderBatchStatus {
  const c = batch.request_counts;
  const status: ProviderBatchStatus = {
    state: openAiState(batch.status),
    counts: { total: c?.total ?? 0, succeeded: c?.completed ?? 0, failed: c?.failed ?? 0 },
  };
  if (status.state === 'failed') {
    const reasons = (batch.errors?.data ?? []).map((e) => `${e.code ?? 'error'}${e.line != null ? ` (line ${e.line})` : ''}: ${e.message ?? ''}`);
    status.error = reasons.length > 0 ? reasons.join('; ') : 'the provider failed the batch';
  }
  return status;
}

/** The code of an output-file line's `error` (no HTTP answer behind it). */
export function openAiLineErrorCode(code: string | undefined): BatchItemErrorCode {
  if (code === 'batch_cancelled') return 'CANCELLED';
  if (code === 'batch_expired') return 'EXPIRED';
  if (code === undefined) return 'UNKNOWN';
  if (code.includes('rate_limit')) return 'RATE_LIMIT';
  if (code === 'server_error' || code.includes('internal')) return 'SERVER';
  if (code.includes('timeout')) return 'TIMEOUT';
  // The rest (invalid_request, token_limit_exceeded, ...) are about the request itself.
  return 'BAD_REQUEST';
}

function errorMessageOf(body: unknown, fallback: string): string {
  if (isObject(body) && isObject(body.error) && typeof body.error.message === 'string') return body.error.message;
  return fallback;
}

/**
 * One line of an output or error file: `{id, custom_id, response: {status_code, body} | null,
 * error: {code, message} | null}`. Undefined for a line without a custom_id (nothing to match).
 */
export function openAiResult(line: unknown): ProviderBatchResult | undefined {
  if (!isObject(line) || typeof line.custom_id !== 'string') return undefined;
  const customId = line.custom_id;
  const response = line.response;
  if (isObject(response) && typeof response.status_code === 'number') {
    const status = response.status_code;
    if (status >= 200 && status < 300 && isObject(response.body)) {
      const r = fromChatCompletion(response.body as unknown as ChatCompletion, 0);
      return { customId, ok: true, content: r.content, usage: r.usage, finishReason: r.finishReason, model: r.model };
    }
    return failure(customId, kindForStatus(status), errorMessageOf(response.body, `HTTP ${status}`));
  }
  const error = isObject(line.error) ? line.error : {};
  const code = typeof error.code === 'string' ? error.code : undefined;
  const message = typeof error.message === 'string' ? error.message : 'the provider returned no response for this request';
  return failure(customId, openAiLineErrorCode(code), message);
}

// ---- Anthropic ----

export function anthropicStatus(batch: MessageBatch): ProviderBatchStatus {
  const c = batch.request_counts;
  const total = c.processing + c.succeeded + c.errored + c.canceled + c.expired;
  let state: ProviderBatchState = 'in_progress';
  if (batch.processing_status === 'ended') {
    // An ended batch always has results; its state says why it ended.
    if (batch.cancel_initiated_at !== null) state = 'cancelled';
    else if (c.expired > 0) state = 'expired';
    else state = 'completed';
  }
  return { state, counts: { total, succeeded: c.succeeded, failed: c.errored + c.canceled + c.expired } };
}

/** Anthropic's error `type` as an errorCode. */
export function anthropicErrorCode(type: string | undefined): BatchItemErrorCode {
  switch (type) {
    case 'rate_limit_error':
      return 'RATE_LIMIT';
    case 'api_error':
    case 'overloaded_error':
      return 'SERVER';
    case 'timeout_error':
      return 'TIMEOUT';
    case 'authentication_error':
    case 'permission_error':
      return 'AUTH';
    case 'invalid_request_error':
    case 'not_found_error':
    case 'request_too_large':
    case 'billing_error':
      return 'BAD_REQUEST';
    default:
      return 'UNKNOWN';
  }
}

export function anthropicResult(line: MessageBatchIndividualResponse): ProviderBatchResult {
  const customId = line.custom_id;
  const result = line.result;
  switch (result.type) {
    case 'succeeded': {
      const r = fromMessage(result.message as Message, 0);
      return { customId, ok: true, content: r.content, usage: r.usage, finishReason: r.finishReason, model: r.model };
    }
    case 'errored': {
      const outer: unknown = result.error;
      const inner: Record<string, unknown> = isObject(outer) && isObject(outer.error) ? outer.error : {};
      const type = typeof inner.type === 'string' ? inner.type : undefined;
      const message = typeof inner.message === 'string' ? inner.message : `errored (${type ?? 'unknown error'})`;
      return failure(customId, anthropicErrorCode(type), message);
    }
    case 'canceled':
      return failure(customId, 'CANCELLED', 'the batch was canceled before this request ran');
    case 'expired':
      return failure(customId, 'EXPIRED', 'the batch expired before this request ran');
    default:
      return failure(customId, 'UNKNOWN', `unknown result type ${String((result as { type?: unknown }).type)}`);
  }
}
