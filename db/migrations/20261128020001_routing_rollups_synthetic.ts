import type { Knex } from 'knex';
import { rollupStatements } from './20261124010001_routing_rollups';

/**
 * Synthetic probes marked in the routing rollups (issue 13, part 4). Until now the rollup trigger
 * (20261124010001) ignored `executions.purpose`, so a provider's probes and its live traffic were one
 * number: routing could neither weigh probes differently nor leave them out. From here:
 *
 * - routing_attempt_rollups, routing_cost_rollups and routing_task_rollups carry `synthetic`
 *   (executions with purpose `synthetic`), part of each primary key, so the two kinds of sample are
 *   kept apart and the readers choose (services/routing/metrics.ts: the policy's syntheticWeight;
 *   activities/breakers.ts: the health snapshots count both and say how many were probes).
 * - For task evidence, a synthetic execution counts as "ok" by its probe verdict
 *   (`metadata.taskPassed`: the evaluation's kpiCompliant) rather than by "the provider answered":
 *   a probe that got an answer failing its expectation is evidence against the model for that task.
 * - provider_health_snapshots gain synthetic_samples and synthetic_failures.
 *
 * Safe on a large executions table and on a live system:
 * - ADD COLUMN with a constant default is a catalogue change (no table rewrite);
 * - the partial index of synthetic executions and the new primary-key indexes are built
 *   CONCURRENTLY (no write lock), which is why this migration runs outside a transaction;
 * - the swap (primary keys, trigger function) and the backfill run in one short transaction under a
 *   lock timeout. Its ALTERs wait for every writer whose old trigger has already run, so the
 *   backfill's snapshot holds exactly the executions counted the old way, and moves just those: their
 *   counts go from the unmarked rows to marked ones (found through the partial index: probes only,
 *   never a scan of all executions). Writers queued behind the lock run the new trigger afterwards.
 *   Rows already pruned are skipped (nothing to move), never made negative.
 * - Task rollups need no backfill: before this migration no synthetic execution carried task
 *   dimensions (services/synthetic/probe.ts did not set metadata.taskDimensions).
 * Re-runnable after a failure: the concurrent steps are IF NOT EXISTS (an index left invalid by an
 * interrupted build is dropped first), the swap is all or nothing, and a run that finds the swap
 * committed stops before it (the backfill must never move the probes' counts twice).
 */
export const config = { transaction: false };

const TABLES = {
  routing_attempt_rollups: ['company_id', 'minute', 'provider_id', 'model', 'ok', 'latency_ms'],
  routing_cost_rollups: ['company_id', 'minute', 'provider_id', 'model'],
  routing_task_rollups: ['company_id', 'day', 'provider_id', 'model', 'dimension'],
} as const;

const SYNTHETIC = "e.purpose = 'synthetic'";

/**
 * The trigger's three grouped upserts over the inserted executions (as in 20261124010001, plus the
 * synthetic mark and the probe verdict for task evidence). Grouped and ordered by the whole key:
 * the lock order of concurrent writers.
 */
