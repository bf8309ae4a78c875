import type { Db } from '../../db/connection';
import type { BreakerGate, BreakerOutcome } from '../../domain/routing/breaker-gate';
import { type BreakerSettings, type BreakerState, countsAsFailure } from '../../domain/routing/circuit-breaker';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import type { TemporalGateway } from '../../temporal/client';
import { breakerWorkflowId } from '../../temporal/workflow-ids';
import { providerBreakerWorkflow, reportOutcomes } from '../../workflows/breakers';

/**
 * The api side of the circuit breakers (the BreakerGate routing and the gateway see).
 *
 * Hot path, all synchronous and in memory:
 * - recordOutcome only increments a counter per provider (and breaker generation);
 * - blockedProviderIds returns a set rebuilt only when something changes;
 * - admit takes a half-open probe slot (at most BREAKER_HALF_OPEN_PROBES in flight per process).
 *
 * Off the hot path, on timers:
 * - every BREAKER_FLUSH_INTERVAL_MS the counters go to each provider's `breaker:<providerId>`
 *   workflow in one signalWithStart per provider (never one signal per request);
 * - every BREAKER_REFRESH_INTERVAL_MS the rows of provider_breakers changed since the last look are
 *   read (the workflow writes them), so every api process converges on the same states within about
 *   a second of a transition.
 */
interface KnownBreaker {
  companyId: string;
  state: BreakerState;
  generation: number;
}

interface PendingCounts {
  providerId: string;
  companyId: string;
  generation: number;
  ok: number;
  failed: number;
  lastErrorKind: string | null;
}

export interface BreakerView {
  providerId: string;
  providerName: string;
  providerType: string;
  isActive: boolean;
  workflowId: string;
  state: BreakerState;
  generation: number;
  windowSamples: number;
  windowFailures: number;
  errorRate: number;
  lastErrorKind: string | null;
  openedAt: string | null;
  halfOpenAt: string | null;
  nextProbeAt: string | null;
  changedAt: string | null;
  updatedAt: string | null;
  health: ProviderHealthView | null;
}

export interface ProviderHealthView {
  trustScore: number;
  samples: number;
  failures: number;
  /** Of samples and failures, those from synthetic probes. */
  syntheticSamples: number;
  syntheticFailures: number;
  successRate: number | null;
  p50LatencyMs: number | null;
  p95LatencyMs: number | null;
  windowSeconds: number;
  takenAt: string;
}

/** Rows changed this close to the last watermark are read again: commits are not ordered by updated_at. */
const WATERMARK_SLACK_MS = 5_000;
/** Now and then the whole table is re-read, which also forgets deleted providers. */
const FULL_RELOAD_EVERY = 300;

export class CircuitBreakerService implements BreakerGate {
  private readonly known = new Map<string, KnownBreaker>();
  private blocked: ReadonlySet<string> = new Set();
  /** providerId → lease expiry (epoch ms) of each probe admitted and not yet reported. */
  private readonly probeLeases = new Map<string, number[]>();
  private pending = new Map<string, PendingCounts>();
  private watermark: Date | null = null;
  /** providerId → the open generation this process already sent its settings to (see nudgeOpen). */
  private readonly nudged = new Map<string, number>();
  private refreshes = 0;
  private flushTimer: NodeJS.Timeout | null = null;
  private refreshTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  readonly settings: BreakerSettings;

  constructor(
    private readonly deps: { db: Db; temporal: TemporalGateway; logger: Logger; config: Config },
  ) {
    const c = deps.config;
    this.settings = {
      windowMs: c.BREAKER_WINDOW_SECONDS * 1000,
      minSamples: c.BREAKER_MIN_SAMPLES,
      errorRateThreshold: c.BREAKER_ERROR_RATE_THRESHOLD,
      cooldownMs: c.BREAKER_COOLDOWN_SECONDS * 1000,
      halfOpenSuccesses: c.BREAKER_HALF_OPEN_SUCCESSES,
      statsPersistMs: c.BREAKER_STATS_PERSIST_SECONDS * 1000,
    };
  }

  start(): void {
    if (this.flushTimer) return;
    void this.refresh();
    this.flushTimer = setInterval(() => void this.flush(), this.deps.config.BREAKER_FLUSH_INTERVAL_MS);
    this.refreshTimer = setInterval(() => void this.refresh(), this.deps.config.BREAKER_REFRESH_INTERVAL_MS);
    this.flushTimer.unref();
    this.refreshTimer.unref();
  }

  /** Stops the timers and sends what is still counted (best effort: Temporal may be gone). */
  async stop(): Promise<void> {
    if (this.flushTimer) clearInterval(this.flushTimer);
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.flushTimer = null;
    this.refreshTimer = null;
    await this.refreshing;
    await this.flush();
  }

  get halfOpenProbes(): number {
    return this.deps.config.BREAKER_HALF_OPEN_PROBES;
  }

  // ---- BreakerGate (hot path) ----

  blockedProviderIds(): ReadonlySet<string> {
    return this.blocked;
  }

