import { Client, Connection } from '@temporalio/client';

/**
 * The api's one way to Temporal. The connection is opened on first use, not at boot: the
 * AUTONOMOUS and DRY_RUN paths never need it, and an api that starts before Temporal is ready
 * still serves them. A failed connect is retried on the next call.
 */
export class TemporalGateway {
  private pending: Promise<Client> | null = null;
  private connection: Connection | null = null;

  constructor(
    readonly address: string,
    readonly namespace: string,
    readonly taskQueue: string,
  ) {}

  client(): Promise<Client> {
    if (!this.pending) {
      this.pending = Connection.connect({ address: this.address, connectTimeout: '5s' })
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
