import {
  type Context,
  ROOT_CONTEXT,
  SamplingDecision,
  type Span,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  type Tracer,
  isSpanContextValid,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOnSampler, BasicTracerProvider, BatchSpanProcessor, ParentBasedSampler, RandomIdGenerator } from '@opentelemetry/sdk-trace-base';

/**
 * Server spans for gateway executions (spec document 1, rule 4). A W3C traceparent header continues
 * the caller's trace; the span's ids are the traceId/spanId the response reports. When an OTLP
 * endpoint is configured (the standard OTEL_* settings), spans are exported as OTLP HTTP JSON;
 * without one, spans are created only for their ids and go nowhere.
 */
export interface TracingConfig {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
  OTEL_SERVICE_NAME?: string;
  OTEL_SERVICE_NAMESPACE?: string;
}

export interface Tracing {
  /** Starts a server span, child of the caller's traceparent when it is valid. */
  startServerSpan(name: string, traceparent: string | undefined, attributes?: Record<string, string | number | boolean>): Span;
  traceparentOf(span: Span): string;
  exporting: boolean;
  shutdown(): Promise<void>;
}

const propagator = new W3CTraceContextPropagator();
const getter = {
  keys: (carrier: Record<string, string>) => Object.keys(carrier),
  get: (carrier: Record<string, string>, key: string) => carrier[key],
};

/**
 * Without an exporter nobody reads a span but its ids (the response's traceId, spanId and
 * traceparent, the execution record's trace id). A recording span (attributes, timestamps, status,
 * end) cost ~15-35 µs of CPU per execute at c=32 (docs/PERFORMANCE.md, "Hot path, 2026-11-28"), so
 * then a span carries only what the SDK's tracer would have given it: a fresh span id, the parent's
 * trace id (else a fresh one), and the sampled flag the SDK's default sampler decides
 * (parent-based, always on; the sampler itself is asked). A sampler chosen by OTEL_TRACES_SAMPLER
 * keeps the SDK's own path.
 */
function idsOnlySpans(): (name: string, parent: Context) => Span {
  const ids = new RandomIdGenerator();
  const sampler = new ParentBasedSampler({ root: new AlwaysOnSampler() });
  return (name, parent) => {
    const p = trace.getSpanContext(parent);
    const valid = p !== undefined && isSpanContextValid(p);
    const spanId = ids.generateSpanId();
    const traceId = valid ? p.traceId : ids.generateTraceId();
    const { decision } = sampler.shouldSample(parent, traceId, name, SpanKind.SERVER, {}, []);
    return trace.wrapSpanContext({
      traceId,
      spanId,
      traceFlags: decision === SamplingDecision.RECORD_AND_SAMPLED ? TraceFlags.SAMPLED : TraceFlags.NONE,
      traceState: valid ? p.traceState : undefined,
    });
  };
}

export function createTracing(config: TracingConfig, env: Record<string, string | undefined> = process.env): Tracing {
  const url =
    config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (config.OTEL_EXPORTER_OTLP_ENDPOINT ? `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces` : undefined);
  const resource = resourceFromAttributes({
    'service.name': config.OTEL_SERVICE_NAME ?? 'gatehouse-api',
    'service.namespace': config.OTEL_SERVICE_NAMESPACE ?? 'gatehouse',
  }).merge(detectResources({ detectors: [envDetector] }));
  const provider = new BasicTracerProvider({
    resource,
    spanProcessors: url ? [new BatchSpanProcessor(new OTLPTraceExporter({ url }), { scheduledDelayMillis: 1000 })] : [],
  });
  const tracer: Tracer = provider.getTracer('gatehouse');
  const idsOnly = !url && !env.OTEL_TRACES_SAMPLER ? idsOnlySpans() : null;

  return {
    exporting: Boolean(url),
    startServerSpan(name, traceparent, attributes) {
      const parent: Context = traceparent ? propagator.extract(ROOT_CONTEXT, { traceparent }, getter) : ROOT_CONTEXT;
      if (idsOnly) return idsOnly(name, parent);
      return tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
    },
    traceparentOf(span) {
      // What W3CTraceContextPropagator.inject writes as `traceparent` for this span (a fresh root
      // context is never suppressed), formatted directly: once per execute, and inject's context,
      // carrier and setter objects were measurable at c=32.
      const sc = span.spanContext();
      if (!isSpanContextValid(sc)) return '';
      return `00-${sc.traceId}-${sc.spanId}-0${Number(sc.traceFlags || TraceFlags.NONE).toString(16)}`;
    },
    async shutdown() {
      await provider.forceFlush();
      await provider.shutdown();
    },
  };
}

export { SpanStatusCode };