  admit(providerId: string): boolean {
    const known = this.known.get(providerId);
    if (!known || known.state === 'closed') return true;
    if (known.state === 'open') return false;
    const now = Date.now();
    const leases = this.liveLeases(providerId, now);
    if (leases.length >= this.deps.config.BREAKER_HALF_OPEN_PROBES) return false;
    leases.push(now + this.deps.config.BREAKER_PROBE_LEASE_MS);
    if (leases.length >= this.deps.config.BREAKER_HALF_OPEN_PROBES) this.rebuildBlocked();
    return true;
  }

  recordOutcome(outcome: BreakerOutcome): void {
    const known = this.known.get(outcome.providerId);
    if (known?.state === 'half-open') this.releaseProbe(outcome.providerId);
    // An open breaker ignores everything until its cooldown ends; don't send it stragglers.
    if (known?.state === 'open') return;
    if (!outcome.ok && !countsAsFailure(outcome.errorKind)) return;
    const generation = known?.generation ?? 0;
    const key = `${outcome.providerId}|${generation}`;
    let counts = this.pending.get(key);
    if (!counts) {
      counts = { providerId: outcome.providerId, companyId: outcome.companyId, generation, ok: 0, failed: 0, lastErrorKind: null };
      this.pending.set(key, counts);
    }
    if (outcome.ok) counts.ok++;
    else {
      counts.failed++;
      counts.lastErrorKind = outcome.errorKind ?? 'UNKNOWN';
    }
  }

  // ---- Timers ----

  /** Sends the counted outcomes, one signalWithStart per provider. Counts that fail to send are kept. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.pending.size === 0) return Promise.resolve();
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = this.send(batch).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async send(batch: PendingCounts[]): Promise<void> {
    let client: Awaited<ReturnType<TemporalGateway['client']>>;
    try {
      client = await this.deps.temporal.client();
    } catch (err) {
      this.keep(batch);
      this.deps.logger.warn({ err, providers: batch.length }, 'circuit breakers: Temporal unreachable; outcomes kept for the next flush');
      return;
    }
    const failed: PendingCounts[] = [];
    await Promise.all(
      batch.map(async (c) => {
        try {
          await client.workflow.signalWithStart(providerBreakerWorkflow, {
            workflowId: breakerWorkflowId(c.providerId),
            taskQueue: this.deps.temporal.taskQueue,
            args: [{ providerId: c.providerId, companyId: c.companyId, settings: this.settings }],
            signal: reportOutcomes,
            // The settings ride along so changed BREAKER_* values reach breakers already running.
            signalArgs: [{ generation: c.generation, ok: c.ok, failed: c.failed, lastErrorKind: c.lastErrorKind, settings: this.settings }],
          });
        } catch (err) {
          failed.push(c);
          this.deps.logger.warn({ err, providerId: c.providerId }, 'circuit breakers: could not signal the breaker workflow');
        }
      }),
    );
    this.keep(failed);
  }

  /** Puts unsent counts back (merged with anything counted since). */
  private keep(batch: PendingCounts[]): void {
    for (const c of batch) {
      const key = `${c.providerId}|${c.generation}`;
      const current = this.pending.get(key);
      if (!current) this.pending.set(key, c);
      else {
        current.ok += c.ok;
        current.failed += c.failed;
        current.lastErrorKind = current.lastErrorKind ?? c.lastErrorKind;
      }
    }
  }

  /** Reads the breaker rows changed since the last look. Public so tests and the admin view need not wait a tick. */
  refresh(): Promise<void> {
    if (!this.refreshing) {
      this.refreshing = this.load().finally(() => {
        this.refreshing = null;
      });
    }
    return this.refreshing;
  }

  private async load(): Promise<void> {
    try {
      const full = this.watermark === null || this.refreshes++ % FULL_RELOAD_EVERY === 0;
      const q = this.deps.db('provider_breakers').select('provider_id', 'company_id', 'state', 'generation', 'updated_at');
      if (!full) q.where('updated_at', '>', new Date(this.watermark!.getTime() - WATERMARK_SLACK_MS));
      const rows: Array<{ provider_id: string; company_id: string; state: BreakerState; generation: number; updated_at: Date }> = await q;
      if (full) this.known.clear();
      for (const row of rows) {
        const before = this.known.get(row.provider_id);
        if (before && before.generation > row.generation) continue;
        if (before?.state !== row.state) this.probeLeases.delete(row.provider_id);
        this.known.set(row.provider_id, { companyId: row.company_id, state: row.state, generation: row.generation });
        if (row.state === 'open') this.nudgeOpen(row.provider_id, row.company_id, row.generation);
        if (!this.watermark || row.updated_at > this.watermark) this.watermark = row.updated_at;
      }
      if (full) for (const providerId of this.nudged.keys()) if (!this.known.has(providerId)) this.nudged.delete(providerId);
      if (!this.watermark) this.watermark = new Date(0);
      this.rebuildBlocked();
    } catch (err) {
      this.deps.logger.warn({ err }, 'circuit breakers: could not read breaker states; keeping the last known');
    }
  }

