import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { Client as PgClient } from 'pg';
import { loadConfig } from '../lib/config';
import { createContainer, createInfrastructure } from '../services/container';
import { registerSimulatorProviders } from '../services/providers/simulator-providers';
import { ensureTemporalCli } from '../temporal/cli';
import { startDevServer } from '../temporal/dev-server';
import {
  ROOT,
  describeMachine,
  freePort,
  killAllChildrenNow,
  percentile,
  sleep,
  startBenchApi,
  startNodeChild,
  stopAllChildren,
  table,
  waitHealthy,
} from './support';

/**
 * `npm run bench:soak` (issue 21, item 6): a mixed load for BENCH_SOAK_SECONDS (default 600)
 * against Gatehouse as it runs in production, every part its own process: the api, the worker, the
 * sanitizer, the provider simulator and a Temporal dev server, over a fresh PostgreSQL database.
 *
 * BENCH_SOAK_CONCURRENCY closed loops (default 8) each pick, per request, one of
 *   autonomous   POST /api/gateway/execute AUTONOMOUS
 *   dry-run      the same in DRY_RUN (nothing called, nothing recorded)
 *   sanitized    AUTONOMOUS with PII and sanitization on (the sanitizer protects and restores)
 *   supervised   SUPERVISED (a hold and its workflow), then approve   PATCH /api/v1/execution-holds/{id}
 *   webhook      AUTONOMOUS by a second company subscribed to gateway.executed: one signed delivery
 *                per answer to a local receiver, through the worker's delivery workflow
 * and every BENCH_SOAK_BATCH_EVERY_SECONDS (default 30) a batch of BENCH_SOAK_BATCH_ITEMS (20) items
 * with a callback to the same receiver.
 *
 * Prints throughput, p50/p99 per kind, errors, the RSS and CPU time of each process at start and at
 * end (a growing RSS under a steady load is a leak), the execution records written against the
 * answers given (from the executions table), webhook deliveries received against those expected,
 * and the batches' items. Exit code 1 when errors > 0 or records != answers.
 *
 *   BENCH_ADMIN_DATABASE_URL  where to CREATE/DROP the bench database (default the local PostgreSQL)
 */
const env = process.env;
const SECONDS = Number(env.BENCH_SOAK_SECONDS ?? 600);
const CONCURRENCY = Number(env.BENCH_SOAK_CONCURRENCY ?? 8);
const BATCH_EVERY_MS = Number(env.BENCH_SOAK_BATCH_EVERY_SECONDS ?? 30) * 1000;
const BATCH_ITEMS = Number(env.BENCH_SOAK_BATCH_ITEMS ?? 20);
const ADMIN_URL = env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (line: string) => process.stdout.write(`[bench:soak] ${line}\n`);

type Kind = 'autonomous' | 'dry-run' | 'sanitized' | 'supervised' | 'approve' | 'webhook' | 'batch';
const MIX: Array<[Exclude<Kind, 'approve' | 'batch'>, number]> = [
  ['autonomous', 45],
  ['dry-run', 20],
  ['sanitized', 15],
  ['supervised', 10],
  ['webhook', 10],
];
const PII_PROMPT = 'Write a short reply to John Miller (john.miller@example.com, +1 415 555 0132) confirming the meeting on Friday.';

interface Tally {
  latencies: number[];
  ok: number;
  errors: Map<string, number>;
  samples: string[];
}
const tallies = new Map<Kind, Tally>();
const tally = (k: Kind) => {
  let t = tallies.get(k);
  if (!t) {
    t = { latencies: [], ok: 0, errors: new Map(), samples: [] };
    tallies.set(k, t);
  }
  return t;
};

function procStats(pid: number | undefined): { rssMb: number; cpuS: number } {
  if (!pid) return { rssMb: Number.NaN, cpuS: Number.NaN };
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (100 Hz on Linux)
    return { rssMb: Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024), cpuS: ticks / 100 };
  } catch {
    return { rssMb: Number.NaN, cpuS: Number.NaN };
  }
}

async function request(url: string, method: string, token: string, body?: unknown, extra: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...extra },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = { text: text.slice(0, 200) };
  }
  return { status: res.status, json };
}

