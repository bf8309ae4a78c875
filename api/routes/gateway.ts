import { z } from 'zod';
import { GATEWAY_KEY_TYPES } from '../../domain/api-keys';
import { errorSchema } from '../schemas/common';
import { dryRunSchema, executeRequestBody, executeSuccessSchema, supervisedSchema } from '../schemas/gateway';
import { defineRoute } from './define';

export const gatewayRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/gateway/execute',
    // Attachments travel base64 in the body (documents of several MB).
    bodyLimit: '25mb',
    summary: 'Execute a prompt: AUTONOMOUS (default), DRY_RUN (plan only, no provider call) or SUPERVISED (held for review)',
    description:
      'Accepts a gateway API key of type FULL_ACCESS, EXECUTE_ONLY or OPENAI_COMPAT, or a signed-in session. READ_ONLY keys, external keys and Shield keys are refused with 403.',
    tags: ['Gateway'],
    auth: {
      accept: ['session', 'gateway_key'],
      keyTypes: GATEWAY_KEY_TYPES.filter((t) => t !== 'READ_ONLY'),
      permission: 'gateway.execute',
    },
    body: executeRequestBody,
    responses: {
      200: { description: 'Success (AUTONOMOUS), plan (DRY_RUN) or hold (SUPERVISED)', schema: z.union([executeSuccessSchema, dryRunSchema, supervisedSchema]) },
      400: { description: 'Invalid payload, executionMode or specializations term', schema: errorSchema },
      401: { description: 'Unauthorized', schema: errorSchema },
      403: { description: 'Key type not allowed, policy block, or SANITIZATION_FEATURE_UNAVAILABLE', schema: errorSchema },
      404: { description: 'Custom gateway or provider group not found', schema: errorSchema },
      429: { description: 'Concurrency guardrail exceeded', schema: errorSchema },
      500: { description: 'Provider execution failure', schema: errorSchema },
    },
    handler: (ctx, { principal, body }) => ctx.services.gateway.execute(principal, body, ctx.get('traceparent') || undefined),
  }),
];
