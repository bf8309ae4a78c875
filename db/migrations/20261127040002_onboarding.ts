import type { Knex } from 'knex';

/**
 * Onboarding (spec document 3): the company state the wizard sets (compliance flags, encryption,
 * retention), and the policies it creates besides the routing policy: provider access, access
 * profiles per chosen role, chat role policies, geofencing, and the company budget. One row set
 * per company: a new onboarding replaces the previous one in the same transaction.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.boolean('gdpr_compliant').notNullable().defaultTo(false);
    t.boolean('encryption_enabled').notNullable().defaultTo(false);
    t.boolean('hipaa_mode_enabled').notNullable().defaultTo(false);
    // null: kept until deleted (no retention configured).
    t.integer('data_retention_days');
    t.integer('prompt_log_retention_days');
    t.integer('default_response_retention_days');
    t.text('onboarding_status'); // null, CONFIGURED or SKIPPED
    t.jsonb('onboarding_config');
    t.timestamp('onboarded_at', { useTz: true });
  });

  await knex.schema.createTable('provider_access_policies', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().unique().references('companies.id').onDelete('CASCADE');
    t.text('access_mode').notNullable(); // platform | byok | mixed
    t.text('restriction').notNullable(); // all | major | custom
    t.specificType('allowed_provider_types', 'text[]').notNullable();
    t.timestamps(true, true);
  });

  await knex.schema.createTable('access_profiles', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('role_key').notNullable(); // admins | developers | business_users | security
    t.text('member_role').notNullable(); // the Gatehouse role a member of this profile gets
    t.specificType('permissions', 'text[]').notNullable();
    t.timestamps(true, true);
    t.unique(['company_id', 'role_key']);
  });

  await knex.schema.createTable('chat_role_policies', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('role_key').notNullable();
    t.specificType('allowed_provider_types', 'text[]').notNullable();
    t.text('sanitization_mode').notNullable();
    t.boolean('may_use_projects').notNullable();
    t.timestamps(true, true);
    t.unique(['company_id', 'role_key']);
  });

  await knex.schema.createTable('geofencing_policies', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().unique().references('companies.id').onDelete('CASCADE');
    t.text('mode').notNullable(); // allow | block | none
    t.specificType('regions', 'text[]').notNullable();
    t.specificType('countries', 'text[]').notNullable();
    t.timestamps(true, true);
  });

  await knex.schema.createTable('company_budgets', (t) => {
    t.uuid('company_id').primary().references('companies.id').onDelete('CASCADE');
    t.text('mode').notNullable(); // per_user | company | none
    t.decimal('monthly_amount_usd', 14, 6); // null: no cap
    t.timestamps(true, true);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['company_budgets', 'geofencing_policies', 'chat_role_policies', 'access_profiles', 'provider_access_policies']) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.schema.alterTable('companies', (t) => {
    for (const c of ['gdpr_compliant', 'encryption_enabled', 'hipaa_mode_enabled', 'data_retention_days', 'prompt_log_retention_days', 'default_response_retention_days', 'onboarding_status', 'onboarding_config', 'onboarded_at']) {
      t.dropColumn(c);
    }
  });
}
