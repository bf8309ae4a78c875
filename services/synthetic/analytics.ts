/**
 * GET /api/v1/synthetic/analytics, its export and POST /api/v1/synthetic/ranking: the company's log
 * entries of the range (1h, 24h, 7d, 30d; at most the 50,000 kept per company) loaded once and
 * computed by domain/synthetic/analytics.ts. Export: json is the analytics object; csv is one line
 * per provider/model with the providerStats columns.
 */
import { z } from 'zod';
import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { type AnalyticsEntry, syntheticAnalytics, syntheticRanking } from '../../domain/synthetic/analytics';
import { SYNTHETIC_CATEGORIES } from '../../domain/synthetic/library';

export const RANGES = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;
export type Range = keyof typeof RANGES;
const range = z.enum(['1h', '24h', '7d', '30d']);
export const analyticsQuery = z.object({ range: range.default('24h') });
export const exportQuery = z.object({ range: range.default('24h'), format: z.enum(['csv', 'json']).default('json') });
export const rankingBody = z
  .object({ timeRange: range.default('24h'), category: z.enum(SYNTHETIC_CATEGORIES).optional(), limit: z.number().int().min(1).max(100).default(10) })
  .strict();

const MAX_ROWS = 50_000;

export class SyntheticAnalyticsService {
  constructor(private readonly deps: { db: Db }) {}

  private async entries(companyId: string, r: Range, category?: string, now = new Date()): Promise<{ entries: AnalyticsEntry[]; startDate: Date; endDate: Date }> {
    const startDate = new Date(now.getTime() - RANGES[r]);
    const q = this.deps.db('synthetic_execution_logs').where({ company_id: companyId }).where('started_at', '>=', startDate).where('started_at', '<=', now);
    if (category) q.where({ category });
    const rows = await q
      .orderBy('started_at', 'desc')
      .limit(MAX_ROWS)
      .select(
        'provider',
        'model',
        'status',
        'response_time_sec',
        'tokens_used',
        'cost_estimate',
        'attack_detected',
        'kpi_compliant',
        'kpi_metrics',
        'category',
        'protection_mode',
        'protective_prompt_id',
        'network_metrics',
      );
    return {
      startDate,
      endDate: now,
      entries: rows.map((x) => ({
        provider: x.provider,
        model: x.model,
        status: x.status,
        responseTimeSec: Number(x.response_time_sec),
        tokensUsed: Number(x.tokens_used),
        costEstimate: Number(x.cost_estimate),
        attackDetected: x.attack_detected,
        kpiCompliant: x.kpi_compliant,
        overallScore: typeof x.kpi_metrics?.overallScore === 'number' ? x.kpi_metrics.overallScore : null,
        category: x.category,
        protectionMode: x.protection_mode,
        protectivePromptId: x.protective_prompt_id,
        connectMs: typeof x.network_metrics?.connectMs === 'number' ? x.network_metrics.connectMs : null,
        dnsMs: typeof x.network_metrics?.dnsMs === 'number' ? x.network_metrics.dnsMs : null,
      })),
    };
  }

  async analytics(principal: Principal, r: Range) {
    const { entries, startDate, endDate } = await this.entries(principal.companyId, r);
    return syntheticAnalytics(entries, { timeRange: r, startDate, endDate });
  }

  async export(principal: Principal, r: Range, format: 'csv' | 'json'): Promise<{ body: string; contentType: string; fileName: string }> {
    const data = await this.analytics(principal, r);
    const fileName = `synthetic-analytics-${r}-${data.metadata.endDate.slice(0, 19).replace(/[:T]/g, '-')}.${format}`;
    if (format === 'json') return { body: JSON.stringify(data, null, 2), contentType: 'application/json', fileName };
    const cols = ['provider', 'model', 'totalExecutions', 'successRate', 'kpiComplianceRate', 'avgResponseTime', 'avgTokensUsed', 'totalCost', 'avgQualityScore'] as const;
    const cell = (v: unknown) => {
      const s = v === null || v === undefined ? '' : String(v);
      return /[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    };
    const lines = [cols.join(','), ...data.providerStats.map((p) => cols.map((c) => cell(p[c])).join(','))];
    return { body: `${lines.join('\n')}\n`, contentType: 'text/csv; charset=utf-8', fileName };
  }

  async ranking(principal: Principal, body: z.output<typeof rankingBody>) {
    const { entries } = await this.entries(principal.companyId, body.timeRange, body.category);
    return syntheticRanking(entries, body.limit);
  }
}
