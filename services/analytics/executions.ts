import type { Db } from '../../db/connection';

/**
 * Time series of a company's execution records for the console's dashboards: executions, errors,
 * tokens, cost, latency p50/p95 and fallbacks per provider and model, and routing decisions per
 * policy, in fixed buckets over the last hour, day, week or month.
 *
 * It reads the executions table through its (company_id, created_at) index rather than the routing
 * rollups: those are pruned after the routing window and carry no policy or mode, and a dashboard
 * is read by people, a few times a minute, not on the request path. DRY_RUN records (no provider
 * call) are left out of the series and counted apart.
 */
export const ANALYTICS_RANGES = {
  '1h': { ms: 3_600_000, bucketSeconds: 60 },
  '24h': { ms: 86_400_000, bucketSeconds: 900 },
  '7d': { ms: 7 * 86_400_000, bucketSeconds: 3600 },
  '30d': { ms: 30 * 86_400_000, bucketSeconds: 6 * 3600 },
} as const;
export type AnalyticsRange = keyof typeof ANALYTICS_RANGES;

export interface ProviderModelSeries {
  provider: string;
  providerType: string | null;
  model: string;
  executions: number[];
  errors: number[];
  tokens: number[];
  costUsd: number[];
  /** Latency of answered calls (SUCCESS, HELD) in ms; null where a bucket has none. */
  p50LatencyMs: (number | null)[];
  p95LatencyMs: (number | null)[];
  /** Executions that needed more than one provider attempt. */
  fallbacks: number[];
}

export interface ExecutionAnalytics {
  range: AnalyticsRange;
  from: string;
  to: string;
  bucketSeconds: number;
  /** Bucket starts, unix seconds, oldest first; every series has one value per bucket. */
  buckets: number[];
  series: ProviderModelSeries[];
  routing: {
    /** Executions per applied policy (metadata.policyName; "(no policy)" when none applied). */
    policies: { policy: string; executions: number[] }[];
    fallbacks: number[];
  };
  totals: {
    executions: number;
    errors: number;
    errorRate: number | null;
    tokens: number;
    costUsd: number;
    fallbacks: number;
    held: number;
    dryRuns: number;
    p50LatencyMs: number | null;
    p95LatencyMs: number | null;
  };
}

// date_bin buckets count from a fixed origin, so a bucket means the same interval on every call.
const ORIGIN = '2000-01-01T00:00:00Z';
const round = (n: number | null, digits = 1) => (n === null ? null : Number(n.toFixed(digits)));

export class ExecutionAnalyticsService {
  constructor(private readonly db: Db) {}

