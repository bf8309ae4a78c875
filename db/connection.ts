import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';
import path from 'node:path';

export type Db = Knex;

/**
 * One knex instance per process; objection models are bound to it. With the database down or
 * unreachable, a request fails within seconds (connect 5 s, a pooled connection within 10 s) and
 * answers 503 rather than hanging for knex's default minute.
 */
export function createDb(databaseUrl: string, poolMax = 20): Db {
  const db = knexFactory({
    client: 'pg',
    connection: { connectionString: databaseUrl, connectionTimeoutMillis: 5000 },
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10_000,
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
