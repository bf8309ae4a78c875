import { ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';
import type { Db } from '../../db/connection';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import type { TemporalGateway } from '../../temporal/client';
import { providerHealthScheduleId } from '../../temporal/workflow-ids';
import { providerHealthWorkflow } from '../../workflows/provider-health';
import type { ProviderHealthView } from './circuit-breakers';

/**
 * Provider health snapshots and their trust score (formula: domain/routing/provider-health.ts).
 * The Temporal schedule `provider-health:<taskQueue>` runs providerHealthWorkflow every
 * BREAKER_HEALTH_INTERVAL_SECONDS; this service makes sure the schedule exists and answers "the
 * latest snapshot of each provider" (for advisories and meters), cached briefly per company.
 */
const CACHE_MS = 10_000;
/** Snapshots older than this say nothing about now (spec: trust derives from a snapshot within 24 hours). */
const FRESH_MS = 24 * 3600_000;

export class ProviderHealthService {
  private readonly cache = new Map<string, { at: number; value: Promise<Map<string, ProviderHealthView>> }>();
  private scheduleReady = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: { db: Db; temporal: TemporalGateway; logger: Logger; config: Config }) {}

  get scheduleId(): string {
    return providerHealthScheduleId(this.deps.temporal.taskQueue);
  }

  /** Creates (or updates) the schedule in the background; retried every minute until it works. */
  start(): void {
    if (!this.deps.config.BREAKER_HEALTH_SCHEDULE || this.retryTimer) return;
    const attempt = () =>
      this.ensureSchedule().catch((err) => this.deps.logger.warn({ err }, 'provider health: schedule not created yet; retrying'));
    void attempt();
    this.retryTimer = setInterval(() => {
      if (this.scheduleReady) {
        clearInterval(this.retryTimer!);
        return;
      }
      void attempt();
    }, 60_000);
    this.retryTimer.unref();
  }

  stop(): void {
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.retryTimer = null;
  }

  async ensureSchedule(): Promise<void> {
    const c = this.deps.config;
    const client = await this.deps.temporal.client();
    const action = {
      type: 'startWorkflow' as const,
      workflowType: providerHealthWorkflow,
      taskQueue: this.deps.temporal.taskQueue,
      workflowId: `provider-health-run:${this.deps.temporal.taskQueue}`,
      args: [{ windowSeconds: c.BREAKER_HEALTH_WINDOW_SECONDS, retentionDays: c.BREAKER_HEALTH_RETENTION_DAYS }] as [
        { windowSeconds: number; retentionDays: number },
      ],
    };
    const spec = { intervals: [{ every: `${c.BREAKER_HEALTH_INTERVAL_SECONDS}s` }] };
    try {
      await client.schedule.create({ scheduleId: this.scheduleId, spec, action, policies: { overlap: ScheduleOverlapPolicy.SKIP } });
    } catch (err) {
      if (!(err instanceof ScheduleAlreadyRunning)) throw err;
      // Another api process created it, or the settings changed since: make it match this config.
      await client.schedule.getHandle(this.scheduleId).update((prev) => ({ ...prev, spec, action }));
    }
    this.scheduleReady = true;
  }

  /** Runs the schedule's action now (operators after an incident; tests). */
  async snapshotNow(): Promise<void> {
    const client = await this.deps.temporal.client();
    await client.schedule.getHandle(this.scheduleId).trigger(ScheduleOverlapPolicy.ALLOW_ALL);
  }

  /** providerId → latest snapshot within 24 hours, for one company. Cached for ten seconds. */
  latestForCompany(companyId: string): Promise<Map<string, ProviderHealthView>> {
    const hit = this.cache.get(companyId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const value = this.load(companyId).catch((err) => {
      this.cache.delete(companyId);
      throw err;
    });
    this.cache.set(companyId, { at: Date.now(), value });
    return value;
  }

  private async load(companyId: string): Promise<Map<string, ProviderHealthView>> {
    const rows: HealthRow[] = await this.deps.db
      .select('s.*')
      .from(
        this.deps.db('provider_health_snapshots')
          .distinctOn('provider_id')
          .where({ company_id: companyId })
          .where('taken_at', '>', new Date(Date.now() - FRESH_MS))
          .orderBy([{ column: 'provider_id' }, { column: 'taken_at', order: 'desc' }])
          .as('s'),
      );
    return new Map(
      rows.map((r) => [
        r.provider_id,
        {
          trustScore: r.trust_score,
          samples: r.samples,
          failures: r.failures,
          successRate: r.success_rate,
          p50LatencyMs: r.p50_latency_ms,
          p95LatencyMs: r.p95_latency_ms,
          windowSeconds: r.window_seconds,
          takenAt: new Date(r.taken_at).toISOString(),
        },
      ]),
    );
  }
}

interface HealthRow {
  provider_id: string;
  trust_score: number;
  samples: number;
  failures: number;
  success_rate: number | null;
  p50_latency_ms: number | null;
  p95_latency_ms: number | null;
  window_seconds: number;
  taken_at: Date;
}
