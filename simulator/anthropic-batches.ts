import { anthropicFormat, createMessage } from './anthropic';
import { type BatchStore, jsonl, phaseAt, processedAt, type StoredBatch, shuffle } from './batch-store';
import { type PathMatcher, type Route, SimHttpError, type SimRequest, type SimResponse } from './types';
import { headerValue, isRecord, nextId, requireObject } from './util';

/**
 * Anthropic Message Batches (https://docs.anthropic.com/en/api/creating-message-batches), enough
 * for @anthropic-ai/sdk's `messages.batches.create / retrieve / cancel / results / delete`:
 *
 *   POST /v1/messages/batches {requests:[{custom_id, params}]}   GET /v1/messages/batches/{id}
 *   POST /v1/messages/batches/{id}/cancel    GET /v1/messages/batches/{id}/results (JSONL)
 *   DELETE /v1/messages/batches/{id}
 *
 * The request list is checked when the batch is created (an invalid or duplicate custom_id, more
 * than 100,000 requests: a 400 for the whole request); each item's params are checked as
 * POST /v1/messages would, and a bad one becomes an `errored` result with invalid_request_error.
 * processing_status is in_progress, then canceling after a cancel, then ended (timing in
 * batch-store.ts). Results are `{custom_id, result:{type: succeeded|errored|canceled|expired,
 * message? | error?}}`, shuffled; `results_url` points back at this server (the Host header).
 * Anthropic batches never "fail" as a whole, so `batchOutcome=failed` does not apply here;
 * `batchOutcome=expired` ends the batch with half of its items expired.
 */

export const ANTHROPIC_BATCH_MAX_REQUESTS = 100_000;
const CUSTOM_ID = /^[a-zA-Z0-9_-]{1,64}$/;
const DAY_MS = 86_400_000;

interface AnthropicBatch extends StoredBatch {
  batchMs: number;
  expires: boolean;
  customIds: string[];
  /** Each item's serialised result line, in input order; dropped once the results are written. */
  lines: string[] | undefined;
  /** 1 where the item errored. */
  errored: Uint8Array;
  cancelledAt: number | undefined;
  results: Buffer | undefined;
  /** Counts fixed when the batch ended. */
  final: { succeeded: number; errored: number; canceled: number; expired: number } | undefined;
}

