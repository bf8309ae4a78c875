import type { Db } from '../../db/connection';
import type { TemporalGateway } from '../../temporal/client';

/** Whether PostgreSQL answers a trivial query (never throws). */
export function databaseReachable(db: Db): Promise<boolean> {
  return db
    .raw('select 1')
    .then(() => true)
    .catch(() => false);
}

/**
 * GET /readyz of the api. The api serves AUTONOMOUS and DRY_RUN without Temporal, so only the
 * database decides readiness; Temporal's state is reported for operators.
 */
export async function apiReadiness(deps: { db: Db; temporal: TemporalGateway }): Promise<{
  ready: boolean;
  checks: { database: boolean; temporal: boolean };
}> {
  const [database, temporal] = await Promise.all([databaseReachable(deps.db), deps.temporal.healthy()]);
  return { ready: database, checks: { database, temporal } };
}
