/**
 * Request counters for GET /_sim/stats. Every request that reaches a provider endpoint is counted
 * when it arrives, before authentication or behaviour, so failed and rejected requests count too.
 * Requests without an API key are counted under the empty key "".
 */
export interface KeyStats {
  requests: number;
  byEndpoint: Record<string, number>;
}

export interface StreamStats {
  started: number;
  completed: number;
  /** The client went away before the last event: the "provider" stopped generating. */
  aborted: number;
}

export interface StatsSnapshot {
  total: number;
  byKey: Record<string, KeyStats>;
  streams: StreamStats;
}

interface KeyCounters {
  requests: number;
  byEndpoint: Map<string, number>;
}

export class SimStats {
  private total = 0;
  // Maps, not objects: keys are arbitrary client input ("__proto__" must be just a key).
  private readonly byKey = new Map<string, KeyCounters>();
  private streams: StreamStats = { started: 0, completed: 0, aborted: 0 };

  stream(event: keyof StreamStats): void {
    this.streams[event]++;
  }

  record(apiKey: string, endpoint: string): void {
    this.total++;
    let k = this.byKey.get(apiKey);
    if (k === undefined) {
      k = { requests: 0, byEndpoint: new Map() };
      this.byKey.set(apiKey, k);
    }
    k.requests++;
    k.byEndpoint.set(endpoint, (k.byEndpoint.get(endpoint) ?? 0) + 1);
  }

  reset(): void {
    this.total = 0;
    this.byKey.clear();
    this.streams = { started: 0, completed: 0, aborted: 0 };
  }

  snapshot(): StatsSnapshot {
    // Object.fromEntries defines own data properties, so a "__proto__" key stays a plain key.
    const byKey = Object.fromEntries(
      [...this.byKey].map(([key, k]) => [key, { requests: k.requests, byEndpoint: Object.fromEntries(k.byEndpoint) }]),
    );
    return { total: this.total, byKey, streams: { ...this.streams } };
  }
}
