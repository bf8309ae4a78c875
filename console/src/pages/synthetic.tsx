import { useMemo, useState } from 'preact/hooks';
import { SYNTHETIC_CATEGORIES } from '../../../domain/synthetic/library';
import { ApiFailure, errorText, get, post } from '../api';
import { type ChartSeries, TimeChart } from '../components/chart';
import { Empty, FilterSelect, Loading, Notice, PageHeader, RANGES, type Range, RangePicker, Stat, TableHead, fmt, useLoad } from '../components/ui';
import { type LogEntry, ProbeLog, type Schedule, Schedules, type SyntheticPrompt } from './synthetic-schedules';

/** Chart buckets per range, as the executions dashboard uses them. */
const BUCKET_SECONDS: Record<Range, number> = { '1h': 60, '24h': 900, '7d': 3600, '30d': 21_600 };/** The chart is drawn from the probe log (the analytics answer has no time series): at most this many probes. */
const CHART_PROBES = 2000;
const LOG_PAGE = 500;

interface ProviderStat {
  provider: string;
  model: string;
  totalExecutions: number;
  successRate: number;
  kpiComplianceRate: number;
  avgResponseTime: number;
  avgTokensUsed: number;
  totalCost: number;
  avgQualityScore: number | null;
}
interface Analytics {
  providerStats: ProviderStat[];
  qualityMetrics: { avgQualityScore: number | null; avgResponseTime: number; successRate: number };
  kpiCompliance: { complianceRate: number };
  costAnalysis: { totalCost: number; avgCostPerExecution: number };
  protectionMetrics: { byMode: { mode: string; total: number; detectionRate: number }[] };
  networkMetrics: { avgRttMs: number | null; measuredExecutions: number };
  metadata: { totalExecutions: number; hasData: boolean; timeRange: string };
}
interface Ranking {
  provider: string;
  model: string;
  score: number;
  metrics: { successRate: number; avgResponseTime: number; attackBlockRate: number | null; costEfficiency: number };
}

/** 429 from the synthetic endpoints says when to try again (the per-company minute limits). */
function limitedText(err: unknown): string {
  if (err instanceof ApiFailure && err.code === 'RATE_LIMITED') return `Too many analytics requests this minute: try again in ${err.body.retryAfter ?? 60} s.`;
  return errorText(err);
}

/** Synthetic testing: schedules and their probes, analytics over a range with charts, and the provider ranking. */
export function Synthetic() {
  const schedules = useLoad(() => get<{ schedules: Schedule[] }>('/api/v1/synthetic/schedules?limit=200'));
  const prompts = useLoad(() => get<{ prompts: SyntheticPrompt[] }>('/api/v1/synthetic/prompts'));
  const [runs, setRuns] = useState(0);
  return (
    <>
      <PageHeader title="Synthetic testing" />
      <p class="muted">Scheduled probes of your providers with curated prompts: functional checks, attacks, edge cases and compliance. Probes are billed like any call.</p>
      <Schedules
        schedules={schedules}
        prompts={prompts.data?.prompts ?? []}
        reload={async () => {
          await Promise.all([schedules.reload(), prompts.reload()]);
        }}
        onRun={() => setRuns((n) => n + 1)}
      />
      <ProbeLog schedules={schedules.data?.schedules ?? []} prompts={prompts.data?.prompts ?? []} refreshKey={runs} />
      <SyntheticAnalytics />
    </>
  );
}

/** The newest probes started in the range, newest first, at most CHART_PROBES. */
async function probesSince(fromMs: number): Promise<{ entries: LogEntry[]; capped: boolean }> {
  const entries: LogEntry[] = [];
  for (let offset = 0; offset < CHART_PROBES; offset += LOG_PAGE) {
    const page = await get<{ executions: LogEntry[] }>(`/api/v1/synthetic/executions?limit=${LOG_PAGE}&offset=${offset}`);
    const inRange = page.executions.filter((e) => Date.parse(e.startedAt) >= fromMs);
    entries.push(...inRange);
    if (inRange.length < page.executions.length || page.executions.length < LOG_PAGE) return { entries, capped: false };
  }
  return { entries, capped: true };
}

