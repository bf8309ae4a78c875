import { z } from 'zod';
import { errorSchema } from '../schemas/common';
import { type AuthRule, defineRoute } from './define';

/**
 * The onboarding wizard (spec document 3). Session; roles ACCOUNT_OWNER, ACCOUNT_ADMIN, ADMIN and
 * SUPER_ADMIN (others 403). The body is validated by the service so that a bad configuration is
 * the spec's 422 {error: Validation failed, details: {field: [messages]}} (a body that is not JSON
 * stays the edge's 400).
 */
const TAGS = ['Onboarding'];
const sessions: AuthRule = { accept: ['session'] };
const forbidden = { 403: { description: '{error: Insufficient permissions}: role not permitted', schema: errorSchema } };

export const onboardingRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/onboarding/setup',
    summary: "The company's onboarding state and what the wizard created",
    tags: TAGS,
    auth: sessions,
    responses: {
      200: {
        description: '{success, isConfigured, company {...}, routingPolicy {id, policyJson} | null, hasProviderAccessPolicy, accessProfiles [{id, name}], hasGeofencingPolicy}',
        schema: z.object({ success: z.boolean(), isConfigured: z.boolean() }).passthrough(),
      },
      ...forbidden,
    },
    handler: (ctx, { principal }) => ctx.services.onboarding.get(principal),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/onboarding/setup',
    summary: 'Apply an onboarding configuration in one database transaction (replaces a previous one)',
    tags: TAGS,
    auth: sessions,
    body: z.unknown().describe('The onboarding configuration: see docs/API.md (Onboarding)'),
    responses: {
      200: {
        description: '{success, created {routingPolicyId, providerAccessPolicyId, accessProfileIds, chatRolePolicyCount, geofencingPolicyId}, warnings}',
        schema: z.object({
          success: z.boolean(),
          created: z.object({
            routingPolicyId: z.string(),
            providerAccessPolicyId: z.string(),
            accessProfileIds: z.array(z.string()),
            chatRolePolicyCount: z.number(),
            geofencingPolicyId: z.string(),
          }),
          warnings: z.array(z.string()),
        }),
      },
      400: { description: 'The body is not JSON', schema: errorSchema },
      ...forbidden,
      422: { description: '{error: Validation failed, details: {field: [messages]}}', schema: errorSchema },
    },
    handler: (ctx, { principal, body }) => ctx.services.onboarding.setup(principal, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/onboarding/setup/skip',
    summary: 'Record that the wizard was skipped (audit entry ONBOARDING_SKIPPED)',
    tags: TAGS,
    auth: sessions,
    responses: { 200: { description: '{success: true}', schema: z.object({ success: z.literal(true) }) }, ...forbidden },
    handler: (ctx, { principal }) => ctx.services.onboarding.skip(principal),
  }),
];
