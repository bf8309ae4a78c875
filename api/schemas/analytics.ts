import { z } from 'zod';
import { ANALYTICS_RANGES } from '../../services/analytics/executions';

export const analyticsRangeQuery = z.object({
  range: z.enum(Object.keys(ANALYTICS_RANGES) as [keyof typeof ANALYTICS_RANGES, ...(keyof typeof ANALYTICS_RANGES)[]]).default('24h'),
});

const numbers = z.array(z.number());
const maybeNumbers = z.array(z.number().nullable());

export const executionAnalyticsSchema = z
  .object({
    range: z.enum(['1h', '24h', '7d', '30d']),
    from: z.string(),
    to: z.string(),
    bucketSeconds: z.number().describe('60 (1h), 900 (24h), 3600 (7d), 21600 (30d)'),
    buckets: numbers.describe('Bucket starts in unix seconds, oldest first; every array below has one value per bucket'),
    series: z.array(
      z.object({
        provider: z.string(),
        providerType: z.string().nullable(),
        model: z.string(),
        executions: numbers,
        errors: numbers,
        tokens: numbers,
        costUsd: numbers,
        p50LatencyMs: maybeNumbers.describe('Answered calls (SUCCESS, HELD) only; null where a bucket has none'),
        p95LatencyMs: maybeNumbers,
        fallbacks: numbers.describe('Executions with more than one provider attempt'),
      }),
    ),
    routing: z.object({
      policies: z.array(z.object({ policy: z.string(), executions: numbers })),
      fallbacks: numbers,
    }),
    totals: z.object({
      executions: z.number(),
      errors: z.number(),
      errorRate: z.number().nullable(),
      tokens: z.number(),
      costUsd: z.number(),
      fallbacks: z.number(),
      held: z.number(),
      dryRuns: z.number().describe('DRY_RUN records: counted here, left out of the series'),
      p50LatencyMs: z.number().nullable(),
      p95LatencyMs: z.number().nullable(),
    }),
  })
  .openapi('ExecutionAnalytics');
