import type { Server } from 'node:http';

/**
 * What the api and the sanitizer processes share: listen, then stop in order on demand (no new
 * connections, requests in flight finish, then the caller's own cleanup such as flushing buffered
 * records and closing the database), and run as a process until SIGINT/SIGTERM.
 */
export async function listenUntilStopped(
  server: Server,
  port: number,
  host: string,
  cleanup: () => Promise<void>,
): Promise<{ server: Server; stop: () => Promise<void> }> {
  server.listen(port, host);
  // Longer than clients' keep-alive, so the server never closes a socket a client is about to reuse.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await cleanup();
    })();
    return stopping;
  };
  return { server, stop };
}

/** Run a started service as this process: exit 0 after a clean stop on SIGINT/SIGTERM, 1 on failure. */
export function runAsProcess(name: string, start: () => Promise<{ stop: () => Promise<void> }>): void {
  start()
    .then(({ stop }) => {
      const shutdown = (signal: string) => {
        console.log(`${name}: ${signal} received, shutting down`);
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
      console.error(`${name} failed to start:`, err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
