import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pino from 'pino';
import { createContainer, createInfrastructure } from '../services/container';
import { simulatorProviders } from '../services/providers/simulator-providers';
import { seedDemoPromptLibrary } from '../services/prompts/demo-library';
import { seedSyntheticDemo } from '../services/synthetic/demo';
import { createDb, migrateLatest } from '../db/connection';
import { type ResolvedDatabase, redactUrl, resolveDatabase } from '../db/local-postgres';
import { Membership } from '../db/models/membership';
import { User } from '../db/models/user';
import { type Config, loadConfig } from '../lib/config';
import { hashPassword, randomToken, sha256Hex } from '../lib/crypto';
import { isUuid } from '../lib/ids';
import { ensureTemporalCli } from '../temporal/cli';
import { type DevServer, startDevServer } from '../temporal/dev-server';
import { createCompanyWithAdmin } from './admin';

/**
 * `npm start` (through scripts/start.mjs): the whole of Gatehouse on one machine.
 *   Temporal dev server (SQLite under the data dir) -> PostgreSQL (DATABASE_URL, a local server,
 *   or an embedded one) -> migrations -> simulator, api and worker as child processes -> the demo
 *   company on first start -> a box with URLs and credentials.
 * Ctrl-C / SIGTERM stops everything in order: api (flushes its buffered records), worker,
 * simulator, Temporal, embedded PostgreSQL. A second Ctrl-C kills everything at once.
 */

const ROOT = path.resolve(__dirname, '..');
const env = process.env;
const dataDir = path.resolve(env.GATEHOUSE_DATA_DIR ?? path.join(ROOT, '.data'));
const logsDir = path.join(dataDir, 'logs');
const credentialsFile = path.join(dataDir, 'demo-credentials.json');
const STOP_TIMEOUT_MS = 15_000;
const READY_TIMEOUT_MS = 180_000;

export const DEMO_COMPANY_NAME = 'Demo Company';
export const DEMO_ADMIN_EMAIL = 'admin@gatehouse.local';

const useColor = Boolean(process.stdout.isTTY) && !env.NO_COLOR;
const paint = (code: number, text: string) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : text);
const say = (line: string) => console.log(`${paint(1, '[gatehouse]')} ${line}`);
const relative = (p: string) => {
  const r = path.relative(process.cwd(), p);
  return r && !r.startsWith('..') ? r : p;
};

class StartupError extends Error {}

const sanitizerSecretsFile = path.join(dataDir, 'sanitizer-secrets.json');
let sanitizerSecretsCache: { token: string; encryptionKey: string } | null = null;
/** The sanitizer's service token and master key for this data dir: generated once, kept (mode 600). */
function sanitizerSecrets(): { token: string; encryptionKey: string } {
  if (sanitizerSecretsCache) return sanitizerSecretsCache;
  if (existsSync(sanitizerSecretsFile)) {
    sanitizerSecretsCache = JSON.parse(readFileSync(sanitizerSecretsFile, 'utf8')) as { token: string; encryptionKey: string };
  } else {
    sanitizerSecretsCache = { token: env.SANITIZER_API_TOKEN ?? randomToken('', 40), encryptionKey: randomBytes(32).toString('base64') };
    writeFileSync(sanitizerSecretsFile, JSON.stringify(sanitizerSecretsCache, null, 2), { mode: 0o600 });
  }
  if (env.SANITIZER_API_TOKEN) sanitizerSecretsCache.token = env.SANITIZER_API_TOKEN;
  return sanitizerSecretsCache;
}
/** Thrown at the next start-up step once a shutdown began, so start-up stops there. */
class Aborted extends Error {}

// ---------------------------------------------------------------------------------------------
// Child processes
// ---------------------------------------------------------------------------------------------

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const HIDDEN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'v']);

