import type { Knex } from 'knex';

/**
 * Security checks in the gateway and protective prompts (issue 20, items 2 and 3).
 *
 * - The security mode of a routing policy lives in its policyJson (`security.mode`); the company
 *   default lives in companies.settings.security.mode (jsonb, like the Shield settings): neither
 *   needs a table.
 * - protective_prompts: a company's system-prompt wrappers of the three types the spec names,
 *   each with its current version; protective_prompt_versions keeps every version's text, so an
 *   execution record's {id, version} can be read back after the text changed.
 * - protective_prompt_assignments: a wrapper assigned to a routing policy or to an API key (exactly
 *   one target per row, one wrapper per target). Deleting the target or the wrapper removes the row.
 *   Only a SUPER_ADMIN writes these (services/security/protective-prompts.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('protective_prompts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.string('type', 32).notNullable();
    t.text('name').notNullable();
    t.text('description');
    t.text('content').notNullable();
    t.integer('version').notNullable().defaultTo(1);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['company_id', 'name']);
    t.index(['company_id']);
  });
  await knex.raw(
    `ALTER TABLE protective_prompts ADD CONSTRAINT protective_prompts_type_check CHECK (type IN ('ROLE_BOUNDARY_ENFORCER', 'DATA_EXFILTRATION_BLOCKER', 'STANDARD_INJECTION_GUARD'))`,
  );

  await knex.schema.createTable('protective_prompt_versions', (t) => {
    t.uuid('protective_prompt_id').notNullable().references('protective_prompts.id').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.text('content').notNullable();
    t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['protective_prompt_id', 'version']);
  });

  await knex.schema.createTable('protective_prompt_assignments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('protective_prompt_id').notNullable().references('protective_prompts.id').onDelete('CASCADE');
    t.uuid('routing_policy_id').references('routing_policies.id').onDelete('CASCADE');
    t.uuid('api_key_id').references('api_keys.id').onDelete('CASCADE');
    t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['routing_policy_id']);
    t.unique(['api_key_id']);
    t.index(['company_id']);
  });
  await knex.raw(
    `ALTER TABLE protective_prompt_assignments ADD CONSTRAINT protective_prompt_assignments_target_check CHECK ((routing_policy_id IS NULL) <> (api_key_id IS NULL))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('protective_prompt_assignments');
  await knex.schema.dropTable('protective_prompt_versions');
  await knex.schema.dropTable('protective_prompts');
}
