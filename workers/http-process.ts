import { type RequestListener, type Server, createServer } from 'node:http';

/**
 * What the api and the sanitizer processes share: listen, then stop in order on demand (no new
 * connections, requests in flight finish, then the caller's own cleanup such as flushing buffered
 * records and closing the database), and run as a process until SIGINT/SIGTERM.
 */
/**
 * Against slow clients: the request head must arrive within HTTP_HEADERS_TIMEOUT_MS (a client
 * trickling headers holds a socket for nothing) and the whole request (a large upload included)
 * within HTTP_REQUEST_TIMEOUT_MS; either answers 408 and closes the socket. Responses (long
 * provider calls, streams) are not limited by these.
 */
export const DEFAULT_HTTP_TIMEOUTS = { headersMs: 15_000, requestMs: 300_000 };

export async function listenUntilStopped(
  handler: RequestListener,
  port: number,
  host: string,
  cleanup: () => Promise<void>,
  timeouts: { headersMs: number; requestMs: number } = DEFAULT_HTTP_TIMEOUTS,
): Promise<{ server: Server; stop: () => Promise<void> }> {
  // Node checks the two timeouts every connectionsCheckingInterval (30 s by default): check often
  // enough that a slow client is cut off close to the limit, not up to 30 s later.
  const server = createServer({ connectionsCheckingInterval: Math.min(1000, timeouts.headersMs) }, handler);
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
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
        // close() stops accepting and waits for open connections. A keep-alive socket becomes idle
        // once its response is sent, and would then be held open until keepAliveTimeout (65 s):
        // close idle ones as they appear, so the process stops as soon as the last response is out.
        server.closeIdleConnections();
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        server.once('close', () => clearInterval(sweep));
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
