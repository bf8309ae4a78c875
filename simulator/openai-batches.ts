import { type BatchStore, jsonl, phaseAt, processedAt, type StoredBatch, type StoredFile, shuffle } from './batch-store';
import { chatCompletion, openAiFormat } from './openai';
import { type PathMatcher, type Route, SimHttpError, type SimRequest, type SimResponse } from './types';
import { headerValue, isRecord, nextId, requireObject, requireString } from './util';

/**
 * OpenAI Files + Batch API (https://platform.openai.com/docs/api-reference/batch), enough of it
 * for the openai SDK's `files.create / files.content / files.delete` and
 * `batches.create / retrieve / cancel`:
 *
 *   POST /v1/files (multipart: purpose=batch, file=<JSONL>)   GET /v1/files/{id}[/content]
 *   POST /v1/batches {input_file_id, endpoint, completion_window}   GET /v1/batches/{id}
 *   POST /v1/batches/{id}/cancel                                DELETE /v1/files/{id}
 *
 * Input lines are `{custom_id, method:"POST", url:"/v1/chat/completions", body}`. An invalid line,
 * a duplicate custom_id or more than 50,000 lines fails the whole batch (status `failed`, with
 * `errors.data[{code, line, message}]`), as OpenAI's validation does. Statuses follow the clock
 * (batch-store.ts): validating -> in_progress -> finalizing -> completed; cancel gives
 * cancelling -> cancelled. Output lines `{id, custom_id, response:{status_code, request_id, body},
 * error}` are shuffled; non-200 answers go to the error file, and so do items a cancel or an
 * expiry left unprocessed (`response: null, error: {code: batch_cancelled | batch_expired}`).
 * Paths are served with and without the /v1 prefix, like the chat route.
 */

export const OPENAI_BATCH_MAX_LINES = 50_000;
const CHAT_ENDPOINT = '/v1/chat/completions';
const DAY_SECONDS = 86_400;

interface LineError {
  code: string;
  message: string;
  param: string | null;
  line: number | null;
}

interface OpenAiBatch extends StoredBatch {
  endpoint: string;
  inputFileId: string;
  metadata: unknown;
  batchMs: number;
  /** batchOutcome=expired: the batch ends expired with half its items done. */
  outcome: 'failed' | 'expired' | undefined;
  /** Validation errors (or batchOutcome=failed): the batch fails after its validating phase. */
  errors: LineError[];
  customIds: string[];
  /** Each item's serialised result line, in input order; dropped once the files are written. */
  lines: string[] | undefined;
  /** 1 where the item's line is an error (non-200) line. */
  failed: Uint8Array;
  cancelledAt: number | undefined;
  outputFileId: string | null;
  errorFileId: string | null;
  finalized: boolean;
}

function matcher(pattern: RegExp, ...names: string[]): PathMatcher {
  return (path) => {
    const m = pattern.exec(path);
    if (m === null) return null;
    const params: Record<string, string> = {};
    names.forEach((n, i) => {
      params[n] = decodeURIComponent(m[i + 1]!);
    });
    return params;
  };
}

// ---- multipart/form-data (what the SDK's files.create sends) ----

