import type { ActivityDeps } from '..';
import { type BatchRouter, createWorkerBatchRouter } from '../../api/services/batch-routing';
import { createBatchCallbackActivities } from './callback';
import { createBatchExecutionActivities } from './execution';
import { createBatchLifecycleActivities } from './lifecycle';
import { createBatchRepairActivities } from './repair';
import { type NativeBatchClients, createNativeBatchClients } from './native-clients';

/** Every activity of the batch workflows, over the worker's dependencies. */
export function createBatchActivities(
  deps: ActivityDeps,
  nativeClients: NativeBatchClients = createNativeBatchClients(),
  router: BatchRouter = createWorkerBatchRouter(deps),
) {
  return {
    ...createBatchLifecycleActivities({ db: deps.db, nativeClients, router }),
    ...createBatchExecutionActivities({ ...deps, nativeClients }),
    ...createBatchCallbackActivities(deps),
    ...createBatchRepairActivities(deps),
  };
}

export type BatchActivities = ReturnType<typeof createBatchActivities>;