function matcher(pattern: RegExp): PathMatcher {
  return (path) => {
    const m = pattern.exec(path);
    return m === null ? null : { id: decodeURIComponent(m[1]!) };
  };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** When `canceling` turns into `ended`. */
function cancelEndsAt(b: AnthropicBatch): number {
  return b.cancelledAt! + 0.1 * b.batchMs;
}

function endedAt(b: AnthropicBatch): number {
  return b.cancelledAt !== undefined ? cancelEndsAt(b) : b.createdAt + b.batchMs;
}

function statusAt(b: AnthropicBatch, now: number): 'in_progress' | 'canceling' | 'ended' {
  if (b.cancelledAt !== undefined) return now < cancelEndsAt(b) ? 'canceling' : 'ended';
  return phaseAt(b, now) === 'ended' ? 'ended' : 'in_progress';
}

function processed(b: AnthropicBatch, now: number): number {
  const at = b.cancelledAt !== undefined ? Math.min(now, b.cancelledAt) : now;
  const done = processedAt(b, b.customIds.length, at);
  return b.expires ? Math.floor(done / 2) : done;
}

function finalize(b: AnthropicBatch, now: number): void {
  if (b.lines === undefined) return;
  const done = processed(b, now);
  const unprocessed = JSON.stringify(b.cancelledAt !== undefined ? { type: 'canceled' } : { type: 'expired' });
  let errored = 0;
  const out = new Array<string>(b.lines.length);
  for (let i = 0; i < b.lines.length; i++) {
    if (i < done) {
      out[i] = b.lines[i]!;
      errored += b.errored[i]!;
    } else out[i] = `{"custom_id":${JSON.stringify(b.customIds[i])},"result":${unprocessed}}`;
  }
  const rest = b.lines.length - done;
  b.final = {
    succeeded: done - errored,
    errored,
    canceled: b.cancelledAt !== undefined ? rest : 0,
    expired: b.cancelledAt !== undefined ? 0 : rest,
  };
  b.lines = undefined;
  b.results = jsonl(shuffle(out));
}

function origin(req: SimRequest): string {
  return `http://${headerValue(req.headers.host) ?? '127.0.0.1'}`;
}

function render(req: SimRequest, b: AnthropicBatch, now: number): Record<string, unknown> {
  const status = statusAt(b, now);
  if (status === 'ended') finalize(b, now);
  let counts: Record<string, number>;
  if (b.final !== undefined) counts = { processing: 0, ...b.final };
  else {
    const done = processed(b, now);
    let errored = 0;
    for (let i = 0; i < done; i++) errored += b.errored[i]!;
    counts = { processing: b.customIds.length - done, succeeded: done - errored, errored, canceled: 0, expired: 0 };
  }
  return {
    id: b.id,
    type: 'message_batch',
    processing_status: status,
    request_counts: counts,
    ended_at: status === 'ended' ? iso(endedAt(b)) : null,
    created_at: iso(b.createdAt),
    expires_at: iso(b.createdAt + DAY_MS),
    archived_at: null,
    cancel_initiated_at: b.cancelledAt === undefined ? null : iso(b.cancelledAt),
    results_url: status === 'ended' ? `${origin(req)}/v1/messages/batches/${b.id}/results` : null,
  };
}

function createBatch(store: BatchStore, req: SimRequest): SimResponse {
  const body = requireObject(req.body);
  const requests = body.requests;
  if (!Array.isArray(requests) || requests.length === 0) throw new SimHttpError(400, 'requests: required non-empty array');
  if (requests.length > ANTHROPIC_BATCH_MAX_REQUESTS) {
    throw new SimHttpError(400, `requests: at most ${ANTHROPIC_BATCH_MAX_REQUESTS} requests per batch`);
  }
  const seen = new Set<string>();
  requests.forEach((r: unknown, i) => {
    if (!isRecord(r)) throw new SimHttpError(400, `requests.${i}: must be an object`);
    if (typeof r.custom_id !== 'string' || !CUSTOM_ID.test(r.custom_id)) {
      throw new SimHttpError(400, `requests.${i}.custom_id: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`);
    }
    if (seen.has(r.custom_id)) throw new SimHttpError(400, `requests.${i}.custom_id: duplicate custom_id '${r.custom_id}'`);
    seen.add(r.custom_id);
    if (!isRecord(r.params)) throw new SimHttpError(400, `requests.${i}.params: Field required`);
  });
  store.sweep();

  const b = req.behaviour;
  const n = requests.length;
  const batch: AnthropicBatch = {
    id: `msgbatch_sim${nextId()}`,
    apiKey: req.apiKey,
    createdAt: Date.now(),
    batchMs: b.batchMs,
    expires: b.batchOutcome === 'expired',
    customIds: new Array<string>(n),
    lines: new Array<string>(n),
    errored: new Uint8Array(n),
    cancelledAt: undefined,
    results: undefined,
    final: undefined,
  };
  const itemReq: SimRequest = { ...req, path: '/v1/messages', params: {}, raw: Buffer.alloc(0), body: undefined };
  for (let i = 0; i < n; i++) {
    const { custom_id: customId, params } = requests[i] as { custom_id: string; params: Record<string, unknown> };
    batch.customIds[i] = customId;
    const failStatus = store.itemOutcome(req.apiKey, b, customId);
    let result: unknown;
    if (failStatus !== 0) {
      result = { type: 'errored', error: anthropicFormat.error(failStatus, `simulated item failure (${failStatus})`).body };
    } else {
      try {
        result = { type: 'succeeded', message: createMessage({ ...itemReq, body: params }).body };
      } catch (e) {
        if (!(e instanceof SimHttpError)) throw e;
        result = { type: 'errored', error: anthropicFormat.error(e.status, e.message).body };
      }
    }
    batch.errored[i] = (result as { type: string }).type === 'errored' ? 1 : 0;
    batch.lines![i] = JSON.stringify({ custom_id: customId, result });
  }
  store.anthropicBatches.set(batch.id, batch);
  return { status: 200, body: render(req, batch, batch.createdAt) };
}

function ownedBatch(store: BatchStore, req: SimRequest): AnthropicBatch {
  const b = store.owned(store.anthropicBatches, req.params.id!, req.apiKey) as AnthropicBatch | undefined;
  if (b === undefined) throw new SimHttpError(404, `message batch ${req.params.id} not found`);
  return b;
}

function cancelBatch(store: BatchStore, req: SimRequest): SimResponse {
  const b = ownedBatch(store, req);
  const now = Date.now();
  const status = statusAt(b, now);
  if (status === 'ended' && b.cancelledAt === undefined) {
    throw new SimHttpError(409, `message batch ${b.id} has already ended and cannot be canceled`);
  }
  if (b.cancelledAt === undefined) b.cancelledAt = now;
  return { status: 200, body: render(req, b, now) };
}

function results(store: BatchStore, req: SimRequest): SimResponse {
  const b = ownedBatch(store, req);
  const now = Date.now();
  if (statusAt(b, now) !== 'ended') throw new SimHttpError(400, `message batch ${b.id} is still processing; results are available once it has ended`);
  finalize(b, now);
  return { status: 200, body: null, raw: b.results!, headers: { 'content-type': 'application/binary' } };
}

function deleteBatch(store: BatchStore, req: SimRequest): SimResponse {
  const b = ownedBatch(store, req);
  if (statusAt(b, Date.now()) !== 'ended') throw new SimHttpError(400, `message batch ${b.id} must end (or be canceled) before it can be deleted`);
  store.anthropicBatches.delete(b.id);
  return { status: 200, body: { id: b.id, type: 'message_batch_deleted' } };
}

export function anthropicBatchRoutes(store: BatchStore): Route[] {
  const batchId = matcher(/^\/v1\/messages\/batches\/([^/]+)$/);
  const batchCancel = matcher(/^\/v1\/messages\/batches\/([^/]+)\/cancel$/);
  const batchResults = matcher(/^\/v1\/messages\/batches\/([^/]+)\/results$/);
  return [
    { method: 'POST', path: '/v1/messages/batches', endpoint: 'message_batches.create', handle: (req) => createBatch(store, req) },
    { method: 'GET', path: batchId, endpoint: 'message_batches.retrieve', handle: (req) => ({ status: 200, body: render(req, ownedBatch(store, req), Date.now()) }) },
    { method: 'POST', path: batchCancel, endpoint: 'message_batches.cancel', handle: (req) => cancelBatch(store, req) },
    { method: 'GET', path: batchResults, endpoint: 'message_batches.results', handle: (req) => results(store, req) },
    { method: 'DELETE', path: batchId, endpoint: 'message_batches.delete', handle: (req) => deleteBatch(store, req) },
  ];
}