const TRIGGER_STATEMENTS = `
    INSERT INTO routing_attempt_rollups AS r (company_id, minute, provider_id, model, ok, latency_ms, synthetic, attempts)
    SELECT e.company_id, date_trunc('minute', e.created_at), a->>'providerId', coalesce(a->>'model', ''),
           coalesce(a->>'status' = 'SUCCESS', false),
           CASE WHEN a->>'status' = 'SUCCESS' AND jsonb_typeof(a->'latencyMs') = 'number'
                THEN routing_latency_bucket((a->>'latencyMs')::numeric) ELSE 0 END,
           ${SYNTHETIC},
           count(*)::integer
      FROM inserted e
      CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(e.attempts) = 'array' THEN e.attempts ELSE '[]'::jsonb END) a
     WHERE jsonb_typeof(a) = 'object' AND a->>'providerId' IS NOT NULL
       AND coalesce(a->>'errorKind', '') <> 'BAD_REQUEST'
     GROUP BY 1, 2, 3, 4, 5, 6, 7
     ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (company_id, minute, provider_id, model, ok, latency_ms, synthetic)
      DO UPDATE SET attempts = r.attempts + excluded.attempts;

    INSERT INTO routing_cost_rollups AS r (company_id, minute, provider_id, model, synthetic, cost_usd, tokens)
    SELECT e.company_id, date_trunc('minute', e.created_at), e.provider_id::text, coalesce(e.model, ''), ${SYNTHETIC},
           sum(e.cost_usd), sum(e.total_tokens)
      FROM inserted e
     WHERE e.provider_id IS NOT NULL AND e.status IN ('SUCCESS', 'HELD')
     GROUP BY 1, 2, 3, 4, 5
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, minute, provider_id, model, synthetic)
      DO UPDATE SET cost_usd = r.cost_usd + excluded.cost_usd, tokens = r.tokens + excluded.tokens;

    INSERT INTO routing_task_rollups AS r (company_id, day, provider_id, model, dimension, synthetic, calls, ok, last_at)
    SELECT e.company_id, (e.created_at AT TIME ZONE 'UTC')::date, e.provider_id::text, coalesce(e.model, ''), d, ${SYNTHETIC},
           count(*)::integer,
           (count(*) FILTER (WHERE CASE WHEN ${SYNTHETIC} AND jsonb_typeof(e.metadata->'taskPassed') = 'boolean'
                                        THEN (e.metadata->>'taskPassed')::boolean
                                        ELSE e.status IN ('SUCCESS', 'HELD') END))::integer,
           max(e.created_at)
      FROM inserted e
      CROSS JOIN LATERAL jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(e.metadata->'taskDimensions') = 'array' THEN e.metadata->'taskDimensions' ELSE '[]'::jsonb END) d
     WHERE e.provider_id IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5, 6
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (company_id, day, provider_id, model, dimension, synthetic)
      DO UPDATE SET calls = r.calls + excluded.calls, ok = r.ok + excluded.ok, last_at = greatest(r.last_at, excluded.last_at);
`;

/**
 * Moves the probes' attempt and cost counts from the unmarked rows to marked ones, for the synthetic
 * executions the old trigger counted as live (found through the partial index; the rollups keep at
 * most 31 days). A row is moved from only when it still holds at least the probes' share (a pruned
 * minute has no row: skipped, never made negative).
 */
