import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import OpenAI from 'openai';
import { Client } from 'pg';
import { migrateLatest } from '../db/connection';
import { loadConfig } from '../lib/config';
import { randomToken } from '../lib/crypto';
import { createContainer, createInfrastructure } from '../services/container';
import { simulatorProviders } from '../services/providers/simulator-providers';
import {
  describeMachine,
  freePort,
  killAllChildrenNow,
  median,
  medianInterval,
  percentile,
  startBenchApi,
  startNodeChild,
  stopAllChildren,
  table,
  waitHealthy,
} from './support';

/**
 * `npm run bench:openai`: a streamed chat completion through Gatehouse's OpenAI-compatible API
 * (/v1/chat/completions, stream: true, the official openai SDK as the client) against the same
 * request straight to the provider simulator. Measured per request: time to first token (the first
 * content chunk) and time to the end of the stream; the added latency is the median of the paired
 * differences (the two requests of a pair run back to back, in alternating order, so both see the
 * same machine). The simulator streams every word `BENCH_TOKEN_DELAY_MS` apart, as a provider would.
 *
 * Environment:
 *   BENCH_REQUESTS          measured pairs (default 300), after BENCH_WARMUP pairs (default 50)
 *   BENCH_TOKEN_DELAY_MS    the simulator's inter-token delay (default 2)
 *   BENCH_ADMIN_DATABASE_URL  where to CREATE/DROP the bench database (default postgres://postgres@127.0.0.1:5432/postgres)
 */
const env = process.env;
const REQUESTS = Number(env.BENCH_REQUESTS ?? 300);
const WARMUP = Number(env.BENCH_WARMUP ?? 50);
const TOKEN_DELAY_MS = Number(env.BENCH_TOKEN_DELAY_MS ?? 2);
const ADMIN_URL = env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STAMP = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
const OUT_DIR = path.join(os.tmpdir(), `gatehouse-bench-openai-${STAMP}`);
const DB_NAME = `gatehouse_bench_openai_${STAMP}_${process.pid}`;
const SIM_KEY = `sim;id=bench-openai;tokenDelay=${TOKEN_DELAY_MS}`;
const MESSAGES: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
  { role: 'user', content: 'Write one short paragraph about the sea, about forty words long, so that the answer streams as many chunks.' },
];

async function admin(sql: string): Promise<void> {
  const c = new Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 10_000 });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** One streamed completion: ms to the first content chunk and to the end of the stream. */
async function streamOnce(client: OpenAI, model: string): Promise<{ ttft: number; total: number; chunks: number }> {
  const t0 = performance.now();
  let ttft = Number.NaN;
  let chunks = 0;
  const stream = await client.chat.completions.create({ model, messages: MESSAGES, stream: true, stream_options: { include_usage: true } });
  for await (const chunk of stream) {
    if (chunk.choices[0]?.delta.content) {
      chunks++;
      if (Number.isNaN(ttft)) ttft = performance.now() - t0;
    }
  }
  return { ttft, total: performance.now() - t0, chunks };
}

