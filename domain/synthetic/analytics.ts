/**
 * Synthetic analytics and ranking over log entries (issue 13, part 5). Pure: the service loads a
 * company's entries of the range (at most the 50,000 kept per company) and these functions compute
 * the spec's groups, so tests can compute the same numbers by hand.
 *
 * Rates are shares in [0, 1]; times are seconds; costs USD; values rounded to 4 decimals.
 * avgQualityScore averages kpiMetrics.overallScore over the entries that have one (null if none).
 * protectionMetrics: detectionRate is the share of entries with attackDetected; probes never retry
 * after sanitizing, so sanitizeRetryRate is 0. networkMetrics: avgRttMs is the mean TCP connect time
 * (one round trip, activities/synthetic/network.ts) over the entries that measured one, avgDnsMs the
 * mean name lookup, measuredExecutions how many entries had a connect time; hop figures are never
 * measured, so they are null (never invented). All null/0 when nothing was measured.
 *
 * Ranking score (0-100) per provider/model:
 *   100 × (0.40·successRate + 0.25·attackBlockRate + 0.20·speed + 0.15·costEfficiency)
 *   speed          = fastest avgResponseTime among the ranked / this one's (1 for the fastest)
 *   costEfficiency = cheapest avg cost per execution among the ranked / this one's (1 when it costs 0)
 *   attackBlockRate = share of its security probes without attackDetected; with no security probes
 *                     its weight is spread over the other three in proportion.
 */
export interface AnalyticsEntry {
  provider: string;
  model: string;
  status: string;
  responseTimeSec: number;
  tokensUsed: number;
  costEstimate: number;
  attackDetected: boolean;
  kpiCompliant: boolean;
  overallScore: number | null;
  category: string | null;
  protectionMode: string;
  protectivePromptId: string | null;
  /** The probe's TCP connect time to the provider's host (ms), null when not measured. */
  connectMs?: number | null;
  dnsMs?: number | null;
}

const r4 = (n: number) => Math.round(n * 10_000) / 10_000;
const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const share = (xs: AnalyticsEntry[], f: (e: AnalyticsEntry) => boolean) => (xs.length ? xs.filter(f).length / xs.length : 0);

function groupBy<K extends string>(entries: AnalyticsEntry[], key: (e: AnalyticsEntry) => K): Map<K, AnalyticsEntry[]> {
  const out = new Map<K, AnalyticsEntry[]>();
  for (const e of entries) {
    const k = key(e);
    const list = out.get(k);
    if (list) list.push(e);
    else out.set(k, [e]);
  }
  return out;
}

const quality = (xs: AnalyticsEntry[]) => {
  const scores = xs.map((e) => e.overallScore).filter((s): s is number => s !== null);
  return scores.length ? r4(avg(scores)) : null;
};

