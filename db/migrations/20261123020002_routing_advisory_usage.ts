import type { Knex } from 'knex';

/**
 * Hourly request counters of the routing advisories (shape B per company and tier, the subscriber
 * advisory per API key). One row per subject and UTC hour, incremented by an atomic upsert, so the
 * limit holds across every api process. Rows older than a day are deleted by the api.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('routing_advisory_usage', (t) => {
    t.text('subject').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.integer('requests').notNullable().defaultTo(0);
    t.primary(['subject', 'window_start']);
    t.index(['window_start']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('routing_advisory_usage');
}