export const BACKFILL = `
    WITH s AS (
      SELECT e.company_id, date_trunc('minute', e.created_at) AS minute, a->>'providerId' AS provider_id, coalesce(a->>'model', '') AS model,
             coalesce(a->>'status' = 'SUCCESS', false) AS ok,
             CASE WHEN a->>'status' = 'SUCCESS' AND jsonb_typeof(a->'latencyMs') = 'number'
                  THEN routing_latency_bucket((a->>'latencyMs')::numeric) ELSE 0 END AS latency_ms,
             count(*)::integer AS attempts
        FROM executions e
        CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(e.attempts) = 'array' THEN e.attempts ELSE '[]'::jsonb END) a
       WHERE e.purpose = 'synthetic' AND e.created_at > now() - interval '31 days'
         AND jsonb_typeof(a) = 'object' AND a->>'providerId' IS NOT NULL AND coalesce(a->>'errorKind', '') <> 'BAD_REQUEST'
       GROUP BY 1, 2, 3, 4, 5, 6
    ), moved AS (
      UPDATE routing_attempt_rollups r SET attempts = r.attempts - s.attempts
        FROM s
       WHERE r.company_id = s.company_id AND r.minute = s.minute AND r.provider_id = s.provider_id AND r.model = s.model
         AND r.ok = s.ok AND r.latency_ms = s.latency_ms AND NOT r.synthetic AND r.attempts >= s.attempts
      RETURNING s.*
    )
    INSERT INTO routing_attempt_rollups AS r (company_id, minute, provider_id, model, ok, latency_ms, synthetic, attempts)
    SELECT company_id, minute, provider_id, model, ok, latency_ms, true, attempts FROM moved ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (company_id, minute, provider_id, model, ok, latency_ms, synthetic) DO UPDATE SET attempts = r.attempts + excluded.attempts;
    DELETE FROM routing_attempt_rollups WHERE NOT synthetic AND attempts <= 0;

    WITH s AS (
      SELECT e.company_id, date_trunc('minute', e.created_at) AS minute, e.provider_id::text AS provider_id, coalesce(e.model, '') AS model,
             sum(e.cost_usd) AS cost_usd, sum(e.total_tokens) AS tokens
        FROM executions e
       WHERE e.purpose = 'synthetic' AND e.created_at > now() - interval '31 days'
         AND e.provider_id IS NOT NULL AND e.status IN ('SUCCESS', 'HELD')
       GROUP BY 1, 2, 3, 4
    ), moved AS (
      UPDATE routing_cost_rollups r SET cost_usd = r.cost_usd - s.cost_usd, tokens = r.tokens - s.tokens
        FROM s
       WHERE r.company_id = s.company_id AND r.minute = s.minute AND r.provider_id = s.provider_id AND r.model = s.model
         AND NOT r.synthetic AND r.tokens >= s.tokens AND r.cost_usd >= s.cost_usd
      RETURNING s.*
    )
    INSERT INTO routing_cost_rollups AS r (company_id, minute, provider_id, model, synthetic, cost_usd, tokens)
    SELECT company_id, minute, provider_id, model, true, cost_usd, tokens FROM moved ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, minute, provider_id, model, synthetic) DO UPDATE SET cost_usd = r.cost_usd + excluded.cost_usd, tokens = r.tokens + excluded.tokens;
    DELETE FROM routing_cost_rollups WHERE NOT synthetic AND tokens <= 0 AND cost_usd <= 0;
`;

/** The trigger function over the given upserts (a rollup failure warns; the executions are what must not be lost). */
const triggerFunction = (statements: string) => `
  CREATE OR REPLACE FUNCTION executions_routing_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    BEGIN
      ${statements}
    EXCEPTION WHEN others THEN
      RAISE WARNING 'routing rollups not updated: %', SQLERRM;
    END;
    RETURN NULL;
  END
  $$;
`;

/** Whether the swap (step 3) has committed: the trigger function marks probes. */
async function swapped(knex: Knex): Promise<boolean> {
  const { rows } = await knex.raw<{ rows: { src: string }[] }>("SELECT prosrc AS src FROM pg_proc WHERE proname = 'executions_routing_rollup'");
  return rows.some((r) => r.src.includes("e.purpose = 'synthetic'"));
}

