import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createActivities } from '../activities';
import { createProviderRegistry } from '../activities/providers';
import { createDb } from '../db/connection';
import { type Config, loadConfig } from '../lib/config';
import { SecretBox } from '../lib/crypto';
import { createLogger } from '../lib/logger';
import { ensureProviderHealthSchedule } from '../temporal/provider-health-schedule';
import { ensureSanitizerCleanupSchedule } from '../temporal/sanitizer-schedule';

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
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    activities: createActivities({
      db,
      config,
      secretBox: new SecretBox(config.ENCRYPTION_KEY),
      logger: createLogger({ level: config.LOG_LEVEL, name: 'gatehouse-activities' }),
      providerRegistry: createProviderRegistry(),
    }),
    ...(opts.identity ? { identity: opts.identity } : {}),
    ...workflowSource,
  });
  // Schedules this worker's queue runs (created here so a fresh cluster gets them without a manual step).
  const scheduleConnection = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
  try {
    const client = new Client({ connection: scheduleConnection, namespace: config.TEMPORAL_NAMESPACE });
    await ensureSanitizerCleanupSchedule(client, config.TEMPORAL_TASK_QUEUE, config.SANITIZER_CLEANUP_INTERVAL_SECONDS);
    // Provider health snapshots (issue 3): here rather than in the api, so the api boots without Temporal.
    if (config.BREAKER_HEALTH_SCHEDULE) {
      await ensureProviderHealthSchedule(client, config.TEMPORAL_TASK_QUEUE, {
        intervalSeconds: config.BREAKER_HEALTH_INTERVAL_SECONDS,
        windowSeconds: config.BREAKER_HEALTH_WINDOW_SECONDS,
        retentionDays: config.BREAKER_HEALTH_RETENTION_DAYS,
      });
    }
  } finally {
    await scheduleConnection.close();
  }
  return {
    worker,
    async close() {
      await connection.close();
      await db.destroy();
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
