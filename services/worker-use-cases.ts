import type { ActivityUseCases } from '../activities';
import type { Db } from '../db/connection';
import type { Config } from '../lib/config';
import type { SecretBox } from '../lib/crypto';
import type { Logger } from '../lib/logger';
import { TemporalGateway } from '../temporal/client';
import { repairBatchJobs } from './batch/repair';
import { createWorkerBatchRouter } from './batch/routing';
import { createContainer, createInfrastructure } from './container';
import { GatewayCaseExecutor } from './prompts/test-case-executor';
import { deleteExpiredSanitizerSessions } from './sanitizer/sessions';
import { applyDataRetention } from './onboarding/retention';

/**
 * What the worker's activities need from services/, built once per worker process. Activities sit
 * below services (calls go one way), so they get these use cases injected rather than importing them.
 * close() releases the Temporal client the repair opens on its first run.
 */
export function createWorkerUseCases(deps: { db: Db; config: Config; secretBox: SecretBox; logger: Logger }): ActivityUseCases & {
  close(): Promise<void>;
} {
  const { db, config } = deps;
  // The repair starts workflows, so it holds a Temporal client of its own, opened on the first run.
  const temporal = new TemporalGateway(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE, config.TEMPORAL_TASK_QUEUE);
  // Prompt test cases run through the gateway service exactly as the api runs it (routing policy,
  // breakers, execution records, webhooks), so the worker builds the services over a small pool of its own.
  const services = createContainer(createInfrastructure({ ...config, DATABASE_POOL_MAX: 5 }, { logger: deps.logger }));
  services.start();
  return {
    batchRouting: createWorkerBatchRouter(deps),
    repairBatchJobs: () => repairBatchJobs({ db, temporal, config }),
    deleteExpiredSanitizerSessions: () => deleteExpiredSanitizerSessions(db),
    applyDataRetention: () => applyDataRetention(db),
    syntheticProbes: services.services.syntheticProbe,
    promptCases: new GatewayCaseExecutor({ db: services.db, gateway: services.services.gateway, providers: services.services.providers }),
    architect: services.services.architectUseCases,
    close: async () => {
      await temporal.close();
      await services.close();
    },
  };
}