function stats(xs: number[]): string[] {
  const s = Float64Array.from(xs).sort();
  return [median(xs), percentile(s, 90), percentile(s, 99)].map((v) => v.toFixed(2));
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const simPort = await freePort();
  const simulator = startNodeChild('simulator', 'simulator/main.ts', { SIMULATOR_PORT: String(simPort), SIMULATOR_HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, path.join(OUT_DIR, 'simulator.log'));
  const simulatorUrl = `http://127.0.0.1:${simPort}`;
  await waitHealthy(`${simulatorUrl}/_sim/health`, simulator, 60_000);

  await admin(`CREATE DATABASE ${DB_NAME}`);
  const base = new URL(ADMIN_URL);
  base.pathname = `/${DB_NAME}`;
  const databaseUrl = base.toString();
  const encryptionKey = randomBytes(32).toString('base64');
  const production = { NODE_ENV: 'production', SESSION_COOKIE_SECURE: 'true' };
  try {
    // Seed: a company whose simulator providers stream with the bench's token delay, and an OPENAI_COMPAT key.
    const container = createContainer(createInfrastructure(loadConfig({ ...env, ...production, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, ENCRYPTION_KEY: encryptionKey, DATABASE_POOL_MAX: '2' })));
    let gatewayKey: string;
    try {
      await migrateLatest(container.db);
      const s = container.services;
      const company = await s.companies.createCompany({ name: `Bench OpenAI ${STAMP}` });
      const { user } = await s.companies.addUser(company.id, { email: `bench-${randomToken('', 8).toLowerCase()}@example.test`, password: `pw-${randomToken('', 16)}`, role: 'ACCOUNT_OWNER' });
      for (const input of simulatorProviders(simulatorUrl, SIM_KEY)) await s.providers.create(company.id, input, { userId: user.id });
      gatewayKey = (await s.apiKeys.create(company.id, { name: 'bench key', kind: 'GATEWAY', type: 'OPENAI_COMPAT' }, { userId: user.id })).key;
    } finally {
      await container.close();
    }

    const { url: apiUrl } = await startBenchApi({ databaseUrl, encryptionKey, simulatorUrl, logFile: path.join(OUT_DIR, 'api.log') });

    const direct = new OpenAI({ apiKey: SIM_KEY, baseURL: `${simulatorUrl}/v1`, maxRetries: 0 });
    const through = new OpenAI({ apiKey: gatewayKey, baseURL: `${apiUrl}/v1`, maxRetries: 0 });
    const model = 'gpt-4o-mini';
    const rows = { direct: { ttft: [] as number[], total: [] as number[] }, gatehouse: { ttft: [] as number[], total: [] as number[] } };
    const added = { ttft: [] as number[], total: [] as number[] };
    let chunks = 0;
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      // Alternate which goes first, so neither side always meets a warmer machine.
      const order = i % 2 ? (['gatehouse', 'direct'] as const) : (['direct', 'gatehouse'] as const);
      const r: Record<string, { ttft: number; total: number; chunks: number }> = {};
      for (const side of order) r[side] = await streamOnce(side === 'direct' ? direct : through, model);
      if (i < WARMUP) continue;
      chunks = r.gatehouse!.chunks;
      for (const side of ['direct', 'gatehouse'] as const) {
        rows[side].ttft.push(r[side]!.ttft);
        rows[side].total.push(r[side]!.total);
      }
      added.ttft.push(r.gatehouse!.ttft - r.direct!.ttft);
      added.total.push(r.gatehouse!.total - r.direct!.total);
    }

    const m = describeMachine();
    const ci = (xs: number[]) => {
      const c = medianInterval(xs);
      return c ? `${c.lo.toFixed(2)} to ${c.hi.toFixed(2)}` : 'n/a';
    };
    console.log(`machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB RAM; Node ${m.node}; load average ${os.loadavg()[0]!.toFixed(2)}`);
    console.log(`${REQUESTS} pairs (after ${WARMUP} warm-up), concurrency 1, ${model}, ${chunks} content chunks per answer, token delay ${TOKEN_DELAY_MS} ms\n`);
    console.log(
      table(
        ['path', 'TTFT p50 ms', 'TTFT p90', 'TTFT p99', 'stream p50 ms', 'stream p90', 'stream p99'],
        [
          ['simulator direct', ...stats(rows.direct.ttft), ...stats(rows.direct.total)],
          ['through Gatehouse /v1', ...stats(rows.gatehouse.ttft), ...stats(rows.gatehouse.total)],
        ],
      ),
    );
    console.log(
      `\nadded by Gatehouse (median of paired differences, 95% CI): time to first token ${median(added.ttft).toFixed(2)} ms (${ci(added.ttft)}), whole stream ${median(added.total).toFixed(2)} ms (${ci(added.total)})`,
    );
    console.log(`logs: ${OUT_DIR}`);
  } finally {
    await stopAllChildren();
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
  }
}

process.on('exit', killAllChildrenNow);
main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
