import type { ActivityDeps } from '.';

/** Side effect of the data retention workflow: the deletes of services/onboarding/retention.ts, injected by the worker. */
export function createRetentionActivities(deps: Pick<ActivityDeps, 'useCases' | 'logger'>) {
  return {
    async applyDataRetention(): Promise<{ executions: number; promptLogs: number; responses: number }> {
      const deleted = await deps.useCases.applyDataRetention();
      if (deleted.executions + deleted.promptLogs + deleted.responses) deps.logger.info({ deleted }, 'data past its retention deleted');
      return deleted;
    },
  };
}

export type RetentionActivities = ReturnType<typeof createRetentionActivities>;
