import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Worker } from '@temporalio/worker';
import pino from 'pino';
import { randomBytes } from 'node:crypto';
import { createApp } from '../../api/app';
import type { AnyRouteDef } from '../../api/routes/define';
import { type Container, createContainer, createInfrastructure } from '../../services/container';
import { registerSimulatorProviders } from '../../services/providers/simulator-providers';
import type { GatewayKeyType } from '../../domain/api-keys';
import type { Role } from '../../domain/roles';
import { type Config, loadConfig } from '../../lib/config';
import { randomToken } from '../../lib/crypto';
import { REDACTED_PATHS } from '../../lib/logger';
import { createSanitizerApp } from '../../api/sanitizer/app';
import { loadSanitizerConfig } from '../../lib/sanitizer-config';
import { type SanitizerContainer, createSanitizerContainer } from '../../services/sanitizer/container';
import { type CapturedRequest, createSimulator } from '../../simulator/server';
import { deleteProviderHealthSchedule } from '../../temporal/provider-health-schedule';
import { deleteSanitizerCleanupSchedule } from '../../temporal/sanitizer-schedule';
import { deleteDataRetentionSchedule } from '../../temporal/retention-schedule';
import { deleteShieldLeaverSchedule } from '../../temporal/shield-leaver-schedule';
import { syntheticArchivalScheduleId, syntheticScheduleId } from '../../temporal/workflow-ids';
import { createGatehouseWorker } from '../../workers/worker';

/**
 * A whole Gatehouse for one test file, in this process: the provider simulator, the api (a real
 * Koa server on an ephemeral port over the shared test database) and, when asked, a Temporal worker
 * on a task queue of its own, against the real Temporal dev server the global setup started.
 */
export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestCompany {
  companyId: string;
  adminUserId: string;
  adminEmail: string;
  adminPassword: string;
  gatewayKey: string;
}

export interface Stack {
  url: string;
  simulatorUrl: string;
  config: Config;
  container: Container;
  http<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<HttpResult<T>>;
  /** The in-process sanitizer service (startStack({ sanitizer: true })), else null. */
  sanitizer: { url: string; token: string; container: SanitizerContainer } | null;
  /** A request to the sanitizer with its service token (unless opts.token is given, '' for none). */
  sanitizerHttp<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown },
  ): Promise<HttpResult<T>>;
  /** Raw bodies of the provider requests the simulator received (newest last). */
  simCaptures(): Promise<CapturedRequest[]>;
  simStats(): Promise<{ total: number; byKey: Record<string, { requests: number; byEndpoint: Record<string, number> }> }>;
  createCompany(opts?: { name?: string; packageName?: string; withSimulator?: boolean }): Promise<TestCompany>;
  addUser(companyId: string, role: Role): Promise<{ userId: string; email: string; password: string }>;
  createKey(company: TestCompany, type: GatewayKeyType): Promise<string>;
  login(email: string, password: string, mfaCode?: string): Promise<string>;
  startWorker(): Promise<void>;
  stopWorker(): Promise<void>;
  stop(): Promise<void>;
}

