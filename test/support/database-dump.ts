import type { Knex } from 'knex';

/**
 * Every row of every table in the database's own schemas, as PostgreSQL's text form of the row
 * (bytea as \x hex, JSON as written): what a stolen database would show, for tests that search it
 * for plaintext. Done through the connection rather than pg_dump, because pg_dump must match the
 * server's major version and a machine with nothing but Node (embedded PostgreSQL 18) has none.
 */
export async function dumpAllRows(db: Knex): Promise<string> {
  const tables = (
    await db.raw<{ rows: Array<{ schema: string; name: string }> }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    )
  ).rows;
  const parts: string[] = [];
  for (const t of tables) {
    const rows = (await db.raw<{ rows: Array<{ row: string }> }>('SELECT t::text AS row FROM ??.?? t', [t.schema, t.name])).rows;
    parts.push(`-- ${t.schema}.${t.name} (${rows.length})`, ...rows.map((r) => r.row));
  }
  return parts.join('\n');
}