interface FormPart {
  name: string;
  filename: string | undefined;
  data: Buffer;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** Parses a whole multipart body held in memory; Buffer.indexOf keeps a 50 MB upload fast. */
export function parseMultipart(raw: Buffer, contentType: string | undefined): FormPart[] {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  if (!contentType?.toLowerCase().startsWith('multipart/form-data') || m === null) {
    throw new SimHttpError(400, 'expected a multipart/form-data body');
  }
  const delimiter = Buffer.from(`--${(m[1] ?? m[2])!.trim()}`);
  const parts: FormPart[] = [];
  let pos = raw.indexOf(delimiter);
  if (pos === -1) throw new SimHttpError(400, 'multipart body without a boundary');
  for (;;) {
    pos += delimiter.length;
    if (raw[pos] === 0x2d && raw[pos + 1] === 0x2d) break; // "--": the closing delimiter
    if (raw.indexOf(CRLF, pos) !== pos) throw new SimHttpError(400, 'malformed multipart body');
    const headersStart = pos + 2;
    const headersEnd = raw.indexOf(HEADER_END, headersStart);
    if (headersEnd === -1) throw new SimHttpError(400, 'malformed multipart part headers');
    const headers = raw.toString('utf8', headersStart, headersEnd);
    const next = raw.indexOf(Buffer.concat([CRLF, delimiter]), headersEnd + 4);
    if (next === -1) throw new SimHttpError(400, 'unterminated multipart body');
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name !== undefined) {
      parts.push({ name, filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1], data: raw.subarray(headersEnd + 4, next) });
    }
    pos = next + 2;
  }
  return parts;
}

// ---- rendering ----

function seconds(ms: number): number {
  return Math.floor(ms / 1000);
}

function fileObject(f: StoredFile): Record<string, unknown> {
  return {
    id: f.id,
    object: 'file',
    bytes: f.bytes.length,
    created_at: seconds(f.createdAt),
    filename: f.filename,
    purpose: f.purpose,
    status: 'processed',
    expires_at: null,
    status_details: null,
  };
}

type Status = 'validating' | 'failed' | 'in_progress' | 'finalizing' | 'completed' | 'expired' | 'cancelling' | 'cancelled';

/** How long `cancelling` lasts before `cancelled`. */
function cancelMs(b: OpenAiBatch): number {
  return 0.1 * b.batchMs;
}

function statusAt(b: OpenAiBatch, now: number): Status {
  if (b.errors.length > 0) return now - b.createdAt < 0.1 * b.batchMs ? 'validating' : 'failed';
  if (b.cancelledAt !== undefined) return now - b.cancelledAt < cancelMs(b) ? 'cancelling' : 'cancelled';
  const phase = phaseAt(b, now);
  if (phase === 'ended') return b.outcome === 'expired' ? 'expired' : 'completed';
  return phase;
}

/** Items done at `now`: an expiring batch only gets through half of them. */
function processed(b: OpenAiBatch, now: number): number {
  const at = b.cancelledAt !== undefined ? Math.min(now, b.cancelledAt) : now;
  const done = processedAt(b, b.customIds.length, at);
  return b.outcome === 'expired' ? Math.floor(done / 2) : done;
}

function unprocessedLine(batchId: string, index: number, customId: string, code: 'batch_cancelled' | 'batch_expired'): string {
  const message =
    code === 'batch_cancelled'
      ? 'This request was not executed because the batch was cancelled.'
      : 'This request could not be executed before the completion window expired.';
  return JSON.stringify({ id: `batch_req_${batchId}_${index}`, custom_id: customId, response: null, error: { code, message } });
}

/** Writes the output and error files once the batch has reached completed, cancelled or expired. */
function finalize(store: BatchStore, b: OpenAiBatch, now: number): void {
  if (b.finalized || b.lines === undefined) return;
  b.finalized = true;
  const done = processed(b, now);
  const ok: string[] = [];
  const bad: string[] = [];
  const code = b.cancelledAt !== undefined ? 'batch_cancelled' : 'batch_expired';
  for (let i = 0; i < b.lines.length; i++) {
    if (i >= done) bad.push(unprocessedLine(b.id, i, b.customIds[i]!, code));
    else if (b.failed[i] === 1) bad.push(b.lines[i]!);
    else ok.push(b.lines[i]!);
  }
  b.lines = undefined; // the files hold them now
  const write = (lines: string[], kind: string): string | null => {
    if (lines.length === 0) return null;
    const id = `file-sim${nextId()}`;
    store.files.set(id, {
      id,
      apiKey: b.apiKey,
      filename: `${b.id}_${kind}.jsonl`,
      purpose: 'batch_output',
      bytes: jsonl(shuffle(lines)),
      createdAt: now,
    });
    return id;
  };
  b.outputFileId = write(ok, 'output');
  b.errorFileId = write(bad, 'error');
}

