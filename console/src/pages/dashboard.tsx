import { useMemo, useState } from 'preact/hooks';
import { get } from '../api';
import { type ChartSeries, TimeChart } from '../components/chart';
import { Badge, Empty, Loading, Notice, PageHeader, RANGES, type Range, RangePicker, Stat, fmt, useLoad } from '../components/ui';
import { Link } from '../router';
import { useSession } from '../session';


interface Series {
  provider: string;
  providerType: string | null;
  model: string;
  executions: number[];
  errors: number[];
  tokens: number[];
  costUsd: number[];
  p50LatencyMs: (number | null)[];
  p95LatencyMs: (number | null)[];
  fallbacks: number[];
}
interface Analytics {
  range: Range;
  from: string;
  to: string;
  bucketSeconds: number;
  buckets: number[];
  series: Series[];
  routing: { policies: { policy: string; executions: number[] }[]; fallbacks: number[] };
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
interface Breaker {
  providerId: string;
  providerName: string;
  providerType: string;
  isActive: boolean;
  state: 'closed' | 'open' | 'half_open' | string;
  errorRate: number;
  windowSamples: number;
  lastErrorKind: string | null;
  nextProbeAt: string | null;
  health: { trustScore: number; successRate: number | null; p50LatencyMs: number | null; p95LatencyMs: number | null; takenAt: string } | null;
}
interface BatchJob {
  id: string;
  name: string | null;
  status: string;
  totalItems: number;
  completedItems: number;
  failedItems: number;
  providerName: string | null;
  actualCostUSD: number;
  createdAt: string;
}

// Two significant digits below a dollar, so axis ticks of small spends stay distinct ($0.015, $0.01, $0.005).
const usd = (n: number) => (n === 0 ? '$0' : Math.abs(n) < 1 ? `$${Number(n.toPrecision(2))}` : `$${n.toFixed(2)}`);
const count = (n: number) => fmt.int(n);
const ms = (n: number) => `${Math.round(n)} ms`;
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const RATE_RANGE: [number, number] = [0, 1];
const label = (s: Series) => `${s.provider} · ${s.model || '—'}`;

export function Dashboard() {
  const { can } = useSession();
  const [range, setRange] = useState<Range>('24h');
  const analytics = useLoad(() => get<Analytics>(`/api/v1/analytics/executions?range=${range}`), [range]);
  const a = analytics.data;

  const charts = useMemo(() => {
    if (!a) return null;
    const per = (pick: (s: Series) => (number | null)[]): ChartSeries[] => a.series.map((s) => ({ label: label(s), values: pick(s) }));
    const executions = a.buckets.map((_, i) => a.series.reduce((n, s) => n + (s.executions[i] ?? 0), 0));
    const errors = a.buckets.map((_, i) => a.series.reduce((n, s) => n + (s.errors[i] ?? 0), 0));
    return {
      executions: per((s) => s.executions),
      tokens: per((s) => s.tokens),
      cost: per((s) => s.costUsd),
      latency: a.series.flatMap((s) => [
        { label: `${label(s)} p50`, values: s.p50LatencyMs },
        { label: `${label(s)} p95`, values: s.p95LatencyMs },
      ]),
      errorRate: [
        { label: 'All providers', values: executions.map((n, i) => (n ? (errors[i] ?? 0) / n : null)) },
        ...a.series.map((s) => ({ label: label(s), values: s.executions.map((n, i) => (n ? (s.errors[i] ?? 0) / n : null)) })),
      ],
      routing: [...a.routing.policies.map((p) => ({ label: p.policy, values: p.executions })), { label: 'Fallbacks', values: a.routing.fallbacks }],
    };
  }, [a]);

  return (
    <>
      <PageHeader title="Dashboard">
        <RangePicker name="range" value={range} onChange={setRange} />
      </PageHeader>
      {analytics.error && <Notice kind="error">{analytics.error}</Notice>}
      {!a && analytics.loading && <Loading />}
      {a && (
        <>
          <ul class="stats" aria-label="Totals">
            <Stat name="Executions" value={count(a.totals.executions)} id="executions" />
            <Stat name="Error rate" value={fmt.pct(a.totals.errorRate)} id="error-rate" />
            <Stat name="Tokens" value={count(a.totals.tokens)} id="tokens" />
            <Stat name="Cost" value={usd(a.totals.costUsd)} id="cost" />
            <Stat name="Latency p50 / p95" value={`${fmt.ms(a.totals.p50LatencyMs)} / ${fmt.ms(a.totals.p95LatencyMs)}`} id="latency" />
            <Stat name="Fallbacks" value={count(a.totals.fallbacks)} id="fallbacks" />
            <Stat name="Held for review" value={count(a.totals.held)} id="held" />
          </ul>
          {a.totals.executions === 0 ? (
            <Empty title={`No executions in the ${RANGES.find((r) => r.value === range)!.label.toLowerCase()}`}>
              Send a prompt with a gateway key to <code>POST /api/gateway/execute</code> (npm start prints a curl command), or choose a longer range.
              {a.totals.dryRuns > 0 && ` ${a.totals.dryRuns} dry runs are not charted.`}
            </Empty>
          ) : (
            charts && (
              <div class="charts" data-range={a.range}>
                <TimeChart id="executions" title="Executions per provider and model" buckets={a.buckets} series={charts.executions} format={count} kind="bars" integer />
                <TimeChart id="tokens" title="Tokens per provider and model" buckets={a.buckets} series={charts.tokens} format={count} integer />
                <TimeChart id="cost" title="Cost (USD) per provider and model" buckets={a.buckets} series={charts.cost} format={usd} />
                <TimeChart id="latency" title="Latency p50 and p95 (answered calls)" buckets={a.buckets} series={charts.latency} format={ms} />
                <TimeChart id="error-rate" title="Error rate" buckets={a.buckets} series={charts.errorRate} format={pct} yRange={RATE_RANGE} />
                <TimeChart id="routing" title="Routing decisions per policy, and fallbacks" buckets={a.buckets} series={charts.routing} format={count} kind="bars" integer />
              </div>
            )
          )}
        </>
      )}
      {can('providers.manage') && <Breakers />}
      {can('batch.use') && <BatchJobs />}
    </>
  );
}

function Breakers() {
  const breakers = useLoad(() => get<{ breakers: Breaker[] }>('/api/v1/routing/breakers'));
  const list = breakers.data?.breakers ?? [];
  return (
    <section class="card" aria-labelledby="breakers-title">
      <h2 id="breakers-title">Circuit breakers and provider trust</h2>
      {breakers.error && <Notice kind="error">{breakers.error}</Notice>}
      {breakers.data && list.length === 0 && (
        <Empty title="No providers yet">
          Add one on the <Link href="/providers">Providers</Link> page.
        </Empty>
      )}
      {list.length > 0 && (
        <div class="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Provider</th>
                <th scope="col">Breaker</th>
                <th scope="col">Error rate (window)</th>
                <th scope="col">Trust score</th>
                <th scope="col">Success rate</th>
                <th scope="col">p50 / p95</th>
                <th scope="col">Next probe</th>
              </tr>
            </thead>
            <tbody>
              {list.map((b) => (
                <tr key={b.providerId}>
                  <th scope="row">
                    {b.providerName} <span class="muted">{b.providerType}</span>
                    {!b.isActive && <Badge>inactive</Badge>}
                  </th>
                  <td>
                    <Badge tone={b.state === 'closed' ? 'ok' : b.state === 'open' ? 'bad' : 'warn'}>{b.state.replace('_', '-')}</Badge>
                  </td>
                  <td>
                    {fmt.pct(b.errorRate)} <span class="muted">of {b.windowSamples}</span>
                  </td>
                  <td>
                    {b.health ? (
                      <meter min={0} max={100} low={60} high={85} optimum={100} value={b.health.trustScore} aria-label={`Trust score ${b.health.trustScore} of 100`}>
                        {b.health.trustScore}
                      </meter>
                    ) : (
                      '—'
                    )}{' '}
                    {b.health?.trustScore ?? ''}
                  </td>
                  <td>{fmt.pct(b.health?.successRate)}</td>
                  <td>
                    {fmt.ms(b.health?.p50LatencyMs)} / {fmt.ms(b.health?.p95LatencyMs)}
                  </td>
                  <td>{b.nextProbeAt ? fmt.date(b.nextProbeAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {breakers.data && list.length > 0 && list.every((b) => !b.health) && (
        <p class="muted">No health snapshot yet: the worker's provider-health schedule takes one every few minutes.</p>
      )}
    </section>
  );
}

function BatchJobs() {
  const jobs = useLoad(() => get<{ jobs: BatchJob[]; total: number }>('/api/v1/batch?limit=10'));
  const list = jobs.data?.jobs ?? [];
  return (
    <section class="card" aria-labelledby="batches-title">
      <h2 id="batches-title">Batch jobs</h2>
      {jobs.error && <Notice kind="error">{jobs.error}</Notice>}
      {jobs.data && list.length === 0 && (
        <Empty title="No batch jobs">
          Submit one with <code>POST /api/v1/batch</code> (JSON items or a JSONL upload); its progress shows here.
        </Empty>
      )}
      {list.length > 0 && (
        <div class="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Status</th>
                <th scope="col">Progress</th>
                <th scope="col">Provider</th>
                <th scope="col">Cost</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {list.map((j) => {
                const done = j.completedItems + j.failedItems;
                return (
                  <tr key={j.id}>
                    <th scope="row">{j.name ?? j.id.slice(0, 8)}</th>
                    <td>
                      <Badge tone={j.status === 'COMPLETED' ? 'ok' : j.status === 'FAILED' ? 'bad' : 'neutral'}>{j.status}</Badge>
                    </td>
                    <td>
                      <progress max={j.totalItems || 1} value={done} aria-label={`${done} of ${j.totalItems} items`} /> {done}/{j.totalItems}
                      {j.failedItems > 0 && <span class="muted"> ({j.failedItems} failed)</span>}
                    </td>
                    <td>{j.providerName ?? '—'}</td>
                    <td>{usd(j.actualCostUSD)}</td>
                    <td>{fmt.date(j.createdAt)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
