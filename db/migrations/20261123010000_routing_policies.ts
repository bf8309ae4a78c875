import type { Knex } from 'knex';

/**
 * Routing policies (spec document 1): one row per named policy of a company. At most one default
 * per company and scope, enforced by a partial unique index so two concurrent "make default"
 * writes cannot both win.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('routing_policies', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description');
    t.text('scope').notNullable();
    t.boolean('is_default').notNullable().defaultTo(false);
    t.jsonb('policy_json').notNullable();
    t.uuid('created_by_user_id');
    t.uuid('created_by_api_key_id');
    t.timestamps(true, true);
    t.unique(['company_id', 'name']);
  });
  await knex.raw('CREATE UNIQUE INDEX routing_policies_default_per_scope ON routing_policies (company_id, scope) WHERE is_default');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('routing_policies');
}
