import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';
import path from 'node:path';

export type Db = Knex;

/** One knex instance per process; objection models are bound to it. */
export function createDb(databaseUrl: string, poolMax = 20): Db {
  const db = knexFactory({
    client: 'pg',
    connection: databaseUrl,
    pool: { min: 0, max: poolMax },
    migrations: {
      directory: path.join(__dirname, 'migrations'),
      loadExtensions: ['.ts'],
      tableName: 'knex_migrations',
    },
  });
  Model.knex(db);
  return db;
}

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
}
