import type { Knex } from 'knex';

/**
 * Circuit breakers and provider health.
 *
 * provider_breakers: one row per provider, written only by the `breaker:<providerId>` workflow's
 * activity (the workflow owns the state; the row is how every api process and the admin endpoint
 * see it). `generation` goes up by one on every transition, so a late write of an older state never
 * overwrites a newer one, and outcomes counted under an old state can be told apart.
 *
 * provider_health_snapshots: what the periodic health writer measured for each active provider over
 * its window, with the trust score derived from it (see domain/routing/provider-health.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('provider_breakers', (t) => {
    t.uuid('provider_id').primary().references('providers.id').onDelete('CASCADE');
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('state').notNullable().defaultTo('closed');
    t.integer('generation').notNullable().defaultTo(0);
    t.integer('window_samples').notNullable().defaultTo(0);
    t.integer('window_failures').notNullable().defaultTo(0);
    t.timestamp('opened_at', { useTz: true });
    t.timestamp('half_open_at', { useTz: true });
    t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('last_error_kind');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id']);
    // Every api process polls "rows changed since I last looked" about once a second.
    t.index(['updated_at']);
  });

  await knex.schema.createTable('provider_health_snapshots', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('provider_id').notNullable().references('providers.id').onDelete('CASCADE');
    t.integer('window_seconds').notNullable();
    t.integer('samples').notNullable();
    t.integer('failures').notNullable();
    t.double('success_rate');
    t.double('p50_latency_ms');
    t.double('p95_latency_ms');
    t.text('breaker_state').notNullable().defaultTo('closed');
    t.integer('trust_score').notNullable();
    t.timestamp('taken_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'provider_id', 'taken_at']);
    t.index(['taken_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('provider_health_snapshots');
  await knex.schema.dropTableIfExists('provider_breakers');
}
