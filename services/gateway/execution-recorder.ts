import type { Db } from '../../db/connection';
import { usageMonth } from '../../domain/api-keys';
import type { Logger } from '../../lib/logger';

export interface ExecutionAttempt {
  providerId: string | null;
  providerType: string;
  providerName: string;
  model: string;
  status: 'SUCCESS' | 'ERROR';
  errorKind?: string;
  httpStatus?: number;
  latencyMs: number;
  /** Routing fallback: how long the gateway waited before this attempt (retryDelayMs or a retry-after). */
  waitedMs?: number;
  /** A 429's retry-after, in milliseconds, when the provider sent one. */
  retryAfterMs?: number;
}

export interface ExecutionRecord {
  id: string;
  companyId: string;
  apiKeyId: string | null;
  userId: string | null;
  mode: 'AUTONOMOUS' | 'SUPERVISED' | 'DRY_RUN' | 'BATCH';
  /** SUCCESS, ERROR, or HELD (a SUPERVISED response waiting for review). */
  status: 'SUCCESS' | 'ERROR' | 'HELD';
  purpose?: string;
  providerId: string | null;
  providerType: string | null;
  providerName: string | null;
  model: string | null;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  costUsd: number;
  latencyMs: number;
  providerLatencyMs: number | null;
  finishReason: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  traceId: string | null;
  attempts: ExecutionAttempt[];
  metadata: Record<string, unknown>;
  createdAt: Date;
}

/** Sees every record as it is taken and joins each flush transaction (budgets: services/budgets/budgets.ts). */
export interface SpendLedger {
  onRecord(row: ExecutionRecord): void;
  /** Runs inside the flush transaction; the returned function runs after commit. */
  addSpend(trx: Db, rows: readonly ExecutionRecord[]): Promise<() => void>;
}

/** With the database down under load, one overflow line per request would flood the logs. */
const OVERFLOW_LOG_INTERVAL_MS = 10_000;

/**
 * Writes execution records behind the response: records are buffered and inserted in one statement
 * every EXECUTION_FLUSH_INTERVAL_MS (or as soon as EXECUTION_FLUSH_MAX_ROWS are waiting). A failed
 * insert keeps the rows for the next flush; stop() flushes until the buffer is empty, so a clean
 * shutdown loses nothing. The same flush adds the tokens and requests to each API key's monthly usage.
 */
export class ExecutionRecorder {
  private buffer: ExecutionRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** Rows of the insert under way (back in the buffer if it fails). */
  private writing = 0;
  /** Past this many unsaved rows (the database is down for long), the oldest are dropped and logged. */
  private readonly maxBuffered = 100_000;
  /** Drops since the last overflow log line: logged at most every OVERFLOW_LOG_INTERVAL_MS, not per request. */
  private droppedSinceLog = 0;
  private lastOverflowLogAt = 0;
  private ledger: SpendLedger | null = null;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly opts: { flushIntervalMs: number; maxRows: number },
  ) {}

  setLedger(ledger: SpendLedger): void {
    this.ledger = ledger;
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.opts.flushIntervalMs);
    this.timer.unref();
  }

  record(row: ExecutionRecord): void {
    this.buffer.push(row);
    this.ledger?.onRecord(row);
    if (this.buffer.length > this.maxBuffered) {
      this.droppedSinceLog += this.buffer.splice(0, this.buffer.length - this.maxBuffered).length;
      const now = Date.now();
      if (now - this.lastOverflowLogAt >= OVERFLOW_LOG_INTERVAL_MS) {
        this.logger.error({ dropped: this.droppedSinceLog, buffered: this.buffer.length }, 'execution buffer overflow: oldest records dropped');
        this.droppedSinceLog = 0;
        this.lastOverflowLogAt = now;
      }
    }
    if (this.buffer.length >= this.opts.maxRows) void this.flush();
  }

  /** Records not yet written: those waiting and those in the insert under way. */
  get pending(): number {
    return this.buffer.length + this.writing;
  }

  /** One flush at a time; a call during a flush waits for it and then flushes what arrived since. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (!this.buffer.length) return;
    const rows = this.buffer;
    this.buffer = [];
    this.writing = rows.length;
    this.flushing = this.write(rows)
      .catch((err) => {
        this.logger.error({ err, rows: rows.length }, 'could not write execution records; will retry');
        this.buffer = rows.concat(this.buffer);
      })
      .finally(() => {
        this.writing = 0;
        this.flushing = null;
      });
    await this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (let attempt = 0; attempt < 5 && (this.buffer.length || this.flushing); attempt++) await this.flush();
    if (this.buffer.length) this.logger.error({ rows: this.buffer.length }, 'execution records not written at shutdown');
  }

  private async write(rows: ExecutionRecord[]): Promise<void> {
    let afterCommit: (() => void) | undefined;
    await this.db.transaction(async (trx) => {
      for (let i = 0; i < rows.length; i += 1000) {
        await trx('executions').insert(rows.slice(i, i + 1000).map(toRow));
      }
      await addKeyUsage(trx, rows);
      afterCommit = await this.ledger?.addSpend(trx, rows);
    });
    afterCommit?.();
  }
}

function toRow(r: ExecutionRecord) {
  return {
    id: r.id,
    company_id: r.companyId,
    api_key_id: r.apiKeyId,
    user_id: r.userId,
    mode: r.mode,
    status: r.status,
    purpose: r.purpose ?? 'execution',
    provider_id: r.providerId,
    provider_type: r.providerType,
    provider_name: r.providerName,
    model: r.model,
    prompt_tokens: r.promptTokens,
    completion_tokens: r.completionTokens,
    total_tokens: r.totalTokens,
    cost_usd: r.costUsd,
    latency_ms: r.latencyMs,
    provider_latency_ms: r.providerLatencyMs,
    finish_reason: r.finishReason,
    error_code: r.errorCode,
    error_message: r.errorMessage,
    trace_id: r.traceId,
    attempts: JSON.stringify(r.attempts),
    metadata: JSON.stringify(r.metadata),
    created_at: r.createdAt,
  };
}

/** Monthly usage per API key; a key's counters restart when its usage month changes (UTC). */
async function addKeyUsage(trx: Db, rows: ExecutionRecord[]): Promise<void> {
  const byKey = new Map<string, { requests: number; tokens: number; month: string }>();
  for (const r of rows) {
    if (!r.apiKeyId) continue;
    const month = usageMonth(r.createdAt);
    const entry = byKey.get(r.apiKeyId) ?? { requests: 0, tokens: 0, month };
    entry.requests += 1;
    entry.tokens += r.totalTokens;
    // "YYYY-MM" strings order like the months they name: keep the latest month in the batch.
    if (month > entry.month) entry.month = month;
    byKey.set(r.apiKeyId, entry);
  }
  for (const [id, u] of byKey) {
    await trx.raw(
      `UPDATE api_keys SET
         requests_this_month = CASE WHEN usage_month = :month THEN requests_this_month + :requests ELSE :requests END,
         tokens_this_month = CASE WHEN usage_month = :month THEN tokens_this_month + :tokens ELSE :tokens END,
         usage_month = :month
       WHERE id = :id`,
      { id, month: u.month, requests: u.requests, tokens: u.tokens },
    );
  }
}
