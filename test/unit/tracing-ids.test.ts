import { ROOT_CONTEXT, SpanKind, TraceFlags, isSpanContextValid } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { createTracing } from '../../lib/tracing';

/**
 * Without an exporter the gateway's spans carry ids only (lib/tracing.ts). What a caller sees of a
 * span — its trace id, the sampled flag, the traceparent the response reports — must be what the
 * SDK's own tracer would have produced for the same traceparent.
 */
const sdk = new BasicTracerProvider().getTracer('reference');
const propagator = new W3CTraceContextPropagator();
const getter = { keys: (c: Record<string, string>) => Object.keys(c), get: (c: Record<string, string>, k: string) => c[k] };

function reference(traceparent: string | undefined) {
  const parent = traceparent ? propagator.extract(ROOT_CONTEXT, { traceparent }, getter) : ROOT_CONTEXT;
  return sdk.startSpan('gateway.execute', { kind: SpanKind.SERVER }, parent).spanContext();
}

const HEX32 = /^[0-9a-f]{32}$/;
const HEX16 = /^[0-9a-f]{16}$/;

describe('spans without an exporter', () => {
  const tracing = createTracing({}, {});

  it.each([
    ['no traceparent', undefined],
    ['a sampled parent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'],
    ['an unsampled parent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00'],
    ['an all-zero trace id', '00-00000000000000000000000000000000-b7ad6b7169203331-01'],
    ['garbage', 'not-a-traceparent'],
    ['a future version with extra fields', 'cc-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-extra'],
  ])('carry the ids and flags the SDK gives (%s)', (_what, traceparent) => {
    const want = reference(traceparent);
    const span = tracing.startServerSpan('gateway.execute', traceparent, { 'gatehouse.mode': 'AUTONOMOUS' });
    const got = span.spanContext();
    expect(span.isRecording()).toBe(false);
    expect(isSpanContextValid(got)).toBe(true);
    expect(got.traceFlags).toBe(want.traceFlags);
    expect(got.spanId).toMatch(HEX16);
    expect(got.traceId).toMatch(HEX32);
    // A valid parent's trace continues; otherwise both start a fresh trace.
    const parentTraceId = traceparent?.split('-')[1];
    if (want.traceId === parentTraceId) expect(got.traceId).toBe(parentTraceId);
    else expect(got.traceId).not.toBe(parentTraceId);
    expect(tracing.traceparentOf(span)).toBe(`00-${got.traceId}-${got.spanId}-0${got.traceFlags}`);
    // Calls the gateway makes on every span stay harmless.
    span.setAttributes({ 'gatehouse.attempts': 1 });
    span.end();
  });

  it('gives every span its own ids', () => {
    const a = tracing.startServerSpan('x', undefined).spanContext();
    const b = tracing.startServerSpan('x', undefined).spanContext();
    expect(a.traceId).not.toBe(b.traceId);
    expect(a.spanId).not.toBe(b.spanId);
    expect(a.traceFlags).toBe(TraceFlags.SAMPLED);
  });

  it('keep recording spans when a sampler is chosen or spans are exported', async () => {
    expect(createTracing({}, { OTEL_TRACES_SAMPLER: 'always_on' }).startServerSpan('x', undefined).isRecording()).toBe(true);
    const exporting = createTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' }, {});
    expect(exporting.startServerSpan('x', undefined).isRecording()).toBe(true);
    await exporting.shutdown().catch(() => undefined);
  });
});