function charts(entries: LogEntry[], fromMs: number, bucketSec: number, nowMs: number) {
  const first = Math.floor(fromMs / 1000 / bucketSec) * bucketSec;
  const buckets: number[] = [];
  for (let t = first; t <= nowMs / 1000; t += bucketSec) buckets.push(t);
  const keys = [...new Set(entries.map((e) => `${e.provider} · ${e.model}`))].sort();
  const index = (e: LogEntry) => Math.floor((Date.parse(e.startedAt) / 1000 - first) / bucketSec);
  const per = keys.map((key) => {
    const count = buckets.map(() => 0);
    const ok = buckets.map(() => 0);
    const time = buckets.map(() => 0);
    for (const e of entries) {
      if (`${e.provider} · ${e.model}` !== key) continue;
      const i = index(e);
      if (i < 0 || i >= buckets.length) continue;
      count[i]! += 1;
      if (e.status === 'SUCCESS') ok[i]! += 1;
      time[i]! += e.responseTimeSec * 1000;
    }
    return { key, count, ok, time };
  });
  const mean = (sum: number[], n: number[]) => sum.map((s, i) => (n[i] ? s / n[i]! : null));
  return {
    buckets,
    probes: per.map((p): ChartSeries => ({ label: p.key, values: p.count })),
    latency: per.map((p): ChartSeries => ({ label: p.key, values: mean(p.time, p.count) })),
    success: per.map((p): ChartSeries => ({ label: p.key, values: mean(p.ok, p.count) })),
  };
}

const count = (n: number) => fmt.int(n);
const ms = (n: number) => `${Math.round(n)} ms`;
const share = (n: number) => `${(n * 100).toFixed(0)}%`;
const RATE: [number, number] = [0, 1];