/** CREATE INDEX CONCURRENTLY ... IF NOT EXISTS, dropping a copy an interrupted build left invalid. */
async function createIndexConcurrently(knex: Knex, name: string, definition: string): Promise<void> {
  const { rows } = await knex.raw<{ rows: { valid: boolean }[] }>(
    'SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = ?',
    [name],
  );
  if (rows[0] && !rows[0].valid) await knex.raw(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
  await knex.raw(`CREATE ${definition.startsWith('UNIQUE') ? 'UNIQUE INDEX' : 'INDEX'} CONCURRENTLY IF NOT EXISTS ${name} ${definition.replace(/^UNIQUE /, '')}`);
}

export async function up(knex: Knex): Promise<void> {
  // 1. The mark (catalogue only) and the health snapshot counts.
  await knex.raw(`
    ALTER TABLE routing_attempt_rollups ADD COLUMN IF NOT EXISTS synthetic boolean NOT NULL DEFAULT false;
    ALTER TABLE routing_cost_rollups ADD COLUMN IF NOT EXISTS synthetic boolean NOT NULL DEFAULT false;
    ALTER TABLE routing_task_rollups ADD COLUMN IF NOT EXISTS synthetic boolean NOT NULL DEFAULT false;
    ALTER TABLE provider_health_snapshots ADD COLUMN IF NOT EXISTS synthetic_samples integer NOT NULL DEFAULT 0;
    ALTER TABLE provider_health_snapshots ADD COLUMN IF NOT EXISTS synthetic_failures integer NOT NULL DEFAULT 0;
  `);
  // A re-run after the swap committed (the process died before knex recorded the migration) must
  // not move the probes' counts a second time.
  if (await swapped(knex)) return;
  // 2. Indexes without a write lock: the probes among the executions, and the new keys.
  await createIndexConcurrently(knex, 'executions_synthetic_created_at', "ON executions (created_at) WHERE purpose = 'synthetic'");
  for (const [table, key] of Object.entries(TABLES)) {
    await createIndexConcurrently(knex, `${table}_key_v2`, `UNIQUE ON ${table} (${[...key, 'synthetic'].join(', ')})`);
  }
  // 3. The swap and the backfill, all or nothing.
  await knex.transaction(async (trx) => {
    await trx.raw("SET LOCAL lock_timeout = '15s'");
    for (const table of Object.keys(TABLES)) {
      await trx.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey`);
      await trx.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY USING INDEX ${table}_key_v2`);
    }
    await trx.raw(triggerFunction(TRIGGER_STATEMENTS));
    await trx.raw(BACKFILL);
  });
}

export async function down(knex: Knex): Promise<void> {
  // Folds the marked rows back into the unmarked ones and restores the old keys and trigger.
  await knex.transaction(async (trx) => {
    await trx.raw(`
      INSERT INTO routing_attempt_rollups AS r (company_id, minute, provider_id, model, ok, latency_ms, synthetic, attempts)
      SELECT company_id, minute, provider_id, model, ok, latency_ms, false, attempts FROM routing_attempt_rollups WHERE synthetic
      ON CONFLICT (company_id, minute, provider_id, model, ok, latency_ms, synthetic) DO UPDATE SET attempts = r.attempts + excluded.attempts;
      DELETE FROM routing_attempt_rollups WHERE synthetic;
      INSERT INTO routing_cost_rollups AS r (company_id, minute, provider_id, model, synthetic, cost_usd, tokens)
      SELECT company_id, minute, provider_id, model, false, cost_usd, tokens FROM routing_cost_rollups WHERE synthetic
      ON CONFLICT (company_id, minute, provider_id, model, synthetic) DO UPDATE SET cost_usd = r.cost_usd + excluded.cost_usd, tokens = r.tokens + excluded.tokens;
      DELETE FROM routing_cost_rollups WHERE synthetic;
      INSERT INTO routing_task_rollups AS r (company_id, day, provider_id, model, dimension, synthetic, calls, ok, last_at)
      SELECT company_id, day, provider_id, model, dimension, false, calls, ok, last_at FROM routing_task_rollups WHERE synthetic
      ON CONFLICT (company_id, day, provider_id, model, dimension, synthetic)
        DO UPDATE SET calls = r.calls + excluded.calls, ok = r.ok + excluded.ok, last_at = greatest(r.last_at, excluded.last_at);
      DELETE FROM routing_task_rollups WHERE synthetic;
    `);
    for (const [table, key] of Object.entries(TABLES)) {
      await trx.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey`);
      await trx.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (${key.join(', ')})`);
      await trx.raw(`ALTER TABLE ${table} DROP COLUMN synthetic`);
    }
    await trx.raw(triggerFunction(rollupStatements('inserted')));
    await trx.raw('ALTER TABLE provider_health_snapshots DROP COLUMN synthetic_samples, DROP COLUMN synthetic_failures');
  });
  await knex.raw('DROP INDEX CONCURRENTLY IF EXISTS executions_synthetic_created_at');
}
