import { loadConfig } from '../lib/config';
import { createDb, migrateLatest } from './connection';

/** `npm run migrate`: applies pending migrations to DATABASE_URL. */
async function main() {
  const config = loadConfig();
  const db = createDb(config.DATABASE_URL, 2);
  try {
    const applied = await migrateLatest(db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
