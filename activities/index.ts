import type { Db } from '../db/connection';
import type { Config } from '../lib/config';
import type { SecretBox } from '../lib/crypto';
import type { Logger } from '../lib/logger';
import type { ProviderRegistry } from './providers';
import { createBatchActivities } from './batch';
import { createBreakerActivities } from './breakers';
import { createHoldActivities } from './holds';
import { createWebhookActivities } from './webhooks';

/**
 * What activities may use. Built once per worker process; activities get it through their
 * factory (no module-level state), so tests can build a worker over their own database.
 */
export interface ActivityDeps {
  db: Db;
  config: Config;
  secretBox: SecretBox;
  logger: Logger;
  providerRegistry: ProviderRegistry;
}

/** Every activity the worker registers, built over its dependencies. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createHoldActivities(deps),
    ...createBatchActivities(deps),
    ...createWebhookActivities(deps),
    ...createBreakerActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
