import type { Knex } from 'knex';

/**
 * Writing item outcomes in bulk: one UPDATE ... FROM (VALUES ...) per chunk, guarded so an item
 * already final (SUCCESS, ERROR, SKIPPED) is never written again. That guard is what makes a
 * retried activity (a worker killed mid-page) store every item exactly once: the second writer
 * finds the row final and changes nothing, and the job's counters grow only by the rows that
 * actually changed (RETURNING), in the same transaction.
 */
export interface ItemOutcome {
  id: string;
  status: 'SUCCESS' | 'ERROR' | 'SKIPPED' | 'PENDING';
  response: string | null;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  errorCode: string | null;
  errorMessage: string | null;
  /** Provider calls made for this item so far; undefined leaves the column as it is. */
  attempts?: number;
}

const CHUNK = 500;

export async function writeItemOutcomes(db: Knex, batchId: string, outcomes: ItemOutcome[]): Promise<void> {
  for (let i = 0; i < outcomes.length; i += CHUNK) {
    const chunk = outcomes.slice(i, i + CHUNK);
    await db.transaction(async (trx) => {
      const values = chunk.map(() => '(?::bigint, ?::text, ?::text, ?::int, ?::int, ?::numeric, ?::text, ?::text, ?::int)').join(', ');
      const bindings = chunk.flatMap((o) => [
        o.id,
        o.status,
        o.response,
        o.inputTokens,
        o.outputTokens,
        o.costUsd,
        o.errorCode,
        o.errorMessage ? o.errorMessage.slice(0, 2000) : null,
        o.attempts ?? null,
      ]);
      const result = await trx.raw(
        `UPDATE batch_items b SET status = v.status, response = v.response, input_tokens = v.input_tokens,
           output_tokens = v.output_tokens, cost_usd = v.cost_usd, error_code = v.error_code,
           error_message = v.error_message, attempts = COALESCE(v.attempts, b.attempts), updated_at = now()
         FROM (VALUES ${values}) AS v(id, status, response, input_tokens, output_tokens, cost_usd, error_code, error_message, attempts)
         WHERE b.id = v.id AND b.batch_id = ? AND b.status NOT IN ('SUCCESS', 'ERROR', 'SKIPPED')
         RETURNING b.status, b.input_tokens, b.output_tokens, b.cost_usd`,
        [...bindings, batchId],
      );
      await addToJobCounters(trx, batchId, result.rows as CounterRow[]);
    });
  }
}

interface CounterRow {
  status: string;
  input_tokens: number;
  output_tokens: number;
  cost_usd: string;
}

async function addToJobCounters(trx: Knex.Transaction, batchId: string, rows: CounterRow[]): Promise<void> {
  let completed = 0;
  let failed = 0;
  let skipped = 0;
  let input = 0;
  let output = 0;
  let cost = 0;
  for (const r of rows) {
    if (r.status === 'SUCCESS') completed++;
    else if (r.status === 'ERROR') failed++;
    else if (r.status === 'SKIPPED') skipped++;
    else continue;
    input += r.input_tokens;
    output += r.output_tokens;
    cost += Number(r.cost_usd);
  }
  if (!completed && !failed && !skipped) return;
  await trx('batch_jobs')
    .where({ id: batchId })
    .update({
      completed_items: trx.raw('completed_items + ?', [completed]),
      failed_items: trx.raw('failed_items + ?', [failed]),
      skipped_items: trx.raw('skipped_items + ?', [skipped]),
      input_tokens_total: trx.raw('input_tokens_total + ?', [input]),
      output_tokens_total: trx.raw('output_tokens_total + ?', [output]),
      actual_cost_usd: trx.raw('actual_cost_usd + ?::numeric', [cost.toFixed(8)]),
      updated_at: new Date(),
    });
}

/** Marks every unfinished item of a split range (or the whole batch) SKIPPED: no result came. */
export async function skipUnfinished(db: Knex, batchId: string, range?: { from: number; to: number }, message = 'No result was received from the provider'): Promise<number> {
  return db.transaction(async (trx) => {
    const q = trx('batch_items').where({ batch_id: batchId }).whereIn('status', ['PENDING', 'PROCESSING']);
    if (range) q.where('sequence_index', '>=', range.from).where('sequence_index', '<', range.to);
    const rows = (await q
      .update({ status: 'SKIPPED', error_code: 'SKIPPED', error_message: message, updated_at: new Date() })
      .returning(['status', 'input_tokens', 'output_tokens', 'cost_usd'])) as CounterRow[];
    await addToJobCounters(trx, batchId, rows);
    return rows.length;
  });
}