/** pino JSON lines become "INFO message {extra}"; anything else is printed as it is. */
function formatLine(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line) as Record<string, unknown>;
    if (typeof entry.level !== 'number') return line;
    const extra: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(entry)) if (!HIDDEN_FIELDS.has(k)) extra[k] = v;
    const err = extra.err as { message?: string; stack?: string } | undefined;
    if (err && typeof err === 'object') extra.err = err.stack ?? err.message;
    const level = LEVELS[entry.level] ?? String(entry.level);
    const rest = Object.keys(extra).length ? ` ${JSON.stringify(extra)}` : '';
    return `${entry.level >= 50 ? paint(31, level) : entry.level >= 40 ? paint(33, level) : level} ${entry.msg ?? ''}${rest}`;
  } catch {
    return line;
  }
}

class ManagedChild {
  process: ChildProcess | null = null;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | null = null;
  stopping = false;

  constructor(
    readonly name: string,
    private readonly prefix: string,
    private readonly script: string,
    private readonly childEnv: NodeJS.ProcessEnv,
    private readonly color: number,
  ) {}

  get running(): boolean {
    return !!this.process && this.process.exitCode === null && this.process.signalCode === null;
  }

  start(onUnexpectedExit: (child: ManagedChild, code: number | null, signal: NodeJS.Signals | null) => void): void {
    const logFile = path.join(logsDir, `${this.name}.log`);
    const log = createWriteStream(logFile, { flags: 'a' });
    log.write(`--- ${new Date().toISOString()} starting ${this.script}\n`);
    // A process group of its own: a Ctrl-C in a terminal reaches only the orchestrator, which
    // then stops the children in order.
    const child = spawn(process.execPath, ['--import', 'tsx', this.script], {
      cwd: ROOT,
      env: this.childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
    });
    this.process = child;
    const label = paint(this.color, this.prefix);
    for (const [stream, out] of [
      [child.stdout!, process.stdout],
      [child.stderr!, process.stderr],
    ] as const) {
      createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
        log.write(`${line}\n`);
        out.write(`${label} ${formatLine(line)}\n`);
      });
    }
    this.exit = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        log.end(`--- ${new Date().toISOString()} exited (${signal ?? code})\n`);
        resolve({ code, signal });
        if (!this.stopping) onUnexpectedExit(this, code, signal);
      });
    });
    child.once('error', (err) => {
      say(`${this.name}: ${err.message}`);
    });
  }

  /** SIGTERM, then SIGKILL after the timeout. */
  async stop(timeoutMs = STOP_TIMEOUT_MS): Promise<void> {
    this.stopping = true;
    if (!this.process || !this.running) return;
    const timer = setTimeout(() => {
      say(`${this.name} did not stop within ${timeoutMs / 1000}s: killing it`);
      this.kill();
    }, timeoutMs);
    this.process.kill('SIGTERM');
    await this.exit;
    clearTimeout(timer);
  }

  kill(): void {
    this.stopping = true;
    if (this.process && this.running) this.process.kill('SIGKILL');
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

function portAnswers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function portFrom(name: string, fallback: number): number {
  const raw = env[name];
  const port = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new StartupError(`${name} is not a port number: ${raw}`);
  return port;
}

async function assertPortFree(port: number, what: string, hint: string): Promise<void> {
  if (await portAnswers(port)) throw new StartupError(`port ${port} (${what}) is already in use. ${hint}`);
}

async function waitForHttp(url: string, child: ManagedChild, deadline: number): Promise<void> {
  for (;;) {
    checkpoint();
    if (!child.running) throw new StartupError(`${child.name} exited before it was ready (see ${relative(path.join(logsDir, `${child.name}.log`))})`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new StartupError(`${child.name} did not answer ${url} within ${READY_TIMEOUT_MS / 1000}s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

// ---------------------------------------------------------------------------------------------
// The demo company
// ---------------------------------------------------------------------------------------------

interface DemoCredentials {
  note: string;
  companyId: string;
  companyName: string;
  adminUserId: string;
  adminEmail: string;
  adminPassword: string;
  gatewayKeyId: string;
  gatewayKey: string;
  createdAt: string;
}

const CREDENTIALS_NOTE =
  'Created by npm start. The gateway key is stored only hashed in the database: this file is its only copy. ' +
  'Delete the data directory to start over with a new demo company.';

function readCredentials(): DemoCredentials | null {
  if (!existsSync(credentialsFile)) return null;
  try {
    const parsed = JSON.parse(readFileSync(credentialsFile, 'utf8')) as DemoCredentials;
    return isUuid(parsed.companyId) && typeof parsed.gatewayKey === 'string' ? parsed : null;
  } catch {
    say(`${relative(credentialsFile)} is not readable JSON: ignoring it`);
    return null;
  }
}

function writeCredentials(creds: DemoCredentials): void {
  const tmp = `${credentialsFile}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(creds, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, credentialsFile);
}

/**
 * The demo company: reused when the credentials file names a company this database has; created
 * (with its admin, a FULL_ACCESS key and the five simulator providers) otherwise. If the company
 * exists but the file is gone, the key cannot be recovered (only its hash is stored): a new key is
 * issued and the demo admin's password reset.
 */
async function ensureDemo(config: Config, simulatorUrl: string): Promise<{ creds: DemoCredentials; created: boolean }> {
  const logger = pino({ name: 'gatehouse-start', level: 'warn' }, pino.destination(2));
  const container = createContainer(createInfrastructure({ ...config, DATABASE_POOL_MAX: 2 }, { logger }));
  const s = container.services;
  try {
    const saved = readCredentials();
    if (saved) {
      const company = await s.companies.getCompany(saved.companyId);
      if (company) {
        let creds = saved;
        const key = await container
          .db('api_keys')
          .where({ key_hash: sha256Hex(saved.gatewayKey) })
          .whereNull('revoked_at')
          .first('id');
        if (!key) {
          say('the saved demo gateway key no longer works (revoked?): issuing a new one');
          const issued = await s.apiKeys.create(company.id, { name: 'demo gateway key', kind: 'GATEWAY', type: 'FULL_ACCESS' }, { userId: saved.adminUserId });
          creds = { ...saved, gatewayKeyId: issued.apiKey.id, gatewayKey: issued.key };
          writeCredentials(creds);
        }
        await syncDemoProviders(container, company.id, saved.adminUserId, simulatorUrl);
        await seedPromptLibrary(container, company.id, saved.adminUserId);
        return { creds, created: false };
      }
      say(`the demo company in ${relative(credentialsFile)} is not in this database: creating a new one`);
    }

    const adminPassword = randomToken('', 24);
    const existingUser = await s.companies.findUserByEmail(DEMO_ADMIN_EMAIL);
    if (existingUser) {
      const membership = await container
        .db('memberships as m')
        .join('companies as c', 'c.id', 'm.company_id')
        .where({ 'm.user_id': existingUser.id, 'c.name': DEMO_COMPANY_NAME })
        .first('c.id as company_id');
      if (!membership) {
        throw new StartupError(`${DEMO_ADMIN_EMAIL} exists in this database but is not in "${DEMO_COMPANY_NAME}": cannot set up the demo`);
      }
      say(`"${DEMO_COMPANY_NAME}" exists but ${relative(credentialsFile)} is gone: resetting the demo admin's password and issuing a new key`);
      await User.query(container.db)
        .findById(existingUser.id)
        .patch({ passwordHash: await hashPassword(adminPassword) });
      const issued = await s.apiKeys.create(membership.company_id, { name: 'demo gateway key', kind: 'GATEWAY', type: 'FULL_ACCESS' }, { userId: existingUser.id });
      await syncDemoProviders(container, membership.company_id, existingUser.id, simulatorUrl);
      await seedPromptLibrary(container, membership.company_id, existingUser.id);
      const creds: DemoCredentials = {
        note: CREDENTIALS_NOTE,
        companyId: membership.company_id,
        companyName: DEMO_COMPANY_NAME,
        adminUserId: existingUser.id,
        adminEmail: DEMO_ADMIN_EMAIL,
        adminPassword,
        gatewayKeyId: issued.apiKey.id,
        gatewayKey: issued.key,
        createdAt: new Date().toISOString(),
      };
      writeCredentials(creds);
      return { creds, created: false };
    }

    say(`first start: creating "${DEMO_COMPANY_NAME}" with an admin, a gateway key and simulator providers of all five types`);
    const created = await createCompanyWithAdmin(container, {
      name: DEMO_COMPANY_NAME,
      packageName: 'enterprise',
      adminEmail: DEMO_ADMIN_EMAIL,
      adminPassword,
      adminFirstName: 'Demo',
      adminLastName: 'Admin',
      simulatorUrl,
      keyName: 'demo gateway key',
    });
    const creds: DemoCredentials = {
      note: CREDENTIALS_NOTE,
      companyId: created.company.id,
      companyName: DEMO_COMPANY_NAME,
      adminUserId: created.user.id,
      adminEmail: DEMO_ADMIN_EMAIL,
      adminPassword,
      gatewayKeyId: created.apiKeyId,
      gatewayKey: created.apiKey,
      createdAt: new Date().toISOString(),
    };
    await seedPromptLibrary(container, created.company.id, created.user.id);
    writeCredentials(creds);
    return { creds, created: true };
  } finally {
    await container.close().catch(() => {});
  }
}

/** The demo prompt library (example prompts, a test set, a bound policy document), once. */
async function seedPromptLibrary(container: ReturnType<typeof createContainer>, companyId: string, adminUserId: string): Promise<void> {
  const { created, promptId } = await seedDemoPromptLibrary({ db: container.db, ...container.services }, { companyId, userId: adminUserId });
  if (created) say(`added the demo prompt library: three example prompts, a test set and a bound policy document (try metadata.promptId ${promptId})`);
  // Synthetic testing: the curated library and a schedule probing the default provider every minute.
  try {
    const synthetic = await seedSyntheticDemo(container.services, { companyId, userId: adminUserId });
    if (synthetic.scheduleId) say(`added a synthetic schedule probing the default provider every minute (results: GET /api/v1/synthetic/analytics)`);
  } catch (err) {
    say(`could not set up the demo synthetic schedule: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The demo's simulator providers exist and point at this run's simulator (its port may have changed). */
async function syncDemoProviders(
  container: ReturnType<typeof createContainer>,
  companyId: string,
  adminUserId: string | null,
  simulatorUrl: string,
): Promise<void> {
  const existing: { id: string; name: string; base_url: string | null }[] = await container
    .db('providers')
    .where({ company_id: companyId })
    .select('id', 'name', 'base_url');
  const owner = adminUserId ? await Membership.query(container.db).findOne({ user_id: adminUserId, company_id: companyId }) : undefined;
  const actor = { userId: owner ? adminUserId : null };
  let repointed = 0;
  for (const wanted of simulatorProviders(simulatorUrl)) {
    const have = existing.find((p) => p.name === wanted.name);
    if (!have) {
      await container.services.providers.create(companyId, wanted, actor);
      say(`added the missing demo provider ${wanted.name}`);
    } else if (have.base_url !== (wanted.baseUrl ?? null)) {
      await container
        .db('providers')
        .where({ id: have.id })
        .update({ base_url: wanted.baseUrl ?? null, updated_at: container.db.fn.now() });
      repointed++;
    }
  }
  if (repointed) say(`pointed ${repointed} demo providers at the simulator on ${simulatorUrl}`);
}

function printBox(o: {
  apiUrl: string;
  simulatorUrl: string;
  sanitizerUrl: string;
  temporalAddress: string;
  temporalUiUrl: string | null;
  databaseUrl: string;
  databaseSource: string;
  creds: DemoCredentials;
}): void {
  const rule = '─'.repeat(78);
  const row = (label: string, value: string) => `  ${label.padEnd(15)} ${value}`;
  const curl =
    `curl -s -X POST ${o.apiUrl}/api/gateway/execute -H 'Authorization: Bearer ${o.creds.gatewayKey}' ` +
    `-H 'Content-Type: application/json' -d '{"prompt":"Hello"}'`;
  const lines = [
    '',
    rule,
    `  ${paint(1, 'Gatehouse is ready')}`,
    rule,
    row('Console', `${o.apiUrl}/console/ (sign in with the admin email and password below)`),
    row('API', o.apiUrl),
    row('API docs', `${o.apiUrl}/docs`),
    row('OpenAPI', `${o.apiUrl}/api/openapi.json`),
    row('MCP', `${o.apiUrl}/api/v1/mcp (Streamable HTTP; Authorization: Bearer <gateway key>; see README, "MCP clients")`),
    row('Temporal UI', o.temporalUiUrl ?? `(external Temporal at ${o.temporalAddress}; set TEMPORAL_UI_URL to show its UI here)`),
    row('Temporal', o.temporalAddress),
    row('Simulator', o.simulatorUrl),
    row('Sanitizer', `${o.sanitizerUrl} (docs ${o.sanitizerUrl}/docs; token in ${relative(sanitizerSecretsFile)})`),
    row('Database', `${redactUrl(o.databaseUrl)} (${o.databaseSource})`),
    '',
    row('Company', `${o.creds.companyName} (${o.creds.companyId})`),
    row('Admin email', o.creds.adminEmail),
    row('Admin password', o.creds.adminPassword),
    row('Gateway key', o.creds.gatewayKey),
    row('Credentials', `${relative(credentialsFile)} (the only copy of the key: the database keeps its hash)`),
    '',
    '  Try it:',
    `  ${curl}`,
    '  A held answer to approve in the console\'s Review queue:',
    `  ${curl.replace('{"prompt":"Hello"}', '{"prompt":"Hello","executionMode":"SUPERVISED"}')}`,
    '',
    row('Logs', `${relative(logsDir)}/ (api.log, worker.log, sanitizer.log, simulator.log, temporal.log, postgres.log)`),
    '  Ctrl-C stops everything.',
    rule,
    '',
  ];
  console.log(lines.join('\n'));
}

// ---------------------------------------------------------------------------------------------
// Orchestration
// ---------------------------------------------------------------------------------------------

let temporal: DevServer | null = null;
let database: ResolvedDatabase | null = null;
const children: Record<'sim' | 'api' | 'worker' | 'sanitizer', ManagedChild | null> = { sim: null, api: null, worker: null, sanitizer: null };
let shutdownStarted = false;
let ready = false;
let startup: Promise<void> = Promise.resolve();

function checkpoint(): void {
  if (shutdownStarted) throw new Aborted('shutting down');
}

/** api (flushes on SIGTERM), worker, simulator, Temporal, embedded PostgreSQL. */
async function stopAll(): Promise<void> {
  for (const name of ['api', 'sanitizer', 'worker', 'sim'] as const) {
    const child = children[name];
    if (child?.running) {
      say(`stopping ${child.name}`);
      await child.stop();
    }
  }
  if (temporal) {
    say('stopping Temporal');
    await temporal.stop();
  }
  if (database?.source === 'embedded') {
    say('stopping the embedded PostgreSQL');
    await database.stop();
  }
}

function killAll(): void {
  for (const child of Object.values(children)) child?.kill();
  try {
    if (temporal && temporal.process.exitCode === null) temporal.process.kill('SIGKILL');
  } catch {
    // already gone
  }
  try {
    if (database?.process && database.process.exitCode === null) database.process.kill('SIGKILL');
  } catch {
    // already gone
  }
}

async function shutdown(reason: string, code: number): Promise<never> {
  if (shutdownStarted) {
    // Already stopping: a second request kills everything at once.
    say('stopping now');
    killAll();
    process.exit(code || 130);
  }
  shutdownStarted = true;
  say(`${reason}: stopping (Ctrl-C again to kill everything at once)`);
  try {
    // Let the start-up step in flight finish (it stops at its next checkpoint), so what it was
    // starting is known and gets stopped too.
    if (!ready) await startup.catch(() => {});
    await stopAll();
  } catch (err) {
    say(`while stopping: ${err instanceof Error ? err.message : String(err)}`);
    killAll();
    code ||= 1;
  }
  say(code === 0 ? 'stopped' : 'stopped after an error');
  process.exit(code);
}

function onChildExit(child: ManagedChild, code: number | null, signal: NodeJS.Signals | null): void {
  if (shutdownStarted) return;
  const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  say(`${child.name} ${how}${ready ? '' : ' while starting'} (see ${relative(path.join(logsDir, `${child.name}.log`))})`);
  void shutdown(`${child.name} stopped`, 1);
}

async function main(): Promise<void> {
  mkdirSync(logsDir, { recursive: true });
  say(`data directory: ${relative(dataDir)}`);

  // Ports first, so a clash fails in a second rather than after Temporal started.
  const apiPort = portFrom('PORT', 3000);
  const simPort = portFrom('SIMULATOR_PORT', 9400);
  await assertPortFree(apiPort, 'PORT, the api', 'Stop what uses it or set PORT to a free port.');
  await assertPortFree(simPort, 'SIMULATOR_PORT, the provider simulator', 'Stop what uses it or set SIMULATOR_PORT to a free port.');
  const sanitizerPort = portFrom('SANITIZER_PORT', 8100);
  await assertPortFree(sanitizerPort, 'SANITIZER_PORT, the sanitizer', 'Stop what uses it or set SANITIZER_PORT to a free port.');

  // 1. Temporal
  let temporalAddress: string;
  let temporalUiUrl: string | null = env.TEMPORAL_UI_URL ?? null;
  if (env.TEMPORAL_ADDRESS) {
    temporalAddress = env.TEMPORAL_ADDRESS;
    say(`Temporal: using TEMPORAL_ADDRESS=${temporalAddress}`);
  } else {
    const port = portFrom('TEMPORAL_PORT', 7233);
    const uiPort = portFrom('TEMPORAL_UI_PORT', 8233);
    await assertPortFree(
      port,
      'TEMPORAL_PORT, Temporal',
      `If a Temporal server is already running there, use it with TEMPORAL_ADDRESS=127.0.0.1:${port}; otherwise set TEMPORAL_PORT to a free port.`,
    );
    await assertPortFree(uiPort, 'TEMPORAL_UI_PORT, the Temporal Web UI', 'Set TEMPORAL_UI_PORT to a free port.');
    const cli = await ensureTemporalCli((line) => say(`Temporal CLI: ${line}`));
    const logFile = path.join(logsDir, 'temporal.log');
    say(`Temporal: starting the dev server on 127.0.0.1:${port} (SQLite ${relative(path.join(dataDir, 'temporal.sqlite'))}, log ${relative(logFile)})`);
    temporal = await startDevServer({
      cliPath: cli,
      port,
      uiPort,
      ip: '127.0.0.1',
      dbFile: path.join(dataDir, 'temporal.sqlite'),
      logFile,
      startTimeoutMs: 120_000,
    });
    checkpoint();
    temporalAddress = temporal.address;
    temporalUiUrl = temporal.uiUrl;
    temporal.process.once('exit', (code, signal) => {
      if (!shutdownStarted) {
        say(`Temporal exited (${signal ?? code}); see ${relative(logFile)}`);
        void shutdown('Temporal stopped', 1);
      }
    });
  }

  // 2. PostgreSQL
  say('PostgreSQL: looking for a database');
  database = await resolveDatabase({ dataDir, log: (line) => say(`PostgreSQL: ${line}`) });
  checkpoint();
  const where = { env: 'DATABASE_URL', local: 'the local server on 127.0.0.1:5432', embedded: 'the embedded server' }[database.source];
  say(`PostgreSQL: using ${where}: ${redactUrl(database.url)}`);
  database.process?.once('exit', (code, signal) => {
    if (!shutdownStarted) {
      say(`the embedded PostgreSQL exited (${signal ?? code}); see ${relative(path.join(logsDir, 'postgres.log'))}`);
      void shutdown('PostgreSQL stopped', 1);
    }
  });

  // 3. Migrations
  checkpoint();
  const db = createDb(database.url, 2);
  try {
    const applied = await migrateLatest(db);
    say(applied.length ? `migrations applied: ${applied.join(', ')}` : 'database schema is up to date');
  } finally {
    await db.destroy();
  }

  // 4. Simulator, api, worker
  checkpoint();
  const simulatorUrl = env.SIMULATOR_URL ?? `http://127.0.0.1:${simPort}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...env,
    NODE_ENV: env.NODE_ENV ?? 'development',
    DATABASE_URL: database.url,
    TEMPORAL_ADDRESS: temporalAddress,
    HOST: env.HOST ?? '127.0.0.1',
    PORT: String(apiPort),
    SIMULATOR_PORT: String(simPort),
    SIMULATOR_URL: simulatorUrl,
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    // The sanitizer: the api reaches it here with this token (generated once under the data dir).
    SANITIZER_URL: env.SANITIZER_URL ?? `http://127.0.0.1:${sanitizerPort}`,
    SANITIZER_API_TOKEN: sanitizerSecrets().token,
  };
  // The sanitizer's ENCRYPTION_KEY is its own master key (required, no default): SANITIZER_ENCRYPTION_KEY
  // if set, else one generated once and kept in the data dir (losing it only loses live sessions).
  const sanitizerEnv: NodeJS.ProcessEnv = {
    ...childEnv,
    PORT: String(sanitizerPort),
    ENCRYPTION_KEY: env.SANITIZER_ENCRYPTION_KEY ?? sanitizerSecrets().encryptionKey,
  };
  let config: Config;
  try {
    config = loadConfig(childEnv);
  } catch (err) {
    throw new StartupError((err as Error).message);
  }
  children.sim = new ManagedChild('simulator', '[sim]', 'simulator/main.ts', childEnv, 33);
  children.api = new ManagedChild('api', '[api]', 'workers/api.ts', childEnv, 36);
  children.worker = new ManagedChild('worker', '[worker]', 'workers/worker.ts', childEnv, 35);
  children.sanitizer = new ManagedChild('sanitizer', '[sanitizer]', 'workers/sanitizer.ts', sanitizerEnv, 32);
  say('starting the simulator, the api, the worker and the sanitizer');
  for (const child of [children.sim, children.api, children.worker, children.sanitizer]) child.start(onChildExit);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  await waitForHttp(`http://127.0.0.1:${simPort}/_sim/health`, children.sim, deadline);
  await waitForHttp(`${apiUrl}/healthz`, children.api, deadline);
  await waitForHttp(`http://127.0.0.1:${sanitizerPort}/healthz`, children.sanitizer, deadline);

  // 5. The demo company
  checkpoint();
  const { creds } = await ensureDemo(config, simulatorUrl);
  checkpoint();
  ready = true;
  printBox({
    apiUrl: config.PUBLIC_URL?.replace(/\/+$/, '') ?? apiUrl,
    simulatorUrl,
    sanitizerUrl: `http://127.0.0.1:${sanitizerPort}`,
    temporalAddress,
    temporalUiUrl,
    databaseUrl: database.url,
    databaseSource: database.source,
    creds,
  });
}

// If whatever reads our output goes away (`npm start | tee log` and Ctrl-C kills tee), writing
// fails with EPIPE: keep going, so the shutdown still runs in order instead of crashing.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

process.on('SIGINT', () => void shutdown('Ctrl-C', 0));
process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
process.on('SIGHUP', () => void shutdown('SIGHUP', 0));
// Last resort if this process dies another way: leave nothing running.
process.on('exit', () => killAll());

startup = main();
startup.catch((err: unknown) => {
  if (shutdownStarted || err instanceof Aborted) return;
  const message = err instanceof Error ? err.message : String(err);
  say(`${paint(31, 'could not start')}: ${message}`);
  if (!(err instanceof StartupError) && err instanceof Error && err.stack && env.LOG_LEVEL === 'debug') console.error(err.stack);
  void shutdown('start-up failed', 1);
});
