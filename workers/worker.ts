import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createActivities } from '../activities';
import { createProviderRegistry } from '../activities/providers';
import { createDb } from '../db/connection';
import { type Config, loadConfig } from '../lib/config';
import { SecretBox } from '../lib/crypto';
import { type Logger, createLogger } from '../lib/logger';
import { createWorkerUseCases } from '../services/worker-use-cases';
import { ensureBatchRepairSchedule } from '../temporal/batch-repair-schedule';
import { TemporalGateway } from '../temporal/client';
import { ensureProviderHealthSchedule, rollupRetention } from '../temporal/provider-health-schedule';
import { ensureSanitizerCleanupSchedule } from '../temporal/sanitizer-schedule';
import { ensureDataRetentionSchedule } from '../temporal/retention-schedule';
import { ensureShieldLeaverSchedule } from '../temporal/shield-leaver-schedule';

/**
 * `npm run worker`: the Temporal worker running every Gatehouse workflow and activity. Stateless:
 * run several for throughput; a restarted worker resumes every workflow from its history.
 */
export async function createGatehouseWorker(
  config: Config,
  opts: { workflowBundlePath?: string; identity?: string } = {},
): Promise<{ worker: Worker; close: () => Promise<void> }> {
  const db = createDb(config.DATABASE_URL, 10);
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const workflowSource: Pick<WorkerOptions, 'workflowBundle' | 'workflowsPath'> = opts.workflowBundlePath
    ? { workflowBundle: { codePath: opts.workflowBundlePath } }
    : { workflowsPath: require.resolve('../workflows') };
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'gatehouse-activities' });
  const secretBox = new SecretBox(config.ENCRYPTION_KEY);
  const useCases = createWorkerUseCases({ db, config, secretBox, logger });
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    activities: createActivities({
      db,
      config,
      secretBox,
      logger,
      providerRegistry: createProviderRegistry(),
      useCases,
    }),
    ...(opts.identity ? { identity: opts.identity } : {}),
    ...workflowSource,
  });
  // Schedules this worker's queue runs (created here so a fresh cluster gets them without a manual step).
  const scheduleConnection = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
  try {
    const client = new Client({ connection: scheduleConnection, namespace: config.TEMPORAL_NAMESPACE });
    await ensureSanitizerCleanupSchedule(client, config.TEMPORAL_TASK_QUEUE, config.SANITIZER_CLEANUP_INTERVAL_SECONDS);
    // Onboarding's retention settings, enforced once a day.
    await ensureDataRetentionSchedule(client, config.TEMPORAL_TASK_QUEUE, config.DATA_RETENTION_INTERVAL_SECONDS);
    // Protected handoff's leaver rule: members who left start their handoffs' 30 days.
    await ensureShieldLeaverSchedule(client, config.TEMPORAL_TASK_QUEUE, config.SHIELD_LEAVER_SWEEP_SECONDS);
    // Provider health snapshots (issue 3): here rather than in the api, so the api boots without Temporal.
    if (config.BREAKER_HEALTH_SCHEDULE) {
      await ensureProviderHealthSchedule(client, config.TEMPORAL_TASK_QUEUE, {
        intervalSeconds: config.BREAKER_HEALTH_INTERVAL_SECONDS,
        windowSeconds: config.BREAKER_HEALTH_WINDOW_SECONDS,
        retentionDays: config.BREAKER_HEALTH_RETENTION_DAYS,
        ...rollupRetention(config),
      });
    }
  } finally {
    await scheduleConnection.close();
  }
  const schedules = startWorkerSchedules(config, logger);
  return {
    worker,
    async close() {
      await schedules.stop();
      await useCases.close();
      await connection.close();
      await db.destroy();
    },
  };
}

/**
 * Schedules the worker owns, created (or updated to this config) at start: `batch-repair:<taskQueue>`
 * (the spec's batch processor "every 60 seconds"). Retried every minute until Temporal accepts it.
 */
function startWorkerSchedules(config: Config, logger: Logger): { stop: () => Promise<void> } {
  if (!config.BATCH_REPAIR_SCHEDULE) return { stop: async () => {} };
  const temporal = new TemporalGateway(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE, config.TEMPORAL_TASK_QUEUE);
  let timer: NodeJS.Timeout | null = null;
  const attempt = (): Promise<void> =>
    ensureBatchRepairSchedule(temporal, config).then(
      (scheduleId) => {
        logger.info({ scheduleId, everySeconds: config.BATCH_REPAIR_INTERVAL_SECONDS }, 'batch repair schedule ready');
        if (timer) clearInterval(timer);
        timer = null;
      },
      (err) => logger.warn({ err }, 'batch repair schedule not created yet; retrying'),
    );
  const first = attempt();
  timer = setInterval(() => void attempt(), 60_000);
  timer.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await first;
      await temporal.close();
    },
  };
}

if (require.main === module) {
  const config = loadConfig();
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'gatehouse-worker' });
  createGatehouseWorker(config, { workflowBundlePath: process.env.WORKFLOW_BUNDLE_PATH })
    .then(async ({ worker, close }) => {
      logger.info({ taskQueue: config.TEMPORAL_TASK_QUEUE, address: config.TEMPORAL_ADDRESS }, 'Gatehouse worker running');
      // Worker.run() handles SIGINT/SIGTERM itself: it drains in-flight tasks, then resolves.
      await worker.run();
      await close();
      logger.info('worker stopped');
    })
    .catch((err) => {
      logger.error({ err }, 'worker failed');
      process.exit(1);
    });
}
