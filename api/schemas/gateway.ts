import { z } from 'zod';
import { providerTypeSchema } from '../../domain/providers';
import { executeRequestSchema } from '../../services/gateway/execute-request';

/** The execute request (services/gateway/execute-request.ts), named for the OpenAPI document. */
export const executeRequestBody = executeRequestSchema.openapi('GatewayExecuteRequest');


const usageSchema = z.object({ promptTokens: z.number(), completionTokens: z.number(), totalTokens: z.number() });

export const executeSuccessSchema = z
  .object({
    success: z.literal(true),
    executionId: z.string(),
    result: z.object({
      content: z.string(),
      contentType: z.string(),
      encoding: z.string(),
      metadata: z.record(z.string(), z.unknown()).nullable(),
    }),
    usage: usageSchema,
    provider: z.object({ name: z.string(), type: providerTypeSchema, model: z.string() }),
    metadata: z.object({
      executedAt: z.string(),
      providerExecMs: z.number(),
      finishReason: z.string(),
      traceId: z.string(),
      spanId: z.string(),
      traceparent: z.string(),
      telemetryMode: z.enum(['off', 'sampled', 'full']),
      telemetryWrapped: z.boolean(),
      telemetryTraceId: z.string().nullable(),
      geoRuleSource: z.string().nullable(),
      geoRulesApplied: z.array(z.string()),
      sanitization: z.record(z.string(), z.unknown()).nullable(),
    }),
    policyChecked: z.boolean(),
    policyName: z.string().nullable(),
  })
  .openapi('GatewayExecuteSuccess');

export const dryRunSchema = z
  .object({
    success: z.literal(true),
    mode: z.literal('DRY_RUN'),
    routingPlan: z.object({
      provider: z.string(),
      model: z.string(),
      providerType: providerTypeSchema.optional(),
      policyId: z.string().nullable(),
      fallbackProviders: z.array(z.string()),
      geofencingApplied: z.boolean(),
      geofencingRegion: z.string().nullable(),
      securityPassed: z.boolean(),
      protectivePromptApplied: z.boolean(),
      documentsInjected: z.number(),
      tokensInjected: z.number(),
      truncated: z.boolean(),
      estimatedCostUSD: z.number().optional(),
      reasoning: z.string().optional(),
    }),
    timeline: z.record(z.string(), z.unknown()),
  })
  .openapi('GatewayDryRunResponse');

export const supervisedSchema = z
  .object({
    success: z.literal(true),
    mode: z.literal('SUPERVISED'),
    holdId: z.string(),
    message: z.string(),
    timeline: z.record(z.string(), z.unknown()),
  })
  .openapi('GatewaySupervisedResponse');
