import type { Db } from '../db/connection';
import { createHoldActivities } from './holds';

/** Every activity the worker registers, built over its dependencies (no module-level state). */
export function createActivities(deps: { db: Db }) {
  return {
    ...createHoldActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
