/**
 * A signal for one outbound call that follows a longer-lived one (a request's, or a batch
 * activity's cancellation signal), and lets go of it when the call is over.
 *
 * Why: @google/genai adds an abort listener to the signal it is given for every attempt and, on
 * success, deliberately never removes it (the response body may still be read). On a signal that
 * outlives many calls, such as a batch page's activity signal, those listeners pile up (a
 * MaxListenersExceededWarning at 31, and one closure per finished call kept alive). Handing the
 * SDK a per-call signal keeps exactly one listener on the long-lived signal per call in flight.
 */
export interface CallSignal {
  signal: AbortSignal | undefined;
  /** Unlinks from the parent signal; idempotent. */
  release(): void;
}

export function callSignal(parent: AbortSignal | undefined): CallSignal {
  if (!parent) return { signal: undefined, release: () => {} };
  const controller = new AbortController();
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { signal: controller.signal, release: () => {} };
  }
  const onAbort = () => controller.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, release: () => parent.removeEventListener('abort', onAbort) };
}
