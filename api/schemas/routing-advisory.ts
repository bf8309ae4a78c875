import { z } from 'zod';
import {
  ADVISORY_FEATURES,
  ADVISORY_TIERS,
  LOAD_BALANCING_STRATEGIES,
  PRIORITIES,
  PROMPT_TYPES,
  TRIGGER_CONDITIONS,
} from '../../domain/routing/advisory';

/**
 * POST /api/gateway/routing-advisory takes two shapes (spec document 1). Shape B is any body with
 * a requestId, or a prompt or context object; anything else is shape A. The route validates the
 * shape it detected with the schema below (shape B's missing required fields first, as
 * {error, details: {missingFields}}).
 */
export const advisoryShapeA = z
  .object({
    input: z.string().min(1, 'input is required').max(100_000),
    routingPolicy: z.record(z.string(), z.unknown()).optional().describe('An inline policyJson (strategy, preferences.weights, ...)'),
    policyId: z.string().min(1).optional().describe('A saved policy; wins over routingPolicy'),
  })
  .openapi('RoutingAdvisoryShapeA');

const names = z.array(z.string().trim().min(1).max(200)).max(50);

export const advisoryShapeB = z
  .object({
    requestId: z.string().min(1).max(200),
    prompt: z.object({
      text: z.string().min(1).max(100_000),
      type: z.enum(PROMPT_TYPES),
      tokens: z.number().int().nonnegative().optional(),
      expectedResponseTokens: z.number().int().nonnegative().optional(),
    }),
    requirements: z
      .object({
        maxLatency: z.number().positive().optional().describe('ms'),
        maxCost: z.number().nonnegative().optional().describe('USD per request'),
        minQuality: z.number().min(0).max(100).optional(),
        preferredProviders: names.optional(),
        excludeProviders: names.optional(),
        features: z.array(z.enum(ADVISORY_FEATURES)).max(10).optional(),
      })
      .optional(),
    context: z.object({
      userId: z.string().min(1).max(200),
      companyId: z.string().min(1).max(200),
      tier: z.enum(ADVISORY_TIERS),
      priority: z.enum(PRIORITIES).optional(),
      region: z.string().trim().min(1).max(32).optional(),
      industry: z.string().trim().min(1).max(100).optional(),
    }),
  })
  .openapi('RoutingAdvisoryShapeB');

export type AdvisoryShapeA = z.output<typeof advisoryShapeA>;
export type AdvisoryShapeB = z.output<typeof advisoryShapeB>;

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

const TASK_CODES_MAX = 20;
const TASK_CODE_MAX_LENGTH = 64;
const codesOk = (codes: string[]) => codes.length <= TASK_CODES_MAX && codes.every((c) => c.trim().length <= TASK_CODE_MAX_LENGTH);
const splitCodes = (s: string) => s.split(',').map((c) => c.trim()).filter(Boolean);

export const taskCodesField = z
  .union([z.string().max(TASK_CODES_MAX * (TASK_CODE_MAX_LENGTH + 1)), z.array(z.string())], {
    error: 'taskCodes must be a string or an array of strings',
  })
  .refine((v) => codesOk(typeof v === 'string' ? splitCodes(v) : v), `taskCodes: at most ${TASK_CODES_MAX} codes of at most ${TASK_CODE_MAX_LENGTH} characters`);

/** A comma-separated query value as the POST body's string array (same bounds: 50 items of 64 characters). */
function commaList(name: string) {
  return z
    .string()
    .max(50 * 65)
    .transform((v) => splitCodes(v))
    .refine((items) => items.length <= 50 && items.every((i) => i.length <= 64), `${name}: at most 50 comma-separated values of at most 64 characters`);
}

export const subscriberAdvisoryQuery = z.object({
  taskCodes: z
    .string()
    .optional()
    .refine((v) => v === undefined || codesOk(splitCodes(v)), `taskCodes: at most ${TASK_CODES_MAX} codes of at most ${TASK_CODE_MAX_LENGTH} characters`)
    .describe('Comma-separated task codes or aliases; unknown terms are ignored'),
  // The POST body's filters, as query parameters (lists comma-separated). content stays body-only (spec).
  regions: commaList('regions').optional().describe('Comma-separated regions or countries'),
  providerTypes: commaList('providerTypes').optional().describe('Comma-separated provider types'),
  complianceFrameworks: commaList('complianceFrameworks').optional().describe('Comma-separated compliance frameworks'),
  maxCost: z.coerce.number({ error: 'maxCost must be a number' }).nonnegative().optional().describe('USD per 1,000 tokens (list prices)'),
  minPerformance: z.coerce.number({ error: 'minPerformance must be a number' }).min(0).max(100).optional().describe('Minimum availability, percent'),
  useCase: z.string().max(200).optional(),
});

const stringList = z.array(z.string().trim().min(1).max(64)).max(50);

export const subscriberAdvisoryBody = z
  .object({
    taskCodes: taskCodesField.optional(),
    content: z.string({ error: 'content must be a string' }).max(20_000, 'content: at most 20,000 characters').optional(),
    regions: stringList.optional(),
    providerTypes: stringList.optional(),
    complianceFrameworks: stringList.optional(),
    maxCost: z.number().nonnegative().optional().describe('USD per 1,000 tokens (list prices)'),
    minPerformance: z.number().min(0).max(100).optional().describe('Minimum availability over the metrics window, percent'),
    useCase: z.string().max(200).optional(),
  })
  .openapi('SubscriberRoutingAdvisoryRequest');

export type SubscriberAdvisoryBody = z.output<typeof subscriberAdvisoryBody>;

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