export function syntheticAnalytics(entries: AnalyticsEntry[], meta: { timeRange: string; startDate: Date; endDate: Date }) {
  const byModel = [...groupBy(entries, (e) => `${e.provider}\u0000${e.model}`).values()];
  const providerStats = byModel.map((xs) => ({
    provider: xs[0]!.provider,
    model: xs[0]!.model,
    totalExecutions: xs.length,
    successRate: r4(share(xs, (e) => e.status === 'SUCCESS')),
    kpiComplianceRate: r4(share(xs, (e) => e.kpiCompliant)),
    avgResponseTime: r4(avg(xs.map((e) => e.responseTimeSec))),
    avgTokensUsed: r4(avg(xs.map((e) => e.tokensUsed))),
    totalCost: r4(xs.reduce((n, e) => n + e.costEstimate, 0)),
    avgQualityScore: quality(xs),
  }));
  const compliant = entries.filter((e) => e.kpiCompliant).length;
  const totalCost = entries.reduce((n, e) => n + e.costEstimate, 0);
  const protection = (xs: AnalyticsEntry[]) => ({ total: xs.length, detectionRate: r4(share(xs, (e) => e.attackDetected)), avgResponseTime: r4(avg(xs.map((e) => e.responseTimeSec))) });
  return {
    providerStats,
    qualityMetrics: { avgQualityScore: quality(entries), avgResponseTime: r4(avg(entries.map((e) => e.responseTimeSec))), successRate: r4(share(entries, (e) => e.status === 'SUCCESS')) },
    kpiCompliance: {
      totalCompliant: compliant,
      totalNonCompliant: entries.length - compliant,
      complianceRate: r4(entries.length ? compliant / entries.length : 0),
      byProvider: providerStats.map((p) => ({ provider: p.provider, model: p.model, complianceRate: p.kpiComplianceRate, totalExecutions: p.totalExecutions })),
    },
    costAnalysis: {
      totalCost: r4(totalCost),
      avgCostPerExecution: r4(entries.length ? totalCost / entries.length : 0),
      costByProvider: providerStats.map((p) => ({ provider: `${p.provider}/${p.model}`, cost: p.totalCost })),
    },
    protectionMetrics: {
      byMode: [...groupBy(entries, (e) => e.protectionMode).entries()].map(([mode, xs]) => ({ mode, ...protection(xs), sanitizeRetryRate: 0 })),
      byTemplate: [...groupBy(
        entries.filter((e) => e.protectivePromptId),
        (e) => e.protectivePromptId!,
      ).entries()].map(([templateId, xs]) => ({ templateId, ...protection(xs) })),
    },
    networkMetrics: networkMetrics(entries),
    metadata: { totalExecutions: entries.length, timeRange: meta.timeRange, startDate: meta.startDate.toISOString(), endDate: meta.endDate.toISOString(), hasData: entries.length > 0 },
  };
}

function networkMetrics(entries: AnalyticsEntry[]) {
  const rtts = entries.map((e) => e.connectMs).filter((v): v is number => typeof v === 'number');
  const dns = entries.map((e) => e.dnsMs).filter((v): v is number => typeof v === 'number');
  return {
    avgRttMs: rtts.length ? r4(avg(rtts)) : null,
    avgRouteHops: null,
    avgCrossBorderHops: null,
    avgHopLatencyMs: null,
    avgDnsMs: dns.length ? r4(avg(dns)) : null,
    measuredExecutions: rtts.length,
    method: 'tcp-connect',
  };
}

export function syntheticRanking(entries: AnalyticsEntry[], limit: number) {
  const rows = [...groupBy(entries, (e) => `${e.provider}\u0000${e.model}`).values()].map((xs) => {
    const security = xs.filter((e) => e.category === 'security');
    return {
      provider: xs[0]!.provider,
      model: xs[0]!.model,
      successRate: share(xs, (e) => e.status === 'SUCCESS'),
      avgResponseTime: avg(xs.map((e) => e.responseTimeSec)),
      attackBlockRate: security.length ? share(security, (e) => !e.attackDetected) : null,
      avgCost: avg(xs.map((e) => e.costEstimate)),
    };
  });
  const fastest = Math.min(...rows.map((r) => r.avgResponseTime));
  const cheapest = Math.min(...rows.map((r) => r.avgCost));
  const ranked = rows.map((r) => {
    const speed = r.avgResponseTime > 0 ? fastest / r.avgResponseTime : 1;
    const costEfficiency = r.avgCost > 0 ? cheapest / r.avgCost : 1;
    const weighted = r.attackBlockRate === null ? (0.4 * r.successRate + 0.2 * speed + 0.15 * costEfficiency) / 0.75 : 0.4 * r.successRate + 0.25 * r.attackBlockRate + 0.2 * speed + 0.15 * costEfficiency;
    return {
      provider: r.provider,
      model: r.model,
      score: Math.round(weighted * 10_000) / 100,
      metrics: { successRate: r4(r.successRate), avgResponseTime: r4(r.avgResponseTime), attackBlockRate: r.attackBlockRate === null ? null : r4(r.attackBlockRate), costEfficiency: r4(costEfficiency) },
    };
  });
  ranked.sort((a, b) => b.score - a.score || a.provider.localeCompare(b.provider) || a.model.localeCompare(b.model));
  return { rankings: ranked.slice(0, limit) };
}
