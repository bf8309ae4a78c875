import type { Db } from '../../db/connection';

/**
 * query_usage (spec document 1): the company's executions over a period, optionally one project's
 * (metadata.projectId of the execution). Periods, all UTC: today (since midnight), week (the last
 * 7 days), month (since the 1st), quarter (since the quarter's first day), or an inclusive
 * YYYY-MM-DD/YYYY-MM-DD range. DRY_RUN records (nothing called, nothing billed) are left out.
 */
export const USAGE_PERIOD = /^(today|week|month|quarter|\d{4}-\d{2}-\d{2}\/\d{4}-\d{2}-\d{2})$/;

export function periodBounds(period: string, now: Date): { from: Date; to: Date } | null {
  const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  switch (period) {
    case 'today':
      return { from: day(y, m, now.getUTCDate()), to: now };
    case 'week':
      return { from: new Date(now.getTime() - 7 * 86_400_000), to: now };
    case 'month':
      return { from: day(y, m, 1), to: now };
    case 'quarter':
      return { from: day(y, m - (m % 3), 1), to: now };
  }
  const match = /^(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/.exec(period);
  if (!match) return null;
  const from = new Date(`${match[1]}T00:00:00Z`);
  const to = new Date(new Date(`${match[2]}T00:00:00Z`).getTime() + 86_400_000);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from.toISOString().slice(0, 10) !== match[1] || to <= from) return null;
  return { from, to };
}

export async function queryUsage(db: Db, companyId: string, q: { period: string; from: Date; to: Date; projectId?: string }) {
  const base = () => {
    const b = db('executions').where('company_id', companyId).where('created_at', '>=', q.from).where('created_at', '<', q.to).whereNot('mode', 'DRY_RUN');
    if (q.projectId) b.whereRaw("metadata->>'projectId' = ?", [q.projectId]);
    return b;
  };
  const sums = `count(*)::int AS executions,
    count(*) FILTER (WHERE status IN ('SUCCESS', 'HELD'))::int AS successful,
    count(*) FILTER (WHERE status NOT IN ('SUCCESS', 'HELD'))::int AS errors,
    COALESCE(sum(prompt_tokens), 0)::bigint AS prompt_tokens,
    COALESCE(sum(completion_tokens), 0)::bigint AS completion_tokens,
    COALESCE(sum(total_tokens), 0)::bigint AS total_tokens,
    COALESCE(sum(cost_usd), 0)::float8 AS cost_usd`;
  const [totals] = await base().select(db.raw(sums));
  const rows = await base()
    .select('provider_name', 'model', db.raw(sums))
    .groupBy('provider_name', 'model')
    .orderByRaw('count(*) DESC')
    .limit(50);
  const shape = (r: Record<string, unknown>) => ({
    executions: Number(r.executions),
    successful: Number(r.successful),
    errors: Number(r.errors),
    promptTokens: Number(r.prompt_tokens),
    completionTokens: Number(r.completion_tokens),
    totalTokens: Number(r.total_tokens),
    costUsd: Math.round(Number(r.cost_usd) * 1e8) / 1e8,
  });
  return {
    period: q.period,
    from: q.from.toISOString(),
    to: q.to.toISOString(),
    projectId: q.projectId ?? null,
    totals: shape(totals),
    byModel: rows.map((r: Record<string, unknown>) => ({ provider: r.provider_name ?? null, model: r.model ?? null, ...shape(r) })),
  };
}