  /**
   * An open breaker gets no traffic, hence no outcome batches carrying settings: once per open
   * generation, queue an empty batch so it learns this process's settings (a shortened cooldown
   * then applies to the breaker already open). The workflow ignores it when nothing changed.
   */
  private nudgeOpen(providerId: string, companyId: string, generation: number): void {
    if (this.nudged.get(providerId) === generation) return;
    this.nudged.set(providerId, generation);
    const key = `${providerId}|${generation}`;
    if (!this.pending.has(key)) this.pending.set(key, { providerId, companyId, generation, ok: 0, failed: 0, lastErrorKind: null });
  }

  // ---- Probe slots ----

  private liveLeases(providerId: string, now: number): number[] {
    let leases = this.probeLeases.get(providerId);
    if (!leases) {
      leases = [];
      this.probeLeases.set(providerId, leases);
    } else if (leases.length && leases[0]! <= now) {
      const live = leases.filter((t) => t > now);
      leases.length = 0;
      leases.push(...live);
    }
    return leases;
  }

  private releaseProbe(providerId: string): void {
    const leases = this.probeLeases.get(providerId);
    if (!leases?.length) return;
    const wasFull = leases.length >= this.deps.config.BREAKER_HALF_OPEN_PROBES;
    leases.shift();
    if (wasFull) this.rebuildBlocked();
  }

  /** Open breakers, and half-open ones with every probe slot taken. */
  private rebuildBlocked(): void {
    const now = Date.now();
    const blocked = new Set<string>();
    for (const [providerId, b] of this.known) {
      if (b.state === 'open') blocked.add(providerId);
      else if (b.state === 'half-open' && this.liveLeases(providerId, now).length >= this.deps.config.BREAKER_HALF_OPEN_PROBES) {
        blocked.add(providerId);
      }
    }
    this.blocked = blocked;
  }

  // ---- Admin view ----

  /** Every provider of the company with its breaker state and latest health snapshot (closed when never tripped). */
  async listForCompany(companyId: string): Promise<BreakerView[]> {
    const { rows } = await this.deps.db.raw(
      `select p.id, p.name, p.type, p.is_active,
              b.state, b.generation, b.window_samples, b.window_failures, b.last_error_kind,
              b.opened_at, b.half_open_at, b.changed_at, b.updated_at,
              h.trust_score, h.samples, h.failures, h.synthetic_samples, h.synthetic_failures, h.success_rate, h.p50_latency_ms, h.p95_latency_ms,
              h.window_seconds, h.taken_at
         from providers p
         left join provider_breakers b on b.provider_id = p.id
         left join lateral (
           select * from provider_health_snapshots s
            where s.company_id = p.company_id and s.provider_id = p.id
            order by s.taken_at desc limit 1
         ) h on true
        where p.company_id = ?
        order by p.name`,
      [companyId],
    );
    return (rows as BreakerRow[]).map((r) => {
      const state: BreakerState = r.state ?? 'closed';
      const samples = r.window_samples ?? 0;
      const failures = r.window_failures ?? 0;
      return {
        providerId: r.id,
        providerName: r.name,
        providerType: r.type,
        isActive: r.is_active,
        workflowId: breakerWorkflowId(r.id),
        state,
        generation: r.generation ?? 0,
        windowSamples: samples,
        windowFailures: failures,
        errorRate: samples === 0 ? 0 : failures / samples,
        lastErrorKind: r.last_error_kind,
        openedAt: isoOrNull(r.opened_at),
        halfOpenAt: isoOrNull(r.half_open_at),
        nextProbeAt: state === 'open' && r.opened_at ? new Date(new Date(r.opened_at).getTime() + this.settings.cooldownMs).toISOString() : null,
        changedAt: isoOrNull(r.changed_at),
        updatedAt: isoOrNull(r.updated_at),
        health:
          r.trust_score === null || r.taken_at === null
            ? null
            : {
                trustScore: r.trust_score,
                samples: r.samples ?? 0,
                failures: r.failures ?? 0,
                syntheticSamples: r.synthetic_samples ?? 0,
                syntheticFailures: r.synthetic_failures ?? 0,
                successRate: r.success_rate,
                p50LatencyMs: r.p50_latency_ms,
                p95LatencyMs: r.p95_latency_ms,
                windowSeconds: r.window_seconds ?? 0,
                takenAt: new Date(r.taken_at).toISOString(),
              },
      };
    });
  }
}

interface BreakerRow {
  id: string;
  name: string;
  type: string;
  is_active: boolean;
  state: BreakerState | null;
  generation: number | null;
  window_samples: number | null;
  window_failures: number | null;
  last_error_kind: string | null;
  opened_at: Date | null;
  half_open_at: Date | null;
  changed_at: Date | null;
  updated_at: Date | null;
  trust_score: number | null;
  samples: number | null;
  failures: number | null;
  synthetic_samples: number | null;
  synthetic_failures: number | null;
  success_rate: number | null;
  p50_latency_ms: number | null;
  p95_latency_ms: number | null;
  window_seconds: number | null;
  taken_at: Date | null;
}

const isoOrNull = (d: Date | null) => (d ? new Date(d).toISOString() : null);