function render(store: BatchStore, b: OpenAiBatch, now: number): Record<string, unknown> {
  const status = statusAt(b, now);
  if (status === 'completed' || status === 'cancelled' || status === 'expired') finalize(store, b, now);
  const validated = status !== 'validating' && b.errors.length === 0;
  let completed = 0;
  let failed = 0;
  if (validated) {
    const done = processed(b, now);
    for (let i = 0; i < done; i++) failed += b.failed[i]!;
    completed = done - failed;
  }
  const at = (offsetMs: number, reached: boolean) => (reached ? seconds(b.createdAt + offsetMs) : null);
  const started = validated && status !== 'failed';
  const ended = status === 'completed' || status === 'expired';
  return {
    id: b.id,
    object: 'batch',
    endpoint: b.endpoint,
    model: null,
    errors: b.errors.length > 0 ? { object: 'list', data: b.errors } : null,
    input_file_id: b.inputFileId,
    completion_window: '24h',
    status,
    output_file_id: b.outputFileId,
    error_file_id: b.errorFileId,
    created_at: seconds(b.createdAt),
    in_progress_at: at(0.1 * b.batchMs, started),
    expires_at: seconds(b.createdAt) + DAY_SECONDS,
    finalizing_at: at(0.9 * b.batchMs, ended),
    completed_at: status === 'completed' ? at(b.batchMs, true) : null,
    failed_at: status === 'failed' ? at(0.1 * b.batchMs, true) : null,
    expired_at: status === 'expired' ? at(b.batchMs, true) : null,
    cancelling_at: b.cancelledAt === undefined ? null : seconds(b.cancelledAt),
    cancelled_at: status === 'cancelled' ? seconds(b.cancelledAt! + cancelMs(b)) : null,
    request_counts: { total: validated ? b.customIds.length : 0, completed, failed },
    metadata: b.metadata ?? null,
  };
}

// ---- handlers ----

function uploadFile(store: BatchStore, req: SimRequest): SimResponse {
  const parts = parseMultipart(req.raw, headerValue(req.headers['content-type']));
  const purpose = parts.find((p) => p.name === 'purpose')?.data.toString('utf8');
  const file = parts.find((p) => p.name === 'file');
  if (purpose === undefined || purpose === '') throw new SimHttpError(400, "purpose: required field (use 'batch')");
  if (purpose !== 'batch') throw new SimHttpError(400, `purpose: the simulator only stores files with purpose 'batch', not '${purpose}'`);
  if (file === undefined) throw new SimHttpError(400, 'file: required field');
  store.sweep();
  const id = `file-sim${nextId()}`;
  // A copy: the part is a view into the whole request body, which would otherwise stay alive.
  const stored: StoredFile = {
    id,
    apiKey: req.apiKey,
    filename: file.filename ?? 'upload.jsonl',
    purpose,
    bytes: Buffer.from(file.data),
    createdAt: Date.now(),
  };
  store.files.set(id, stored);
  return { status: 200, body: fileObject(stored) };
}

function ownedFile(store: BatchStore, req: SimRequest): StoredFile {
  const f = store.owned(store.files, req.params.id!, req.apiKey);
  if (f === undefined) throw new SimHttpError(404, `No such File object: ${req.params.id}`);
  return f;
}

interface ParsedLine {
  customId: string;
  body: Record<string, unknown>;
}

