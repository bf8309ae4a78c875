import type { Knex } from 'knex';

/**
 * The sanitizer service's storage (spec document 2, "Sanitizer sessions").
 *
 * sanitizer_sessions: one row per session, keyed by the SHA-256 of its token (the token is a bearer
 * capability and is never stored). The row holds the session's own AES-256-GCM key wrapped by the
 * master key, and the stand-in mapping and the documents only as ciphertext under that session
 * key. Because key, mapping and documents live in one row, a purge is one DELETE: they go at once.
 *
 * sanitizer_credential_exposures: credentials seen in sanitized documents (type and a fingerprint,
 * never the value). Append-only: clearing sets cleared_at once; rows are never deleted.
 *
 * sanitizer_redlist: terms always detected, whatever the profile.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sanitizer_sessions', (t) => {
    t.string('token_hash', 64).primary();
    // "stk_" + the first 6 hex digits: lets operators and the exposure list correlate without the secret.
    t.string('token_hint', 16).notNullable();
    t.string('status', 16).notNullable().defaultTo('active');
    t.string('document_type', 8).notNullable();
    t.jsonb('profiles').notNullable();
    t.jsonb('detection_summary').notNullable();
    t.text('wrapped_key').notNullable();
    t.text('vault_ciphertext').notNullable();
    t.text('documents_ciphertext').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('restored_at', { useTz: true });
    t.index(['expires_at']);
  });
  await knex.raw(`ALTER TABLE sanitizer_sessions ADD CONSTRAINT sanitizer_sessions_status_check CHECK (status IN ('active', 'restored'))`);

  await knex.schema.createTable('sanitizer_credential_exposures', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('session_token_hash', 64);
    t.string('session_token_hint', 16);
    t.string('credential_type', 64).notNullable();
    t.string('source', 32).notNullable().defaultTo('manual');
    // First 16 hex digits of SHA-256 of the credential: the same secret seen twice matches, the value stays unknown.
    t.string('fingerprint', 16);
    t.text('note');
    t.timestamp('detected_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('cleared_at', { useTz: true });
    t.text('cleared_reason');
    t.index(['detected_at']);
    t.index(['session_token_hash']);
  });

  await knex.schema.createTable('sanitizer_redlist', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('term').notNullable();
    t.string('entity_type', 64).notNullable().defaultTo('REDLIST');
    t.text('description');
    t.boolean('case_sensitive').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX sanitizer_redlist_term_unique ON sanitizer_redlist (lower(term))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sanitizer_redlist');
  await knex.schema.dropTableIfExists('sanitizer_credential_exposures');
  await knex.schema.dropTableIfExists('sanitizer_sessions');
}
