/**
 * The bench's own database: created, seeded (a company, simulator providers, a gateway key), pinned and dropped.
 */
import { execFileSync, } from 'node:child_process';
import { Client } from 'pg';
import { createContainer, createInfrastructure } from '../../services/container';
import { registerSimulatorProviders } from '../../services/providers/simulator-providers';
import { migrateLatest } from '../../db/connection';
import { loadConfig } from '../../lib/config';
import { randomToken } from '../../lib/crypto';
import { seedScenario } from '../routing-scenario';

import { PIN_CPUS } from './processes';
import { ADMIN_URL, COMPARE, DB_NAME, PRODUCTION_ENV, SCENARIO_POLICY, SCENARIO_PROVIDERS, STAMP, env, log } from './config';

export function dbUrl(name: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export let dbCreated = false;

export async function createDatabase(): Promise<void> {
  await admin((c) => c.query(`CREATE DATABASE ${DB_NAME}`));
  dbCreated = true;
}

export async function dropDatabase(): Promise<void> {
  if (!dbCreated) return;
  dbCreated = false;
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`));
  log(`dropped database ${DB_NAME}`);
}

/** Migrates and creates a company, its simulator-backed providers and a FULL_ACCESS gateway key. */
export async function seed(
  databaseUrl: string,
  encryptionKey: string,
  simulatorUrl: string,
): Promise<{ gatewayKey: string; companyId: string; scenario: { gatewayKey: string; companyId: string } | null }> {
  const config = loadConfig({ ...env, ...PRODUCTION_ENV, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, ENCRYPTION_KEY: encryptionKey, DATABASE_POOL_MAX: '2' });
  const container = createContainer(createInfrastructure(config));
  try {
    await migrateLatest(container.db);
    const s = container.services;
    const company = await s.companies.createCompany({ name: `Bench Co ${STAMP}` });
    const { user } = await s.companies.addUser(company.id, {
      email: `bench-${randomToken('', 8).toLowerCase()}@example.test`,
      password: `pw-${randomToken('', 16)}`,
      role: 'ACCOUNT_OWNER',
    });
    await registerSimulatorProviders(s.providers, company.id, simulatorUrl, { userId: user.id });
    const { key } = await s.apiKeys.create(company.id, { name: 'bench key', kind: 'GATEWAY', type: 'FULL_ACCESS' }, { userId: user.id });
    const scenario = COMPARE ? await seedScenario(container, simulatorUrl, SCENARIO_PROVIDERS, SCENARIO_POLICY, STAMP) : null;
    return { gatewayKey: key, companyId: company.id, scenario };
  } finally {
    await container.close();
  }
}

/**
 * BENCH_PIN: the PostgreSQL backends serving the bench database (the api's pool, opened by then)
 * join the bench on the other CPUs, so the api's core runs the api alone. Only this database's
 * backends are touched; they end with the bench. Returns how many were pinned.
 */
export async function pinDatabaseBackends(): Promise<number> {
  const pids = await admin((c) => c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [DB_NAME]));
  let pinned = 0;
  for (const { pid } of pids.rows) {
    try {
      execFileSync('taskset', ['-a', '-p', '-c', PIN_CPUS.rest, String(pid)], { stdio: 'ignore' });
      pinned++;
    } catch {
      // not ours to pin (another user's server): the comparison still runs, with more noise
    }
  }
  return pinned;
}

export async function countExecutions(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*)::text as n from executions');
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

