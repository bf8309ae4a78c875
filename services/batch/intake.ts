import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import Busboy from 'busboy';
import type { Knex } from 'knex';
import { estimateTokens } from '../../domain/template';
import { ApiError, zodDetails } from '../../lib/errors';
import { type BatchItemInput, batchItemSchema } from './requests';

/**
 * Getting a batch's items into PostgreSQL: from a JSON array or from a multipart JSONL upload that
 * is streamed (busboy, then line by line), never buffered whole. Items are validated one by one
 * and written in multi-row INSERTs of ROWS_PER_INSERT inside the caller's transaction, so a bad
 * line anywhere rolls the whole batch back: nothing half-written.
 */
const ROWS_PER_INSERT = 2_000;

export interface IntakeLimits {
  maxItems: number;
  maxFileBytes: number;
}

export class BatchItemWriter {
  private rows: Array<Record<string, unknown>> = [];
  private readonly seen = new Set<string>();
  count = 0;
  promptTokens = 0;

  constructor(
    private readonly trx: Knex.Transaction,
    private readonly batchId: string,
    private readonly maxItems: number,
  ) {}

  /** Validates one item (`where` names it in errors: "items[3]" or "line 4") and queues it. */
  async add(raw: unknown, where: string): Promise<void> {
    const parsed = batchItemSchema.safeParse(raw);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const field = first?.path.length ? `${first.path.join('.')}: ` : '';
      throw ApiError.badRequest(`Invalid item at ${where}: ${field}${first?.message ?? 'invalid'}`, zodDetails(parsed.error), 'INVALID_ITEM');
    }
    const item: BatchItemInput = parsed.data;
    if (this.count >= this.maxItems) {
      throw ApiError.badRequest(`Too many items: at most ${this.maxItems} per batch`, undefined, 'TOO_MANY_ITEMS');
    }
    if (this.seen.has(item.id)) throw ApiError.badRequest(`Duplicate item id ${item.id} at ${where}: ids must be unique`, undefined, 'DUPLICATE_ITEM_ID');
    this.seen.add(item.id);
    this.rows.push({
      batch_id: this.batchId,
      sequence_index: this.count,
      external_id: item.id,
      prompt: item.prompt,
      system_prompt: item.systemPrompt ?? null,
      variables: item.variables ? JSON.stringify(item.variables) : null,
    });
    this.count++;
    this.promptTokens += estimateTokens(item.systemPrompt, item.prompt);
    if (this.rows.length >= ROWS_PER_INSERT) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.rows.length) return;
    const rows = this.rows;
    this.rows = [];
    await this.trx('batch_items').insert(rows);
  }
}

/** The parts of a multipart batch upload: the config field's text and the file's JSONL lines. */
export interface MultipartBatch {
  /** Resolves once the whole request is read: the `config` field, or undefined. */
  config: Promise<string | undefined>;
  /** Feeds every non-blank line of the `file` part to `onLine`; resolves when the file ends. */
  consumeFile(onLine: (line: string, lineNumber: number) => Promise<void>): Promise<void>;
}

export function readMultipartBatch(req: Readable & { headers: Record<string, string | string[] | undefined> }, limits: IntakeLimits): MultipartBatch {
  let bb: Busboy.Busboy;
  try {
    bb = Busboy({ headers: req.headers as Busboy.BusboyConfig["headers"], limits: { fileSize: limits.maxFileBytes, files: 1, fields: 10 } });
  } catch (err) {
    throw ApiError.badRequest(`Invalid multipart body: ${(err as Error).message}`, undefined, 'INVALID_MULTIPART');
  }
  let configText: string | undefined;
  let fileSeen = false;
  let fileHandler: ((file: Readable) => void) | null = null;
  let pendingFile: Readable | null = null;
  let finishedResolve!: () => void;
  let finishedReject!: (err: unknown) => void;
  const finished = new Promise<void>((resolve, reject) => {
    finishedResolve = resolve;
    finishedReject = reject;
  });
  finished.catch(() => undefined);

  bb.on('field', (name, value) => {
    if (name === 'config') configText = value;
  });
  bb.on('file', (name, file) => {
    if (name !== 'file' || fileSeen) {
      file.resume();
      return;
    }
    fileSeen = true;
    // A form that ends inside the file destroys this stream with an error, maybe before anyone
    // reads it: unlistened, that 'error' event ends the process. The caller learns of it through
    // busboy's own 'error' (finishedReject).
    file.on('error', () => undefined);
    // Listen at once: busboy may hit the size limit before anyone reads the stream.
    file.on('limit', () => {
      (file as Readable & { overLimit?: boolean }).overLimit = true;
    });
    if (fileHandler) fileHandler(file);
    else pendingFile = file;
  });
  bb.on('close', () => finishedResolve());
  bb.on('error', (err) => finishedReject(ApiError.badRequest(`Invalid multipart body: ${(err as Error).message}`, undefined, 'INVALID_MULTIPART')));
  req.pipe(bb);
  // A caller that stops at a failing file never awaits the config: without a handler here its
  // rejection would be unhandled, and Node ends the process on one (a multipart body cut short
  // crashed the api; found by the generated malformed-input test, seed 7). Awaiting it still throws.
  const config = finished.then(() => configText);
  config.catch(() => undefined);

  return {
    config,
    consumeFile(onLine) {
      return new Promise<void>((resolve, reject) => {
        const run = async (file: Readable) => {
          const over = file as Readable & { overLimit?: boolean; truncated?: boolean };
          const tooLargeNow = () => Boolean(over.overLimit || over.truncated);
          const lines = createInterface({ input: file, crlfDelay: Number.POSITIVE_INFINITY });
          let n = 0;
          try {
            for await (const line of lines) {
              n++;
              if (tooLargeNow()) break;
              if (line.trim() === '') continue;
              await onLine(line, n);
            }
          } catch (err) {
            file.resume(); // drain the rest so the request completes
            // The line cut off at the size limit is not JSON: report the limit, not the line.
            throw tooLargeNow() ? fileTooLarge(limits.maxFileBytes) : err;
          }
          if (tooLargeNow()) {
            file.resume();
            throw fileTooLarge(limits.maxFileBytes);
          }
        };
        fileHandler = (file) => void run(file).then(resolve, reject);
        if (pendingFile) fileHandler(pendingFile);
        // No file part at all: known once busboy has read everything.
        finished.then(() => {
          if (!fileSeen) reject(ApiError.badRequest('Missing items or file: send JSON {items} or a multipart field "file"', undefined, 'MISSING_ITEMS'));
        }, reject);
      });
    },
  };
}

/** Parses one JSONL line into an object, or a 400 naming the line. */
export function parseJsonLine(line: string, lineNumber: number): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw ApiError.badRequest(`Invalid JSON on line ${lineNumber} of the file`, undefined, 'INVALID_JSONL');
  }
}

function fileTooLarge(maxBytes: number) {
  const mb = maxBytes / 1024 / 1024;
  return ApiError.badRequest(`File too large: at most ${mb >= 1 ? Math.round(mb) : mb.toFixed(3)} MB`, undefined, 'FILE_TOO_LARGE');
}
