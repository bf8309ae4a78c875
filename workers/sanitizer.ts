import type { Server } from 'node:http';
import { createSanitizerApp } from '../api/sanitizer/app';
import { loadSanitizerConfig, type SanitizerConfig } from '../api/sanitizer/config';
import { createSanitizerContainer } from '../api/sanitizer/container';

/**
 * `npm run sanitizer`: the sanitizer HTTP service (PORT, default 8100). On SIGINT/SIGTERM it stops
 * accepting connections, lets requests in flight finish and closes the database.
 */
export async function startSanitizer(config: SanitizerConfig = loadSanitizerConfig()): Promise<{ server: Server; stop: () => Promise<void> }> {
  const container = createSanitizerContainer(config);
  const server = createSanitizerApp(container).listen(config.PORT, config.HOST);
  // Longer than the api's client keep-alive, so the server never closes a reused socket first.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  if (!config.SANITIZER_API_TOKEN) container.logger.warn('SANITIZER_API_TOKEN is not set: the sanitizer endpoints accept any caller');
  container.logger.info({ port: config.PORT }, `Gatehouse sanitizer listening on http://${config.HOST}:${config.PORT}`);
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
  startSanitizer()
    .then(({ stop }) => {
      const shutdown = (signal: string) => {
        console.log(`sanitizer: ${signal} received, shutting down`);
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
      console.error('sanitizer failed to start:', err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
