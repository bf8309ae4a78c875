import type { Db } from '../../db/connection';
import { usageMonth } from '../../domain/api-keys';
import type { Principal } from '../../domain/principal';
import { ApiError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { TtlCache } from '../../lib/ttl-cache';
import type { ExecutionRecord } from '../gateway/execution-recorder';
import type { WebhookService } from '../webhooks/webhooks';

/**
 * Monthly budgets (onboarding's budgetMode company or per_user, budgetAmount in USD).
 *
 * Spend is counted from execution records as they are written: the recorder tells this service of
 * each record at once (pending, in memory) and adds it to budget_spend in its flush transaction.
 * The gateway's pre-flight (admit) refuses a new execution with 402 BUDGET_EXCEEDED once the scope's
 * spend (written + pending in this process) has reached the budget. Calls admitted before the
 * crossing finish and are billed, so the overspend is at most the cost of the calls in flight at
 * that moment (plus, across api processes, those completed elsewhere within one flush interval).
 * analytics.cost.threshold is emitted when spend first reaches 50, 80 and 100 percent in a month:
 * once each, decided by a primary key in the flush transaction (so once across processes too).
 */
export const BUDGET_THRESHOLDS = [50, 80, 100] as const;

interface Budget {
  mode: 'per_user' | 'company' | 'none';
  amount: number | null;
}

/** What the gateway's pre-flight calls (services/gateway/gateway.ts, after DRY_RUN returns). */
export interface BudgetGate {
  /** Throws (or rejects with) 402 BUDGET_EXCEEDED; undefined when there is nothing to wait for (no budget). */
  admit(principal: Principal): Promise<void> | undefined;
}

const scopeKeyOf = (mode: Budget['mode'], userId: string | null) => (mode === 'per_user' ? `user:${userId ?? 'none'}` : 'company');
const key = (companyId: string, scope: string, month: string) => `${companyId} ${scope} ${month}`;

export class BudgetService implements BudgetGate {
  private readonly budgets = new TtlCache<string, Budget | null>(5_000);
  /**
   * Each company's budget as last read, without expiry: a record arrives when its call ends, often
   * long after admit read the budget (a provider call can outlast the 5 s cache), and its cost must
   * count at once all the same. One small entry per company that ever executed in this process.
   */
  private readonly lastReadBudgets = new Map<string, Budget | null>();
  /** Cost of records handed to the recorder and not yet written, per company, scope and month. */
  private readonly pending = new Map<string, number>();
  private readonly pendingByRecord = new Map<string, { k: string; cost: number }>();
  /** Flushes committed so far: spendOf reads budget_spend again when one landed during its read. */
  private commits = 0;
  /** API key → its owner: a key's execution records carry no user, per_user budgets are the owner's. */
  private readonly keyOwners = new TtlCache<string, string | null>(3_600_000, 100_000);

  constructor(private readonly deps: { db: Db; logger: Logger; webhooks?: WebhookService }) {}

  private async budgetOf(companyId: string): Promise<Budget | null> {
    const cached = this.budgets.get(companyId);
    if (cached !== undefined) return cached;
    const row = await this.deps.db('company_budgets').where({ company_id: companyId }).first('mode', 'monthly_amount_usd');
    const budget = row && row.mode !== 'none' && row.monthly_amount_usd !== null ? { mode: row.mode, amount: Number(row.monthly_amount_usd) } : null;
    this.budgets.set(companyId, budget);
    this.lastReadBudgets.set(companyId, budget);
    return budget;
  }

  /** Onboarding changed the budget: read it again on the next request. */
  forget(companyId: string): void {
    this.budgets.delete(companyId);
  }

  /**
   * Most companies have no budget: once that is cached, admitting costs one map lookup and no
   * promise, so the pre-flight does not wait a turn of the event loop for a budget that is not there.
   */
  admit(principal: Principal, now?: Date): Promise<void> | undefined {
    if (this.budgets.get(principal.companyId) === null) return undefined;
    return this.admitUnderBudget(principal, now ?? new Date());
  }

  private async admitUnderBudget(principal: Principal, now: Date): Promise<void> {
    const state = await this.spendOf(principal, now);
    if (state && state.spent >= state.budget.amount) {
      const { budget, spent, month } = state;
      throw new ApiError(402, 'BUDGET_EXCEEDED', `The monthly budget of ${budget.amount} USD is used up`, undefined, {
        budget: { mode: budget.mode, amount: budget.amount, spent: round6(spent), month },
      });
    }
  }

  /**
   * The principal's scope's spend this month: written (budget_spend) plus pending in this process;
   * null without a budget.
   *
   * The two halves must describe the same moment. A flush that commits while budget_spend is being
   * read takes its records out of the pending sum, and the row read may predate that commit: the
   * records would then be counted nowhere and a call admitted over the budget. So when a commit
   * happened during the read, the read is repeated (a flush runs once per interval, so at most once
   * or twice); should flushes keep landing, the pending sum from before the read is used, which can
   * only count a record twice (refuse a little early), never miss one.
   */
  async spendOf(principal: Principal, now: Date = new Date()): Promise<{ budget: Budget & { amount: number }; spent: number; month: string } | null> {
    const budget = await this.budgetOf(principal.companyId);
    if (!budget?.amount) return null;
    const month = usageMonth(now);
    if (principal.apiKey) this.keyOwners.set(principal.apiKey.id, principal.userId);
    const scope = scopeKeyOf(budget.mode, principal.userId);
    const k = key(principal.companyId, scope, month);
    for (let attempt = 1; ; attempt++) {
      const commitsBefore = this.commits;
      const pendingBefore = this.pending.get(k) ?? 0;
      const row = await this.deps.db('budget_spend').where({ company_id: principal.companyId, scope_key: scope, month }).first('spent_usd');
      const written = Number(row?.spent_usd ?? 0);
      if (commitsBefore === this.commits) return { budget: { mode: budget.mode, amount: budget.amount }, spent: written + (this.pending.get(k) ?? 0), month };
      if (attempt === 3) return { budget: { mode: budget.mode, amount: budget.amount }, spent: written + Math.max(pendingBefore, this.pending.get(k) ?? 0), month };
    }
  }

  /** The recorder took a record: its cost counts at once, before it is written (budget known from admit). */
  onRecord(r: ExecutionRecord): void {
    if (!r.costUsd) return;
    const budget = this.lastReadBudgets.get(r.companyId);
    if (!budget?.amount) return;
    const k = key(r.companyId, scopeKeyOf(budget.mode, this.userOf(r)), usageMonth(r.createdAt));
    this.pending.set(k, (this.pending.get(k) ?? 0) + r.costUsd);
    this.pendingByRecord.set(r.id, { k, cost: r.costUsd });
  }

  private userOf(r: ExecutionRecord): string | null {
    return r.userId ?? (r.apiKeyId ? (this.keyOwners.get(r.apiKeyId) ?? null) : null);
  }

  /**
   * In the recorder's flush transaction: adds the records' cost to budget_spend for companies with
   * a budget and claims the thresholds crossed. Returns what to do after commit.
   */
  async addSpend(trx: Db, rows: readonly ExecutionRecord[]): Promise<() => void> {
    const sums = new Map<string, { companyId: string; scope: string; month: string; cost: number }>();
    const budgets = new Map<string, Budget | null>();
    // Owners of keys this process has not seen (records written for another process's requests).
    const unknownKeys = [...new Set(rows.filter((r) => !r.userId && r.apiKeyId && this.keyOwners.get(r.apiKeyId) === undefined).map((r) => r.apiKeyId as string))];
    if (unknownKeys.length) {
      for (const k of await trx('api_keys').whereIn('id', unknownKeys).select('id', 'created_by_user_id')) this.keyOwners.set(k.id, k.created_by_user_id);
    }
    for (const r of rows) {
      if (!r.costUsd) continue;
      if (!budgets.has(r.companyId)) budgets.set(r.companyId, await this.budgetOf(r.companyId));
      const budget = budgets.get(r.companyId);
      if (!budget) continue;
      const month = usageMonth(r.createdAt);
      const scope = scopeKeyOf(budget.mode, this.userOf(r));
      const k = key(r.companyId, scope, month);
      const sum = sums.get(k) ?? { companyId: r.companyId, scope, month, cost: 0 };
      sum.cost += r.costUsd;
      sums.set(k, sum);
    }
    const events: Array<{ companyId: string; data: Record<string, unknown> }> = [];
    for (const s of sums.values()) {
      const budget = budgets.get(s.companyId) as Budget;
      const [row] = await trx.raw(
        `insert into budget_spend as b (company_id, scope_key, month, spent_usd) values (?, ?, ?, ?)
         on conflict (company_id, scope_key, month) do update set spent_usd = b.spent_usd + excluded.spent_usd, updated_at = now()
         returning spent_usd`,
        [s.companyId, s.scope, s.month, s.cost],
      ).then((r: { rows: Array<{ spent_usd: string }> }) => r.rows);
      const spent = Number(row.spent_usd);
      const reached = BUDGET_THRESHOLDS.filter((t) => spent >= ((budget.amount as number) * t) / 100);
      if (reached.length) {
        const claimed: number[] = await trx('budget_threshold_events')
          .insert(reached.map((threshold) => ({ company_id: s.companyId, scope_key: s.scope, month: s.month, threshold })))
          .onConflict(['company_id', 'scope_key', 'month', 'threshold'])
          .ignore()
          .returning('threshold')
          .then((rs: Array<{ threshold: number }>) => rs.map((x) => x.threshold));
        for (const threshold of claimed.sort((a, b) => a - b)) {
          events.push({
            companyId: s.companyId,
            data: {
              threshold,
              budgetMode: budget.mode,
              scope: s.scope === 'company' ? 'company' : s.scope.slice('user:'.length),
              month: s.month,
              budgetUsd: budget.amount,
              spentUsd: round6(spent),
            },
          });
        }
      }
    }
    return () => {
      // Written now: the records leave the pending sums.
      this.commits++;
      for (const r of rows) {
        const p = this.pendingByRecord.get(r.id);
        if (!p) continue;
        this.pendingByRecord.delete(r.id);
        const left = (this.pending.get(p.k) ?? 0) - p.cost;
        if (left > 1e-12) this.pending.set(p.k, left);
        else this.pending.delete(p.k);
      }
      for (const e of events) this.deps.webhooks?.emit(e.companyId, 'analytics.cost.threshold', e.data);
    };
  }
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
