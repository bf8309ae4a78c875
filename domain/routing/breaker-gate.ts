/**
 * What routing needs from the circuit breakers, and all it needs: which providers to skip now, and a
 * way to report each provider call's outcome. The breaker service (services/routing/circuit-breakers.ts)
 * implements it over the `breaker:<providerId>` workflows; routing and the gateway only see this.
 * Both methods are synchronous and cheap: they sit on the gateway's hot path.
 */
export interface BreakerGate {
  /** Providers whose breaker is open (or half-open with no probe slot free): routing filters them out. */
  blockedProviderIds(): ReadonlySet<string>;
  /** One provider attempt finished. Fire-and-forget: aggregated and sent to the breaker workflow. */
  recordOutcome(outcome: BreakerOutcome): void;
  /**
   * Called just before a call to a provider routing kept. A half-open provider admits a bounded
   * number of concurrent probes: the call takes a probe slot (freed by its recordOutcome) or, when
   * none is free, answers false and the caller moves on to the next candidate. Closed providers
   * always answer true. Optional so gates without probe accounting (NO_BREAKERS) need not have it;
   * call it as `gate.admit?.(id) ?? true`.
   */
  admit?(providerId: string): boolean;
}

export interface BreakerOutcome {
  companyId: string;
  providerId: string;
  ok: boolean;
  /** The ProviderError kind on failure (RATE_LIMIT, SERVER, TIMEOUT, ...). */
  errorKind?: string;
}

/** For wiring before breakers exist, and for callers that must not be affected by them. */
export const NO_BREAKERS: BreakerGate = {
  blockedProviderIds: () => EMPTY,
  recordOutcome: () => {},
  admit: () => true,
};
const EMPTY: ReadonlySet<string> = new Set();
