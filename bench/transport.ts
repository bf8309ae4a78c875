import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { OpenAI } from 'openai';
import { OpenAICompatibleAdapter } from '../activities/providers/openai-compatible';
import type { CompletionRequest, ProviderTarget } from '../domain/providers';
import { SIMULATOR_API_KEY } from '../services/providers/simulator-providers';
import { HttpOpenAIAdapter } from './http-openai-adapter';
import { describeMachine, freePort, killAllChildrenNow, percentile, startNodeChild, stopAllChildren, table, waitHealthy } from './support';

/**
 * `node --import tsx bench/transport.ts`: what one outbound chat completion costs the calling
 * process, by transport. The simulator runs as a child process; the calls run here, closed loop
 * with BENCH_TRANSPORT_CONCURRENCY (default 32) in flight for BENCH_TRANSPORT_DURATION_S (default 5)
 * after a 2 s warm-up. CPU per call is this process's user+system time divided by the calls.
 *
 *   adapter (openai SDK/fetch)   OpenAICompatibleAdapter.complete, exactly what the gateway calls
 *   openai SDK, fetch=node:http  the SDK with a fetch built on node:http (SDK cost without undici)
 *   fetch + res.json()           global fetch (undici) without the SDK
 *   node:http keep-alive         bench/http-openai-adapter.ts (no SDK, no fetch)
 */

const CONCURRENCY = Number(process.env.BENCH_TRANSPORT_CONCURRENCY ?? 32);
const DURATION_S = Number(process.env.BENCH_TRANSPORT_DURATION_S ?? 5);
const WARMUP_S = 2;
const PROMPT = 'Say hello in one short sentence.';

type Call = () => Promise<unknown>;

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 512, scheduling: 'lifo' });

/** A minimal fetch over node:http, enough for the openai SDK's non-streaming calls. */
async function httpFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' || input instanceof URL ? new URL(input) : new URL(input.url);
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((v, k) => {
    headers[k] = v;
  });
  const body = typeof init?.body === 'string' ? init.body : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init?.method ?? 'GET', headers, agent: keepAlive, signal: init?.signal ?? undefined }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500, headers: h }));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function measure(name: string, call: Call): Promise<string[]> {
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    const deadline = performance.now() + seconds * 1000;
    let failures = 0;
    const worker = async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await call();
          latencies.push(performance.now() - t0);
        } catch (err) {
          if (failures++ === 0) console.error(`${name}: ${err instanceof Error ? err.message : err}`);
        }
      }
    };
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    return { latencies, failures, wall, cpuUs: cpu.user + cpu.system };
  };
  await run(WARMUP_S);
  const r = await run(DURATION_S);
  const sorted = Float64Array.from(r.latencies).sort();
  const calls = r.latencies.length;
  return [
    name,
    ((calls * 1000) / r.wall).toFixed(0),
    (r.cpuUs / calls).toFixed(0),
    ((100 * r.cpuUs) / 1000 / r.wall).toFixed(0),
    percentile(sorted, 50).toFixed(2),
    percentile(sorted, 99).toFixed(2),
    String(r.failures),
  ];
}

async function main() {
  const m = describeMachine();
  console.log(`machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB; Node ${m.node}; ${m.os}`);
  const outDir = path.join(os.tmpdir(), `gatehouse-transport-${Date.now()}`);
  mkdirSync(outDir, { recursive: true });
  const port = await freePort();
  const sim = startNodeChild('simulator', 'simulator/main.ts', { SIMULATOR_PORT: String(port), LOG_LEVEL: 'warn' }, path.join(outDir, 'simulator.log'));
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(`${base}/_sim/health`, sim, 60_000);

  const target: ProviderTarget = { type: 'OPENAI', baseUrl: `${base}/v1`, apiKey: SIMULATOR_API_KEY, model: 'gpt-4o-mini', timeoutMs: 60_000 };
  const request: CompletionRequest = { prompt: PROMPT };
  const body = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: PROMPT }] });

  const adapter = new OpenAICompatibleAdapter();
  const sdkOverHttp = new OpenAI({ apiKey: SIMULATOR_API_KEY, baseURL: `${base}/v1`, maxRetries: 0, organization: null, project: null, fetch: httpFetch });
  const httpAdapter = new HttpOpenAIAdapter();
  const variants: Array<[string, Call]> = [
    ['adapter (openai SDK over fetch)', () => adapter.complete(target, request)],
    ['openai SDK, fetch = node:http', () => sdkOverHttp.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: PROMPT }] }, { timeout: 60_000 })],
    [
      'fetch (undici) + res.json(), no SDK',
      async () => {
        const res = await fetch(`${base}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${SIMULATOR_API_KEY}` },
          body,
        });
        return res.json();
      },
    ],
    ['node:http keep-alive (prototype adapter)', () => httpAdapter.complete(target, request)],
  ];

  console.log(`closed loop, ${CONCURRENCY} calls in flight, ${DURATION_S} s per variant after ${WARMUP_S} s warm-up; simulator in a child process\n`);
  const rows: string[][] = [];
  for (const [name, call] of variants) rows.push(await measure(name, call));
  console.log(table(['transport', 'calls/s', 'CPU µs/call', 'CPU %', 'p50 ms', 'p99 ms', 'failures'], rows));
}

process.on('exit', killAllChildrenNow);
main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => stopAllChildren())
  .finally(() => process.exit(process.exitCode ?? 0));
