import { z } from 'zod';

/**
 * HTTP shapes of routing policies, simulate and rank. Policy bodies are accepted as loose objects
 * here and validated by the service (services/routing/policies.ts over domain/routing/policy.ts)
 * so every problem answers the spec's `{error: "Invalid policy", details: [{path, message}]}`.
 */
export const policyBody = z
  .record(z.string(), z.unknown())
  .describe('{name, description?, scope: company|user|prompt, isDefault?, policyJson} (PATCH: any subset)')
  .openapi('RoutingPolicyRequest');

export const policyRecordSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    scope: z.enum(['company', 'user', 'prompt']),
    isDefault: z.boolean(),
    policyJson: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('RoutingPolicy');

const taskCodes = z.union([z.array(z.string().max(64, 'taskCodes entries are at most 64 characters')).max(20, 'at most 20 taskCodes'), z.string().max(20 * 65)], {
  error: 'taskCodes must be a string array or a comma-separated string',
});
const taskFields = {
  content: z.string({ error: 'content must be a string' }).max(20_000, 'content is at most 20,000 characters').optional(),
  taskCodes: taskCodes.optional(),
  taskFit: z.enum(['policy', 'off', 'on'], { error: 'taskFit must be policy, off or on' }).optional(),
};

export const simulateBody = z.object(taskFields).default({}).openapi('RoutingSimulateRequest');
export const rankBody = z
  .object({ ...taskFields, policyId: z.string().optional(), policy: z.record(z.string(), z.unknown()).optional().describe('inline policyJson') })
  .default({})
  .openapi('RoutingRankRequest');

const figures = z.object({
  provider: z.string(),
  providerId: z.string(),
  model: z.string(),
  estimatedLatency: z.number().nullable().describe('ms, p50 over the metrics window; null without data'),
  estimatedCost: z.number().describe('USD per 1,000 tokens (mean of input and output list prices)'),
  qualityScore: z.number(),
  availability: z.number(),
  compositeScore: z.number(),
});
const filtered = z.array(z.object({ provider: z.string(), providerId: z.string(), model: z.string(), reasons: z.array(z.string()), explanations: z.array(z.unknown()) }));

export const simulationSchema = z
  .object({
    success: z.literal(true),
    policy: z.object({ id: z.string(), name: z.string() }),
    simulation: z.object({
      primary: figures.extend({ reasoning: z.string() }).nullable(),
      fallbacks: z.array(figures),
      totalCandidates: z.number(),
      filteredOut: filtered,
    }),
    metadata: z.object({ simulatedAt: z.string(), basedOnWindow: z.record(z.string(), z.unknown()) }),
    taskProfile: z.record(z.string(), z.unknown()).nullable(),
    taskFit: z.record(z.string(), z.unknown()).nullable(),
  })
  .openapi('RoutingSimulation');

export const rankResponseSchema = z
  .object({
    success: z.literal(true),
    policy: z.object({ id: z.string(), name: z.string() }).nullable(),
    strategy: z.string(),
    ranking: z.array(z.record(z.string(), z.unknown())),
    filteredOut: filtered,
    totalCandidates: z.number(),
    explanations: z.array(z.unknown()),
    metadata: z.record(z.string(), z.unknown()),
    taskProfile: z.record(z.string(), z.unknown()).nullable(),
    taskFit: z.record(z.string(), z.unknown()).nullable(),
  })
  .openapi('RoutingRankResponse');
