import type { ActivityDeps } from '..';
import { createBatchCallbackActivities } from './callback';
import { createBatchExecutionActivities } from './execution';
import { createBatchLifecycleActivities } from './lifecycle';
import { SanitizerClient } from '../sanitizer/client';
import { BatchItemProtection } from './protection';
import { createBatchRepairActivities } from './repair';
import { type NativeBatchClients, createNativeBatchClients } from './native-clients';

/** Every activity of the batch workflows, over the worker's dependencies. */
export function createBatchActivities(deps: ActivityDeps, nativeClients: NativeBatchClients = createNativeBatchClients()) {
  // config.sanitization: items are protected through the sanitizer service (SANITIZER_URL, SANITIZER_API_TOKEN).
  const protection = new BatchItemProtection({
    db: deps.db,
    secretBox: deps.secretBox,
    client: new SanitizerClient({ url: deps.config.SANITIZER_URL, token: deps.config.SANITIZER_API_TOKEN, timeoutMs: deps.config.SANITIZER_TIMEOUT_MS }),
    ttlSeconds: deps.config.BATCH_SANITIZER_SESSION_TTL_SECONDS,
    concurrency: deps.config.BATCH_SANITIZER_CONCURRENCY,
  });
  return {
    ...createBatchLifecycleActivities({ db: deps.db, nativeClients, router: deps.useCases.batchRouting, protection }),
    ...createBatchExecutionActivities({ ...deps, nativeClients, protection }),
    ...createBatchCallbackActivities(deps),
    ...createBatchRepairActivities(deps.useCases),
  };
}

export type BatchActivities = ReturnType<typeof createBatchActivities>;
