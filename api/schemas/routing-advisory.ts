import { z } from 'zod';
import {
  LOAD_BALANCING_STRATEGIES,
  TRIGGER_CONDITIONS,
} from '../../domain/routing/advisory';
import { advisoryShapeARequest, advisoryShapeBRequest, subscriberAdvisoryRequest } from '../../services/routing/advisory-requests';
export { subscriberAdvisoryQuery } from '../../services/routing/advisory-requests';

/** The two request shapes (services/routing/advisory-requests.ts), named for the OpenAPI document. */
export const advisoryShapeA = advisoryShapeARequest.openapi('RoutingAdvisoryShapeA');
export const advisoryShapeB = advisoryShapeBRequest.openapi('RoutingAdvisoryShapeB');

/** What the route declares for OpenAPI and the first validation: an object; the handler tells the shapes apart. */
export const advisoryBody = z
  .record(z.string(), z.unknown())
  .describe('Shape A {input, routingPolicy?, policyId?} or shape B {requestId, prompt, requirements?, context}: see docs/API.md')
  .openapi('RoutingAdvisoryRequest');

const shapeAEntry = z.object({
  provider: z.string(),
  model: z.string(),
  estimatedLatency: z.number().nullable(),
  estimatedCost: z.number(),
  qualityScore: z.number(),
});

export const advisoryShapeAResponse = z
  .object({
    success: z.literal(true),
    recommendation: z.object({
      primary: shapeAEntry.extend({ reasoning: z.string() }),
      fallbacks: z.array(shapeAEntry),
      policyApplied: z.string(),
    }),
  })
  .openapi('RoutingAdvisoryShapeAResponse');

export const advisoryShapeBResponse = z
  .object({
    requestId: z.string(),
    recommendation: z.object({
      primary: z.object({
        provider: z.string(),
        model: z.string(),
        endpoint: z.string(),
        estimatedLatency: z.number().nullable(),
        estimatedCost: z.number(),
        qualityScore: z.number(),
        availability: z.number(),
        reasoning: z.string(),
      }),
      fallback: z.array(z.object({ provider: z.string(), model: z.string(), endpoint: z.string(), triggerCondition: z.enum(TRIGGER_CONDITIONS) })),
      loadBalancing: z
        .object({ strategy: z.enum(LOAD_BALANCING_STRATEGIES), distribution: z.record(z.string(), z.number()) })
        .optional()
        .describe('Enterprise tier only'),
    }),
    costAnalysis: z.object({
      estimatedCost: z.number(),
      costBreakdown: z.object({ inputTokens: z.number(), outputTokens: z.number(), apiCalls: z.number(), totalCost: z.number() }),
      savings: z.object({ comparedToDefault: z.number(), optimizationApplied: z.array(z.string()) }),
    }),
    performanceMetrics: z.object({
      expectedLatency: z.object({ p50: z.number().nullable(), p95: z.number().nullable(), p99: z.number().nullable() }),
      throughput: z.number(),
      successRate: z.number(),
    }),
    compliance: z.object({ dataResidency: z.string(), gdprCompliant: z.boolean(), hipaaCompliant: z.boolean(), sox: z.boolean() }),
    warnings: z.array(z.string()),
    metadata: z.object({ decisionTime: z.number(), factorsConsidered: z.array(z.string()), cacheHit: z.boolean(), version: z.string() }),
  })
  .openapi('RoutingAdvisoryShapeBResponse');

export const advisoryErrorSchema = z
  .object({
    error: z.string(),
    message: z.string().optional(),
    details: z.unknown().optional(),
    suggestions: z.array(z.string()).optional(),
    retryAfter: z.number().optional(),
    limit: z.object({ requests: z.number(), window: z.string(), tier: z.string() }).optional(),
    requestId: z.string().optional(),
  })
  .openapi('RoutingAdvisoryError');

// ---- Subscriber advisory (/api/v1/routing-advisory) ----

export const subscriberAdvisoryBody = subscriberAdvisoryRequest.openapi('SubscriberRoutingAdvisoryRequest');

const provenanceSchema = z.object({
  dimension: z.string(),
  score: z.number(),
  source: z.enum(['external', 'manual', 'tier']),
  asOf: z.string().nullable(),
  benchmarks: z.array(z.string()),
  weight: z.number(),
});
const explanationSchema = z.object({ key: z.string(), vars: z.record(z.string(), z.unknown()) });

export const subscriberAdvisoryResponse = z
  .object({
    success: z.literal(true),
    recommendations: z.array(
      z.object({
        rank: z.number(),
        providerId: z.string(),
        provider: z.string(),
        providerType: z.string(),
        model: z.string(),
        region: z.string().nullable(),
        country: z.string().nullable(),
        compliance: z.array(z.string()),
        estimatedLatency: z.number().nullable(),
        estimatedCost: z.number().describe('USD per 1,000 tokens'),
        qualityScore: z.number(),
        availability: z.number(),
        compositeScore: z.number(),
      }),
    ),
    totalCandidates: z.number(),
    policyApplied: z.string(),
    useCase: z.string().nullable(),
    metadata: z.object({ generatedAt: z.string(), basedOnWindow: z.unknown() }),
    taskProfile: z
      .object({
        codes: z.array(z.string()),
        dimensions: z.array(z.string()),
        confidence: z.number(),
        source: z.enum(['EXPLICIT', 'CLASSIFIED', 'NONE']),
        applied: z.boolean(),
        classifierVersion: z.string(),
      })
      .optional(),
    taskFit: z
      .object({
        evidence: z.array(
          z.object({
            providerId: z.string(),
            model: z.string(),
            taskFit: z.object({
              blendedQualityScore: z.number(),
              legacyQualityScore: z.number(),
              perDimension: z.record(z.string(), z.number()),
              provenance: z.array(provenanceSchema),
            }),
            explanations: z.array(explanationSchema),
          }),
        ),
        explanations: z.array(explanationSchema),
      })
      .optional(),
  })
  .openapi('SubscriberRoutingAdvisoryResponse');
