import type { Db } from '../db/connection';
import type { Config } from '../lib/config';
import type { SecretBox } from '../lib/crypto';
import type { Logger } from '../lib/logger';
import type { ProviderRegistry } from './providers';
import { createBatchActivities } from './batch';
import { createBreakerActivities } from './breakers';
import { createHoldActivities } from './holds';
import { createWebhookActivities } from './webhooks';
import { createSanitizerCleanupActivities } from './sanitizer-cleanup';
import { type PromptCaseExecutor, createPromptTestActivities } from './prompt-tests';

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
  /** The gateway, for prompt test cases (wired by the worker from the services; activities never import them). */
  promptCases?: PromptCaseExecutor;
}

/** Every activity the worker registers, built over its dependencies. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createHoldActivities(deps),
    ...createBatchActivities(deps),
    ...createWebhookActivities(deps),
    ...createBreakerActivities(deps),
    ...createSanitizerCleanupActivities(deps),
    ...createPromptTestActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
