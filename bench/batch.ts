import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode } from '@temporalio/worker';
import { Client as PgClient } from 'pg';
import { createApp } from '../api/app';
import { createContainer, createInfrastructure } from '../services/container';
import { registerSimulatorProviders } from '../services/providers/simulator-providers';
import { loadConfig } from '../lib/config';
import { ensureTemporalCli } from '../temporal/cli';
import { startDevServer } from '../temporal/dev-server';
import { batchSplitWorkflowId, batchWorkflowId } from '../temporal/workflow-ids';
import { ROOT, describeMachine, freePort, killAllChildrenNow, sleep, startNodeChild, stopAllChildren, table, waitHealthy } from './support';

/**
 * `npm run bench:batch`: one 50,000-item batch (BENCH_BATCH_ITEMS) from a JSONL upload to
 * COMPLETED, against a real Temporal dev server, a fresh PostgreSQL database, the worker as its own
 * process (as in production) and the provider simulator as another. Default split strategy
 * round-robin over the simulator's five providers, so every facility runs: OPENAI and ANTHROPIC
 * native batches, GOOGLE, DEEPSEEK and CUSTOM concurrently. Prints wall time, items per second,
 * the worker's peak RSS (VmHWM) and the longest workflow history of the job (every run of the job
 * and split workflows, continue-as-new runs included). Targets: ≤ 3 min, ≤ 600 MB, ≤ 10,000 events.
 *
 *   BENCH_BATCH_ITEMS      default 50000
 *   BENCH_BATCH_STRATEGY   single | round-robin | cost-optimal (default round-robin)
 *   BENCH_BATCH_HINT       providerHint (e.g. GOOGLE) for a single-provider run
 *   BENCH_ADMIN_DATABASE_URL  where to CREATE/DROP the bench database
 */
