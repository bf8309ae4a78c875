import type { Knex } from 'knex';

/**
 * Budget spend (onboarding's budgetMode and budgetAmount): USD spent per company and month, per
 * budget scope ('company', or a user id under per_user budgets), added by the execution recorder's
 * flush in the same transaction as the execution records; and the cost thresholds already
 * announced (50, 80, 100 percent: once each per scope and month, enforced by the primary key).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('budget_spend', (t) => {
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('scope_key').notNullable();
    t.text('month').notNullable(); // YYYY-MM, UTC
    t.decimal('spent_usd', 18, 8).notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['company_id', 'scope_key', 'month']);
  });
  await knex.schema.createTable('budget_threshold_events', (t) => {
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('scope_key').notNullable();
    t.text('month').notNullable();
    t.integer('threshold').notNullable();
    t.timestamp('reached_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['company_id', 'scope_key', 'month', 'threshold']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('budget_threshold_events');
  await knex.schema.dropTableIfExists('budget_spend');
}
