import cluster from 'node:cluster';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { createProviderRegistry } from '../activities/providers';
import { createApp } from '../api/app';
import { createContainer, createInfrastructure, type Infrastructure } from '../services/container';
import { type Config, loadConfig } from '../lib/config';
import { startApi } from '../workers/api';
import { HttpOpenAIAdapter } from './http-openai-adapter';

/**
 * The api for bench/gateway/'s profiled and what-if runs:
 *
 *  - BENCH_API_VARIANT unset: exactly workers/api.ts's startApi().
 *  - BENCH_API_VARIANT=http-adapter: the same container and Koa app, but OPENAI/DEEPSEEK/CUSTOM calls
 *    go through bench/http-openai-adapter.ts (node:http) instead of the openai SDK over fetch. Only
 *    the provider registry is swapped (through createInfrastructure's overrides); nothing else.
 *  - BENCH_API_VARIANT=cluster-N: N api processes (node:cluster) sharing the port, each exactly
 *    startApi() (or the http-adapter app with `http-adapter+cluster-N`). Each worker keeps its own
 *    metrics, caches and concurrency guard; the profiler is not available in this mode.
 *
 * When started with an IPC channel, a V8 CPU profiler can be switched on and off by the parent, so
 * a profile covers only the load window (no tsx compilation, start-up or warm-up in the figures):
 *   parent → { type: 'profile-start', intervalUs }   child → { type: 'profile-started' }
 *   parent → { type: 'profile-stop', file }          child → { type: 'profile-written', file }
 */
type Message = { type: 'profile-start'; intervalUs?: number } | { type: 'profile-stop'; file: string };

let session: Session | null = null;

function post<T = unknown>(method: string, params?: object): Promise<T> {
  if (!session) {
    session = new Session();
    session.connect();
  }
  const s = session;
  return new Promise((resolve, reject) => {
    s.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result as T)));
  });
}

async function onMessage(msg: Message): Promise<void> {
  if (msg.type === 'profile-start') {
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: msg.intervalUs ?? 1000 });
    await post('Profiler.start');
    process.send?.({ type: 'profile-started' });
  } else if (msg.type === 'profile-stop') {
    const { profile } = await post<{ profile: unknown }>('Profiler.stop');
    writeFileSync(msg.file, JSON.stringify(profile));
    await post('Profiler.disable');
    session?.disconnect();
    session = null;
    process.send?.({ type: 'profile-written', file: msg.file });
  }
}

/** workers/api.ts's startApi with infrastructure overrides (its body, minus the overrides, verbatim). */
async function startVariant(config: Config, overrides: Partial<Infrastructure>) {
  const container = createContainer(createInfrastructure(config, overrides));
  container.start();
  const server = createApp(container).listen(config.PORT, config.HOST);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const stop = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await container.close();
  };
  return { server, stop };
}

function start(config: Config) {
  const parts = (process.env.BENCH_API_VARIANT ?? '').split('+').filter((p) => p !== '' && !/^cluster-\d+$/.test(p));
  const unknown = parts.filter((p) => p !== 'http-adapter');
  if (unknown.length) throw new Error(`unknown BENCH_API_VARIANT part(s) ${unknown.join(', ')}`);
  if (parts.length === 0) return startApi(config);
  // http-adapter
  const registry = createProviderRegistry();
  const http = new HttpOpenAIAdapter();
  const viaHttp = new Set(['OPENAI', 'DEEPSEEK', 'CUSTOM']);
  return startVariant(config, {
    providerRegistry: {
      adapterFor: (type) => (viaHttp.has(type) ? http : registry.adapterFor(type)),
      complete: (target, request) => (viaHttp.has(target.type) ? http.complete(target, request) : registry.complete(target, request)),
      stream: (target, request) => registry.stream(target, request),
    },
  });
}

/** cluster-N: the primary only forks, forwards SIGTERM/SIGINT and waits for its workers to flush and exit. */
function runPrimary(workers: number): void {
  for (let i = 0; i < workers; i++) cluster.fork();
  let stopping = false;
  cluster.on('exit', (worker, code) => {
    if (!stopping) {
      console.error(`cluster worker ${worker.process.pid} exited (${code}) unexpectedly`);
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      process.exitCode = 1;
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
  });
  const shutdown = () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  if (process.send) process.once('disconnect', shutdown);
  process.on('message', (msg: Message) => process.send?.({ type: 'profile-error', message: `no profiler in cluster mode (${msg.type})` }));
}

const clusterSize = Number(/(?:^|\+)cluster-(\d+)(?:\+|$)/.exec(process.env.BENCH_API_VARIANT ?? '')?.[1] ?? 0);
if (clusterSize > 0 && cluster.isPrimary) runPrimary(clusterSize);
else runApi();

function runApi(): void {
  start(loadConfig())
    .then(({ stop }) => {
      process.on('message', (msg: Message) => {
        onMessage(msg).catch((err) => process.send?.({ type: 'profile-error', message: String(err) }));
      });
      const shutdown = () => {
        session?.disconnect();
        stop().then(
          () => process.exit(0),
          (err) => {
            console.error(err);
            process.exit(1);
          },
        );
      };
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
      // The parent died without a goodbye: do not linger.
      if (process.send) process.once('disconnect', shutdown);
    })
    .catch((err) => {
      console.error('api failed to start:', err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
