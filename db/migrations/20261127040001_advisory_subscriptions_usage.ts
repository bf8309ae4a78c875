import type { Knex } from 'knex';

/**
 * Routing advisory subscriptions (spec document 3, usage analytics): who uses the subscriber
 * advisory, with which API key, at which tier and limits; one usage event per metered advisory
 * request (written in batches behind the response, services/usage/usage-recorder.ts); and the
 * acknowledgements of computed alerts (an alert id names one episode of one condition, so an
 * acknowledgement lapses by itself when the condition clears and comes back under a new id).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('advisory_subscriptions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('contact_email').notNullable();
    t.text('tier').notNullable();
    t.integer('hourly_limit').notNullable();
    t.integer('daily_limit').notNullable();
    t.timestamp('expires_at', { useTz: true });
    // One subscription per key: the key is how an advisory request finds its subscription.
    t.uuid('api_key_id').notNullable().unique().references('api_keys.id').onDelete('CASCADE');
    t.timestamps(true, true);
    t.index(['company_id', 'created_at']);
  });

  await knex.schema.createTable('advisory_usage_events', (t) => {
    t.uuid('id').primary();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('subscription_id').notNullable().references('advisory_subscriptions.id').onDelete('CASCADE');
    t.text('request_type').notNullable();
    t.boolean('success').notNullable();
    t.text('client_ip');
    t.text('user_agent');
    t.timestamp('created_at', { useTz: true }).notNullable();
    // Summaries, alerts and exports all read one subscription's or one company's events by time.
    t.index(['subscription_id', 'created_at']);
    t.index(['company_id', 'created_at']);
  });

  await knex.schema.createTable('advisory_alert_acks', (t) => {
    t.uuid('subscription_id').notNullable().references('advisory_subscriptions.id').onDelete('CASCADE');
    t.text('alert_id').notNullable();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('acknowledged_by_user_id');
    t.timestamp('acknowledged_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['subscription_id', 'alert_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('advisory_alert_acks');
  await knex.schema.dropTableIfExists('advisory_usage_events');
  await knex.schema.dropTableIfExists('advisory_subscriptions');
}
