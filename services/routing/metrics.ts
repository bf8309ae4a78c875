import type { Db } from '../../db/connection';
import { internalKey } from '../../domain/routing/evidence';
import { metricsKey } from '../../domain/routing/rank';
import type { CandidateMetrics, InternalEvidence } from '../../domain/routing/types';
import { type AttemptCount, attemptStatsByKey } from '../../domain/routing/window-stats';
import type { TaskDimension } from '../../domain/task-vocabulary';
import type { Logger } from '../../lib/logger';

/**
 * The figures routing scores read, per company: for every provider/model over the rolling window,
 * p50/p95 latency, error rate, availability and cost per token (from the provider attempts in the
 * execution records, fallbacks included, caller errors excluded); and own per-task evidence (calls
 * tagged with task dimensions, over ROUTING_EVIDENCE_DAYS). Read from the per-minute rollups a
 * trigger keeps on executions, so a refresh costs the same at 10 or 10 million calls an hour.
 *
 * Never a query per request: a company's figures are served from memory and refreshed in the
 * background once they are older than the TTL (stale-while-revalidate); only a company's first
 * request waits for the load.
 */
export interface WindowInfo {
  windowMinutes: number;
  from: string;
  to: string;
  samples: number;
}

export interface CompanyMetrics {
  metrics: Map<string, CandidateMetrics>;
  internal: Map<string, InternalEvidence>;
  window: WindowInfo;
  loadedAt: number;
}

interface AttemptRow extends AttemptCount {
  provider_id: string;
  model: string;
}

export class RoutingMetricsService {
  private readonly cache = new Map<string, CompanyMetrics>();
  private readonly loading = new Map<string, Promise<CompanyMetrics>>();

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly opts: { windowMinutes: number; ttlMs: number; evidenceDays: number },
  ) {}

  async forCompany(companyId: string): Promise<CompanyMetrics> {
    return this.peek(companyId) ?? this.load(companyId);
  }

  /**
   * The company's figures if any were loaded (a stale entry starts its refresh behind, as
   * forCompany does); undefined when only a load can answer. Synchronous for the gateway's hot path.
   */
  peek(companyId: string): CompanyMetrics | undefined {
    const cached = this.cache.get(companyId);
    if (cached && Date.now() - cached.loadedAt > this.opts.ttlMs) void this.load(companyId).catch(() => {});
    return cached;
  }

  /** Drops a company's figures (or all): the next request loads them afresh. Tests and admin tools. */
  invalidate(companyId?: string): void {
    if (companyId) this.cache.delete(companyId);
    else this.cache.clear();
  }

  private load(companyId: string): Promise<CompanyMetrics> {
    const running = this.loading.get(companyId);
    if (running) return running;
    const p = this.query(companyId)
      .then((m) => {
        this.cache.set(companyId, m);
        if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value!);
        return m;
      })
      .catch((err) => {
        this.logger.error({ err, companyId }, 'routing metrics could not be loaded');
        throw err;
      })
      .finally(() => this.loading.delete(companyId));
    this.loading.set(companyId, p);
    return p;
  }

  /**
   * Reads the rollups the executions trigger keeps (db migration 20261124010001): a few rows per
   * provider, model and minute instead of every attempt in the window. The window starts at the
   * minute of `from` (so it may reach up to 59 s further back); task evidence at the day of evidenceFrom.
   */
  private async query(companyId: string): Promise<CompanyMetrics> {
    const to = new Date();
    const from = new Date(to.getTime() - this.opts.windowMinutes * 60_000);
    const evidenceFrom = new Date(to.getTime() - this.opts.evidenceDays * 86_400_000);
    const [attempts, costs, dims] = await Promise.all([
      this.db.raw<{ rows: AttemptRow[] }>(
        `SELECT provider_id, model, ok, latency_ms AS "latencyMs", sum(attempts)::int AS attempts
           FROM routing_attempt_rollups
          WHERE company_id = ? AND minute >= date_trunc('minute', ?::timestamptz)
          GROUP BY 1, 2, 3, 4`,
        [companyId, from],
      ),
      this.db.raw<{ rows: Array<{ provider_id: string; model: string; cost: string; tokens: string }> }>(
        `SELECT provider_id, model, sum(cost_usd) AS cost, sum(tokens) AS tokens
           FROM routing_cost_rollups
          WHERE company_id = ? AND minute >= date_trunc('minute', ?::timestamptz)
          GROUP BY 1, 2`,
        [companyId, from],
      ),
      this.db.raw<{ rows: Array<{ provider_id: string; model: string; dimension: string; n: number; ok: number; as_of: Date }> }>(
        `SELECT provider_id, model, dimension, sum(calls)::int AS n, sum(ok)::int AS ok, max(last_at) AS as_of
           FROM routing_task_rollups
          WHERE company_id = ? AND day >= (?::timestamptz AT TIME ZONE 'UTC')::date
          GROUP BY 1, 2, 3`,
        [companyId, evidenceFrom],
      ),
    ]);
    const costByKey = new Map<string, number>();
    for (const r of costs.rows) {
      const tokens = Number(r.tokens);
      if (tokens > 0) costByKey.set(metricsKey(r.provider_id, r.model), Number(r.cost) / tokens);
    }
    const metrics = new Map<string, CandidateMetrics>();
    let samples = 0;
    for (const [key, stats] of attemptStatsByKey(attempts.rows, (r) => metricsKey(r.provider_id, r.model))) {
      const availability = stats.samples ? stats.ok / stats.samples : 1;
      samples += stats.samples;
      metrics.set(key, {
        samples: stats.samples,
        p50LatencyMs: stats.p50LatencyMs,
        p95LatencyMs: stats.p95LatencyMs,
        errorRate: 1 - availability,
        availability,
        costPerToken: costByKey.get(key) ?? null,
      });
    }
    const internal = new Map<string, InternalEvidence>();
    for (const r of dims.rows) {
      internal.set(internalKey(r.provider_id, r.model, r.dimension as TaskDimension), {
        samples: r.n,
        score: Math.round((r.ok / r.n) * 1000) / 10,
        asOf: new Date(r.as_of).toISOString(),
      });
    }
    return {
      metrics,
      internal,
      window: { windowMinutes: this.opts.windowMinutes, from: from.toISOString(), to: to.toISOString(), samples },
      loadedAt: Date.now(),
    };
  }
}
