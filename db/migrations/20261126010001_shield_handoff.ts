import type { Knex } from 'knex';

/**
 * Protected handoff (spec document 2, "Protected handoff", "Scope record"; issue 14).
 *
 * Nothing here holds an original value, a stand-in or a secret in the clear:
 * - shield_scope_generations.wrapped_salt is the scope generation's secret, wrapped by the
 *   sanitizer's surrogate key (key_id names which); the api cannot unwrap it. Rotation starts a
 *   new generation and empties the old wrapped_salt (its stand-ins can no longer be derived).
 * - shield_scope_entries are the live stand-ins of a scope: a keyed fingerprint of the value
 *   (HMAC under the generation's secret), the short code the stand-in carries and the entity type.
 *   A unique code per company is what lets restore find a value with no handoff id. Entries live
 *   while a live handoff uses them.
 * - shield_handoffs.vault_* is the handoff's own mapping code → original, encrypted under a key of
 *   its own that only the sanitizer can unwrap: deleting the row destroys the originals at once.
 *   No prompt, file content or file name is stored.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('shield_scopes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.string('kind', 8).notNullable(); // user | project
    // No foreign keys: the scope record outlives its user or project (label null when gone).
    t.uuid('user_id');
    t.uuid('project_id');
    t.integer('active_generation').notNullable().defaultTo(1);
    t.timestamp('rotated_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id']);
  });
  await knex.raw(`ALTER TABLE shield_scopes ADD CONSTRAINT shield_scopes_kind_check CHECK (
    (kind = 'user' AND user_id IS NOT NULL AND project_id IS NULL) OR (kind = 'project' AND project_id IS NOT NULL AND user_id IS NULL))`);
  await knex.raw(`CREATE UNIQUE INDEX shield_scopes_user_unique ON shield_scopes (company_id, user_id) WHERE kind = 'user'`);
  await knex.raw(`CREATE UNIQUE INDEX shield_scopes_project_unique ON shield_scopes (company_id, project_id) WHERE kind = 'project'`);

  await knex.schema.createTable('shield_scope_generations', (t) => {
    t.uuid('scope_id').notNullable().references('shield_scopes.id').onDelete('CASCADE');
    t.integer('generation').notNullable();
    t.string('key_id', 32).notNullable();
    // Null once the generation is rotated away: nothing can derive its stand-ins any more.
    t.text('wrapped_salt');
    t.string('provenance', 8).notNullable(); // MINTED | ROTATED
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['scope_id', 'generation']);
  });
  await knex.raw(`ALTER TABLE shield_scope_generations ADD CONSTRAINT shield_scope_generations_provenance_check CHECK (provenance IN ('MINTED', 'ROTATED'))`);

  await knex.schema.createTable('shield_scope_entries', (t) => {
    t.bigIncrements('id');
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('scope_id').notNullable().references('shield_scopes.id').onDelete('CASCADE');
    t.integer('generation').notNullable();
    t.string('fingerprint', 64).notNullable();
    t.string('code', 16).notNullable();
    t.string('entity_type', 64).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['company_id', 'code']);
    t.unique(['scope_id', 'generation', 'fingerprint']);
  });

  // A value whose first code collided with another value's: its next attempt (rare; see STAND_IN_COLLISION).
  await knex.schema.createTable('shield_code_bumps', (t) => {
    t.uuid('scope_id').notNullable().references('shield_scopes.id').onDelete('CASCADE');
    t.integer('generation').notNullable();
    t.string('fingerprint', 64).notNullable();
    t.integer('attempt').notNullable();
    t.primary(['scope_id', 'generation', 'fingerprint']);
  });

  await knex.schema.createTable('shield_handoffs', (t) => {
    t.uuid('id').primary();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    // The creator; no foreign key: a leaver's handoffs are deleted by their retention workflow.
    t.uuid('user_id').notNullable();
    t.uuid('scope_id').notNullable().references('shield_scopes.id').onDelete('RESTRICT');
    t.integer('generation').notNullable();
    t.string('retention', 10).notNullable().defaultTo('DEFAULT');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('last_restored_at', { useTz: true });
    t.integer('entry_count').notNullable();
    t.integer('file_count').notNullable();
    t.string('vault_key_id', 32).notNullable();
    t.text('vault_wrapped_key').notNullable();
    t.text('vault_ciphertext').notNullable();
    t.index(['company_id', 'user_id', 'created_at']);
  });
  await knex.raw(`ALTER TABLE shield_handoffs ADD CONSTRAINT shield_handoffs_retention_check CHECK (retention IN ('DEFAULT', 'KEEP', 'NO_LIMIT'))`);

  await knex.schema.createTable('shield_handoff_entries', (t) => {
    t.uuid('handoff_id').notNullable().references('shield_handoffs.id').onDelete('CASCADE');
    // RESTRICT: an entry a live handoff uses is never deleted under it.
    t.bigInteger('entry_id').notNullable().references('shield_scope_entries.id').onDelete('RESTRICT');
    t.primary(['handoff_id', 'entry_id']);
    t.index(['entry_id']);
  });

  // Shield requests per company and calendar month (UTC): the monthly quota.
  await knex.schema.createTable('shield_usage', (t) => {
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.string('month', 7).notNullable();
    t.integer('requests').notNullable().defaultTo(0);
    t.primary(['company_id', 'month']);
  });

  // Members who left the company and whether an admin holds their handoffs.
  await knex.schema.createTable('shield_leavers', (t) => {
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable();
    t.timestamp('left_at', { useTz: true });
    t.boolean('held').notNullable().defaultTo(false);
    t.uuid('held_by_user_id');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['company_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'shield_leavers',
    'shield_usage',
    'shield_handoff_entries',
    'shield_handoffs',
    'shield_code_bumps',
    'shield_scope_entries',
    'shield_scope_generations',
    'shield_scopes',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
