import type { Knex } from 'knex';

/**
 * Per-minute (and, for task evidence, per-day) rollups of the execution records, kept by a trigger
 * on executions, so routing's window metrics and the provider health snapshots read a few hundred
 * rows instead of scanning every execution in the window. Before this, each company's window query
 * (every ROUTING_METRICS_TTL_MS, 15 s) expanded every attempt of the last hour: ~1.2 s of PostgreSQL
 * CPU at 100,000 executions an hour, growing with traffic, on the machine that serves the api.
 *
 * - routing_attempt_rollups: provider attempts (fallbacks included, caller errors excluded) per
 *   company, minute, provider, model, outcome and latency. Latencies are exact below 1 s and kept to
 *   three significant digits above, so p50/p95 stay exact (percentile_cont's definition) up to 1 s
 *   and within 0.5% beyond; failed attempts are counted with latency 0 (their latency is never used).
 * - routing_cost_rollups: cost and tokens of answered calls (SUCCESS, HELD) per minute, provider, model.
 * - routing_task_rollups: calls tagged with task dimensions, per UTC day (own task-fit evidence).
 *
 * The trigger is statement-level with a transition table: one grouped upsert per INSERT statement
 * (the recorder writes a batch per statement), in key order so concurrent writers lock rows in the
 * same order. A rollup failure is logged as a warning and never fails the insert of the executions.
 * Old rollups are pruned by the provider-health schedule (activities/breakers.ts).
 */
/**
 * The three grouped upserts over a set of execution rows: the trigger's transition table, or the
 * backfill's select. Rows are grouped and ordered by key (the lock order of concurrent writers).
 */
export function rollupStatements(source: string): string {
  return `
    INSERT INTO routing_attempt_rollups AS r (company_id, minute, provider_id, model, ok, latency_ms, attempts)
    SELECT e.company_id, date_trunc('minute', e.created_at), a->>'providerId', coalesce(a->>'model', ''),
           coalesce(a->>'status' = 'SUCCESS', false),
           CASE WHEN a->>'status' = 'SUCCESS' AND jsonb_typeof(a->'latencyMs') = 'number'
                THEN routing_latency_bucket((a->>'latencyMs')::numeric) ELSE 0 END,
           count(*)::integer
      FROM ${source} e
      CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(e.attempts) = 'array' THEN e.attempts ELSE '[]'::jsonb END) a
     WHERE jsonb_typeof(a) = 'object' AND a->>'providerId' IS NOT NULL
       AND coalesce(a->>'errorKind', '') <> 'BAD_REQUEST'
     GROUP BY 1, 2, 3, 4, 5, 6
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (company_id, minute, provider_id, model, ok, latency_ms)
      DO UPDATE SET attempts = r.attempts + excluded.attempts;

    INSERT INTO routing_cost_rollups AS r (company_id, minute, provider_id, model, cost_usd, tokens)
    SELECT e.company_id, date_trunc('minute', e.created_at), e.provider_id::text, coalesce(e.model, ''),
           sum(e.cost_usd), sum(e.total_tokens)
      FROM ${source} e
     WHERE e.provider_id IS NOT NULL AND e.status IN ('SUCCESS', 'HELD')
     GROUP BY 1, 2, 3, 4
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, minute, provider_id, model)
      DO UPDATE SET cost_usd = r.cost_usd + excluded.cost_usd, tokens = r.tokens + excluded.tokens;

    INSERT INTO routing_task_rollups AS r (company_id, day, provider_id, model, dimension, calls, ok, last_at)
    SELECT e.company_id, (e.created_at AT TIME ZONE 'UTC')::date, e.provider_id::text, coalesce(e.model, ''), d,
           count(*)::integer, (count(*) FILTER (WHERE e.status IN ('SUCCESS', 'HELD')))::integer, max(e.created_at)
      FROM ${source} e
      CROSS JOIN LATERAL jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(e.metadata->'taskDimensions') = 'array' THEN e.metadata->'taskDimensions' ELSE '[]'::jsonb END) d
     WHERE e.provider_id IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, day, provider_id, model, dimension)
      DO UPDATE SET calls = r.calls + excluded.calls, ok = r.ok + excluded.ok, last_at = greatest(r.last_at, excluded.last_at);
  `;
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE routing_attempt_rollups (
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      minute timestamptz NOT NULL,
      provider_id text NOT NULL,
      model text NOT NULL,
      ok boolean NOT NULL,
      latency_ms integer NOT NULL,
      attempts integer NOT NULL,
      PRIMARY KEY (company_id, minute, provider_id, model, ok, latency_ms)
    );
    CREATE INDEX routing_attempt_rollups_minute ON routing_attempt_rollups (minute);

    CREATE TABLE routing_cost_rollups (
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      minute timestamptz NOT NULL,
      provider_id text NOT NULL,
      model text NOT NULL,
      cost_usd numeric NOT NULL,
      tokens bigint NOT NULL,
      PRIMARY KEY (company_id, minute, provider_id, model)
    );
    CREATE INDEX routing_cost_rollups_minute ON routing_cost_rollups (minute);

    CREATE TABLE routing_task_rollups (
      company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      day date NOT NULL,
      provider_id text NOT NULL,
      model text NOT NULL,
      dimension text NOT NULL,
      calls integer NOT NULL,
      ok integer NOT NULL,
      last_at timestamptz NOT NULL,
      PRIMARY KEY (company_id, day, provider_id, model, dimension)
    );
    CREATE INDEX routing_task_rollups_day ON routing_task_rollups (day);

    -- Exact below 1 s, three significant digits above (1234 -> 1230, 23456 -> 23500).
    CREATE FUNCTION routing_latency_bucket(ms numeric) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE
        WHEN ms IS NULL OR ms < 0 THEN 0
        WHEN ms < 1000 THEN round(ms)::integer
        ELSE (round(ms / 10 ^ (floor(log(ms)) - 2)) * 10 ^ (floor(log(ms)) - 2))::integer
      END
    $$;

    CREATE FUNCTION executions_routing_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      BEGIN
        ${rollupStatements('inserted')}
      EXCEPTION WHEN others THEN
        -- The executions are what must not be lost; a missed rollup only thins the window metrics.
        RAISE WARNING 'routing rollups not updated: %', SQLERRM;
      END;
      RETURN NULL;
    END
    $$;

    CREATE TRIGGER executions_routing_rollup AFTER INSERT ON executions
      REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION executions_routing_rollup();
  `);
  // The rows already in the windows (the longest a deployment is likely to configure: 31 days).
  await knex.raw(rollupStatements("(SELECT * FROM executions WHERE created_at > now() - interval '31 days')"));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TRIGGER IF EXISTS executions_routing_rollup ON executions;
    DROP FUNCTION IF EXISTS executions_routing_rollup();
    DROP FUNCTION IF EXISTS routing_latency_bucket(numeric);
    DROP TABLE IF EXISTS routing_task_rollups;
    DROP TABLE IF EXISTS routing_cost_rollups;
    DROP TABLE IF EXISTS routing_attempt_rollups;
  `);
}
