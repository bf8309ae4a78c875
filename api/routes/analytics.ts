import { executionAnalyticsSchema, analyticsRangeQuery } from '../schemas/analytics';
import { errorSchema } from '../schemas/common';
import { defineRoute } from './define';

export const analyticsRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/analytics/executions',
    summary: 'Executions, errors, tokens, cost, latency p50/p95, fallbacks and routing decisions over time, per provider and model',
    description:
      'The console\u2019s dashboards. range 1h, 24h (default), 7d or 30d, in buckets of 1 min, 15 min, 1 h and 6 h. DRY_RUN records are counted in totals.dryRuns only.',
    tags: ['Analytics'],
    auth: { accept: ['session', 'gateway_key'], permission: 'usage.view' },
    query: analyticsRangeQuery,
    responses: {
      200: { description: 'Series', schema: executionAnalyticsSchema },
      400: { description: 'Invalid range', schema: errorSchema },
      403: { description: 'Missing permission usage.view', schema: errorSchema },
    },
    handler: (ctx, { principal, query }) => ctx.services.analytics.executions(principal.companyId, query.range),
  }),
];
