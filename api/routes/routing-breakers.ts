import { errorSchema } from '../schemas/common';
import { breakerListSchema } from '../schemas/routing-breakers';
import { defineRoute } from './define';

export const routingBreakerRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/routing/breakers',
    summary: "Every provider's circuit breaker state (closed, open, half-open) and latest health snapshot",
    description:
      "One entry per provider of the caller's company, never-tripped breakers included (closed). States are written by the breaker:<providerId> workflows; the api processes skip open providers.",
    tags: ['Routing'],
    // An operator's view: the same permission as changing providers.
    auth: { accept: ['session', 'gateway_key'], permission: 'providers.manage' },
    responses: {
      200: { description: 'Breakers', schema: breakerListSchema },
      401: { description: 'Not authenticated', schema: errorSchema },
      403: { description: 'Missing permission providers.manage', schema: errorSchema },
    },
    // A subscription's key is metered as PROVIDER_HEALTH (docs/API.md, advisory subscriptions).
    handler: (ctx, { principal }) =>
      ctx.services.advisoryMeter.metered(principal, 'PROVIDER_HEALTH', { ip: ctx.ip || null, userAgent: ctx.get('user-agent') || null }, async () => {
      const breakers = ctx.services.breakers;
      const s = breakers.settings;
      return {
        success: true as const,
        breakers: await breakers.listForCompany(principal.companyId),
        settings: {
          windowSeconds: s.windowMs / 1000,
          minSamples: s.minSamples,
          errorRateThreshold: s.errorRateThreshold,
          cooldownSeconds: s.cooldownMs / 1000,
          halfOpenProbes: breakers.halfOpenProbes,
          halfOpenSuccesses: s.halfOpenSuccesses,
        },
      };
    }),
  }),
];
