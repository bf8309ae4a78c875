import type { Knex } from 'knex';

/**
 * Test in chat (issue 14 item 8, spec document 2): runs and the answers imported onto a version.
 *
 * A run is one protected Markdown file for one test set: its ref (run-<suffix>) names the file the
 * assistant answers as, its handoff holds the stand-ins (the run keeps only the handoff's id: the
 * handoff's retention decides how long the answer can be restored). The test set's expectations
 * are copied at creation, so an import checks against what the file was made for.
 *
 * A response is the restored answer, sealed with the service key (SecretBox); nothing readable is
 * stored. status is 'open' until an import stores an answer, then IMPORTED (never back).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('prompt_chat_test_runs', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('ref').notNullable().unique();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('prompt_id').notNullable().references('prompts.id').onDelete('CASCADE');
    t.uuid('version_id').notNullable().references('prompt_versions.id').onDelete('CASCADE');
    t.uuid('test_set_id').references('prompt_test_sets.id').onDelete('SET NULL');
    t.text('test_set_name').notNullable();
    t.specificType('expected_contains', 'text[]').notNullable().defaultTo('{}');
    t.text('expected_pattern');
    t.text('vendor').notNullable();
    t.boolean('naked').notNullable().defaultTo(false);
    // No foreign key: handoff rows are deleted by their retention; a gone handoff is 410 HANDOFF_GONE.
    t.uuid('handoff_id').notNullable();
    t.text('status').notNullable().defaultTo('open');
    t.uuid('created_by_user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('response_id');
    t.integer('rating');
    t.jsonb('checks');
    t.jsonb('verdict');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('imported_at', { useTz: true });
    t.index(['prompt_id', 'created_by_user_id', 'created_at']);
  });
  await knex.raw("ALTER TABLE prompt_chat_test_runs ADD CONSTRAINT prompt_chat_test_runs_status CHECK (status IN ('open', 'IMPORTED'))");
  await knex.raw('ALTER TABLE prompt_chat_test_runs ADD CONSTRAINT prompt_chat_test_runs_rating CHECK (rating IS NULL OR rating BETWEEN 1 AND 5)');

  await knex.schema.createTable('prompt_version_responses', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('prompt_id').notNullable().references('prompts.id').onDelete('CASCADE');
    t.uuid('version_id').notNullable().references('prompt_versions.id').onDelete('CASCADE');
    t.uuid('chat_test_run_id').references('prompt_chat_test_runs.id').onDelete('SET NULL').unique();
    t.text('source').notNullable(); // chat-test
    t.text('vendor');
    // SecretBox "v1:<iv>:<tag>:<ciphertext>" of the restored answer.
    t.text('content_encrypted').notNullable();
    t.integer('content_chars').notNullable();
    t.integer('rating');
    t.jsonb('checks').notNullable();
    t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // The company's response retention (companies.settings.defaultResponseRetentionDays) when set.
    t.timestamp('expires_at', { useTz: true });
    t.index(['version_id', 'created_at']);
    t.index(['company_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('prompt_version_responses');
  await knex.schema.dropTableIfExists('prompt_chat_test_runs');
}
