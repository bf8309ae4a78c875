import type { Knex } from 'knex';

/**
 * A key acts for its owner: deleting the owner must delete their keys, not turn them into
 * company-level keys with their type's full permissions (which ON DELETE SET NULL did).
 * Login throttling counts failures per IP as well as per email: index that lookup.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('api_keys', (t) => {
    t.dropForeign(['created_by_user_id']);
    t.foreign('created_by_user_id').references('users.id').onDelete('CASCADE');
  });
  await knex.schema.alterTable('login_attempts', (t) => {
    t.index(['ip', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('login_attempts', (t) => {
    t.dropIndex(['ip', 'created_at']);
  });
  await knex.schema.alterTable('api_keys', (t) => {
    t.dropForeign(['created_by_user_id']);
    t.foreign('created_by_user_id').references('users.id').onDelete('SET NULL');
  });
}
