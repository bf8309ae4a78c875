import { Client, Connection, defaultGrpcRetryOptions, makeGrpcRetryInterceptor } from '@temporalio/client';

/**
 * The api's one way to Temporal. The connection is opened on first use, not at boot: the
 * AUTONOMOUS and DRY_RUN paths never need it, and an api that starts before Temporal is ready
 * still serves them. A failed connect is retried on the next call.
 */
export class TemporalGateway {
  private pending: Promise<Client> | null = null;
  private connection: Connection | null = null;

  /**
   * `retryAttempts`: how often one call is tried while the frontend is unavailable. The SDK's
   * default (10 attempts, backoff up to 5 s) holds an HTTP request for about 15 s when Temporal is
   * down; the api passes fewer (about 2 s in all) so it answers 503 at once and still rides through
   * a blip. Background callers (the worker's own client) keep the default.
   */
  constructor(
    readonly address: string,
    readonly namespace: string,
    readonly taskQueue: string,
    private readonly retryAttempts?: number,
  ) {}

  client(): Promise<Client> {
    if (!this.pending) {
      const interceptors = this.retryAttempts ? [makeGrpcRetryInterceptor(defaultGrpcRetryOptions({ maxAttempts: this.retryAttempts }))] : undefined;
      this.pending = Connection.connect({ address: this.address, connectTimeout: '5s', interceptors })
        .then((connection) => {
          this.connection = connection;
          return new Client({ connection, namespace: this.namespace });
        })
        .catch((err) => {
          this.pending = null;
          throw err;
        });
    }
    return this.pending;
  }

  /** True when the frontend answers a health check (used by /readyz). */
  async healthy(): Promise<boolean> {
    try {
      await this.client();
      await this.connection!.healthService.check({});
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.connection?.close();
    this.connection = null;
    this.pending = null;
  }
}
