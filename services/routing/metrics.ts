import type { Db } from '../../db/connection';
import { internalKey } from '../../domain/routing/evidence';
import { metricsKey } from '../../domain/routing/rank';
import { DEFAULT_SYNTHETIC_WEIGHT } from '../../domain/routing/policy';
import type { CandidateMetrics, InternalEvidence } from '../../domain/routing/types';
import { type MarkedAttemptCount, attemptStatsByKey, weighAttempts } from '../../domain/routing/window-stats';
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
 *
 * Synthetic probes (executions with purpose synthetic) are kept apart in the rollups. Their samples
 * count at the policy's preferences.syntheticWeight (DEFAULT_SYNTHETIC_WEIGHT, domain/routing/policy.ts):
 * `metrics`/`internal` are the figures at the default weight, `at(weight)` those at another (built
 * once per weight and load, so a decision reused by identity stays reusable).
 */
export interface WindowInfo {
  windowMinutes: number;
  from: string;
  to: string;
  /** Provider attempts in the window, live and synthetic, unweighted. */
  samples: number;
  /** Of those, attempts made by synthetic probes. */
  syntheticSamples: number;
}

export interface WeightedFigures {
  metrics: Map<string, CandidateMetrics>;
  internal: Map<string, InternalEvidence>;
}

export interface CompanyMetrics extends WeightedFigures {
  window: WindowInfo;
  loadedAt: number;
  /** The figures with synthetic samples at this weight (the default weight: this object's own maps). */
  at(syntheticWeight: number): WeightedFigures;
}

interface AttemptRow extends MarkedAttemptCount {
  provider_id: string;
  model: string;
}

interface CostRow {
  provider_id: string;
  model: string;
  synthetic: boolean;
  cost: string;
  tokens: string;
}

interface TaskRow {
  provider_id: string;
  model: string;
  dimension: string;
  synthetic: boolean;
  n: number;
  ok: number;
  as_of: Date;
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
        `SELECT provider_id, model, synthetic, ok, latency_ms AS "latencyMs", sum(attempts)::int AS attempts
           FROM routing_attempt_rollups
          WHERE company_id = ? AND minute >= date_trunc('minute', ?::timestamptz)
          GROUP BY 1, 2, 3, 4, 5`,
        [companyId, from],
      ),
      this.db.raw<{ rows: CostRow[] }>(
        `SELECT provider_id, model, synthetic, sum(cost_usd) AS cost, sum(tokens) AS tokens
           FROM routing_cost_rollups
          WHERE company_id = ? AND minute >= date_trunc('minute', ?::timestamptz)
          GROUP BY 1, 2, 3`,
        [companyId, from],
      ),
      this.db.raw<{ rows: TaskRow[] }>(
        `SELECT provider_id, model, dimension, synthetic, sum(calls)::int AS n, sum(ok)::int AS ok, max(last_at) AS as_of
           FROM routing_task_rollups
          WHERE company_id = ? AND day >= (?::timestamptz AT TIME ZONE 'UTC')::date
          GROUP BY 1, 2, 3, 4`,
        [companyId, evidenceFrom],
      ),
    ]);
    let samples = 0;
    let syntheticSamples = 0;
    for (const r of attempts.rows) {
      samples += r.attempts;
      if (r.synthetic) syntheticSamples += r.attempts;
    }
    const figures = new Map<number, WeightedFigures>();
    const at = (weight: number): WeightedFigures => {
      let f = figures.get(weight);
      if (!f) {
        f = weighedFigures(attempts.rows, costs.rows, dims.rows, weight);
        figures.set(weight, f);
      }
      return f;
    };
    return {
      ...at(DEFAULT_SYNTHETIC_WEIGHT),
      at,
      window: { windowMinutes: this.opts.windowMinutes, from: from.toISOString(), to: to.toISOString(), samples, syntheticSamples },
      loadedAt: Date.now(),
    };
  }
}

/** The window metrics and task evidence with each synthetic sample counted `weight` times. */
function weighedFigures(attempts: readonly AttemptRow[], costs: readonly CostRow[], dims: readonly TaskRow[], weight: number): WeightedFigures {
  const w = (synthetic: boolean) => (synthetic ? weight : 1);
  const costByKey = new Map<string, { cost: number; tokens: number }>();
  for (const r of costs) {
    const key = metricsKey(r.provider_id, r.model);
    const c = costByKey.get(key) ?? { cost: 0, tokens: 0 };
    c.cost += Number(r.cost) * w(r.synthetic);
    c.tokens += Number(r.tokens) * w(r.synthetic);
    costByKey.set(key, c);
  }
  const metrics = new Map<string, CandidateMetrics>();
  for (const [key, stats] of attemptStatsByKey(weighAttempts(attempts, weight), (r) => metricsKey(r.provider_id, r.model))) {
    if (stats.samples <= 0) continue;
    const availability = stats.ok / stats.samples;
    const c = costByKey.get(key);
    metrics.set(key, {
      samples: Math.round(stats.samples * 100) / 100,
      p50LatencyMs: stats.p50LatencyMs,
      p95LatencyMs: stats.p95LatencyMs,
      errorRate: 1 - availability,
      availability,
      costPerToken: c && c.tokens > 0 ? c.cost / c.tokens : null,
    });
  }
  const evidence = new Map<string, { n: number; ok: number; asOf: number }>();
  for (const r of dims) {
    if (w(r.synthetic) <= 0) continue;
    const key = internalKey(r.provider_id, r.model, r.dimension as TaskDimension);
    const e = evidence.get(key) ?? { n: 0, ok: 0, asOf: 0 };
    e.n += r.n * w(r.synthetic);
    e.ok += r.ok * w(r.synthetic);
    e.asOf = Math.max(e.asOf, new Date(r.as_of).getTime());
    evidence.set(key, e);
  }
  const internal = new Map<string, InternalEvidence>();
  for (const [key, e] of evidence) {
    if (e.n <= 0) continue;
    internal.set(key, { samples: Math.round(e.n * 100) / 100, score: Math.round((e.ok / e.n) * 1000) / 10, asOf: new Date(e.asOf).toISOString() });
  }
  return { metrics, internal };
}
