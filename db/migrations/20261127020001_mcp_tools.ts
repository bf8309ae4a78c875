import type { Knex } from 'knex';

/**
 * The agent-tool endpoint (spec document 1, issue 12).
 *
 * - mcp_tools: a company's custom tools (one stored prompt published under a tool name) and chain
 *   tools (an ordered list of stored prompts). prompt_ids holds the prompts' database ids in step
 *   order (one for a custom tool); no foreign key, so a deleted prompt leaves a tool whose step is
 *   missing, which tools/list omits and tools/call answers as the spec says.
 * - mcp_chain_runs: one run of a chain tool (`chain:<runId>` in Temporal). steps pins each step's
 *   prompt version at the start; outputs are written by the workflow's last activity.
 * - mcp_key_usage: the agent-tool monthly counters of a gateway key (against the key's
 *   maxRequestsPerMonth and maxTokensPerMonth). A table of their own, not api_keys columns: the
 *   execution recorder updates the key's row (requests_this_month, every gateway execution) inside
 *   its batched flush, and every tools/call would wait for that row lock. A tools/call counts once
 *   here, whatever it runs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mcp_tools', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description');
    t.text('kind').notNullable(); // custom | chain
    t.specificType('prompt_ids', 'uuid[]').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.uuid('created_by_api_key_id');
    t.timestamps(true, true);
    t.unique(['company_id', 'name']);
  });

  await knex.schema.createTable('mcp_chain_runs', (t) => {
    t.uuid('id').primary();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('tool_id').references('mcp_tools.id').onDelete('SET NULL');
    t.text('tool_name').notNullable();
    t.uuid('api_key_id');
    t.uuid('user_id');
    t.text('status').notNullable().defaultTo('RUNNING'); // RUNNING | COMPLETED | FAILED
    t.jsonb('steps').notNullable();
    t.jsonb('outputs').notNullable().defaultTo('[]');
    t.text('error');
    t.integer('total_tokens').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
    t.index(['company_id', 'created_at']);
  });

  await knex.schema.createTable('mcp_key_usage', (t) => {
    t.uuid('api_key_id').primary().references('api_keys.id').onDelete('CASCADE');
    t.text('month').notNullable(); // YYYY-MM, UTC
    t.integer('requests').notNullable().defaultTo(0);
    t.bigInteger('tokens').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mcp_key_usage');
  await knex.schema.dropTableIfExists('mcp_chain_runs');
  await knex.schema.dropTableIfExists('mcp_tools');
}
