import type { Knex } from 'knex';

/**
 * Architect sessions (spec document 3, issue 17). One row per session, the PostgreSQL mirror of the
 * `architect:<id>` workflow that owns its state machine: every transition is written with the
 * workflow's sequence number (`version`), only when it is newer than the row's, so a retried
 * activity writes nothing twice; `transitions` keeps one entry per transition (state, seq, time).
 *
 * session_id is the public id (arch_<suffix>); the route id is the database id. generated_ids holds
 * what accepting provisioned (project, repository, routing policy, prompts, reference library,
 * bindings), written in the provisioning transaction.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('architect_sessions', (t) => {
    t.uuid('id').primary();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('session_id').notNullable().unique();
    t.text('title').notNullable();
    t.text('status').notNullable().defaultTo('INPUT');
    t.jsonb('requirements').notNullable();
    t.jsonb('analysis');
    t.jsonb('dialogue_history').notNullable().defaultTo('[]');
    t.jsonb('proposal');
    t.jsonb('generated_ids');
    t.jsonb('user_metadata').notNullable().defaultTo('{}');
    t.integer('version').notNullable().defaultTo(0);
    t.jsonb('transitions').notNullable().defaultTo('[]');
    t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('accepted_at', { useTz: true });
    t.timestamp('rejected_at', { useTz: true });
    t.index(['company_id', 'created_at']);
  });
  await knex.raw(
    "ALTER TABLE architect_sessions ADD CONSTRAINT architect_sessions_status_check CHECK (status IN ('INPUT','ANALYZING','DIALOGUE','GENERATING','PROPOSAL_READY','ACCEPTED','REJECTED'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('architect_sessions');
}
