import * as Anthropic from '@anthropic-ai/sdk';
import { ApiError as GoogleApiError } from '@google/genai';
import * as OpenAI from 'openai';
import { ProviderError, type ProviderErrorKind } from '../../domain/providers';

/**
 * Turns whatever an SDK call threw into a ProviderError. What each SDK throws:
 *  - openai and @anthropic-ai/sdk (both Stainless-generated): APIError subclasses with `status`
 *    and `headers` (a fetch Headers) for HTTP errors; APIConnectionTimeoutError when their timeout
 *    fires; APIUserAbortError when the caller's signal aborts; APIConnectionError (cause = the
 *    fetch TypeError, whose cause carries the socket error code) for network failures.
 *  - @google/genai: ApiError with `status` and a message that is the JSON error body; no headers,
 *    so a 429's delay comes from the body's google.rpc.RetryInfo detail. Its timeout aborts fetch,
 *    which rejects with a DOMException named AbortError; network failures are the raw fetch
 *    TypeError('fetch failed') with the socket error as cause.
 *
 * Checks are by shape (name, code, status) along the cause chain rather than `instanceof Error`:
 * fetch's errors come from Node's own realm, and inside a vm context (jest) they are not
 * instances of that context's Error. The openai SDK then even flattens an AbortError into
 * Error("{}"), losing the timeout; the adapter's CallContext (deadline, caller signal) covers that.
 */

