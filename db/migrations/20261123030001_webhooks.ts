import type { Knex } from 'knex';

/**
 * Account webhooks and their deliveries. A delivery is one event to one URL (an account webhook's,
 * or a batch callbackUrl); its attempts are rows of their own so the deliveries list can show every
 * attempt and its outcome. Secrets are stored encrypted (SecretBox): the service must read them to
 * sign. A delivery keeps its own copy of URL and secret, so a callback needs no webhook row and a
 * retry signs exactly as the first attempt did.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhooks', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('url').notNullable();
    t.specificType('events', 'text[]').notNullable();
    t.text('secret_encrypted').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.uuid('created_by_user_id');
    t.timestamps(true, true);
    t.index(['company_id', 'created_at']);
  });

  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    // SET NULL: the history of a deleted webhook stays listable; its pending retries are cancelled.
    t.uuid('webhook_id').references('webhooks.id').onDelete('SET NULL');
    t.text('source').notNullable(); // WEBHOOK | CALLBACK
    t.text('event').notNullable();
    t.text('url').notNullable();
    t.text('secret_encrypted').notNullable();
    t.jsonb('data').notNullable();
    t.integer('timeout_ms');
    t.text('status').notNullable().defaultTo('PENDING');
    t.integer('attempt_count').notNullable().defaultTo(0);
    t.integer('last_status_code');
    t.text('last_error');
    t.timestamp('next_attempt_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.text('workflow_id').notNullable();
    t.timestamps(true, true);
    t.index(['company_id', 'created_at']);
    t.index(['webhook_id', 'created_at']);
  });

  await knex.schema.createTable('webhook_delivery_attempts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('delivery_id').notNullable().references('webhook_deliveries.id').onDelete('CASCADE');
    t.integer('attempt').notNullable();
    t.boolean('success').notNullable();
    t.integer('status_code');
    t.text('error');
    t.integer('duration_ms').notNullable();
    t.timestamp('attempted_at', { useTz: true }).notNullable();
    // An activity retried after a lost acknowledgement rewrites its attempt instead of adding one.
    t.unique(['delivery_id', 'attempt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('webhook_delivery_attempts');
  await knex.schema.dropTableIfExists('webhook_deliveries');
  await knex.schema.dropTableIfExists('webhooks');
}
