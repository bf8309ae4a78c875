import type { Db } from '../../db/connection';
import { internalKey } from '../../domain/routing/evidence';
import { metricsKey } from '../../domain/routing/rank';
import type { CandidateMetrics, InternalEvidence } from '../../domain/routing/types';
import type { TaskDimension } from '../../domain/task-vocabulary';
import type { Logger } from '../../lib/logger';

/**
 * The figures routing scores read, per company: for every provider/model over the rolling window,
 * p50/p95 latency, error rate, availability and cost per token (from the provider attempts in the
 * execution records, fallbacks included, caller errors excluded); and own per-task evidence (calls
 * tagged with task dimensions, over ROUTING_EVIDENCE_DAYS).
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

interface AttemptRow {
  provider_id: string;
  model: string;
  samples: number;
  ok: number;
  p50: string | number | null;
  p95: string | number | null;
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

  private async query(companyId: string): Promise<CompanyMetrics> {
    const to = new Date();
    const from = new Date(to.getTime() - this.opts.windowMinutes * 60_000);
    const evidenceFrom = new Date(to.getTime() - this.opts.evidenceDays * 86_400_000);
    const [attempts, costs, dims] = await Promise.all([
      this.db.raw<{ rows: AttemptRow[] }>(
        `SELECT a->>'providerId' AS provider_id, a->>'model' AS model,
                count(*)::int AS samples,
                count(*) FILTER (WHERE a->>'status' = 'SUCCESS')::int AS ok,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY (a->>'latencyMs')::numeric) FILTER (WHERE a->>'status' = 'SUCCESS') AS p50,
                percentile_cont(0.95) WITHIN GROUP (ORDER BY (a->>'latencyMs')::numeric) FILTER (WHERE a->>'status' = 'SUCCESS') AS p95
           FROM executions e CROSS JOIN LATERAL jsonb_array_elements(e.attempts) a
          WHERE e.company_id = ? AND e.created_at >= ?
            AND a->>'providerId' IS NOT NULL
            AND coalesce(a->>'errorKind', '') <> 'BAD_REQUEST'
          GROUP BY 1, 2`,
        [companyId, from],
      ),
      this.db.raw<{ rows: Array<{ provider_id: string; model: string; cost: string; tokens: string }> }>(
        `SELECT provider_id, model, sum(cost_usd) AS cost, sum(total_tokens) AS tokens
           FROM executions
          WHERE company_id = ? AND created_at >= ? AND provider_id IS NOT NULL AND status IN ('SUCCESS', 'HELD')
          GROUP BY 1, 2`,
        [companyId, from],
      ),
      this.db.raw<{ rows: Array<{ provider_id: string; model: string; dimension: string; n: number; ok: number; as_of: Date }> }>(
        `SELECT e.provider_id, e.model, d AS dimension, count(*)::int AS n,
                count(*) FILTER (WHERE e.status IN ('SUCCESS', 'HELD'))::int AS ok, max(e.created_at) AS as_of
           FROM executions e CROSS JOIN LATERAL jsonb_array_elements_text(e.metadata->'taskDimensions') d
          WHERE e.company_id = ? AND e.created_at >= ? AND e.provider_id IS NOT NULL
            AND jsonb_typeof(e.metadata->'taskDimensions') = 'array'
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
    for (const r of attempts.rows) {
      const key = metricsKey(r.provider_id, r.model);
      const availability = r.samples ? r.ok / r.samples : 1;
      samples += r.samples;
      metrics.set(key, {
        samples: r.samples,
        p50LatencyMs: r.p50 === null ? null : Number(r.p50),
        p95LatencyMs: r.p95 === null ? null : Number(r.p95),
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
