import type { Knex } from 'knex';

/**
 * Synthetic testing (issue 13, spec document 1): prompts (the company's own and the ones imported
 * from the curated library, which keep their library_key so an import is idempotent), schedules
 * (each mirrored by the Temporal Schedule `synthetic:<id>`) and the execution log (one row per
 * provider/model per run; (run_key, provider_id, model) is unique so a retried activity never writes
 * a second row for the same probe).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('synthetic_prompts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('prompt').notNullable();
    t.text('category').notNullable().defaultTo('functional');
    t.text('expected_behavior').notNullable().defaultTo('ALLOW');
    t.text('expected_response');
    t.jsonb('tags').notNullable().defaultTo('[]');
    t.jsonb('variables').notNullable().defaultTo('{}');
    t.boolean('include_kpi_tracking').notNullable().defaultTo(false);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.text('language');
    t.text('library_key');
    t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.index(['company_id', 'created_at']);
    t.unique(['company_id', 'library_key']);
  });

  await knex.schema.createTable('synthetic_schedules', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description');
    t.uuid('synthetic_prompt_id').notNullable().references('synthetic_prompts.id').onDelete('CASCADE');
    t.text('schedule_type').notNullable(); // ONE_TIME | RECURRING
    t.text('cron_expression');
    t.double('interval_minutes');
    t.timestamp('run_at', { useTz: true });
    t.boolean('is_active').notNullable().defaultTo(true);
    t.uuid('ai_provider_id').references('providers.id').onDelete('CASCADE');
    t.uuid('provider_group_id').references('provider_groups.id').onDelete('CASCADE');
    t.boolean('enable_protection').notNullable().defaultTo(false);
    t.text('protective_prompt_id');
    t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.uuid('created_by_api_key_id').references('api_keys.id').onDelete('SET NULL');
    t.timestamp('last_run_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['company_id', 'created_at']);
  });

  await knex.schema.createTable('synthetic_execution_logs', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('run_key').notNullable();
    t.uuid('schedule_id').references('synthetic_schedules.id').onDelete('SET NULL');
    t.uuid('synthetic_prompt_id').references('synthetic_prompts.id').onDelete('SET NULL');
    t.text('category');
    t.text('full_prompt');
    t.uuid('execution_id');
    t.uuid('provider_id');
    t.text('provider').notNullable();
    t.text('model').notNullable();
    t.text('status').notNullable(); // SUCCESS | FAILED
    t.double('response_time_sec').notNullable().defaultTo(0);
    t.integer('tokens_used').notNullable().defaultTo(0);
    t.double('cost_estimate').notNullable().defaultTo(0);
    t.boolean('attack_detected').notNullable().defaultTo(false);
    t.boolean('behavior_passed').notNullable().defaultTo(false);
    t.boolean('kpi_compliant').notNullable().defaultTo(false);
    t.jsonb('kpi_metrics');
    t.jsonb('fallback_metrics');
    t.text('response');
    t.text('error_code');
    t.text('error_message');
    t.text('protection_mode').notNullable().defaultTo('none');
    t.text('protective_prompt_id');
    t.timestamp('started_at', { useTz: true }).notNullable();
    t.timestamp('completed_at', { useTz: true }).notNullable();
    t.unique(['run_key', 'provider_id', 'model']);
    t.index(['company_id', 'started_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('synthetic_execution_logs');
  await knex.schema.dropTableIfExists('synthetic_schedules');
  await knex.schema.dropTableIfExists('synthetic_prompts');
}
