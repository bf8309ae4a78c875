import { getHeapStatistics } from 'node:v8';
import type { Db } from '../../db/connection';
import { type MeterSamples, meterReport } from '../../domain/operability/meters';

/**
 * GET /api/admin/performance-meter: collects the raw samples (this process's heap and uptime, the
 * database's latency, cache hit ratio, connections and size, provider trust from the latest health
 * snapshot within 24 hours, active providers, executions of the last 24 hours) and grades them with
 * domain/operability/meters.ts. Database samples are bounded by a timeout, so an unreachable
 * database answers N/A within seconds instead of hanging.
 */
const DB_TIMEOUT_MS = 3_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([p.catch(() => null), new Promise<null>((resolve) => setTimeout(() => resolve(null), ms).unref())]);
}

export class PerformanceMeter {
  constructor(private readonly deps: { db: Db; timeoutMs?: number }) {}

  async report(now = new Date()) {
    return meterReport(await this.samples(), now);
  }

  async samples(): Promise<MeterSamples> {
    const heap = getHeapStatistics();
    const db = this.deps.db;
    const timeout = this.deps.timeoutMs ?? DB_TIMEOUT_MS;
    const started = performance.now();
    const latency = await withTimeout(db.raw('select 1').then(() => performance.now() - started), timeout);
    const reachable = latency !== null;
    const q = <T>(run: () => Promise<T>) => (reachable ? withTimeout(run(), timeout) : Promise.resolve(null));
    const [cache, connections, size, trust, providers, executions] = await Promise.all([
      q(async () => {
        const { rows } = await db.raw('select blks_hit::float8 as hit, blks_read::float8 as read from pg_stat_database where datname = current_database()');
        const { hit, read } = rows[0] as { hit: number; read: number };
        return hit + read > 0 ? (hit / (hit + read)) * 100 : 100;
      }),
      q(async () => Number((await db.raw('select count(*)::int as n from pg_stat_activity where datname = current_database()')).rows[0].n)),
      q(async () => Number((await db.raw('select pg_database_size(current_database())::float8 as b')).rows[0].b) / (1024 * 1024)),
      q(async () => {
        const { rows } = await db.raw(
          `select distinct on (s.provider_id) s.trust_score
             from provider_health_snapshots s join providers p on p.id = s.provider_id and p.is_active
            where s.taken_at > now() - interval '24 hours'
            order by s.provider_id, s.taken_at desc`,
        );
        const scores = (rows as Array<{ trust_score: number }>).map((r) => r.trust_score);
        return scores.length ? { average: scores.reduce((a, b) => a + b, 0) / scores.length, unhealthy: scores.filter((t) => t < 50).length } : null;
      }),
      q(async () => Number((await db('providers').where({ is_active: true }).count<{ n: string }[]>('* as n'))[0].n)),
      q(async () => Number((await db('executions').where('created_at', '>', db.raw("now() - interval '24 hours'")).count<{ n: string }[]>('* as n'))[0].n)),
    ]);
    return {
      heapPercent: (heap.used_heap_size / heap.heap_size_limit) * 100,
      heapUsedMb: heap.used_heap_size / (1024 * 1024),
      uptimeHours: process.uptime() / 3600,
      dbLatencyMs: latency,
      cacheHitPercent: cache,
      dbConnections: connections,
      dbSizeMb: size,
      trustAverage: trust?.average ?? null,
      unhealthyProviders: trust ? trust.unhealthy : null,
      providerCount: providers,
      executions24h: executions,
    };
  }
}
