import { ScheduleOverlapPolicy } from '@temporalio/client';
import type { Db } from '../../db/connection';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import type { TemporalGateway } from '../../temporal/client';
import { providerHealthScheduleId } from '../../temporal/workflow-ids';
import type { ProviderHealthView } from './circuit-breakers';

/**
 * Provider health snapshots and their trust score (formula: domain/routing/provider-health.ts).
 * The Temporal schedule `provider-health:<taskQueue>` runs providerHealthWorkflow every
 * BREAKER_HEALTH_INTERVAL_SECONDS; the worker creates it at start (temporal/provider-health-schedule.ts),
 * so the api never needs Temporal to boot. This service answers "the latest snapshot of each
 * provider" (for advisories and meters), cached briefly per company, and can trigger a run now.
 */
const CACHE_MS = 10_000;
/** Snapshots older than this say nothing about now (spec: trust derives from a snapshot within 24 hours). */
const FRESH_MS = 24 * 3600_000;

export class ProviderHealthService {
  private readonly cache = new Map<string, { at: number; value: Promise<Map<string, ProviderHealthView>> }>();

  constructor(private readonly deps: { db: Db; temporal: TemporalGateway; logger: Logger; config: Config }) {}

  get scheduleId(): string {
    return providerHealthScheduleId(this.deps.temporal.taskQueue);
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
          syntheticSamples: r.synthetic_samples,
          syntheticFailures: r.synthetic_failures,
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
  synthetic_samples: number;
  synthetic_failures: number;
  success_rate: number | null;
  p50_latency_ms: number | null;
  p95_latency_ms: number | null;
  window_seconds: number;
  taken_at: Date;
}