const env = process.env;
const ITEMS = Number(env.BENCH_BATCH_ITEMS ?? 50_000);
const STRATEGY = env.BENCH_BATCH_STRATEGY ?? 'round-robin';
const HINT = env.BENCH_BATCH_HINT;
const ADMIN_URL = env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (line: string) => process.stdout.write(`[bench:batch] ${line}\n`);

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function main() {
  const dataDir = path.join(ROOT, '.data');
  mkdirSync(dataDir, { recursive: true });
  const cli = await ensureTemporalCli(log);
  const temporalServer = await startDevServer({ cliPath: cli, port: await freePort(), headless: true, logFile: path.join(dataDir, 'bench-batch-temporal.log'), startTimeoutMs: 120_000 });
  const dbName = `gatehouse_bench_batch_${Date.now()}`;
  const admin = new PgClient({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  let server: Server | undefined;
  let container: ReturnType<typeof createContainer> | undefined;
  try {
    execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'db', 'migrate.ts')], { env: { ...env, DATABASE_URL: databaseUrl }, stdio: 'pipe' });
    const { code } = await bundleWorkflowCode({ workflowsPath: path.join(ROOT, 'workflows', 'index.ts'), logger: { trace() {}, debug() {}, info() {}, warn: log, error: log, log() {} } as never });
    const bundlePath = path.join(tmpdir(), `gatehouse-bench-workflows-${process.pid}.js`);
    writeFileSync(bundlePath, code);

    const simPort = await freePort();
    const sim = startNodeChild('simulator', 'simulator/main.ts', { SIMULATOR_PORT: String(simPort), LOG_LEVEL: 'warn' }, path.join(dataDir, 'bench-batch-simulator.log'));
    const simUrl = `http://127.0.0.1:${simPort}`;
    await waitHealthy(`${simUrl}/_sim/health`, sim, 30_000);
    const common = {
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporalServer.address,
      TEMPORAL_TASK_QUEUE: 'gatehouse-bench-batch',
      LOG_LEVEL: 'warn',
      BATCH_POLL_INITIAL_MS: '1000',
      BATCH_POLL_MAX_MS: '3000',
    };
    const worker = startNodeChild('worker', 'workers/worker.ts', { ...common, WORKFLOW_BUNDLE_PATH: bundlePath }, path.join(dataDir, 'bench-batch-worker.log'));

    const config = loadConfig({ ...env, ...common, SIMULATOR_URL: simUrl });
    container = createContainer(createInfrastructure(config));
    container.start();
    server = createApp(container).listen(0, '127.0.0.1');
    await new Promise<void>((r) => server!.once('listening', () => r()));
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const s = container.services;
    const company = await s.companies.createCompany({ name: 'Bench batch' });
    const { user } = await s.companies.addUser(company.id, { email: `bench-${Date.now()}@example.test`, password: 'bench-password-123', role: 'ACCOUNT_OWNER' });
    await registerSimulatorProviders(s.providers, company.id, simUrl, { userId: user.id });
    const { key } = await s.apiKeys.create(company.id, { name: 'bench', kind: 'GATEWAY', type: 'FULL_ACCESS' }, { userId: user.id });

    const lines: string[] = [];
    for (let i = 0; i < ITEMS; i++) lines.push(JSON.stringify({ id: `item-${i}`, prompt: `Summarise record ${i} in one sentence.`, systemPrompt: 'Be brief.' }));
    const form = new FormData();
    form.set('config', JSON.stringify({ name: 'bench', splitStrategy: STRATEGY, ...(HINT ? { providerHint: HINT } : {}) }));
    form.set('file', new Blob([`${lines.join('\n')}\n`]), 'bench.jsonl');

    log(`uploading ${ITEMS} items (${STRATEGY}${HINT ? `, hint ${HINT}` : ''})`);
    const t0 = performance.now();
    const res = await fetch(`${apiUrl}/api/v1/batch`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    const created = (await res.json()) as { batchId: string };
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(created)}`);
    const uploadMs = performance.now() - t0;
    log(`created ${created.batchId} in ${Math.round(uploadMs)} ms`);

    let detail: Record<string, any> = {};
    const deadline = Date.now() + 15 * 60_000;
    for (;;) {
      const r = await fetch(`${apiUrl}/api/v1/batch/${created.batchId}`, { headers: { authorization: `Bearer ${key}` } });
      detail = (await r.json()) as Record<string, any>;
      if (!['QUEUED', 'VALIDATING', 'PROCESSING'].includes(detail.status)) break;
      if (Date.now() > deadline) throw new Error('batch did not finish in 15 minutes');
      await sleep(500);
    }
    const wallMs = performance.now() - t0;
    const rssMb = peakRssMb(worker.proc.pid!);

    // Every run of the job and split workflows (continue-as-new included): the longest history.
    const client = new Client({ connection: await Connection.connect({ address: temporalServer.address }) });
    const ids = [batchWorkflowId(created.batchId), ...detail.splits.map((sp: { id: string }) => batchSplitWorkflowId(created.batchId, sp.id))];
    let longest = { id: '', events: 0 };
    let runs = 0;
    for (const id of ids) {
      for await (const run of client.workflow.list({ query: `WorkflowId = '${id}'` })) {
        runs++;
        const history = await client.workflow.getHandle(id, run.runId).fetchHistory();
        const events = history.events?.length ?? 0;
        if (events > longest.events) longest = { id: `${id} (${run.runId})`, events };
      }
    }
    await client.connection.close();

    const machine = describeMachine();
    const rows = [
      ['items', String(ITEMS)],
      ['status', String(detail.status)],
      ['completed / failed', `${detail.completedItems} / ${detail.failedItems}`],
      ['splits', detail.splits.map((sp: any) => `${sp.providerName} ${sp.itemCount}`).join(', ')],
      ['upload (201)', `${(uploadMs / 1000).toFixed(1)} s`],
      ['wall time (upload to COMPLETED)', `${(wallMs / 1000).toFixed(1)} s`],
      ['items per second', (ITEMS / (wallMs / 1000)).toFixed(0)],
      ['worker peak RSS (VmHWM)', `${rssMb} MB`],
      ['workflow runs inspected', String(runs)],
      ['longest history', `${longest.events} events (${longest.id})`],
      ['actual cost (half price)', `$${detail.actualCostUSD}`],
    ];
    process.stdout.write(`\n${table(['figure', 'value'], rows)}\n`);
    process.stdout.write(`machine: ${JSON.stringify(machine)}\n`);
    process.stdout.write(`targets: wall ≤ 180 s ${wallMs <= 180_000 ? 'MET' : 'NOT MET'}; RSS ≤ 600 MB ${rssMb <= 600 ? 'MET' : 'NOT MET'}; history ≤ 10,000 ${longest.events <= 10_000 ? 'MET' : 'NOT MET'}\n`);
  } finally {
    if (server) await new Promise<void>((r) => server!.close(() => r()));
    await container?.close().catch(() => undefined);
    await stopAllChildren();
    await temporalServer.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    killAllChildrenNow();
    process.exit(1);
  },
);
