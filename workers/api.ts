import type { Server } from 'node:http';
import { createApp } from '../api/app';
import { createContainer, createInfrastructure } from '../api/container';
import { loadConfig } from '../lib/config';

/**
 * `npm run api`: the HTTP api. On SIGINT/SIGTERM it stops accepting connections, lets requests in
 * flight finish, flushes buffered execution records and closes the database: nothing is lost.
 */
export async function startApi(config = loadConfig()): Promise<{ server: Server; stop: () => Promise<void> }> {
  const container = createContainer(createInfrastructure(config));
  container.start();
  const app = createApp(container);
  const server = app.listen(config.PORT, config.HOST);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  container.logger.info({ port: config.PORT }, `Gatehouse api listening on http://${config.HOST}:${config.PORT}`);
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await container.close();
    })();
    return stopping;
  };
  return { server, stop };
}

if (require.main === module) {
  startApi()
    .then(({ stop }) => {
      const shutdown = (signal: string) => {
        console.log(`api: ${signal} received, shutting down`);
        stop().then(
          () => process.exit(0),
          (err) => {
            console.error(err);
            process.exit(1);
          },
        );
      };
      process.once('SIGINT', () => shutdown('SIGINT'));
      process.once('SIGTERM', () => shutdown('SIGTERM'));
    })
    .catch((err) => {
      console.error('api failed to start:', err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