interface HeaderGetter {
  get(name: string): string | null;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Milliseconds to wait from `retry-after-ms` (milliseconds, OpenAI/Anthropic) or `retry-after`
 * (delta-seconds or an HTTP date, RFC 9110). Undefined when absent or unparseable.
 */
export function parseRetryAfterMs(headers: HeaderGetter | undefined, now: number = Date.now()): number | undefined {
  if (headers === undefined) return undefined;
  const ms = headers.get('retry-after-ms')?.trim();
  if (ms) {
    const n = Number(ms);
    if (Number.isFinite(n) && n >= 0) return Math.round(n);
  }
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.round(seconds * 1000) : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The JSON error body @google/genai puts in ApiError.message, if it is one. */
function googleErrorBody(message: string): Record<string, unknown> | undefined {
  if (!message.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(message);
    return isObject(parsed) && isObject(parsed.error) ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

/** Milliseconds from a google.rpc.RetryInfo detail (`retryDelay: "2s"`, a proto Duration). */
function googleRetryDelayMs(body: Record<string, unknown> | undefined): number | undefined {
  const details = body?.details;
  if (!Array.isArray(details)) return undefined;
  for (const d of details) {
    if (!isObject(d) || typeof d['@type'] !== 'string' || !d['@type'].endsWith('google.rpc.RetryInfo')) continue;
    const match = typeof d.retryDelay === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(d.retryDelay) : null;
    if (match) return Math.round(Number(match[1]) * 1000);
  }
  return undefined;
}

/** The kind for an HTTP status from a provider. */
export function kindForStatus(status: number): ProviderErrorKind {
  if (status === 429) return 'RATE_LIMIT';
  if (status === 401 || status === 403) return 'AUTH';
  if (status === 408) return 'TIMEOUT';
  if (status >= 500 && status <= 599) return 'SERVER';
  if (status >= 400 && status <= 499) return 'BAD_REQUEST';
  return 'UNKNOWN';
}

/** The first error in a cause chain (AggregateErrors' members included) that `test` accepts. */
function findInChain(err: unknown, test: (e: Record<string, unknown>) => boolean, depth = 0): Record<string, unknown> | undefined {
  if (!isObject(err) || depth > 6) return undefined;
  if (test(err)) return err;
  if (Array.isArray(err.errors)) {
    for (const inner of err.errors) {
      const found = findInChain(inner, test, depth + 1);
      if (found) return found;
    }
  }
  return findInChain(err.cause, test, depth + 1);
}

/** The first socket/undici error code in the cause chain. */
function errorCode(err: unknown): string | undefined {
  const found = findInChain(err, (e) => typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || TIMEOUT_CODES.has(e.code)));
  return found === undefined ? undefined : String(found.code);
}

/** Whether an abort (our timeout or the caller's signal) is anywhere in the cause chain. */
function isAbort(err: unknown): boolean {
  return findInChain(err, (e) => e.name === 'AbortError' || e.name === 'TimeoutError') !== undefined;
}

function messageOf(err: unknown): string {
  return isObject(err) && typeof err.message === 'string' ? err.message : String(err);
}

function httpStatus(err: unknown): number | undefined {
  if (!isObject(err) || typeof err.status !== 'number') return undefined;
  return err.status >= 100 && err.status <= 599 ? err.status : undefined;
}

function headersOf(err: unknown): HeaderGetter | undefined {
  if (!isObject(err) || !isObject(err.headers)) return undefined;
  const headers = err.headers;
  return typeof headers.get === 'function' ? (headers as unknown as HeaderGetter) : undefined;
}

function fromStatus(err: unknown, status: number): ProviderError {
  const kind = kindForStatus(status);
  const raw = messageOf(err);
  let message = raw;
  let retryAfterMs: number | undefined;
  if (err instanceof GoogleApiError) {
    const body = googleErrorBody(raw);
    if (typeof body?.message === 'string') message = `${status} ${body.message}`;
    if (kind === 'RATE_LIMIT') retryAfterMs = googleRetryDelayMs(body);
  } else if (kind === 'RATE_LIMIT') {
    retryAfterMs = parseRetryAfterMs(headersOf(err));
  }
  return new ProviderError(kind, message, status, retryAfterMs);
}

/** What the adapter knows about the failed call, used for errors that carry no HTTP status. */
export interface CallContext {
  /** performance.now() when the SDK call started. */
  startedAt: number;
  timeoutMs: number;
  /** The caller's signal, if any. */
  signal?: AbortSignal;
}

function deadlineHit(call: CallContext | undefined): boolean {
  if (call === undefined) return false;
  return call.signal?.aborted === true || performance.now() - call.startedAt >= call.timeoutMs;
}

function classify(err: unknown, call: CallContext | undefined): ProviderError {
  const message = messageOf(err);
  // An answer with a status wins: the provider did respond.
  const status = httpStatus(err);
  if (status !== undefined) return fromStatus(err, status);
  // The Stainless SDKs' own timeout and abort errors (APIError subclasses without a status).
  if (err instanceof OpenAI.APIConnectionTimeoutError || err instanceof Anthropic.APIConnectionTimeoutError) {
    return new ProviderError('TIMEOUT', message);
  }
  if (err instanceof OpenAI.APIUserAbortError || err instanceof Anthropic.APIUserAbortError) {
    return new ProviderError('TIMEOUT', message);
  }
  if (isAbort(err)) return new ProviderError('TIMEOUT', message);
  const code = errorCode(err);
  if (code !== undefined && TIMEOUT_CODES.has(code)) return new ProviderError('TIMEOUT', `${message} (${code})`);
  // No response and the deadline passed (or the caller aborted): whatever the SDK made of the
  // abort, it was a timeout.
  if (deadlineHit(call)) return new ProviderError('TIMEOUT', message);
  if (code !== undefined) return new ProviderError('NETWORK', `${message} (${code})`);
  if (err instanceof OpenAI.APIConnectionError || err instanceof Anthropic.APIConnectionError) {
    return new ProviderError('NETWORK', message);
  }
  // undici's fetch rejects with TypeError('fetch failed') for anything below HTTP.
  if (findInChain(err, (e) => e.message === 'fetch failed') !== undefined) return new ProviderError('NETWORK', message);
  return new ProviderError('UNKNOWN', message);
}

/**
 * Classifies any thrown value; ProviderErrors pass through. The original is kept as `cause`.
 * Adapters pass the CallContext so a timeout is recognised however the SDK reported it.
 */
export function classifyProviderError(err: unknown, call?: CallContext): ProviderError {
  if (err instanceof ProviderError) return err;
  const classified = classify(err, call);
  classified.cause = err;
  return classified;
}
