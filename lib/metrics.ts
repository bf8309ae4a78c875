import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics of one process, served at /metrics by the api. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'gatehouse_http_request_duration_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    gatewayExecutions: new Counter({
      name: 'gatehouse_gateway_executions_total',
      help: 'Gateway executions by mode, outcome and provider type',
      labelNames: ['mode', 'status', 'provider_type'] as const,
      registers: [registry],
    }),
    providerLatency: new Histogram({
      name: 'gatehouse_provider_call_duration_seconds',
      help: 'Provider call duration by provider type and outcome',
      labelNames: ['provider_type', 'outcome'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
    gatewayAddedLatency: new Histogram({
      name: 'gatehouse_gateway_overhead_seconds',
      help: 'Time the gateway adds to an AUTONOMOUS call: total minus the time spent in provider calls (SDK included)',
      buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1],
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
