/**
 * W3C Trace Context (traceparent) parsing and formatting. Pure: new ids are passed in.
 * Format: version "00" - 32 hex trace-id - 16 hex parent-id - 2 hex flags; all-zero ids are invalid.
 */
export interface TraceContext {
  traceId: string;
  spanId: string;
  flags: string;
  traceparent: string;
  /** The caller's span, when a valid traceparent header was received. */
  parentSpanId: string | null;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

export function parseTraceparent(header: string | undefined | null): { traceId: string; parentSpanId: string; flags: string } | null {
  if (!header) return null;
  const m = TRACEPARENT.exec(header.trim().toLowerCase());
  if (!m) return null;
  const [, version, traceId, parentSpanId, flags] = m;
  if (version === 'ff' || /^0+$/.test(traceId!) || /^0+$/.test(parentSpanId!)) return null;
  return { traceId: traceId!, parentSpanId: parentSpanId!, flags: flags! };
}

/**
 * Continues the caller's trace when the header is valid, else starts one. `newTraceId` (32 hex)
 * and `newSpanId` (16 hex) come from the caller so this stays deterministic.
 */
export function continueTrace(header: string | undefined | null, newTraceId: string, newSpanId: string): TraceContext {
  const parent = parseTraceparent(header);
  const traceId = parent?.traceId ?? newTraceId;
  const flags = parent?.flags ?? '01';
  return {
    traceId,
    spanId: newSpanId,
    flags,
    traceparent: `00-${traceId}-${newSpanId}-${flags}`,
    parentSpanId: parent?.parentSpanId ?? null,
  };
}