/** Validates every input line; the first problem fails the batch, as OpenAI does. */
function readInput(bytes: Buffer, endpoint: string): { lines: ParsedLine[]; error: LineError | undefined } {
  const lines: ParsedLine[] = [];
  const seen = new Set<string>();
  const text = bytes.toString('utf8');
  let start = 0;
  let lineNo = 0;
  const fail = (code: string, message: string, param: string | null = null) => ({
    lines: [],
    error: { code, message, param, line: lineNo },
  });
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const raw = text.slice(start, end).trim();
    start = end + 1;
    lineNo++;
    if (raw === '') continue;
    if (lines.length >= OPENAI_BATCH_MAX_LINES) {
      return fail('too_many_requests', `The batch input file has more than ${OPENAI_BATCH_MAX_LINES} requests.`);
    }
    let line: unknown;
    try {
      line = JSON.parse(raw);
    } catch {
      return fail('invalid_json_line', 'This line is not parseable as valid JSON.');
    }
    if (!isRecord(line) || typeof line.custom_id !== 'string' || line.custom_id === '') {
      return fail('missing_required_parameter', 'custom_id is required.', 'custom_id');
    }
    if (line.method !== 'POST') return fail('invalid_method', 'method must be POST.', 'method');
    if (line.url !== endpoint) return fail('mismatched_endpoint', `url must be ${endpoint}, the batch's endpoint.`, 'url');
    if (!isRecord(line.body)) return fail('missing_required_parameter', 'body is required.', 'body');
    if (seen.has(line.custom_id)) return fail('duplicate_custom_id', `custom_id ${line.custom_id} is not unique.`, 'custom_id');
    seen.add(line.custom_id);
    lines.push({ customId: line.custom_id, body: line.body });
  }
  if (lines.length === 0) return { lines, error: { code: 'empty_file', message: 'The input file is empty.', param: null, line: null } };
  return { lines, error: undefined };
}

/** Ids derived from the batch id and the line number: unique, and cheaper than nextId() per line. */
function resultLine(batchId: string, index: number, customId: string, status: number, body: unknown): string {
  return JSON.stringify({
    id: `batch_req_${batchId}_${index}`,
    custom_id: customId,
    response: { status_code: status, request_id: `req_${batchId}_${index}`, body },
    error: null,
  });
}

function createBatch(store: BatchStore, req: SimRequest): SimResponse {
  const body = requireObject(req.body);
  const inputFileId = requireString(body, 'input_file_id');
  const endpoint = requireString(body, 'endpoint');
  const window = requireString(body, 'completion_window');
  if (window !== '24h') throw new SimHttpError(400, "completion_window: only '24h' is supported");
  if (endpoint !== CHAT_ENDPOINT) throw new SimHttpError(400, `endpoint: the simulator batches only ${CHAT_ENDPOINT}`);
  const input = store.owned(store.files, inputFileId, req.apiKey);
  if (input === undefined) throw new SimHttpError(404, `No such File object: ${inputFileId}`);
  if (input.purpose !== 'batch') throw new SimHttpError(400, `input_file_id: file ${inputFileId} does not have purpose 'batch'`);
  store.sweep();

  const b = req.behaviour;
  let { lines: parsed, error } = readInput(input.bytes, endpoint);
  if (error === undefined && b.batchOutcome === 'failed') {
    error = { code: 'simulated_failure', message: 'simulated batch failure (batchOutcome=failed)', param: null, line: null };
    parsed = [];
  }
  const n = parsed.length;
  const batch: OpenAiBatch = {
    id: `batch_sim${nextId()}`,
    apiKey: req.apiKey,
    createdAt: Date.now(),
    endpoint,
    inputFileId,
    metadata: body.metadata,
    batchMs: b.batchMs,
    outcome: b.batchOutcome,
    errors: error === undefined ? [] : [error],
    customIds: new Array<string>(n),
    lines: new Array<string>(n),
    failed: new Uint8Array(n),
    cancelledAt: undefined,
    outputFileId: null,
    errorFileId: null,
    finalized: error !== undefined,
  };
  const itemReq: SimRequest = { ...req, path: endpoint, params: {}, raw: Buffer.alloc(0), body: undefined };
  for (let i = 0; i < n; i++) {
    const { customId, body: itemBody } = parsed[i]!;
    batch.customIds[i] = customId;
    const failStatus = store.itemOutcome(req.apiKey, b, customId);
    let status: number;
    let answer: unknown;
    if (failStatus !== 0) {
      status = failStatus;
      answer = openAiFormat.error(failStatus, `simulated item failure (${failStatus})`).body;
    } else {
      try {
        const r = chatCompletion({ ...itemReq, body: itemBody });
        status = r.status;
        answer = r.body;
      } catch (e) {
        if (!(e instanceof SimHttpError)) throw e;
        status = e.status;
        answer = openAiFormat.error(e.status, e.message).body;
      }
    }
    batch.failed[i] = status === 200 ? 0 : 1;
    batch.lines![i] = resultLine(batch.id, i, customId, status, answer);
  }
  store.openAiBatches.set(batch.id, batch);
  return { status: 200, body: render(store, batch, batch.createdAt) };
}

