import { z } from 'zod';
import { ADVISORY_FEATURES, ADVISORY_TIERS, PRIORITIES, PROMPT_TYPES } from '../../domain/routing/advisory';

/**
 * POST /api/gateway/routing-advisory takes two shapes (spec document 1). Shape B is any body with
 * a requestId, or a prompt or context object; anything else is shape A. The route validates the
 * shape it detected with the schema below (shape B's missing required fields first, as
 * {error, details: {missingFields}}).
 */
export const advisoryShapeARequest = z
  .object({
    input: z.string().min(1, 'input is required').max(100_000),
    routingPolicy: z.record(z.string(), z.unknown()).optional().describe('An inline policyJson (strategy, preferences.weights, ...)'),
    policyId: z.string().min(1).optional().describe('A saved policy; wins over routingPolicy'),
  });

const names = z.array(z.string().trim().min(1).max(200)).max(50);

export const advisoryShapeBRequest = z
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
  });

export type AdvisoryShapeA = z.output<typeof advisoryShapeARequest>;
export type AdvisoryShapeB = z.output<typeof advisoryShapeBRequest>;

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

export const subscriberAdvisoryRequest = z
  .object({
    taskCodes: taskCodesField.optional(),
    content: z.string({ error: 'content must be a string' }).max(20_000, 'content: at most 20,000 characters').optional(),
    regions: stringList.optional(),
    providerTypes: stringList.optional(),
    complianceFrameworks: stringList.optional(),
    maxCost: z.number().nonnegative().optional().describe('USD per 1,000 tokens (list prices)'),
    minPerformance: z.number().min(0).max(100).optional().describe('Minimum availability over the metrics window, percent'),
    useCase: z.string().max(200).optional(),
  });

export type SubscriberAdvisoryBody = z.output<typeof subscriberAdvisoryRequest>;
