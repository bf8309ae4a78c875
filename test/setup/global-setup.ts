import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { Client } from 'pg';
import { ensureTemporalCli } from '../../temporal/cli';
import { type DevServer, freePort, startDevServer } from '../../temporal/dev-server';
import { type TestPostgres, resolveTestPostgres } from './test-database';

/**
 * Once per integration run: a real Temporal dev server (in memory, headless), a fresh PostgreSQL
 * database with every migration applied (on the server test-database.ts finds or starts), and the
 * workflow code bundled once. Test files read what
 * they need from the environment variables set here.
 */
const ROOT = path.resolve(__dirname, '../..');

declare global {
  var __gatehouseTemporal: DevServer | undefined;
  var __gatehouseTestDb: { adminUrl: string; name: string } | undefined;
  var __gatehousePostgres: TestPostgres | undefined;
}

export default async function globalSetup() {
  const log = (line: string) => process.stdout.write(`[test setup] ${line}\n`);
  const cli = await ensureTemporalCli(log);
  const port = await freePort();
  const server = await startDevServer({
    cliPath: cli,
    port,
    headless: true,
    logFile: path.join(ROOT, '.data', 'test-temporal.log'),
    startTimeoutMs: 120_000,
  });
  globalThis.__gatehouseTemporal = server;

  const postgres = await resolveTestPostgres(log);
  globalThis.__gatehousePostgres = postgres;
  const adminUrl = postgres.adminUrl;
  process.env.TEST_DATABASE_ADMIN_URL = adminUrl;
  const name = `gatehouse_test_${Date.now()}_${process.pid}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  globalThis.__gatehouseTestDb = { adminUrl, name };
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'db', 'migrate.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: 'pipe',
  });

  const { code } = await bundleWorkflowCode({
    workflowsPath: path.join(ROOT, 'workflows', 'index.ts'),
    logger: { trace() {}, debug() {}, info() {}, warn: log, error: log, log() {} } as never,
  });
  const bundlePath = path.join(tmpdir(), `gatehouse-workflows-${process.pid}.js`);
  writeFileSync(bundlePath, code);

  process.env.TEST_DATABASE_URL = databaseUrl;
  process.env.TEST_TEMPORAL_ADDRESS = server.address;
  process.env.TEST_TEMPORAL_CLI = cli;
  process.env.WORKFLOW_BUNDLE_PATH = bundlePath;
}
