import type { Knex } from 'knex';

/**
 * Synthetic archival (issue 13, part 6): the aggregated stats of archived log entries, one row per
 * archive run and provider/model. A chunk of logs is aggregated into these rows and deleted in one
 * transaction, so a crash between chunks neither loses nor double-counts an entry. The sum of
 * response times is kept so averages can be combined across chunks exactly.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('synthetic_aggregated_stats', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('archive_id').notNullable();
    t.text('provider').notNullable();
    t.text('model').notNullable();
    t.integer('total_executions').notNullable().defaultTo(0);
    t.integer('success_count').notNullable().defaultTo(0);
    t.integer('failed_count').notNullable().defaultTo(0);
    t.double('sum_response_time_ms').notNullable().defaultTo(0);
    t.double('min_response_time_ms');
    t.double('max_response_time_ms');
    t.bigInteger('total_tokens_used').notNullable().defaultTo(0);
    t.double('total_cost_estimate').notNullable().defaultTo(0);
    t.integer('attacks_detected').notNullable().defaultTo(0);
    t.timestamp('period_start', { useTz: true });
    t.timestamp('period_end', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['archive_id', 'company_id', 'provider', 'model']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('synthetic_aggregated_stats');
}