function SyntheticAnalytics() {
  const [range, setRange] = useState<Range>('24h');
  const [category, setCategory] = useState('');
  const r = RANGES.find((x) => x.value === range)!;
  const analytics = useLoad(async () => {
    try {
      return await get<Analytics>(`/api/v1/synthetic/analytics?range=${range}`);
    } catch (err) {
      throw new Error(limitedText(err));
    }
  }, [range]);
  const log = useLoad(async () => {
    const now = Date.now();
    const from = now - r.seconds * 1000;
    return { ...(await probesSince(from)), from, now, range };
  }, [range]);
  const ranking = useLoad(async () => {
    try {
      return await post<{ rankings: Ranking[] }>('/api/v1/synthetic/ranking', { timeRange: range, limit: 10, ...(category ? { category } : {}) });
    } catch (err) {
      throw new Error(limitedText(err));
    }
  }, [range, category]);
  const drawn = useMemo(() => (log.data ? charts(log.data.entries, log.data.from, BUCKET_SECONDS[range], log.data.now) : null), [log.data, BUCKET_SECONDS[range]]);
  const a = analytics.data;

  return (
    <section class="card" aria-labelledby="analytics-title">
      <div class="page-header">
        <h2 id="analytics-title">Analytics</h2>
        <div class="page-actions">
          <RangePicker name="synthetic-range" value={range} onChange={setRange} />
          <a href={`/api/v1/synthetic/analytics/export?format=csv&range=${range}`} download>
            Export CSV
          </a>
          <a href={`/api/v1/synthetic/analytics/export?format=json&range=${range}`} download>
            Export JSON
          </a>
        </div>
      </div>
      {analytics.error && <Notice kind="error">{analytics.error}</Notice>}
      {!a && analytics.loading && <Loading />}
      {a && (
        <ul class="stats" aria-label="Totals" data-range={a.metadata.timeRange}>
          <Stat id="probes" name="Probes" value={count(a.metadata.totalExecutions)} />
          <Stat id="success" name="Success rate" value={fmt.pct(a.metadata.hasData ? a.qualityMetrics.successRate : null)} />
          <Stat id="compliance" name="As expected (KPI)" value={fmt.pct(a.metadata.hasData ? a.kpiCompliance.complianceRate : null)} />
          <Stat id="response" name="Avg response" value={a.metadata.hasData ? ms(a.qualityMetrics.avgResponseTime * 1000) : '—'} />
          <Stat id="quality" name="Avg quality" value={a.qualityMetrics.avgQualityScore === null ? '—' : a.qualityMetrics.avgQualityScore.toFixed(2)} />
          <Stat id="cost" name="Cost" value={fmt.usd(a.costAnalysis.totalCost)} />
          <Stat id="rtt" name="Network RTT" value={a.networkMetrics.avgRttMs === null ? '—' : `${a.networkMetrics.avgRttMs.toFixed(1)} ms`} />
        </ul>
      )}
      {a && !a.metadata.hasData && <Empty title={`No probes in the ${r.label.toLowerCase()}`}>Run a schedule now, or choose a longer range.</Empty>}
      {log.error && <Notice kind="error">{log.error}</Notice>}
      {a?.metadata.hasData && drawn && (
        <>
          {log.data?.capped && <p class="muted">The charts show the newest {fmt.int(CHART_PROBES)} probes of the range; the totals above count them all.</p>}
          <div class="charts" data-range={log.data?.range}>
            <TimeChart id="synthetic-probes" title="Probes per provider and model" buckets={drawn.buckets} series={drawn.probes} format={count} kind="bars" integer />
            <TimeChart id="synthetic-latency" title="Response time per provider and model" buckets={drawn.buckets} series={drawn.latency} format={ms} />
            <TimeChart id="synthetic-success" title="Success rate per provider and model" buckets={drawn.buckets} series={drawn.success} format={share} yRange={RATE} />
          </div>
        </>
      )}
      {a && a.providerStats.length > 0 && (
        <>
          <h3>Providers and models</h3>
          <div class="table-scroll">
            <table data-testid="provider-stats">
              <TableHead columns={['Provider · model', 'Probes', 'Success', 'As expected', 'Avg response', 'Avg tokens', 'Cost', 'Quality']} />
              <tbody>
                {a.providerStats.map((p) => (
                  <tr key={`${p.provider}·${p.model}`}>
                    <th scope="row">
                      {p.provider} · {p.model}
                    </th>
                    <td>{count(p.totalExecutions)}</td>
                    <td>{fmt.pct(p.successRate)}</td>
                    <td>{fmt.pct(p.kpiComplianceRate)}</td>
                    <td>{ms(p.avgResponseTime * 1000)}</td>
                    <td>{count(p.avgTokensUsed)}</td>
                    <td>{fmt.usd(p.totalCost)}</td>
                    <td>{p.avgQualityScore === null ? '—' : p.avgQualityScore.toFixed(2)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {a.protectionMetrics.byMode.length > 0 && (
            <p class="muted">
              Attacks that got through, by protection:{' '}
              {a.protectionMetrics.byMode.map((m) => `${m.mode} ${fmt.pct(m.detectionRate)} of ${m.total}`).join('; ')}
            </p>
          )}
        </>
      )}

      <div class="page-header">
        <h3 id="ranking-title">Provider ranking</h3>
        <FilterSelect id="ranking-category" label="Category" value={category} options={SYNTHETIC_CATEGORIES.map((c) => [c, c])} onChange={setCategory} />
      </div>
      <p class="muted">Score 0-100: 40% success rate, 25% attacks blocked, 20% speed, 15% cost, each relative to the best ranked.</p>
      {ranking.error && <Notice kind="error">{ranking.error}</Notice>}
      {ranking.data && ranking.data.rankings.length === 0 && <Empty title="Nothing to rank">No probes in this range{category ? ` and category ${category}` : ''}.</Empty>}
      {ranking.data && ranking.data.rankings.length > 0 && (
        <div class="table-scroll">
          <table data-testid="ranking" aria-labelledby="ranking-title">
            <TableHead columns={['#', 'Provider · model', 'Score', 'Success', 'Attacks blocked', 'Avg response', 'Cost efficiency']} />
            <tbody>
              {ranking.data.rankings.map((x, i) => (
                <tr key={`${x.provider}·${x.model}`} data-rank={i + 1}>
                  <td>{i + 1}</td>
                  <th scope="row">
                    {x.provider} · {x.model}
                  </th>
                  <td>
                    <meter min={0} max={100} low={50} high={80} optimum={100} value={x.score} aria-label={`Score ${x.score} of 100`}>
                      {x.score}
                    </meter>{' '}
                    <span data-testid="score">{x.score.toFixed(2)}</span>
                  </td>
                  <td>{fmt.pct(x.metrics.successRate)}</td>
                  <td>{fmt.pct(x.metrics.attackBlockRate)}</td>
                  <td>{ms(x.metrics.avgResponseTime * 1000)}</td>
                  <td>{x.metrics.costEfficiency.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
