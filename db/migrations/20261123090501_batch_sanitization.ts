import type { Knex } from 'knex';

/**
 * PII sanitization of batch jobs (config.sanitization).
 *
 * batch_jobs.sanitization_profiles: the sensitivity profiles the job's items are protected with,
 * decided once when the job is planned (the routing policy's sensitivityProfiles, else the batch
 * default), so every split and retry protects the same way.
 *
 * batch_items: each item has a sanitizer session of its own. Its token is kept encrypted with the
 * api's ENCRYPTION_KEY (SecretBox), and the protected prompt and system prompt (stand-ins in
 * wrappers, never an original value) are kept so a retried submission or a later round sends the
 * same protected text without a second sanitizer call.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('batch_jobs', (t) => {
    t.jsonb('sanitization_profiles');
  });
  await knex.schema.alterTable('batch_items', (t) => {
    t.text('sanitizer_session_encrypted');
    t.text('protected_prompt');
    t.text('protected_system_prompt');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('batch_items', (t) => {
    t.dropColumn('sanitizer_session_encrypted');
    t.dropColumn('protected_prompt');
    t.dropColumn('protected_system_prompt');
  });
  await knex.schema.alterTable('batch_jobs', (t) => {
    t.dropColumn('sanitization_profiles');
  });
}
