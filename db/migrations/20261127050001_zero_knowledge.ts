import type { Knex } from 'knex';

/**
 * Zero-knowledge encryption (issue 15, spec document 2): the company and project switches, the
 * data keys (company and repository), the members' registered X25519 public keys, client-side
 * encrypted prompts and responses, and key shares.
 *
 * Nothing here holds a plaintext prompt, response or key: the encrypted columns are the client's
 * AES-GCM objects as it sent them, and a data key is stored only sealed under the server's
 * ENCRYPTION_KEY (escrow, so other members can be given it; docs/SECURITY.md says what that means).
 * At most one active key per company and repository (partial unique index).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('zk_company_settings', (t) => {
    t.uuid('company_id').primary().references('companies.id').onDelete('CASCADE');
    t.boolean('enabled').notNullable().defaultTo(false);
    t.uuid('updated_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('zk_project_settings', (t) => {
    t.uuid('project_id').primary().references('projects.id').onDelete('CASCADE');
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.boolean('enabled').notNullable();
    t.uuid('updated_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('zk_keys', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    // The public key id clients carry as encryptionKeyRef (zkk_<hex>).
    t.text('key_ref').notNullable().unique();
    // null: the company key; else the repository's key.
    t.uuid('repository_id').references('repositories.id').onDelete('CASCADE');
    t.text('algorithm').notNullable();
    // The 256-bit data key sealed by SecretBox (AES-256-GCM under ENCRYPTION_KEY); never the raw key.
    t.text('escrow').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('rotated_at', { useTz: true });
    t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.index(['company_id', 'repository_id']);
  });
  await knex.raw(
    `CREATE UNIQUE INDEX zk_keys_one_active ON zk_keys (company_id, coalesce(repository_id, '00000000-0000-0000-0000-000000000000'::uuid)) WHERE is_active`,
  );

  await knex.schema.createTable('zk_public_keys', (t) => {
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('public_key').notNullable(); // base64 raw X25519 public key
    t.text('algorithm').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['company_id', 'user_id']);
  });

  await knex.schema.createTable('zk_prompts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('prompt_id').notNullable().unique();
    t.uuid('repository_id').notNullable().references('repositories.id').onDelete('RESTRICT');
    t.uuid('key_id').notNullable().references('zk_keys.id').onDelete('RESTRICT');
    t.text('name'); // the client's optional plaintext fallback; responses show [ENCRYPTED]
    t.jsonb('encrypted_user_prompt').notNullable();
    t.jsonb('encrypted_system_prompt');
    t.jsonb('encrypted_name');
    t.text('encryption_alg').notNullable();
    t.text('encryption_key_ref').notNullable();
    t.text('encrypted_key_material');
    t.text('key_salt');
    t.text('prompt_hash').notNullable();
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.text('category');
    t.text('branch').notNullable().defaultTo('main');
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.uuid('created_by_api_key_id').references('api_keys.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.index(['company_id', 'created_at']);
  });

  await knex.schema.createTable('zk_responses', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('execution_id').notNullable();
    t.uuid('zk_prompt_id').references('zk_prompts.id').onDelete('CASCADE');
    t.uuid('key_id').notNullable().references('zk_keys.id').onDelete('RESTRICT');
    t.text('provider').notNullable();
    t.text('model').notNullable();
    t.integer('input_tokens').notNullable();
    t.integer('output_tokens').notNullable();
    t.integer('total_tokens').notNullable();
    t.integer('cost_cents').notNullable();
    t.integer('execution_time_ms').notNullable();
    t.text('encryption_alg').notNullable();
    t.jsonb('encrypted_content').notNullable();
    t.text('encryption_key_ref').notNullable();
    t.text('key_salt');
    t.uuid('created_by_api_key_id').references('api_keys.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'execution_id']);
  });

  await knex.schema.createTable('zk_shares', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('key_id').notNullable().references('zk_keys.id').onDelete('CASCADE');
    t.uuid('recipient_user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('granted_by_user_id').references('users.id').onDelete('SET NULL');
    t.text('scope').notNullable().defaultTo('read');
    // The key wrapped for the recipient (client-made, or server-made for the registered public key).
    t.jsonb('envelope').notNullable();
    t.text('status').notNullable().defaultTo('active'); // active | revoked (expired is derived from expires_at)
    t.timestamp('expires_at', { useTz: true });
    t.text('notes');
    t.timestamp('revoked_at', { useTz: true });
    t.uuid('revoked_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.index(['company_id', 'recipient_user_id']);
    t.index(['company_id', 'granted_by_user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['zk_shares', 'zk_responses', 'zk_prompts', 'zk_public_keys', 'zk_keys', 'zk_project_settings', 'zk_company_settings']) {
    await knex.schema.dropTableIfExists(table);
  }
}
