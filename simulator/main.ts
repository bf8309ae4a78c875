import { createLogger } from '../lib/logger';
import { createSimulator } from './server';

/**
 * Standalone provider simulator: `npm run simulator`. Listens on SIMULATOR_PORT (default 9400)
 * and SIMULATOR_HOST (default 127.0.0.1: it accepts any key, so it is not meant to be exposed).
 */
const log = createLogger({ name: 'simulator' });
const port = Number(process.env.SIMULATOR_PORT ?? 9400);
const host = process.env.SIMULATOR_HOST ?? '127.0.0.1';
const simulator = createSimulator();

simulator.listen(port, host).then(
  ({ url }) => log.info({ url }, `provider simulator listening on ${url}`),
  (err: unknown) => {
    log.error({ err }, 'provider simulator failed to start');
    process.exit(1);
  },
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    simulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