/** Times one call and files it under its kind; returns the answer or null on an error. */
async function timed(kind: Kind, expect: number[], call: () => Promise<{ status: number; json: any }>): Promise<any | null> {
  const t = tally(kind);
  const started = performance.now();
  try {
    const res = await call();
    t.latencies.push(performance.now() - started);
    if (expect.includes(res.status)) {
      t.ok++;
      return res.json;
    }
    const key = `${res.status} ${res.json?.code ?? ''}`.trim();
    t.errors.set(key, (t.errors.get(key) ?? 0) + 1);
    if (t.samples.length < 3) t.samples.push(`${key}: ${JSON.stringify(res.json).slice(0, 200)}`);
  } catch (err) {
    t.latencies.push(performance.now() - started);
    const key = err instanceof Error ? err.name : 'error';
    t.errors.set(key, (t.errors.get(key) ?? 0) + 1);
    if (t.samples.length < 3) t.samples.push(String(err));
  }
  return null;
}

function pickKind(): Exclude<Kind, 'approve' | 'batch'> {
  const total = MIX.reduce((n, [, w]) => n + w, 0);
  let r = Math.random() * total;
  for (const [k, w] of MIX) {
    r -= w;
    if (r < 0) return k;
  }
  return 'autonomous';
}

/** A short-lived connection to the admin database (a long-lived one dies with any pg_terminate_backend on the shared server). */
async function withAdmin<T>(fn: (c: PgClient) => Promise<T>): Promise<T> {
  const c = new PgClient({ connectionString: ADMIN_URL, connectionTimeoutMillis: 10_000 });
  c.on('error', (err) => log(`admin connection: ${err.message}`));
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function main() {
  const dataDir = path.join(ROOT, '.data');
  mkdirSync(dataDir, { recursive: true });
  const logOf = (name: string) => path.join(dataDir, `bench-soak-${name}.log`);
  const cli = await ensureTemporalCli(log);
  const temporal = await startDevServer({ cliPath: cli, port: await freePort(), headless: true, logFile: logOf('temporal'), startTimeoutMs: 120_000 });
  const dbName = `gatehouse_bench_soak_${Date.now()}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${dbName}`));
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  let receiver: Server | undefined;
  let seeder: ReturnType<typeof createContainer> | undefined;
  try {
    execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'db', 'migrate.ts')], { env: { ...env, DATABASE_URL: databaseUrl }, stdio: 'pipe' });
    const { code } = await bundleWorkflowCode({ workflowsPath: path.join(ROOT, 'workflows', 'index.ts'), logger: { trace() {}, debug() {}, info() {}, warn: log, error: log, log() {} } as never });
    const bundlePath = path.join(tmpdir(), `gatehouse-soak-workflows-${process.pid}.js`);
    writeFileSync(bundlePath, code);

    // The webhook and batch-callback receiver: counts what arrives.
    const received = { webhooks: 0, callbacks: 0 };
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url?.startsWith('/callback')) received.callbacks++;
        else received.webhooks++;
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', () => r()));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

    const encryptionKey = randomBytes(32).toString('base64');
    const sanitizerToken = randomBytes(24).toString('hex');
    const simPort = await freePort();
    const simulator = startNodeChild('simulator', 'simulator/main.ts', { SIMULATOR_PORT: String(simPort), LOG_LEVEL: 'warn' }, logOf('simulator'));
    const simulatorUrl = `http://127.0.0.1:${simPort}`;
    const sanitizerPort = await freePort();
    const sanitizer = startNodeChild(
      'sanitizer',
      'workers/sanitizer.ts',
      { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(sanitizerPort), DATABASE_URL: databaseUrl, ENCRYPTION_KEY: encryptionKey, SANITIZER_API_TOKEN: sanitizerToken, LOG_LEVEL: 'warn' },
      logOf('sanitizer'),
    );
    const sanitizerUrl = `http://127.0.0.1:${sanitizerPort}`;
    await Promise.all([waitHealthy(`${simulatorUrl}/_sim/health`, simulator, 60_000), waitHealthy(`${sanitizerUrl}/healthz`, sanitizer, 90_000)]);

    const shared = {
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: 'gatehouse-bench-soak',
      SANITIZER_URL: sanitizerUrl,
      SANITIZER_API_TOKEN: sanitizerToken,
      OUTBOUND_URL_ALLOWLIST: '127.0.0.1',
      TRUST_PROXY: 'true',
    };
    const worker = startNodeChild(
      'worker',
      'workers/worker.ts',
      { ...shared, NODE_ENV: 'production', SESSION_COOKIE_SECURE: 'true', DATABASE_URL: databaseUrl, ENCRYPTION_KEY: encryptionKey, SIMULATOR_URL: simulatorUrl, WORKFLOW_BUNDLE_PATH: bundlePath, LOG_LEVEL: 'warn', INTERNAL_JOB_TOKEN: `soak-${randomBytes(16).toString('hex')}` },
      logOf('worker'),
    );
    const { child: api, url } = await startBenchApi({ databaseUrl, encryptionKey, simulatorUrl, logFile: logOf('api'), env: shared });

    // Two companies: the main one, and one subscribed to gateway.executed (so only its answers cost a delivery).
    const config = loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, ENCRYPTION_KEY: encryptionKey, DATABASE_POOL_MAX: '2', SIMULATOR_URL: simulatorUrl });
    seeder = createContainer(createInfrastructure(config));
    const s = seeder.services;
    const seedCompany = async (name: string) => {
      const company = await s.companies.createCompany({ name });
      const email = `soak-${randomBytes(4).toString('hex')}@example.test`;
      const password = `pw-${randomBytes(12).toString('hex')}`;
      const { user } = await s.companies.addUser(company.id, { email, password, role: 'ACCOUNT_OWNER' });
      await registerSimulatorProviders(s.providers, company.id, simulatorUrl, { userId: user.id });
      const { key } = await s.apiKeys.create(company.id, { name: 'soak', kind: 'GATEWAY', type: 'FULL_ACCESS' }, { userId: user.id });
      // As behind the TLS proxy production has (TRUST_PROXY): the session cookie is Secure.
      const login = await request(`${url}/api/auth/login`, 'POST', '', { email, password }, { 'x-forwarded-proto': 'https' });
      if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.json)}`);
      return { id: company.id, key, session: login.json.token as string };
    };
    const main = await seedCompany('Soak main');
    const hooked = await seedCompany('Soak webhooks');
    await seeder.close();
    seeder = undefined;
    const hook = await request(`${url}/api/v1/webhooks`, 'POST', hooked.session, { name: 'soak', url: `${receiverUrl}/hook`, events: ['gateway.executed'] });
    if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${JSON.stringify(hook.json)}`);
    await waitHealthy(`${url}/readyz`, api, 60_000);

    const processes: Array<[string, number | undefined]> = [
      ['api', api.proc.pid],
      ['worker', worker.proc.pid],
      ['sanitizer', sanitizer.proc.pid],
      ['simulator', simulator.proc.pid],
      ['temporal', temporal.process.pid],
    ];
    const startStats = new Map(processes.map(([n, pid]) => [n, procStats(pid)]));
    log(`load: ${CONCURRENCY} loops for ${SECONDS} s, a batch of ${BATCH_ITEMS} every ${BATCH_EVERY_MS / 1000} s`);

    const execute = (token: string, body: Record<string, unknown>) => request(`${url}/api/gateway/execute`, 'POST', token, body);
    const deadline = Date.now() + SECONDS * 1000;
    const loops = Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) {
        const kind = pickKind();
        if (kind === 'autonomous') await timed(kind, [200], () => execute(main.key, { prompt: 'Say hello in one short sentence.' }));
        else if (kind === 'dry-run') await timed(kind, [200], () => execute(main.key, { prompt: 'Plan only.', executionMode: 'DRY_RUN' }));
        else if (kind === 'sanitized') await timed(kind, [200], () => execute(main.key, { providerType: 'OPENAI', prompt: PII_PROMPT, sanitization: { enabled: true } }));
        else if (kind === 'webhook') await timed(kind, [200], () => execute(hooked.key, { prompt: 'Say hello with a webhook.' }));
        else {
          const held = await timed('supervised', [200, 201, 202], () => execute(main.key, { prompt: 'Needs review.', executionMode: 'SUPERVISED' }));
          if (held?.holdId) await timed('approve', [200], () => request(`${url}/api/v1/execution-holds/${held.holdId}`, 'PATCH', main.session, { action: 'approve' }));
        }
      }
    });
    const batches: string[] = [];
    const batchLoop = (async () => {
      for (let n = 0; Date.now() < deadline; n++) {
        const items = Array.from({ length: BATCH_ITEMS }, (_, i) => ({ id: `b${n}-${i}`, prompt: `Summarise record ${i} of batch ${n} in one sentence.` }));
        const created = await timed('batch', [201], () => request(`${url}/api/v1/batch`, 'POST', main.key, { items, config: { name: `soak ${n}`, callbackUrl: `${receiverUrl}/callback` } }));
        if (created?.batchId) batches.push(created.batchId);
        await sleep(Math.min(BATCH_EVERY_MS, Math.max(0, deadline - Date.now())));
      }
    })();
    // RSS of every process and the api's V8 heap (its /metrics) at each tenth of the run: a leak
    // keeps growing through the second half, warm-up (JIT, pools, caches) levels off in the first.
    const trajectory: Array<{ at: number; rss: Map<string, number>; apiHeapMb: number }> = [];
    const sample = async (at: number) => {
      const metrics = await fetch(`${url}/metrics`).then((r) => r.text()).catch(() => '');
      const heap = Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(metrics)?.[1] ?? Number.NaN);
      trajectory.push({ at, rss: new Map(processes.map(([n, pid]) => [n, procStats(pid).rssMb])), apiHeapMb: Math.round(heap / 1048576) });
    };
    await sample(0);
    const sampler = (async () => {
      for (let tenth = 1; tenth <= 10; tenth++) {
        await sleep(Math.max(0, deadline - (SECONDS * 1000 * (10 - tenth)) / 10 - Date.now()));
        await sample(tenth * 10);
      }
    })();
    const t0 = performance.now();
    await Promise.all([...loops, batchLoop, sampler]);
    const loadSeconds = (performance.now() - t0) / 1000;
    const endStats = new Map(processes.map(([n, pid]) => [n, procStats(pid)]));

    // Drain: batches to a final state, deliveries to the receiver, the recorder's last flush.
    log('load finished: waiting for batches, webhook deliveries and the recorder to drain');
    const batchStates = new Map<string, any>();
    const drainUntil = Date.now() + 180_000;
    for (const id of batches) {
      for (;;) {
        const r = await request(`${url}/api/v1/batch/${id}`, 'GET', main.key);
        if (!['QUEUED', 'VALIDATING', 'PROCESSING'].includes(r.json?.status) || Date.now() > drainUntil) {
          batchStates.set(id, r.json);
          break;
        }
        await sleep(500);
      }
    }
    const expectedDeliveries = tally('webhook').ok;
    while (received.webhooks < expectedDeliveries && Date.now() < drainUntil) await sleep(500);
    await sleep(2_000);

    const db = new PgClient({ connectionString: databaseUrl });
    db.on('error', (err) => log(`bench database connection: ${err.message}`));
    await db.connect();
    let rows: Array<{ company_id: string; mode: string; purpose: string; n: string }> = [];
    let deliveries: Array<{ status: string; n: string }> = [];
    try {
      rows = (
        await db.query<{ company_id: string; mode: string; purpose: string; n: string }>(
          'SELECT company_id, mode, purpose, count(*) AS n FROM executions GROUP BY 1, 2, 3 ORDER BY 1, 2, 3',
        )
      ).rows;
      deliveries = (await db.query<{ status: string; n: string }>('SELECT status, count(*) AS n FROM webhook_deliveries GROUP BY 1 ORDER BY 1')).rows;
    } finally {
      await db.end().catch(() => undefined);
    }
    const recordsOf = (company: string, mode: string) => rows.filter((r) => r.company_id === company && r.mode === mode && r.purpose === 'execution').reduce((n, r) => n + Number(r.n), 0);
    const answersMain = { autonomous: tally('autonomous').ok + tally('sanitized').ok, supervised: tally('supervised').ok };
    const recordsMain = { autonomous: recordsOf(main.id, 'AUTONOMOUS'), supervised: recordsOf(main.id, 'SUPERVISED') };
    const recordsHooked = recordsOf(hooked.id, 'AUTONOMOUS');
    const batchRecords = rows.filter((r) => r.purpose === 'batch').reduce((n, r) => n + Number(r.n), 0);

    const kinds: Kind[] = ['autonomous', 'dry-run', 'sanitized', 'supervised', 'approve', 'webhook', 'batch'];
    let totalRequests = 0;
    let totalErrors = 0;
    const kindRows = kinds.map((k) => {
      const t = tally(k);
      const sorted = Float64Array.from(t.latencies).sort();
      const errors = [...t.errors.values()].reduce((a, b) => a + b, 0);
      totalRequests += t.latencies.length;
      totalErrors += errors;
      return [k, String(t.latencies.length), (t.latencies.length / loadSeconds).toFixed(1), percentile(sorted, 50).toFixed(1), percentile(sorted, 99).toFixed(1), String(errors), [...t.errors].map(([e, n]) => `${e}×${n}`).join(' ')];
    });
    const processRows = processes.map(([n]) => {
      const a = startStats.get(n)!;
      const b = endStats.get(n)!;
      return [n, String(a.rssMb), String(b.rssMb), `${b.rssMb - a.rssMb >= 0 ? '+' : ''}${b.rssMb - a.rssMb}`, (b.cpuS - a.cpuS).toFixed(1)];
    });
    const itemsDone = [...batchStates.values()].reduce((n, b) => n + Number(b?.completedItems ?? 0), 0);
    const itemsFailed = [...batchStates.values()].reduce((n, b) => n + Number(b?.failedItems ?? 0), 0);
    const notCompleted = [...batchStates.values()].filter((b) => b?.status !== 'COMPLETED').length;

    process.stdout.write(`\n${table(['kind', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'error kinds'], kindRows)}\n`);
    process.stdout.write(`\ntotal: ${totalRequests} requests in ${loadSeconds.toFixed(0)} s = ${(totalRequests / loadSeconds).toFixed(1)} req/s, ${totalErrors} errors\n`);
    for (const k of kinds) for (const sample of tally(k).samples) process.stdout.write(`  ${k} error sample: ${sample}\n`);
    process.stdout.write(`\n${table(['process', 'RSS start MB', 'RSS end MB', 'growth MB', 'CPU s during load'], processRows)}\n`);
    const half = trajectory.find((t) => t.at === 50) ?? trajectory[0]!;
    const last = trajectory[trajectory.length - 1]!;
    const trajectoryRows = [
      ...processes.map(([n]) => [`${n} RSS`, ...trajectory.map((t) => String(t.rss.get(n))), `${(last.rss.get(n) ?? 0) - (half.rss.get(n) ?? 0)}`]),
      ['api V8 heap used', ...trajectory.map((t) => String(t.apiHeapMb)), `${last.apiHeapMb - half.apiHeapMb}`],
    ];
    process.stdout.write(`\nMB over the run (% of the load time); the last column is the growth over the second half\n`);
    process.stdout.write(`${table(['', ...trajectory.map((t) => `${t.at}%`), '2nd half'], trajectoryRows)}\n`);
    const checks = [
      ['records AUTONOMOUS (main) vs answers 200', `${recordsMain.autonomous} / ${answersMain.autonomous}`],
      ['records SUPERVISED (main) vs answers', `${recordsMain.supervised} / ${answersMain.supervised}`],
      ['records AUTONOMOUS (webhook co.) vs answers 200', `${recordsHooked} / ${tally('webhook').ok}`],
      ['webhook deliveries received vs answers', `${received.webhooks} / ${expectedDeliveries}`],
      ['webhook_deliveries by status', deliveries.map((d) => `${d.status} ${d.n}`).join(', ')],
      ['batches created / not COMPLETED', `${batches.length} / ${notCompleted}`],
      ['batch items completed / failed / sent', `${itemsDone} / ${itemsFailed} / ${batches.length * BATCH_ITEMS}`],
      ['batch usage records, callbacks received', `${batchRecords}, ${received.callbacks}`],
    ];
    process.stdout.write(`\n${table(['check', 'value'], checks)}\n`);
    process.stdout.write(`machine: ${JSON.stringify(describeMachine())}; load average at end ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}\n`);
    const balanced = recordsMain.autonomous === answersMain.autonomous && recordsMain.supervised === answersMain.supervised && recordsHooked === tally('webhook').ok;
    process.stdout.write(`verdict: errors ${totalErrors === 0 ? '0' : `${totalErrors} (NOT MET)`}; records = answers ${balanced ? 'MET' : 'NOT MET'}; deliveries ${received.webhooks >= expectedDeliveries ? 'all received' : 'MISSING'}\n`);
    process.exitCode = totalErrors === 0 && balanced && notCompleted === 0 ? 0 : 1;
  } finally {
    await seeder?.close().catch(() => undefined);
    await stopAllChildren();
    await temporal.stop();
    if (receiver) await new Promise((r) => receiver!.close(r));
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)).catch((err) => log(`could not drop ${dbName}: ${err.message}`));
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    console.error(err);
    killAllChildrenNow();
    process.exit(1);
  },
);