function ownedBatch(store: BatchStore, req: SimRequest): OpenAiBatch {
  const b = store.owned(store.openAiBatches, req.params.id!, req.apiKey) as OpenAiBatch | undefined;
  if (b === undefined) throw new SimHttpError(404, `No batch found with id '${req.params.id}'.`);
  return b;
}

function cancelBatch(store: BatchStore, req: SimRequest): SimResponse {
  const b = ownedBatch(store, req);
  const now = Date.now();
  const status = statusAt(b, now);
  if (status === 'cancelling' || status === 'cancelled') return { status: 200, body: render(store, b, now) };
  if (status !== 'validating' && status !== 'in_progress' && status !== 'finalizing') {
    throw new SimHttpError(409, `Cannot cancel a batch with status '${status}'.`);
  }
  b.cancelledAt = now;
  return { status: 200, body: render(store, b, now) };
}

export function openAiBatchRoutes(store: BatchStore): Route[] {
  const fileId = matcher(/^(?:\/v1)?\/files\/([^/]+)$/, 'id');
  const fileContent = matcher(/^(?:\/v1)?\/files\/([^/]+)\/content$/, 'id');
  const batchId = matcher(/^(?:\/v1)?\/batches\/([^/]+)$/, 'id');
  const batchCancel = matcher(/^(?:\/v1)?\/batches\/([^/]+)\/cancel$/, 'id');
  const upload = (req: SimRequest) => uploadFile(store, req);
  const create = (req: SimRequest) => createBatch(store, req);
  return [
    { method: 'POST', path: '/v1/files', endpoint: 'files.create', rawBody: true, handle: upload },
    { method: 'POST', path: '/files', endpoint: 'files.create', rawBody: true, handle: upload },
    { method: 'GET', path: fileId, endpoint: 'files.retrieve', handle: (req) => ({ status: 200, body: fileObject(ownedFile(store, req)) }) },
    {
      method: 'GET',
      path: fileContent,
      endpoint: 'files.content',
      handle: (req) => ({ status: 200, body: null, raw: ownedFile(store, req).bytes, headers: { 'content-type': 'application/octet-stream' } }),
    },
    {
      method: 'DELETE',
      path: fileId,
      endpoint: 'files.delete',
      handle: (req) => {
        const f = ownedFile(store, req);
        store.files.delete(f.id);
        return { status: 200, body: { id: f.id, object: 'file', deleted: true } };
      },
    },
    { method: 'POST', path: '/v1/batches', endpoint: 'batches.create', handle: create },
    { method: 'POST', path: '/batches', endpoint: 'batches.create', handle: create },
    { method: 'GET', path: batchId, endpoint: 'batches.retrieve', handle: (req) => ({ status: 200, body: render(store, ownedBatch(store, req), Date.now()) }) },
    { method: 'POST', path: batchCancel, endpoint: 'batches.cancel', handle: (req) => cancelBatch(store, req) },
  ];
}
