import type { Db } from '../db/connection';
import type { BreakerState } from '../domain/routing/circuit-breaker';
import { trustScore } from '../domain/routing/provider-health';

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
     * executions over the last windowSeconds (every attempt counts, fallbacks included; a 400 counts
     * neither way, as for the breaker). Snapshots older than retentionDays are deleted.
     */
    async writeProviderHealthSnapshots(input: { windowSeconds: number; retentionDays: number }): Promise<{ written: number }> {
      const { rows } = await db.raw(
        `with recent as (
           select (a->>'providerId')::uuid as provider_id, a->>'status' as status, (a->>'latencyMs')::float8 as latency_ms
             from executions e cross join lateral jsonb_array_elements(e.attempts) a
            where e.created_at > now() - make_interval(secs => ?)
              and e.company_id in (select company_id from providers where is_active)
              and a->>'providerId' is not null
              and coalesce(a->>'errorKind', '') <> 'BAD_REQUEST'
         )
         select p.id as provider_id, p.company_id,
                count(r.provider_id)::int as samples,
                (count(*) filter (where r.status = 'ERROR'))::int as failures,
                percentile_cont(0.5) within group (order by r.latency_ms) filter (where r.status = 'SUCCESS') as p50,
                percentile_cont(0.95) within group (order by r.latency_ms) filter (where r.status = 'SUCCESS') as p95,
                coalesce(b.state, 'closed') as breaker_state
           from providers p
           left join recent r on r.provider_id = p.id
           left join provider_breakers b on b.provider_id = p.id
          where p.is_active
          group by p.id, p.company_id, b.state`,
        [input.windowSeconds],
      );
      const snapshots = (rows as HealthRow[]).map((r) => {
        const p95 = r.p95 === null ? null : Number(r.p95);
        return {
          company_id: r.company_id,
          provider_id: r.provider_id,
          window_seconds: input.windowSeconds,
          samples: r.samples,
          failures: r.failures,
          success_rate: r.samples === 0 ? null : (r.samples - r.failures) / r.samples,
          p50_latency_ms: r.p50 === null ? null : Number(r.p50),
          p95_latency_ms: p95,
          breaker_state: r.breaker_state,
          trust_score: trustScore({ samples: r.samples, failures: r.failures, p95LatencyMs: p95, breakerState: r.breaker_state }),
        };
      });
      await db.transaction(async (trx) => {
        if (snapshots.length) await trx.batchInsert('provider_health_snapshots', snapshots, 500);
        await trx('provider_health_snapshots').where('taken_at', '<', db.raw('now() - make_interval(days => ?)', [input.retentionDays])).delete();
      });
      return { written: snapshots.length };
    },
  };
}

interface HealthRow {
  provider_id: string;
  company_id: string;
  samples: number;
  failures: number;
  p50: number | string | null;
  p95: number | string | null;
  breaker_state: BreakerState;
}

export type BreakerActivities = ReturnType<typeof createBreakerActivities>;
