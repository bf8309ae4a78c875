import type { Knex } from 'knex';

/**
 * Synthetic testing, second part (issue 13):
 * - synthetic_execution_logs.network_metrics: what the probe measured of the network path (a timed
 *   TCP connect to the provider's host: activities/synthetic/network.ts); null when not measured.
 * - synthetic_aggregated_stats.sum_rtt_ms / rtt_samples: the archived entries' round trips, kept as
 *   a sum and a count so averages combine across chunks exactly (like sum_response_time_ms).
 * - synthetic_archival_settings: each company's automatic archival, run by its Temporal Schedule
 *   `synthetic-archival:<companyId>` (services/synthetic/archival-settings.ts); the last run's outcome.
 * All additive: new nullable or defaulted columns (no rewrite) and a new table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('synthetic_execution_logs', (t) => {
    t.jsonb('network_metrics');
  });
  await knex.schema.alterTable('synthetic_aggregated_stats', (t) => {
    t.double('sum_rtt_ms').notNullable().defaultTo(0);
    t.integer('rtt_samples').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('synthetic_archival_settings', (t) => {
    t.uuid('company_id').primary().references('companies.id').onDelete('CASCADE');
    t.boolean('enabled').notNullable().defaultTo(true);
    t.integer('retention_days').notNullable().defaultTo(30);
    t.double('interval_minutes').notNullable().defaultTo(1440);
    t.boolean('export_first').notNullable().defaultTo(true);
    t.boolean('include_full_response').notNullable().defaultTo(false);
    t.boolean('enforce_limit').notNullable().defaultTo(true);
    t.timestamp('last_run_at', { useTz: true });
    t.jsonb('last_archive_ids');
    t.integer('last_deleted_count');
    t.timestamps(true, true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('synthetic_archival_settings');
  await knex.schema.alterTable('synthetic_aggregated_stats', (t) => {
    t.dropColumn('sum_rtt_ms');
    t.dropColumn('rtt_samples');
  });
  await knex.schema.alterTable('synthetic_execution_logs', (t) => {
    t.dropColumn('network_metrics');
  });
}
