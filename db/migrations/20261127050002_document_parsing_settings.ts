import type { Knex } from 'knex';

/**
 * Document parsing settings (issue 15, spec document 2): the PDF mode (NATIVE, TEXT, STRUCTURED) at
 * company, project and prompt scope. One row per scope and target: target_id is the company, the
 * project or the prompt (database id). A project or prompt without a row inherits; the company
 * without a row is NATIVE (services/parsing/settings.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('parsing_settings', (t) => {
    t.text('scope').notNullable(); // company | project | prompt
    t.uuid('target_id').notNullable();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('mode').notNullable();
    t.uuid('updated_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['scope', 'target_id']);
    t.index(['company_id']);
  });
  await knex.raw("ALTER TABLE parsing_settings ADD CONSTRAINT parsing_settings_mode CHECK (mode IN ('NATIVE', 'TEXT', 'STRUCTURED'))");
  await knex.raw("ALTER TABLE parsing_settings ADD CONSTRAINT parsing_settings_scope CHECK (scope IN ('company', 'project', 'prompt'))");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('parsing_settings');
}
