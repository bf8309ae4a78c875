import type { Db } from '../../db/connection';

/**
 * The retention onboarding configures, enforced: deletes, per company, execution records older
 * than data_retention_days, prompt logs (prompt test runs, their results with them) older than
 * prompt_log_retention_days, and stored responses (resolved execution holds, which keep the
 * provider's response) older than default_response_retention_days. Companies without a retention
 * keep everything. Run daily by the `data-retention:<queue>` Temporal Schedule (worker side).
 */
export interface RetentionResult {
  executions: number;
  promptLogs: number;
  responses: number;
}

export async function applyDataRetention(db: Db, now = new Date()): Promise<RetentionResult> {
  const cutoff = (column: string) => db.raw(`?::timestamptz - make_interval(days => c.${column})`, [now]);
  const run = async (table: string, column: string, extra = '') => {
    const res = await db.raw(
      `delete from ${table} t using companies c
       where t.company_id = c.id and c.${column} is not null and t.created_at < ? ${extra}`,
      [cutoff(column)],
    );
    return res.rowCount ?? 0;
  };
  return {
    executions: await run('executions', 'data_retention_days'),
    promptLogs: await run('prompt_test_runs', 'prompt_log_retention_days'),
    responses: await run('execution_holds', 'default_response_retention_days', `and t.status <> 'PENDING_REVIEW'`),
  };
}
