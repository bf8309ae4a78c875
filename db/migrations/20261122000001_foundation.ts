import type { Knex } from 'knex';

/**
 * Foundation schema: tenancy (companies, users, memberships), authentication (sessions, login
 * attempts, API keys), the audit log, providers and provider groups, execution records and
 * execution holds. Every tenant-owned table has company_id and an index that starts with it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('companies', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('tier').notNullable().defaultTo('standard');
    t.text('package_name').notNullable().defaultTo('standard');
    t.specificType('features', 'text[]').notNullable().defaultTo('{}');
    t.jsonb('settings').notNullable().defaultTo('{}');
    t.timestamps(true, true);
  });

  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('email').notNullable();
    t.text('password_hash').notNullable();
    t.text('first_name');
    t.text('last_name');
    t.uuid('home_company_id').references('companies.id').onDelete('SET NULL');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('mfa_enabled').notNullable().defaultTo(false);
    t.text('mfa_secret_encrypted');
    t.text('mfa_pending_secret_encrypted');
    t.timestamp('mfa_verified_at', { useTz: true });
    // The last TOTP time step accepted: a code from this step or earlier is refused (replay).
    t.bigInteger('mfa_last_time_step');
    t.timestamps(true, true);
  });
  await knex.raw('CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email))');

  await knex.schema.createTable('memberships', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('role').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'company_id']);
    t.index(['company_id']);
  });

  await knex.schema.createTable('sessions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('token_hash').notNullable().unique();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('ip');
    t.text('user_agent');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('last_seen_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
  });

  await knex.schema.createTable('login_attempts', (t) => {
    t.bigIncrements('id');
    t.text('email').notNullable();
    t.text('ip');
    t.boolean('succeeded').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['email', 'created_at']);
  });

  await knex.schema.createTable('api_keys', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.text('name').notNullable();
    // GATEWAY keys have a type; EXTERNAL keys have scopes; SHIELD keys reach protected handoff.
    t.text('kind').notNullable();
    t.text('type');
    t.specificType('scopes', 'text[]').notNullable().defaultTo('{}');
    t.text('key_hash').notNullable().unique();
    t.text('key_prefix').notNullable();
    t.integer('max_requests_per_month');
    t.bigInteger('max_tokens_per_month');
    t.text('usage_month');
    t.integer('requests_this_month').notNullable().defaultTo(0);
    t.bigInteger('tokens_this_month').notNullable().defaultTo(0);
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'created_at']);
  });

  await knex.schema.createTable('audit_logs', (t) => {
    t.bigIncrements('id');
    t.uuid('company_id').references('companies.id').onDelete('CASCADE');
    t.uuid('user_id');
    t.uuid('api_key_id');
    t.text('action').notNullable();
    t.text('resource_type');
    t.text('resource_id');
    t.jsonb('details').notNullable().defaultTo('{}');
    t.text('ip');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'created_at']);
    t.index(['company_id', 'action']);
  });

  await knex.schema.createTable('providers', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('type').notNullable();
    t.text('name').notNullable();
    t.text('base_url');
    t.text('credentials_encrypted').notNullable();
    t.text('default_model').notNullable();
    // [{name, inputPricePerMillion, outputPricePerMillion, contextWindow, supportsVision, specializations}]
    t.jsonb('models').notNullable().defaultTo('[]');
    t.specificType('specializations', 'text[]').notNullable().defaultTo('{}');
    t.text('location_country');
    t.text('location_network');
    t.specificType('compliance', 'text[]').notNullable().defaultTo('{}');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('is_default').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.unique(['company_id', 'name']);
  });

  await knex.schema.createTable('provider_groups', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description');
    t.text('rotation').notNullable().defaultTo('ROUND_ROBIN');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.unique(['company_id', 'name']);
  });

  await knex.schema.createTable('provider_group_members', (t) => {
    t.uuid('group_id').notNullable().references('provider_groups.id').onDelete('CASCADE');
    t.uuid('provider_id').notNullable().references('providers.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.primary(['group_id', 'provider_id']);
  });

  await knex.schema.createTable('executions', (t) => {
    t.uuid('id').primary();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('api_key_id');
    t.uuid('user_id');
    t.text('mode').notNullable();
    t.text('status').notNullable();
    t.text('purpose').notNullable().defaultTo('execution');
    t.uuid('provider_id');
    t.text('provider_type');
    t.text('provider_name');
    t.text('model');
    t.integer('prompt_tokens').notNullable().defaultTo(0);
    t.integer('completion_tokens').notNullable().defaultTo(0);
    t.integer('total_tokens').notNullable().defaultTo(0);
    t.decimal('cost_usd', 16, 8).notNullable().defaultTo(0);
    t.integer('latency_ms');
    t.integer('provider_latency_ms');
    t.text('finish_reason');
    t.text('error_code');
    t.text('error_message');
    t.text('trace_id');
    // Every provider attempt (fallbacks included): [{providerId, providerType, model, status, errorKind, latencyMs}]
    t.jsonb('attempts').notNullable().defaultTo('[]');
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'created_at']);
    t.index(['provider_id', 'model', 'created_at']);
  });

  await knex.schema.createTable('execution_holds', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('execution_id').notNullable();
    t.uuid('requested_by_user_id');
    t.uuid('requested_by_api_key_id');
    t.text('execution_mode').notNullable().defaultTo('SUPERVISED');
    t.text('status').notNullable().defaultTo('PENDING_REVIEW');
    t.jsonb('request_payload').notNullable();
    t.jsonb('routing_decision').notNullable();
    t.jsonb('response_payload').notNullable();
    t.decimal('cost_estimate', 16, 8).notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.uuid('resolved_by');
    t.timestamp('resolved_at', { useTz: true });
    t.text('resolution');
    t.jsonb('resolver');
    t.text('workflow_id').notNullable();
    t.timestamps(true, true);
    t.index(['company_id', 'status', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'execution_holds',
    'executions',
    'provider_group_members',
    'provider_groups',
    'providers',
    'audit_logs',
    'api_keys',
    'login_attempts',
    'sessions',
    'memberships',
    'users',
    'companies',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
