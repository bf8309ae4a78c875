import type { Knex } from 'knex';

/**
 * The prompt library (issue 11): projects, repositories, teams, stored prompts with immutable
 * versions and a production label, test sets and test runs, custom document types, documents and
 * their bindings to prompts; and the deactivation of a company membership (spec document 2, rule 4:
 * "a role in a company the user was deactivated in grants nothing").
 *
 * Names are unique per company ignoring case (lower(name) indexes). prompt_versions rows are
 * immutable: a trigger refuses every UPDATE, so no code path can rewrite history. The version
 * columns of prompts (latest, production) reference prompt_versions through deferred foreign keys:
 * a prompt and its first version are inserted in one transaction, in either order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('memberships', (t) => {
    t.timestamp('deactivated_at', { useTz: true });
  });

  await knex.schema.createTable('projects', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description');
    t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
  });
  await knex.raw('CREATE UNIQUE INDEX projects_company_name_unique ON projects (company_id, lower(name))');

  await knex.schema.createTable('project_members', (t) => {
    t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('role').notNullable().defaultTo('EDITOR'); // EDITOR | VIEWER
    t.timestamp('added_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['project_id', 'user_id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('repositories', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    // The public id the spec's repositoryId fields carry (repo_<suffix>).
    t.text('repository_id').notNullable().unique();
    // RESTRICT: a project with repositories is not deleted from under them (the API answers 409).
    t.uuid('project_id').references('projects.id').onDelete('RESTRICT');
    t.text('name').notNullable();
    t.text('description');
    t.text('default_branch').notNullable().defaultTo('main');
    t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.index(['project_id']);
  });
  await knex.raw('CREATE UNIQUE INDEX repositories_company_name_unique ON repositories (company_id, lower(name))');

  await knex.schema.createTable('teams', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description');
    t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
  });
  await knex.raw('CREATE UNIQUE INDEX teams_company_name_unique ON teams (company_id, lower(name))');

  await knex.schema.createTable('team_members', (t) => {
    t.uuid('team_id').notNullable().references('teams.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // A deactivated team membership stays listed but shares nothing (visibility rule 1).
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('added_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['team_id', 'user_id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('prompts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('prompt_id').notNullable().unique();
    t.text('name').notNullable();
    t.text('description');
    t.text('category');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.text('visibility').notNullable().defaultTo('PRIVATE');
    t.specificType('shared_with_user_ids', 'uuid[]').notNullable().defaultTo('{}');
    t.specificType('shared_with_team_ids', 'uuid[]').notNullable().defaultTo('{}');
    // RESTRICT: a repository holding prompts is not deleted from under them (409).
    t.uuid('repository_id').references('repositories.id').onDelete('RESTRICT');
    t.text('branch').notNullable().defaultTo('main');
    // The pinned task (gateway rule 5): task codes of the routing vocabulary.
    t.specificType('task_codes', 'text[]').notNullable().defaultTo('{}');
    t.boolean('is_active').notNullable().defaultTo(true);
    // SHA-256 of the latest version's userPrompt: the company-wide duplicate check.
    t.text('content_hash').notNullable();
    t.uuid('latest_version_id');
    t.uuid('production_version_id');
    t.integer('version_count').notNullable().defaultTo(0);
    t.bigInteger('total_executions').notNullable().defaultTo(0);
    t.timestamp('last_executed_at', { useTz: true });
    t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.uuid('created_by_api_key_id').references('api_keys.id').onDelete('SET NULL');
    t.uuid('cloned_from_id').references('prompts.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.index(['company_id', 'content_hash']);
    t.index(['company_id', 'created_at']);
  });
  await knex.raw('CREATE UNIQUE INDEX prompts_company_name_unique ON prompts (company_id, lower(name))');

  await knex.schema.createTable('prompt_versions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('prompt_id').notNullable().references('prompts.id').onDelete('CASCADE');
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.integer('version_number').notNullable();
    t.text('user_prompt').notNullable();
    t.text('system_prompt');
    t.double('temperature').notNullable();
    t.integer('max_tokens').notNullable();
    t.specificType('variables', 'text[]').notNullable().defaultTo('{}');
    t.text('content_hash').notNullable();
    t.text('note');
    t.uuid('created_by_user_id');
    t.uuid('created_by_api_key_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['prompt_id', 'version_number']);
  });
  await knex.raw(`
    CREATE FUNCTION prompt_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'prompt versions are immutable' USING ERRCODE = 'restrict_violation';
    END $$;
    CREATE TRIGGER prompt_versions_no_update BEFORE UPDATE ON prompt_versions
      FOR EACH ROW EXECUTE FUNCTION prompt_versions_immutable();
    ALTER TABLE prompts
      ADD CONSTRAINT prompts_latest_version_fk FOREIGN KEY (latest_version_id) REFERENCES prompt_versions (id) DEFERRABLE INITIALLY DEFERRED,
      ADD CONSTRAINT prompts_production_version_fk FOREIGN KEY (production_version_id) REFERENCES prompt_versions (id) DEFERRABLE INITIALLY DEFERRED;
  `);

  await knex.schema.createTable('prompt_test_sets', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('prompt_id').notNullable().references('prompts.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description');
    // Variable values: {name: value}.
    t.jsonb('values').notNullable().defaultTo('{}');
    t.specificType('expected_contains', 'text[]').notNullable().defaultTo('{}');
    t.text('expected_pattern');
    t.uuid('created_by_user_id');
    t.timestamps(true, true);
    t.index(['prompt_id', 'created_at']);
  });
  await knex.raw('CREATE UNIQUE INDEX prompt_test_sets_prompt_name_unique ON prompt_test_sets (prompt_id, lower(name))');

  await knex.schema.createTable('prompt_test_runs', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('prompt_id').notNullable().references('prompts.id').onDelete('CASCADE');
    t.uuid('version_id').notNullable().references('prompt_versions.id').onDelete('CASCADE');
    t.uuid('test_set_id').references('prompt_test_sets.id').onDelete('SET NULL');
    t.text('status').notNullable().defaultTo('QUEUED'); // QUEUED | RUNNING | COMPLETED | FAILED
    t.integer('total').notNullable().defaultTo(0);
    t.integer('passed').notNullable().defaultTo(0);
    t.integer('failed').notNullable().defaultTo(0);
    t.integer('errored').notNullable().defaultTo(0);
    t.text('error');
    t.uuid('requested_by_user_id');
    t.uuid('requested_by_api_key_id');
    t.text('workflow_id').notNullable();
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['prompt_id', 'created_at']);
  });

  await knex.schema.createTable('prompt_test_cases', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('run_id').notNullable().references('prompt_test_runs.id').onDelete('CASCADE');
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    // The test set as it was when the run started (it may change or go later).
    t.uuid('test_set_id').references('prompt_test_sets.id').onDelete('SET NULL');
    t.text('test_set_name').notNullable();
    t.integer('position').notNullable();
    t.jsonb('values').notNullable().defaultTo('{}');
    t.specificType('expected_contains', 'text[]').notNullable().defaultTo('{}');
    t.text('expected_pattern');
    t.text('status').notNullable().defaultTo('PENDING'); // PENDING | PASSED | FAILED | ERROR
    t.text('answer');
    t.text('provider');
    t.text('model');
    t.integer('prompt_tokens');
    t.integer('completion_tokens');
    t.integer('total_tokens');
    t.decimal('cost_usd', 16, 8);
    t.integer('latency_ms');
    t.uuid('execution_id');
    t.jsonb('checks');
    t.text('error_code');
    t.text('error_message');
    t.timestamp('completed_at', { useTz: true });
    t.unique(['run_id', 'position']);
  });

  await knex.schema.createTable('custom_document_types', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('display_name').notNullable();
    t.text('description');
    t.text('scope').notNullable().defaultTo('COMPANY'); // COMPANY | PROJECT
    t.uuid('project_id').references('projects.id').onDelete('CASCADE');
    t.jsonb('metadata_schema').notNullable().defaultTo('[]');
    t.uuid('created_by_user_id');
    t.timestamps(true, true);
  });
  await knex.raw('CREATE UNIQUE INDEX custom_document_types_company_name_unique ON custom_document_types (company_id, lower(name))');

  await knex.schema.createTable('custom_documents', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    // RESTRICT: a type in use is not deleted (409).
    t.uuid('type_id').notNullable().references('custom_document_types.id').onDelete('RESTRICT');
    t.text('name').notNullable();
    t.text('content').notNullable();
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.uuid('created_by_user_id');
    t.timestamps(true, true);
    t.index(['company_id', 'created_at']);
    t.index(['type_id']);
  });

  await knex.schema.createTable('custom_document_bindings', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.uuid('document_id').notNullable().references('custom_documents.id').onDelete('CASCADE');
    t.uuid('prompt_id').notNullable().references('prompts.id').onDelete('CASCADE');
    t.text('injection_mode').notNullable().defaultTo('prepend'); // prepend | append | placeholder
    t.text('placeholder');
    t.integer('position').notNullable().defaultTo(0);
    t.uuid('created_by_user_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['document_id', 'prompt_id']);
    t.index(['prompt_id', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'custom_document_bindings',
    'custom_documents',
    'custom_document_types',
    'prompt_test_cases',
    'prompt_test_runs',
    'prompt_test_sets',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw('ALTER TABLE IF EXISTS prompts DROP CONSTRAINT IF EXISTS prompts_latest_version_fk, DROP CONSTRAINT IF EXISTS prompts_production_version_fk');
  await knex.schema.dropTableIfExists('prompt_versions');
  await knex.raw('DROP FUNCTION IF EXISTS prompt_versions_immutable()');
  for (const table of ['prompts', 'team_members', 'teams', 'repositories', 'project_members', 'projects']) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.schema.alterTable('memberships', (t) => {
    t.dropColumn('deactivated_at');
  });
}
