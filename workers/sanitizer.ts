import type { Server } from 'node:http';
import { createSanitizerApp } from '../api/sanitizer/app';
import { loadSanitizerConfig, type SanitizerConfig } from '../lib/sanitizer-config';
import { createSanitizerContainer } from '../services/sanitizer/container';
import { listenUntilStopped, runAsProcess } from './http-process';

/**
 * `npm run sanitizer`: the sanitizer HTTP service (PORT, default 8100). On SIGINT/SIGTERM it stops
 * accepting connections, lets requests in flight finish and closes the database.
 */
export async function startSanitizer(config: SanitizerConfig = loadSanitizerConfig()): Promise<{ server: Server; stop: () => Promise<void> }> {
  const container = createSanitizerContainer(config);
  // The entity-model switch on: a model that cannot load stops the start here, with the reason.
  if (container.entityModel) {
    try {
      await container.entityModel.verify();
    } catch (err) {
      await container.close();
      throw err;
    }
  }
  const started = await listenUntilStopped(createSanitizerApp(container).callback(), config.PORT, config.HOST, () => container.close());
  if (!config.SANITIZER_API_TOKEN) container.logger.warn('SANITIZER_API_TOKEN is not set: the sanitizer endpoints accept any caller');
  container.logger.info({ port: config.PORT }, `Gatehouse sanitizer listening on http://${config.HOST}:${config.PORT}`);
  return started;
}

if (require.main === module) runAsProcess('sanitizer', () => startSanitizer());
