/**
 * Closed-loop load with autocannon against one target, and the api's own metrics of the time it adds.
 */
import autocannon from 'autocannon';
import {
  metricSum,
  percentile,
  scrapeMetrics,
  withTimeout,
} from '../support';

import { type CpuShare, type CpuSnapshot, cpuShare } from './cpu';

export interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface LoadResult {
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  reqPerSec: number;
  /** Exact figures from every 2xx response's own timing (autocannon reports whole milliseconds). */
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  autocannonP50: number;
  autocannonP99: number;
  cpu: CpuShare;
}

/** What the run's parts share: the load under way (stopped on Ctrl-C) and the counts checked at the end. */
export const runState = {
  currentLoad: null as autocannon.Instance | null,
  /** 2xx answers from the gateway over every run, warm-ups included: each one must be recorded. */
  gatewayOk: 0,
  /** Requests autocannon abandons at the end of a run still complete (and are recorded) in the api. */
  abandonedAtMost: 0,
};

export async function load(target: Target, connections: number, durationS: number, cpu: () => CpuSnapshot): Promise<LoadResult> {
  const latencies: number[] = [];
  const before = cpu();
  const result = await withTimeout(
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: target.url,
          method: 'POST',
          headers: target.headers,
          body: target.body,
          connections,
          duration: durationS,
          timeout: 10,
        },
        (err, res) => {
          runState.currentLoad = null;
          if (err) reject(err);
          else resolve(res);
        },
      );
      runState.currentLoad = instance;
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      });
    }),
    (durationS + 60) * 1000,
    `autocannon against ${target.name} (c=${connections})`,
  );
  const after = cpu();
  if (target.name.startsWith('Gatehouse')) {
    runState.abandonedAtMost += connections;
    runState.gatewayOk += result['2xx'];
  }
  const sorted = Float64Array.from(latencies).sort();
  const codes: Record<string, number> = {};
  for (const [code, s] of Object.entries(result.statusCodeStats ?? {})) codes[code] = (s as { count: number }).count;
  const elapsedS = result.duration || durationS;
  const mean = latencies.reduce((a, b) => a + b, 0) / (latencies.length || 1);
  return {
    requests: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: codes,
    reqPerSec: result['2xx'] / elapsedS,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    mean,
    autocannonP50: result.latency.p50,
    autocannonP99: result.latency.p99,
    cpu: cpuShare(before, after),
  };
}

export function checkClean(what: string, r: LoadResult): boolean {
  if (r.non2xx === 0 && r.errors === 0 && r.timeouts === 0) return true;
  const bar = '!'.repeat(78);
  console.log(`${bar}\n!!! ${what}: ${r.non2xx} NON-2XX responses, ${r.errors} errors, ${r.timeouts} timeouts; status codes ${JSON.stringify(r.statusCodes)}\n${bar}`);
  return false;
}

// Api metrics: the api's own view of the time it adds (sub-millisecond resolution).

export interface ApiMetrics {
  /** gatehouse_gateway_overhead_seconds: execute() total minus provider time. */
  overheadMeanMs: number;
  overheadCount: number;
  /** Share of executions whose in-process overhead was ≤ 0.5 / 1 / 2 ms (histogram buckets). */
  overheadLe: Record<string, number>;
  /** Koa-level request duration of the route minus the provider call: everything the api adds. */
  httpMeanMs: number;
  providerMeanMs: number;
}

export const NO_METRICS: ApiMetrics = { overheadMeanMs: Number.NaN, overheadCount: 0, overheadLe: {}, httpMeanMs: Number.NaN, providerMeanMs: Number.NaN };

export async function apiMetricsDelta(metricsUrl: string, run: () => Promise<LoadResult>): Promise<{ load: LoadResult; metrics: ApiMetrics }> {
  const a = await scrapeMetrics(metricsUrl);
  const loadResult = await run();
  const b = await scrapeMetrics(metricsUrl);
  const d = (name: string, labels: string[] = []) => metricSum(b, name, labels) - metricSum(a, name, labels);
  const route = ['route="/api/gateway/execute"', 'status="200"'];
  const provider = ['provider_type="OPENAI"', 'outcome="success"'];
  const overheadCount = d('gatehouse_gateway_overhead_seconds_count');
  const le: Record<string, number> = {};
  for (const bound of ['0.0005', '0.001', '0.002', '0.005']) {
    le[bound] = overheadCount ? d('gatehouse_gateway_overhead_seconds_bucket', [`le="${bound}"`]) / overheadCount : Number.NaN;
  }
  return {
    load: loadResult,
    metrics: {
      overheadMeanMs: (1000 * d('gatehouse_gateway_overhead_seconds_sum')) / overheadCount,
      overheadCount,
      overheadLe: le,
      httpMeanMs: (1000 * d('gatehouse_http_request_duration_seconds_sum', route)) / d('gatehouse_http_request_duration_seconds_count', route),
      providerMeanMs: (1000 * d('gatehouse_provider_call_duration_seconds_sum', provider)) / d('gatehouse_provider_call_duration_seconds_count', provider),
    },
  };
}

