import { continueAsNew, condition, defineQuery, defineSignal, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { BreakerActivities } from '../activities/breakers';
import {
  type BreakerSettings,
  type BreakerState,
  type OutcomeBatch,
  type WindowBucket,
  addToWindow,
  pruneWindow,
  shouldOpen,
  windowTotals,
} from '../domain/routing/circuit-breaker';

/**
 * One provider's circuit breaker: `breaker:<providerId>`, reached with signalWithStart by every api
 * process (services/routing/circuit-breakers.ts), which sends it aggregated outcome counts, never one
 * signal per request. The workflow owns the state machine and writes each transition (and, while
 * closed, the window figures now and then) to provider_breakers through an activity; the api
 * processes read that table, so they all agree on which providers to skip.
 *
 * Every transition increments `generation`. The api tags each batch with the generation it saw, so
 * counts gathered under an older state (failures from before the breaker opened, reaching it after
 * it closed again) are dropped rather than mistaken for probe results.
 *
 * Settings: every batch carries the sender's BREAKER_* settings and the workflow adopts the latest
 * (an open breaker re-times its cooldown at once), so a changed configuration reaches running
 * breakers without restarting them.
 *
 * History stays bounded: past `historyLimit` events (or when the server suggests it) the workflow
 * continues as new, carrying its state, window and current settings.
 */
export interface BreakerMemory {
  state: BreakerState;
  generation: number;
  window: WindowBucket[];
  openedAtMs: number | null;
  halfOpenAtMs: number | null;
  changedAtMs: number;
  probeSuccesses: number;
  lastErrorKind: string | null;
  lastPersistMs: number;
}

export interface BreakerWorkflowInput {
  providerId: string;
  companyId: string;
  /** The settings at start; replaced by those any later outcome batch carries. */
  settings: BreakerSettings;
  /** Continue-as-new past this many history events (default 2,000). */
  historyLimit?: number;
  /** Set by continueAsNew only. */
  carried?: BreakerMemory;
}

export interface BreakerStatus {
  state: BreakerState;
  generation: number;
  windowSamples: number;
  windowFailures: number;
  openedAt: string | null;
  halfOpenAt: string | null;
}

export const reportOutcomes = defineSignal<[OutcomeBatch]>('reportOutcomes');
export const breakerStatus = defineQuery<BreakerStatus>('status');

const { persistBreakerState, loadBreakerState } = proxyActivities<BreakerActivities>({
  startToCloseTimeout: '30 seconds',
  // A database outage must not lose a transition: keep retrying, backing off to once a minute.
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

export async function providerBreakerWorkflow(input: BreakerWorkflowInput): Promise<'provider-deleted'> {
  let settings = input.settings;
  // Bumped when a batch brings different settings, to wake an open breaker so it re-times its cooldown.
  let settingsVersion = 0;
  const historyLimit = input.historyLimit ?? 2000;
  const pending: OutcomeBatch[] = [];
  let m: BreakerMemory = input.carried ?? (await restore(input));

  setHandler(reportOutcomes, (batch) => {
    if (batch.settings && !sameSettings(batch.settings, settings)) {
      settings = batch.settings;
      settingsVersion++;
    }
    pending.push(batch);
  });
  setHandler(breakerStatus, () => {
    const totals = windowTotals(pruneWindow(m.window, Date.now(), settings.windowMs));
    return {
      state: m.state,
      generation: m.generation,
      windowSamples: totals.samples,
      windowFailures: totals.failures,
      openedAt: m.openedAtMs === null ? null : new Date(m.openedAtMs).toISOString(),
      halfOpenAt: m.halfOpenAtMs === null ? null : new Date(m.halfOpenAtMs).toISOString(),
    };
  });

  /** Writes the state; false when the provider no longer exists (the breaker then ends). */
  async function persist(): Promise<boolean> {
    m.window = pruneWindow(m.window, Date.now(), settings.windowMs);
    const totals = windowTotals(m.window);
    const { providerExists } = await persistBreakerState({
      providerId: input.providerId,
      companyId: input.companyId,
      state: m.state,
      generation: m.generation,
      windowSamples: totals.samples,
      windowFailures: totals.failures,
      openedAt: iso(m.openedAtMs),
      halfOpenAt: iso(m.halfOpenAtMs),
      changedAt: new Date(m.changedAtMs).toISOString(),
      lastErrorKind: m.lastErrorKind,
    });
    m.lastPersistMs = Date.now();
    return providerExists;
  }

  function moveTo(state: BreakerState) {
    const now = Date.now();
    m = {
      ...m,
      state,
      generation: m.generation + 1,
      changedAtMs: now,
      probeSuccesses: 0,
      // A new state starts a new measurement: the closed window after recovery starts empty.
      window: state === 'closed' ? [] : m.window,
      openedAtMs: state === 'open' ? now : state === 'closed' ? null : m.openedAtMs,
      halfOpenAtMs: state === 'half-open' ? now : null,
    };
  }

  if (!input.carried && !(await persist())) return 'provider-deleted';

  for (;;) {
    if (pending.length === 0 && (workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > historyLimit)) {
      await continueAsNew<typeof providerBreakerWorkflow>({ ...input, settings, carried: m });
    }

    if (m.state === 'open') {
      const remaining = (m.openedAtMs ?? Date.now()) + settings.cooldownMs - Date.now();
      if (remaining > 0) {
        // New settings (a shorter or longer cooldown) wake the wait; the loop then re-times it.
        const seen = settingsVersion;
        if (await condition(() => settingsVersion !== seen, remaining)) continue;
      }
      // Whatever arrived while open was counted under an older generation or is a straggler: drop it.
      pending.length = 0;
      moveTo('half-open');
      if (!(await persist())) return 'provider-deleted';
      continue;
    }

    await condition(() => pending.length > 0 || workflowInfo().continueAsNewSuggested);
    const before = m.generation;
    for (const batch of pending.splice(0)) {
      if (batch.generation !== m.generation) continue;
      if (batch.ok === 0 && batch.failed === 0) continue; // a settings nudge: nothing to count
      if (batch.failed > 0 && batch.lastErrorKind) m.lastErrorKind = batch.lastErrorKind;
      if (m.state === 'closed') {
        m.window = addToWindow(pruneWindow(m.window, Date.now(), settings.windowMs), Date.now(), batch.ok, batch.failed);
        if (shouldOpen(windowTotals(m.window), settings)) moveTo('open');
      } else if (m.state === 'half-open') {
        if (batch.failed > 0) {
          moveTo('open');
        } else {
          m.probeSuccesses += batch.ok;
          if (m.probeSuccesses >= Math.max(1, settings.halfOpenSuccesses)) moveTo('closed');
        }
      }
    }
    const transitioned = m.generation !== before;
    if (transitioned || Date.now() - m.lastPersistMs >= settings.statsPersistMs) {
      if (!(await persist())) return 'provider-deleted';
    }
  }
}

/** A fresh start resumes from the stored row (a terminated and restarted breaker keeps its state and generation). */
async function restore(input: BreakerWorkflowInput): Promise<BreakerMemory> {
  const row = await loadBreakerState({ providerId: input.providerId });
  const now = Date.now();
  return {
    state: row?.state ?? 'closed',
    generation: row?.generation ?? 0,
    window: [],
    openedAtMs: row?.openedAt ? new Date(row.openedAt).getTime() : null,
    halfOpenAtMs: row?.halfOpenAt ? new Date(row.halfOpenAt).getTime() : null,
    changedAtMs: row?.changedAt ? new Date(row.changedAt).getTime() : now,
    probeSuccesses: 0,
    lastErrorKind: row?.lastErrorKind ?? null,
    lastPersistMs: 0,
  };
}

function sameSettings(a: BreakerSettings, b: BreakerSettings): boolean {
  return (
    a.windowMs === b.windowMs &&
    a.minSamples === b.minSamples &&
    a.errorRateThreshold === b.errorRateThreshold &&
    a.cooldownMs === b.cooldownMs &&
    a.halfOpenSuccesses === b.halfOpenSuccesses &&
    a.statsPersistMs === b.statsPersistMs
  );
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
