import { z } from 'zod';
import { BREAKER_STATES } from '../../domain/routing/circuit-breaker';

export const providerHealthSchema = z
  .object({
    trustScore: z.number().int().min(0).max(100).describe('0-100; formula in docs/API.md (Circuit breakers and provider health)'),
    samples: z.number().int(),
    failures: z.number().int(),
    syntheticSamples: z.number().int().describe('Of samples, attempts made by synthetic probes (they count in full)'),
    syntheticFailures: z.number().int().describe('Of failures, failed synthetic probes'),
    successRate: z.number().nullable(),
    p50LatencyMs: z.number().nullable(),
    p95LatencyMs: z.number().nullable(),
    windowSeconds: z.number().int(),
    takenAt: z.string(),
  })
  .openapi('ProviderHealthSnapshot');

export const breakerSchema = z
  .object({
    providerId: z.string(),
    providerName: z.string(),
    providerType: z.string(),
    isActive: z.boolean(),
    workflowId: z.string().describe('breaker:<providerId>'),
    state: z.enum(BREAKER_STATES),
    generation: z.number().int().describe('Transitions so far'),
    windowSamples: z.number().int(),
    windowFailures: z.number().int(),
    errorRate: z.number(),
    lastErrorKind: z.string().nullable(),
    openedAt: z.string().nullable(),
    halfOpenAt: z.string().nullable(),
    nextProbeAt: z.string().nullable().describe('When an open breaker turns half-open'),
    changedAt: z.string().nullable(),
    updatedAt: z.string().nullable(),
    health: providerHealthSchema.nullable(),
  })
  .openapi('CircuitBreaker');

export const breakerListSchema = z
  .object({
    success: z.literal(true),
    breakers: z.array(breakerSchema),
    settings: z.object({
      windowSeconds: z.number(),
      minSamples: z.number(),
      errorRateThreshold: z.number(),
      cooldownSeconds: z.number(),
      halfOpenProbes: z.number(),
      halfOpenSuccesses: z.number(),
    }),
  })
  .openapi('CircuitBreakerList');
