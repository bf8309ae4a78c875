/**
 * The attempt loop: the plan's candidates called in order through the provider adapters until one
 * answers, with fallback on 429, 5xx and timeouts, retry-after honoured, half-open breakers probed,
 * and every attempt kept for the execution record and reported to the circuit breakers.
 */
import type { Candidate } from '../../domain/provider-selection';
import { type CompletionRequest, type CompletionResult, ProviderError, type ProviderTarget } from '../../domain/providers';
import type { ExecutionAttempt } from './execution-recorder';
import type { CallableProvider, GatewayDeps, Plan } from './plan';

export interface CandidateOutcome<T> {
  result: T | null;
  candidate: Candidate<CallableProvider>;
  attempts: ExecutionAttempt[];
  error: ProviderError | null;
}
export type CallOutcome = CandidateOutcome<CompletionResult>;

/**
 * Calls the candidates in order until one answers, within the plan's attempt budget. Between
 * attempts it waits retryDelayMs; a provider that answered 429 with retry-after is not called
 * again before that time (another provider goes first; if only it remains, the gateway waits up
 * to GATEWAY_MAX_RETRY_AFTER_MS). A non-retryable failure (400, auth) stops at once. Every
 * attempt lands in the execution record and is reported to the circuit breakers.
 */
export function callWithFallback(deps: GatewayDeps, plan: Plan, request: CompletionRequest, companyId: string): Promise<CallOutcome> {
  return callCandidates(deps, plan, companyId, (target) => deps.registry.complete(target, request), (result) => result.providerLatencyMs);
}

/**
 * The same loop over any call: a completion, or a stream opened up to its first event (so a
 * streamed completion falls back before the caller has received a byte). `latencyMs` says what
 * the provider-latency metric observes of a success.
 */
export async function callCandidates<T>(
  deps: GatewayDeps,
  plan: Plan,
  companyId: string,
  call: (target: ProviderTarget) => Promise<T>,
  latencyMs: (result: T) => number,
): Promise<CandidateOutcome<T>> {
  const attempts: ExecutionAttempt[] = [];
  let lastError: ProviderError | null = null;
  let candidate = plan.candidates[0]!;
  const queue = [...plan.candidates];
  const coolingUntil = new Map<string, number>();
  for (let n = 0; n < plan.maxAttempts && queue.length; n++) {
    let index = 0;
    let waitMs = n > 0 ? plan.retryDelayMs : 0;
    if (coolingUntil.size) {
      const now = performance.now();
      const ready = queue.findIndex((c) => (coolingUntil.get(c.provider.id) ?? 0) <= now + waitMs);
      if (ready >= 0) index = ready;
      else {
        const until = coolingUntil.get(queue[0]!.provider.id)! - now;
        if (until > deps.config.GATEWAY_MAX_RETRY_AFTER_MS) break;
        waitMs = Math.max(waitMs, until);
      }
    }
    const next = queue.splice(index, 1)[0]!;
    // A half-open breaker admits a bounded number of probes; past that, the next candidate goes (the last one is tried anyway).
    if (next.provider.stored && (queue.length || attempts.length) && !(deps.breakers.admit?.(next.provider.id) ?? true)) {
      n--;
      continue;
    }
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    candidate = next;
    const target: ProviderTarget = {
      type: next.provider.type,
      baseUrl: next.provider.baseUrl,
      apiKey: next.provider.apiKey,
      model: next.model,
      timeoutMs: deps.config.PROVIDER_TIMEOUT_MS,
    };
    const t0 = performance.now();
    try {
      const result = await call(target);
      // Filled in place, not `{ ...attempt(), ... }`: a literal opening with a spread is slow on Node 20 (execution-record.ts).
      const done = attempt(next, 'SUCCESS', performance.now() - t0);
      if (waitMs) done.waitedMs = Math.round(waitMs);
      attempts.push(done);
      if (next.provider.stored) deps.breakers.recordOutcome({ companyId, providerId: next.provider.id, ok: true });
      deps.metrics.providerLatency.observe({ provider_type: next.provider.type, outcome: 'success' }, latencyMs(result) / 1000);
      return { result, candidate: next, attempts, error: null };
    } catch (err) {
      const error = err instanceof ProviderError ? err : new ProviderError('UNKNOWN', err instanceof Error ? err.message : String(err));
      const failed = attempt(next, 'ERROR', performance.now() - t0, error);
      if (waitMs) failed.waitedMs = Math.round(waitMs);
      if (error.retryAfterMs !== undefined) failed.retryAfterMs = error.retryAfterMs;
      attempts.push(failed);
      if (next.provider.stored) deps.breakers.recordOutcome({ companyId, providerId: next.provider.id, ok: false, errorKind: error.kind });
      deps.metrics.providerLatency.observe({ provider_type: next.provider.type, outcome: 'error' }, (performance.now() - t0) / 1000);
      deps.logger.warn({ provider: next.provider.name, model: next.model, kind: error.kind, status: error.status }, 'provider call failed');
      lastError = error;
      if (!error.retryable) break;
      if (error.kind === 'RATE_LIMIT' && error.retryAfterMs) coolingUntil.set(next.provider.id, performance.now() + error.retryAfterMs);
    }
  }
  return { result: null, candidate, attempts, error: lastError };
}

export function attempt(c: Candidate<CallableProvider>, status: 'SUCCESS' | 'ERROR', ms: number, error?: ProviderError): ExecutionAttempt {
  return {
    providerId: c.provider.stored ? c.provider.id : null,
    providerType: c.provider.type,
    providerName: c.provider.name,
    model: c.model,
    status,
    ...(error ? { errorKind: error.kind, httpStatus: error.status } : {}),
    latencyMs: Math.round(ms),
  };
}
