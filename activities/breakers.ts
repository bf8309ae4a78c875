import type { Db } from '../db/connection';
import type { BreakerState } from '../domain/routing/circuit-breaker';
import { trustScore } from '../domain/routing/provider-health';
import { type MarkedAttemptCount, attemptStats, attemptStatsByKey } from '../domain/routing/window-stats';

/** Rollup retention when the schedule does not say (schedules created before the rollups existed). */
const DEFAULT_ROLLUP_RETENTION_MINUTES = 2 * 24 * 60;
const DEFAULT_TASK_ROLLUP_RETENTION_DAYS = 32;

/**
 * Side effects of the circuit breakers and of provider health: the `breaker:<providerId>` workflow
 * owns each breaker's state and writes it here; the scheduled health workflow measures every active
 * provider and stores a snapshot with its trust score.
 */
export interface PersistBreakerInput {
  providerId: string;
  companyId: string;
  state: BreakerState;
  generation: number;
  windowSamples: number;
  windowFailures: number;
  openedAt: string | null;
  halfOpenAt: string | null;
  changedAt: string;
  lastErrorKind: string | null;
}

export interface StoredBreaker {
  state: BreakerState;
  generation: number;
  openedAt: string | null;
  halfOpenAt: string | null;
  changedAt: string | null;
  lastErrorKind: string | null;
}

const FOREIGN_KEY_VIOLATION = '23503';

export function createBreakerActivities({ db }: { db: Db }) {
  return {
    /**
     * Upserts the breaker row. Idempotent, and a retried write of an older generation never
     * overwrites a newer one. { providerExists: false } when the provider has been deleted.
     */
    async persistBreakerState(input: PersistBreakerInput): Promise<{ providerExists: boolean }> {
      try {
        await db.raw(
          `insert into provider_breakers
             (provider_id, company_id, state, generation, window_samples, window_failures,
              opened_at, half_open_at, changed_at, last_error_kind, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now())
           on conflict (provider_id) do update set
             state = excluded.state, generation = excluded.generation,
             window_samples = excluded.window_samples, window_failures = excluded.window_failures,
             opened_at = excluded.opened_at, half_open_at = excluded.half_open_at,
             changed_at = excluded.changed_at, last_error_kind = excluded.last_error_kind, updated_at = now()
           where provider_breakers.generation <= excluded.generation`,
          [
            input.providerId,
            input.companyId,
            input.state,
            input.generation,
            input.windowSamples,
            input.windowFailures,
            input.openedAt,
            input.halfOpenAt,
            input.changedAt,
            input.lastErrorKind,
          ],
        );
        return { providerExists: true };
      } catch (err) {
        if ((err as { code?: string }).code === FOREIGN_KEY_VIOLATION) return { providerExists: false };
        throw err;
      }
    },

    async loadBreakerState(input: { providerId: string }): Promise<StoredBreaker | null> {
      const row = await db('provider_breakers').where({ provider_id: input.providerId }).first();
      if (!row) return null;
      return {
        state: row.state,
        generation: row.generation,
        openedAt: row.opened_at ? new Date(row.opened_at).toISOString() : null,
        halfOpenAt: row.half_open_at ? new Date(row.half_open_at).toISOString() : null,
        changedAt: row.changed_at ? new Date(row.changed_at).toISOString() : null,
        lastErrorKind: row.last_error_kind,
      };
    },

    /**
     * One health snapshot per active provider, measured from the provider attempts recorded in
     * executions over the last windowSeconds (every attempt counts, fallbacks and synthetic probes
     * included, the probes' share kept in synthetic_samples/failures; a 400 counts neither way, as
     * for the breaker), read from the per-minute attempt rollups (the window starts
     * at the minute of now − windowSeconds). Snapshots older than retentionDays are deleted, and
     * so are rollups no window reads any more (rollupRetentionMinutes, taskRollupRetentionDays).
     */
    async writeProviderHealthSnapshots(input: {
      windowSeconds: number;
      retentionDays: number;
      rollupRetentionMinutes?: number;
      taskRollupRetentionDays?: number;
    }): Promise<{ written: number }> {
      const [{ rows: providers }, { rows: counts }] = await Promise.all([
        db.raw<{ rows: Array<{ provider_id: string; company_id: string; breaker_state: BreakerState }> }>(
          `select p.id as provider_id, p.company_id, coalesce(b.state, 'closed') as breaker_state
             from providers p left join provider_breakers b on b.provider_id = p.id
            where p.is_active`,
        ),
        db.raw<{ rows: Array<MarkedAttemptCount & { provider_id: string }> }>(
          `select r.provider_id, r.synthetic, r.ok, r.latency_ms as "latencyMs", sum(r.attempts)::int as attempts
             from routing_attempt_rollups r
            where r.minute >= date_trunc('minute', now() - make_interval(secs => ?))
              and r.company_id in (select company_id from providers where is_active)
            group by 1, 2, 3, 4`,
          [input.windowSeconds],
        ),
      ]);
      // Probes count in full: they exist to measure provider health (see DEFAULT_SYNTHETIC_WEIGHT for routing's weighing).
      const byProvider = attemptStatsByKey(counts, (c) => c.provider_id);
      const probesByProvider = attemptStatsByKey(
        counts.filter((c) => c.synthetic),
        (c) => c.provider_id,
      );
      const snapshots = providers.map((p) => {
        const stats = byProvider.get(p.provider_id) ?? attemptStats([]);
        const probes = probesByProvider.get(p.provider_id);
        return {
          company_id: p.company_id,
          provider_id: p.provider_id,
          window_seconds: input.windowSeconds,
          samples: stats.samples,
          failures: stats.failures,
          success_rate: stats.samples === 0 ? null : stats.ok / stats.samples,
          p50_latency_ms: stats.p50LatencyMs,
          p95_latency_ms: stats.p95LatencyMs,
          breaker_state: p.breaker_state,
          trust_score: trustScore({ samples: stats.samples, failures: stats.failures, p95LatencyMs: stats.p95LatencyMs, breakerState: p.breaker_state }),
          synthetic_samples: probes?.samples ?? 0,
          synthetic_failures: probes?.failures ?? 0,
        };
      });
      await db.transaction(async (trx) => {
        if (snapshots.length) await trx.batchInsert('provider_health_snapshots', snapshots, 500);
        await trx('provider_health_snapshots').where('taken_at', '<', db.raw('now() - make_interval(days => ?)', [input.retentionDays])).delete();
      });
      const rollupMinutes = input.rollupRetentionMinutes ?? DEFAULT_ROLLUP_RETENTION_MINUTES;
      for (const table of ['routing_attempt_rollups', 'routing_cost_rollups']) {
        await db(table).where('minute', '<', db.raw('now() - make_interval(mins => ?)', [rollupMinutes])).delete();
      }
      await db('routing_task_rollups')
        .where('day', '<', db.raw("(now() AT TIME ZONE 'UTC')::date - ?::int", [input.taskRollupRetentionDays ?? DEFAULT_TASK_ROLLUP_RETENTION_DAYS]))
        .delete();
      return { written: snapshots.length };
    },
  };
}

export type BreakerActivities = ReturnType<typeof createBreakerActivities>;
