import type { ActivityDeps } from '..';
import { createBatchExecutionActivities } from './execution';
import { createBatchLifecycleActivities } from './lifecycle';
import { type NativeBatchClients, createNativeBatchClients } from './native-clients';

/** Every activity of the batch workflows, over the worker's dependencies. */
export function createBatchActivities(deps: ActivityDeps, nativeClients: NativeBatchClients = createNativeBatchClients()) {
  return {
    ...createBatchLifecycleActivities({ db: deps.db, nativeClients }),
    ...createBatchExecutionActivities({ ...deps, nativeClients }),
  };
}

export type BatchActivities = ReturnType<typeof createBatchActivities>;
