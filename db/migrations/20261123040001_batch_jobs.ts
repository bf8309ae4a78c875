import type { Knex } from 'knex';

/**
 * Batch jobs (spec document 1, Batch job). The job row is what the API lists; the workflow
 * `batch:<id>` owns its transitions. Items stay here (workflows pass ids): one row per prompt,
 * keyed by (batch_id, sequence_index) so pages are read by keyset, never by OFFSET over 50,000 rows.
 * A split is the share of items one provider/model runs: a contiguous range of sequence indexes.
 * A submission is one native provider batch (OpenAI /v1/batches, Anthropic message batch) of a
 * split; it is recorded before the workflow moves on so a retried submit finds it again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('batch_jobs', (t) => {
    t.uuid('id').primary();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('created_by_user_id');
    t.uuid('api_key_id');
    t.text('name');
    t.text('status').notNullable().defaultTo('QUEUED');
    t.integer('total_items').notNullable();
    t.integer('completed_items').notNullable().defaultTo(0);
    t.integer('failed_items').notNullable().defaultTo(0);
    t.integer('skipped_items').notNullable().defaultTo(0);
    // The options as given (config.*): routing inputs, sanitization, callback.
    t.text('routing_policy_id');
    t.text('provider_hint');
    t.text('requested_model');
    t.text('quality_tier');
    t.text('split_strategy').notNullable().defaultTo('single');
    t.boolean('sanitization_enabled').notNullable().defaultTo(false);
    t.text('callback_url');
    t.text('callback_secret_encrypted');
    t.jsonb('metadata').notNullable().defaultTo('{}');
    // Resolved when VALIDATING: the primary (first) split's provider.
    t.text('provider_name');
    t.text('provider_model');
    t.decimal('estimated_cost_usd', 16, 8);
    t.decimal('actual_cost_usd', 16, 8).notNullable().defaultTo(0);
    t.bigInteger('input_tokens_total').notNullable().defaultTo(0);
    t.bigInteger('output_tokens_total').notNullable().defaultTo(0);
    t.text('error_message');
    t.text('workflow_id').notNullable();
    t.bigInteger('results_ttl_ms').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('expires_at', { useTz: true });
    t.index(['company_id', 'created_at']);
    t.index(['company_id', 'status']);
  });
  // The repair endpoint and the concurrency limit look for active jobs only.
  await knex.raw(
    "CREATE INDEX batch_jobs_active ON batch_jobs (company_id) WHERE status IN ('QUEUED', 'VALIDATING', 'PROCESSING')",
  );

  await knex.schema.createTable('batch_splits', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('batch_id').notNullable().references('batch_jobs.id').onDelete('CASCADE');
    t.uuid('company_id').notNullable();
    t.integer('position').notNullable();
    t.uuid('provider_id');
    t.text('provider_type').notNullable();
    t.text('provider_name').notNullable();
    t.text('provider_model').notNullable();
    // NATIVE_OPENAI, NATIVE_ANTHROPIC or CONCURRENT
    t.text('facility').notNullable();
    t.integer('seq_from').notNullable();
    t.integer('seq_to').notNullable();
    t.integer('item_count').notNullable();
    t.text('status').notNullable().defaultTo('PENDING');
    t.decimal('cost_usd', 16, 8).notNullable().defaultTo(0);
    t.bigInteger('input_tokens').notNullable().defaultTo(0);
    t.bigInteger('output_tokens').notNullable().defaultTo(0);
    t.decimal('input_price_per_million', 16, 6).notNullable().defaultTo(0);
    t.decimal('output_price_per_million', 16, 6).notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['batch_id', 'position']);
  });

  await knex.schema.createTable('batch_items', (t) => {
    t.bigIncrements('id');
    // Deferred: a multipart upload streams its items in before the job row (whose config may
    // arrive after the file) is written, all in one transaction.
    t.uuid('batch_id').notNullable();
    t.integer('sequence_index').notNullable();
    t.text('external_id').notNullable();
    t.text('prompt').notNullable();
    t.text('system_prompt');
    t.jsonb('variables');
    t.text('status').notNullable().defaultTo('PENDING');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('response');
    t.integer('input_tokens').notNullable().defaultTo(0);
    t.integer('output_tokens').notNullable().defaultTo(0);
    t.decimal('cost_usd', 16, 8).notNullable().defaultTo(0);
    t.text('error_code');
    t.text('error_message');
    t.timestamp('updated_at', { useTz: true });
    t.unique(['batch_id', 'sequence_index']);
    t.unique(['batch_id', 'external_id']);
  });
  await knex.raw(
    'ALTER TABLE batch_items ADD CONSTRAINT batch_items_batch_fk FOREIGN KEY (batch_id) REFERENCES batch_jobs(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED',
  );
  await knex.raw('CREATE INDEX batch_items_status ON batch_items (batch_id, status, sequence_index)');

  await knex.schema.createTable('batch_submissions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('batch_id').notNullable().references('batch_jobs.id').onDelete('CASCADE');
    t.uuid('split_id').notNullable().references('batch_splits.id').onDelete('CASCADE');
    t.integer('round').notNullable();
    t.integer('chunk').notNullable();
    t.text('provider_batch_id').notNullable();
    t.integer('item_count').notNullable();
    t.integer('last_seq').notNullable();
    t.text('status').notNullable().defaultTo('in_progress');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['split_id', 'round', 'chunk']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['batch_submissions', 'batch_items', 'batch_splits', 'batch_jobs']) {
    await knex.schema.dropTableIfExists(table);
  }
}
