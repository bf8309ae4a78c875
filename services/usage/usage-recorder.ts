import type { Db } from '../../db/connection';
import type { UsageRequestType } from '../../domain/usage/tiers';
import type { Logger } from '../../lib/logger';

/**
 * Writes advisory usage events behind the response, the way execution-recorder.ts writes
 * execution records: events are buffered and inserted in one statement every flush interval (or
 * as soon as maxRows are waiting), so an advisory request never waits on this insert. A failed
 * insert keeps its rows for the next flush; stop() flushes what is left, so a clean shutdown loses
 * nothing; past maxBuffered unsaved rows (the database down for long) the oldest are dropped.
 */
export interface UsageEvent {
  id: string;
  companyId: string;
  subscriptionId: string;
  requestType: UsageRequestType;
  success: boolean;
  clientIp: string | null;
  userAgent: string | null;
  createdAt: Date;
}

export class UsageRecorder {
  private buffer: UsageEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly maxBuffered = 100_000;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly opts: { flushIntervalMs: number; maxRows: number },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.opts.flushIntervalMs);
    this.timer.unref();
  }

  record(event: UsageEvent): void {
    this.buffer.push(event);
    if (this.buffer.length > this.maxBuffered) {
      const dropped = this.buffer.splice(0, this.buffer.length - this.maxBuffered).length;
      this.logger.error({ dropped }, 'usage event buffer overflow: oldest events dropped');
    }
    if (this.buffer.length >= this.opts.maxRows) void this.flush();
  }

  get pending(): number {
    return this.buffer.length;
  }

  /** One flush at a time; a call during a flush waits for it and then flushes what arrived since. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (!this.buffer.length) return;
    const rows = this.buffer;
    this.buffer = [];
    this.flushing = this.write(rows)
      .catch((err) => {
        this.logger.error({ err, rows: rows.length }, 'could not write usage events; will retry');
        this.buffer = rows.concat(this.buffer);
      })
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (let attempt = 0; attempt < 5 && (this.buffer.length || this.flushing); attempt++) await this.flush();
    if (this.buffer.length) this.logger.error({ rows: this.buffer.length }, 'usage events not written at shutdown');
  }

  private async write(rows: UsageEvent[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) {
      // A subscription deleted since the request: its events go with it (the FK would refuse them).
      await this.db.raw(
        `insert into advisory_usage_events (id, company_id, subscription_id, request_type, success, client_ip, user_agent, created_at)
         select e.id, e.company_id, e.subscription_id, e.request_type, e.success, e.client_ip, e.user_agent, e.created_at
         from jsonb_to_recordset(?::jsonb) as e(id uuid, company_id uuid, subscription_id uuid, request_type text, success boolean,
                                                 client_ip text, user_agent text, created_at timestamptz)
         where exists (select 1 from advisory_subscriptions s where s.id = e.subscription_id)`,
        [
          JSON.stringify(
            rows.slice(i, i + 1000).map((r) => ({
              id: r.id,
              company_id: r.companyId,
              subscription_id: r.subscriptionId,
              request_type: r.requestType,
              success: r.success,
              client_ip: r.clientIp,
              user_agent: r.userAgent,
              created_at: r.createdAt.toISOString(),
            })),
          ),
        ],
      );
    }
  }
}
