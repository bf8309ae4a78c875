import { deleteExpiredSanitizerSessions } from '../api/sanitizer/services/sessions';
import type { ActivityDeps } from './index';

/** Side effect of the sanitizer cleanup workflow: delete sessions past their TTL (their keys with them). */
export function createSanitizerCleanupActivities(deps: Pick<ActivityDeps, 'db' | 'logger'>) {
  return {
    async deleteExpiredSanitizerSessions(): Promise<number> {
      const deleted = await deleteExpiredSanitizerSessions(deps.db);
      if (deleted) deps.logger.info({ deleted }, 'expired sanitizer sessions deleted');
      return deleted;
    },
  };
}

export type SanitizerCleanupActivities = ReturnType<typeof createSanitizerCleanupActivities>;
