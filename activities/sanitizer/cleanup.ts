import type { ActivityDeps } from '..';

/**
 * Side effect of the sanitizer cleanup workflow: delete sessions past their TTL (their keys with
 * them). The delete is the sanitizer's own (services/sanitizer/sessions.ts), injected by the worker.
 */
export function createSanitizerCleanupActivities(deps: Pick<ActivityDeps, 'useCases' | 'logger'>) {
  return {
    async deleteExpiredSanitizerSessions(): Promise<number> {
      const deleted = await deps.useCases.deleteExpiredSanitizerSessions();
      if (deleted) deps.logger.info({ deleted }, 'expired sanitizer sessions deleted');
      return deleted;
    },
  };
}

export type SanitizerCleanupActivities = ReturnType<typeof createSanitizerCleanupActivities>;
