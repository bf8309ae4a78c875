import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { availableParallelism } from 'node:os';
import { createApp } from '../api/app';
import { createContainer, createInfrastructure } from '../services/container';
import { loadConfig } from '../lib/config';
import { listenUntilStopped, runAsProcess } from './http-process';

/**
 * `npm run api`: the HTTP api. On SIGINT/SIGTERM it stops accepting connections, lets requests in
 * flight finish, flushes buffered execution records and closes the database: nothing is lost.
 */
export async function startApi(config = loadConfig()): Promise<{ server: Server; stop: () => Promise<void> }> {
  const container = createContainer(createInfrastructure(config));
  container.start();
  const started = await listenUntilStopped(createApp(container).callback(), config.PORT, config.HOST, () => container.close(), {
    headersMs: config.HTTP_HEADERS_TIMEOUT_MS,
    requestMs: config.HTTP_REQUEST_TIMEOUT_MS,
  });
  container.logger.info({ port: config.PORT }, `Gatehouse api listening on http://${config.HOST}:${config.PORT}`);
  return started;
}

/** One api process: serve until SIGINT/SIGTERM, then stop cleanly. */
const runApiProcess = () => runAsProcess('api', () => startApi());

/**
 * API_PROCESSES > 1: a primary forks that many api processes sharing the port. A process that dies
 * is replaced; SIGINT/SIGTERM is passed on and the primary exits when every process has stopped.
 */
function runPrimary(count: number) {
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < count; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`api process ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, 1000);
  });
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`api: ${signal} received, stopping ${count} processes`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

if (require.main === module) {
  const { API_PROCESSES } = loadConfig();
  const count = API_PROCESSES === 'auto' ? availableParallelism() : API_PROCESSES;
  if (count > 1 && cluster.isPrimary) runPrimary(count);
  else runApiProcess();
}
