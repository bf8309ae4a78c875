import type { ActivityDeps } from '..';
import { createBatchCallbackActivities } from './callback';
import { createBatchExecutionActivities } from './execution';
import { createBatchLifecycleActivities } from './lifecycle';
import { type NativeBatchClients, createNativeBatchClients } from './native-clients';

/** Every activity of the batch workflows, over the worker's dependencies. */
export function createBatchActivities(deps: ActivityDeps, nativeClients: NativeBatchClients = createNativeBatchClients()) {
  return {
    ...createBatchLifecycleActivities({ db: deps.db, nativeClients }),
    ...createBatchExecutionActivities({ ...deps, nativeClients }),
    ...createBatchCallbackActivities(deps),
  };
}

export type BatchActivities = ReturnType<typeof createBatchActivities>;
