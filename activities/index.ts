import type { Db } from '../db/connection';
import type { Config } from '../lib/config';
import type { SecretBox } from '../lib/crypto';
import type { Logger } from '../lib/logger';
import type { BatchRouting } from '../domain/batch/routing';
import type { ProviderRegistry } from './providers';
import { createBatchActivities } from './batch';
import { createBreakerActivities } from './breakers';
import { createHoldActivities } from './holds';
import { createWebhookActivities } from './webhooks';
import { createSanitizerCleanupActivities } from './sanitizer/cleanup';
import { createRetentionActivities } from './retention';
import { createShieldActivities } from './shield';
import { type PromptCaseExecutor, createPromptTestActivities } from './prompt-tests';
import { createChainActivities } from './chain-steps';
import { type SyntheticProbeExecutor, createSyntheticActivities } from './synthetic/runs';
import { createSyntheticArchivalActivities } from './synthetic/archival';
import { type ArchitectUseCases, createArchitectActivities } from './architect';

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
  useCases: ActivityUseCases;
}

/**
 * The use cases activities run that belong to services/ (which sits above activities: calls go
 * one way). The worker builds them from services/ (services/worker-use-cases.ts) and passes them in.
 */
export interface ActivityUseCases {
  /** A batch job's providers through the routing engine (services/batch/routing.ts). */
  batchRouting: BatchRouting;
  /** Starts `batch:<id>` for every active job that has no running workflow (services/batch/repair.ts). */
  repairBatchJobs(): Promise<{ checked: number; started: string[] }>;
  /** Deletes sanitizer sessions past their TTL; how many (services/sanitizer/sessions.ts). */
  deleteExpiredSanitizerSessions(): Promise<number>;
  /** Deletes data past each company's retention (services/onboarding/retention.ts). */
  applyDataRetention(): Promise<{ executions: number; promptLogs: number; responses: number }>;
  /** A stored prompt version through the gateway service (services/prompts/test-case-executor.ts): prompt test cases and MCP chain steps. */
  promptCases: PromptCaseExecutor;
  /** Synthetic probes through the gateway path (services/synthetic/probe.ts). */
  syntheticProbes?: SyntheticProbeExecutor;
  /** Architect sessions: model calls through the gateway path, the policy validator, provisioning (services/architect). */
  architect?: ArchitectUseCases;
}

/** Every activity the worker registers, built over its dependencies. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createHoldActivities(deps),
    ...createBatchActivities(deps),
    ...createWebhookActivities(deps),
    ...createBreakerActivities(deps),
    ...createSanitizerCleanupActivities(deps),
    ...createRetentionActivities(deps),
    ...createShieldActivities(deps),
    ...createPromptTestActivities({ db: deps.db, promptCases: deps.useCases.promptCases }),
    // MCP chain steps run through the same gateway port as prompt test cases.
    ...createChainActivities({ db: deps.db, promptCases: deps.useCases.promptCases }),
    ...createSyntheticActivities({ db: deps.db, probes: deps.useCases.syntheticProbes }),
    // Archive exports go under the data directory (GATEHOUSE_DATA_DIR, default .data, as npm start uses).
    ...createSyntheticArchivalActivities({ db: deps.db, dataDir: process.env.GATEHOUSE_DATA_DIR ?? '.data' }),
    ...createArchitectActivities({ db: deps.db, architect: deps.useCases.architect }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
