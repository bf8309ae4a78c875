import { Client } from 'pg';

export default async function globalTeardown() {
  await globalThis.__gatehouseTemporal?.stop();
  const db = globalThis.__gatehouseTestDb;
  if (db && !process.env.KEEP_TEST_DATABASE) {
    const admin = new Client({ connectionString: db.adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${db.name} WITH (FORCE)`);
    await admin.end();
  }
  await globalThis.__gatehousePostgres?.stop();
}