export async function startStack(
  opts: {
    worker?: boolean;
    env?: Record<string, string>;
    captureLogs?: string[];
    /** Start the sanitizer service in this process on an ephemeral port; env overrides its config. */
    sanitizer?: boolean | { env?: Record<string, string> };
    /** Extra routes mounted by createApp's test hook (test/support/harness-fixture.ts). */
    extraRoutes?: (container: Container) => AnyRouteDef[];
  } = {},
): Promise<Stack> {
  const simulator = createSimulator({ captureRequests: 500 });
  const sim = await simulator.listen(0, '127.0.0.1');
  let sanitizer: Stack['sanitizer'] = null;
  let sanitizerServer: Server | null = null;
  if (opts.sanitizer) {
    const token = randomBytes(24).toString('hex');
    const sanitizerConfig = loadSanitizerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATABASE_URL: required('TEST_DATABASE_URL'),
      DATABASE_POOL_MAX: '5',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SANITIZER_API_TOKEN: token,
      ...(typeof opts.sanitizer === 'object' ? opts.sanitizer.env : {}),
    });
    const container = createSanitizerContainer(sanitizerConfig);
    sanitizerServer = createSanitizerApp(container).listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => sanitizerServer!.once('listening', () => resolve()));
    sanitizer = { url: `http://127.0.0.1:${(sanitizerServer.address() as AddressInfo).port}`, token: sanitizerConfig.SANITIZER_API_TOKEN ?? '', container };
  }
  const taskQueue = `gatehouse-test-${randomToken('', 10)}`;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: required('TEST_DATABASE_URL'),
    TEMPORAL_ADDRESS: required('TEST_TEMPORAL_ADDRESS'),
    TEMPORAL_TASK_QUEUE: taskQueue,
    SIMULATOR_URL: sim.url,
    EXECUTION_FLUSH_INTERVAL_MS: '50',
    ...(sanitizer ? { SANITIZER_URL: sanitizer.url, SANITIZER_API_TOKEN: sanitizer.token } : {}),
    ...opts.env,
  });
  // captureLogs: every log line of the api goes into the array (at debug level) so tests can read them.
  const logger = opts.captureLogs
    ? pino(
        { level: 'debug', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
        { write: (line: string) => void opts.captureLogs!.push(line) },
      )
    : undefined;
  const container = createContainer(createInfrastructure(config, logger ? { logger } : {}));
  container.start();
  const server: Server = createApp(container, { extraRoutes: opts.extraRoutes?.(container) }).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let worker: { worker: Worker; running: Promise<void>; close: () => Promise<void> } | null = null;
  /** Companies made by createCompany: their synthetic Temporal Schedules are deleted at stop(). */
  const companyIds: string[] = [];

  /**
   * The Temporal Schedules this file's companies own (one per synthetic schedule, one per company's
   * automatic archival) outlive the task queue otherwise. Only asks Temporal when there are some.
   */
  const deleteSyntheticSchedules = async () => {
    if (!companyIds.length) return;
    const db = container.db;
    const [schedules, archival] = await Promise.all([
      db('synthetic_schedules').whereIn('company_id', companyIds).select('id'),
      db('synthetic_archival_settings').whereIn('company_id', companyIds).select('company_id'),
    ]);
    const ids = [...schedules.map((r) => syntheticScheduleId(r.id)), ...archival.map((r) => syntheticArchivalScheduleId(r.company_id))];
    if (!ids.length) return;
    const client = await container.temporal.client();
    await Promise.all(ids.map((id) => client.schedule.getHandle(id).delete().catch(() => {})));
  };

  const rawHttp = async <T>(base: string, method: string, path: string, o: { token?: string; body?: unknown; headers?: Record<string, string> }) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + path, {
      method,
      headers,
      body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: body as T, headers: res.headers };
  };

  const stack: Stack = {
    url,
    simulatorUrl: sim.url,
    config,
    container,
    sanitizer,
    async sanitizerHttp(method, path, o = {}) {
      if (!sanitizer) throw new Error('startStack({ sanitizer: true }) to use the sanitizer');
      return rawHttp(sanitizer.url, method, path, { ...o, token: o.token ?? sanitizer.token });
    },
    async simCaptures() {
      const res = await fetch(`${sim.url}/_sim/captures`);
      return ((await res.json()) as { captures: CapturedRequest[] }).captures;
    },
    async http(method, path, o = {}) {
      return rawHttp(url, method, path, o);
    },
    async simStats() {
      const res = await fetch(`${sim.url}/_sim/stats`);
      return (await res.json()) as Awaited<ReturnType<Stack['simStats']>>;
    },
    async createCompany(o = {}) {
      const s = container.services;
      const company = await s.companies.createCompany({ name: o.name ?? `Test Co ${randomToken('', 6)}`, packageName: o.packageName });
      companyIds.push(company.id);
      const adminEmail = `admin-${randomToken('', 8).toLowerCase()}@example.test`;
      const adminPassword = `pw-${randomToken('', 16)}`;
      const { user } = await s.companies.addUser(company.id, { email: adminEmail, password: adminPassword, role: 'ACCOUNT_OWNER' });
      if (o.withSimulator !== false) await registerSimulatorProviders(s.providers, company.id, sim.url, { userId: user.id });
      const { key } = await s.apiKeys.create(company.id, { name: 'test key', kind: 'GATEWAY', type: 'FULL_ACCESS' }, { userId: user.id });
      return { companyId: company.id, adminUserId: user.id, adminEmail, adminPassword, gatewayKey: key };
    },
    async addUser(companyId, role) {
      const email = `${role.toLowerCase()}-${randomToken('', 8).toLowerCase()}@example.test`;
      const password = `pw-${randomToken('', 16)}`;
      const { user } = await container.services.companies.addUser(companyId, { email, password, role });
      return { userId: user.id, email, password };
    },
    async createKey(company, type) {
      const { key } = await container.services.apiKeys.create(company.companyId, { name: `${type} key`, kind: 'GATEWAY', type }, { userId: company.adminUserId });
      return key;
    },
    async login(email, password, mfaCode) {
      const res = await stack.http<{ token: string }>('POST', '/api/auth/login', { body: { email, password, mfaCode } });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token;
    },
    async startWorker() {
      if (worker) return;
      const created = await createGatehouseWorker(config, { workflowBundlePath: required('WORKFLOW_BUNDLE_PATH') });
      worker = { worker: created.worker, running: created.worker.run(), close: created.close };
    },
    async stopWorker() {
      if (!worker) return;
      const w = worker;
      worker = null;
      w.worker.shutdown();
      await w.running;
      await w.close();
      // The worker created its queue's cleanup schedule; this queue dies with the test file.
      await deleteSanitizerCleanupSchedule(await container.temporal.client(), config.TEMPORAL_TASK_QUEUE).catch(() => {});
      await deleteProviderHealthSchedule(await container.temporal.client(), config.TEMPORAL_TASK_QUEUE).catch(() => {});
      await deleteShieldLeaverSchedule(await container.temporal.client(), config.TEMPORAL_TASK_QUEUE).catch(() => {});
      await deleteDataRetentionSchedule(await container.temporal.client(), config.TEMPORAL_TASK_QUEUE).catch(() => {});
    },
    async stop() {
      await deleteSyntheticSchedules().catch(() => {});
      await stack.stopWorker();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await container.close();
      if (sanitizerServer) {
        const s = sanitizerServer;
        await new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeAllConnections();
        });
        await sanitizer!.container.close();
      }
      await simulator.close();
    },
  };
  if (opts.worker) await stack.startWorker();
  return stack;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run integration tests through jest (test/setup/global-setup.ts)`);
  return value;
}