  async executions(companyId: string, range: AnalyticsRange, now = new Date()): Promise<ExecutionAnalytics> {
    const { ms, bucketSeconds } = ANALYTICS_RANGES[range];
    const to = now;
    const from = new Date(to.getTime() - ms);
    const stride = `${bucketSeconds} seconds`;
    const firstBucket = Math.floor((from.getTime() - Date.parse(ORIGIN)) / 1000 / bucketSeconds) * bucketSeconds + Date.parse(ORIGIN) / 1000;
    const buckets: number[] = [];
    for (let t = firstBucket; t * 1000 < to.getTime(); t += bucketSeconds) buckets.push(t);
    const slot = new Map(buckets.map((t, i) => [t, i]));
    const zeros = () => buckets.map(() => 0);
    const nulls = () => buckets.map((): number | null => null);

    const scope = this.db('executions')
      .where('company_id', companyId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to);

    const [rows, policyRows, totalsRow, dryRunRow] = await Promise.all([
      scope
        .clone()
        .whereNot('mode', 'DRY_RUN')
        .select(
          this.db.raw('extract(epoch from date_bin(?::interval, created_at, ?::timestamptz))::bigint as t', [stride, ORIGIN]),
          this.db.raw("coalesce(provider_name, '(no provider)') as provider"),
          this.db.raw('max(provider_type) as provider_type'),
          this.db.raw("coalesce(model, '') as model"),
          this.db.raw('count(*)::int as executions'),
          this.db.raw("(count(*) filter (where status = 'ERROR'))::int as errors"),
          this.db.raw('coalesce(sum(total_tokens), 0)::bigint as tokens'),
          this.db.raw('coalesce(sum(cost_usd), 0)::float8 as cost'),
          this.db.raw("percentile_cont(0.5) within group (order by latency_ms) filter (where status <> 'ERROR') as p50"),
          this.db.raw("percentile_cont(0.95) within group (order by latency_ms) filter (where status <> 'ERROR') as p95"),
          this.db.raw('(count(*) filter (where jsonb_array_length(attempts) > 1))::int as fallbacks'),
        )
        .groupByRaw('1, 2, 4')
        .orderByRaw('2, 4, 1'),
      scope
        .clone()
        .whereNot('mode', 'DRY_RUN')
        .select(
          this.db.raw('extract(epoch from date_bin(?::interval, created_at, ?::timestamptz))::bigint as t', [stride, ORIGIN]),
          this.db.raw("coalesce(metadata->>'policyName', '(no policy)') as policy"),
          this.db.raw('count(*)::int as executions'),
        )
        .groupByRaw('1, 2')
        .orderByRaw('2, 1'),
      scope
        .clone()
        .whereNot('mode', 'DRY_RUN')
        .first(
          this.db.raw('count(*)::int as executions'),
          this.db.raw("(count(*) filter (where status = 'ERROR'))::int as errors"),
          this.db.raw("(count(*) filter (where status = 'HELD'))::int as held"),
          this.db.raw('coalesce(sum(total_tokens), 0)::bigint as tokens'),
          this.db.raw('coalesce(sum(cost_usd), 0)::float8 as cost'),
          this.db.raw('(count(*) filter (where jsonb_array_length(attempts) > 1))::int as fallbacks'),
          this.db.raw("percentile_cont(0.5) within group (order by latency_ms) filter (where status <> 'ERROR') as p50"),
          this.db.raw("percentile_cont(0.95) within group (order by latency_ms) filter (where status <> 'ERROR') as p95"),
        ),
      scope.clone().where('mode', 'DRY_RUN').first(this.db.raw('count(*)::int as n')),
    ]);

    const series = new Map<string, ProviderModelSeries>();
    const fallbacks = zeros();
    for (const r of rows as Record<string, unknown>[]) {
      const i = slot.get(Number(r.t));
      if (i === undefined) continue;
      const key = `${r.provider}\u0000${r.model}`;
      let s = series.get(key);
      if (!s) {
        s = {
          provider: String(r.provider),
          providerType: (r.provider_type as string | null) ?? null,
          model: String(r.model),
          executions: zeros(),
          errors: zeros(),
          tokens: zeros(),
          costUsd: zeros(),
          p50LatencyMs: nulls(),
          p95LatencyMs: nulls(),
          fallbacks: zeros(),
        };
        series.set(key, s);
      }
      s.executions[i] = Number(r.executions);
      s.errors[i] = Number(r.errors);
      s.tokens[i] = Number(r.tokens);
      s.costUsd[i] = Number(Number(r.cost).toFixed(8));
      s.p50LatencyMs[i] = r.p50 === null ? null : round(Number(r.p50));
      s.p95LatencyMs[i] = r.p95 === null ? null : round(Number(r.p95));
      s.fallbacks[i] = Number(r.fallbacks);
      fallbacks[i] = (fallbacks[i] ?? 0) + Number(r.fallbacks);
    }

    const policies = new Map<string, number[]>();
    for (const r of policyRows as Record<string, unknown>[]) {
      const i = slot.get(Number(r.t));
      if (i === undefined) continue;
      const name = String(r.policy);
      let values = policies.get(name);
      if (!values) {
        values = zeros();
        policies.set(name, values);
      }
      values[i] = Number(r.executions);
    }

    const t = (totalsRow ?? {}) as Record<string, unknown>;
    const executions = Number(t.executions ?? 0);
    const errors = Number(t.errors ?? 0);
    return {
      range,
      from: from.toISOString(),
      to: to.toISOString(),
      bucketSeconds,
      buckets,
      series: [...series.values()],
      routing: { policies: [...policies].map(([policy, values]) => ({ policy, executions: values })), fallbacks },
      totals: {
        executions,
        errors,
        errorRate: executions ? Number((errors / executions).toFixed(4)) : null,
        tokens: Number(t.tokens ?? 0),
        costUsd: Number(Number(t.cost ?? 0).toFixed(8)),
        fallbacks: Number(t.fallbacks ?? 0),
        held: Number(t.held ?? 0),
        dryRuns: Number((dryRunRow as { n?: number } | undefined)?.n ?? 0),
        p50LatencyMs: t.p50 === null || t.p50 === undefined ? null : round(Number(t.p50)),
        p95LatencyMs: t.p95 === null || t.p95 === undefined ? null : round(Number(t.p95)),
      },
    };
  }
}
