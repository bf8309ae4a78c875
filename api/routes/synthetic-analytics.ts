import { z } from 'zod';
import { analyticsQuery, exportQuery, rankingBody } from '../../services/synthetic/analytics';
import { defineRoute } from './define';
import { syntheticAuth, syntheticErrors, syntheticRateLimited } from './synthetic-prompts';

/**
 * Synthetic analytics (every group of the spec for 1h, 24h, 7d, 30d), its export (csv or json, as
 * an attachment) and the provider/model ranking. Reading takes synthetic.results.view.
 */
const tags = ['Synthetic testing'];
const invalidCode = 'VALIDATION_ERROR';
const analyticsSchema = z
  .object({
    providerStats: z.array(z.record(z.string(), z.unknown())),
    qualityMetrics: z.record(z.string(), z.unknown()),
    kpiCompliance: z.record(z.string(), z.unknown()),
    costAnalysis: z.record(z.string(), z.unknown()),
    protectionMetrics: z.record(z.string(), z.unknown()),
    networkMetrics: z.record(z.string(), z.unknown()),
    metadata: z.record(z.string(), z.unknown()),
  })
  .openapi('SyntheticAnalytics');

export const syntheticAnalyticsRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/synthetic/analytics',
    summary: 'Synthetic analytics for a range (1h, 24h, 7d, 30d)',
    tags,
    auth: syntheticAuth('synthetic.results.view'),
    invalidCode,
    query: analyticsQuery,
    responses: { 200: { description: 'Analytics groups', schema: analyticsSchema }, ...syntheticErrors, ...syntheticRateLimited },
    async handler(ctx, { principal, query }) {
      await ctx.services.syntheticRateLimit.charge(principal, 'analytics');
      return ctx.services.syntheticAnalytics.analytics(principal, query.range);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/synthetic/analytics/export',
    summary: 'Export the analytics: json (the whole object) or csv (one line per provider/model)',
    tags,
    auth: syntheticAuth('synthetic.results.view'),
    invalidCode,
    query: exportQuery,
    responses: { 200: { description: 'An attachment' }, ...syntheticErrors, ...syntheticRateLimited },
    async handler(ctx, { principal, query }) {
      await ctx.services.syntheticRateLimit.charge(principal, 'analytics');
      const out = await ctx.services.syntheticAnalytics.export(principal, query.range, query.format);
      ctx.set('Content-Disposition', `attachment; filename="${out.fileName}"`);
      ctx.type = out.contentType;
      return out.body;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/synthetic/ranking',
    summary: 'Rank provider/models by a documented score over successRate, avgResponseTime, attackBlockRate and costEfficiency',
    tags,
    auth: syntheticAuth('synthetic.results.view'),
    invalidCode,
    body: rankingBody,
    responses: {
      200: {
        description: 'Rankings, best first',
        schema: z.object({
          rankings: z.array(
            z.object({
              provider: z.string(),
              model: z.string(),
              score: z.number(),
              metrics: z.object({ successRate: z.number(), avgResponseTime: z.number(), attackBlockRate: z.number().nullable(), costEfficiency: z.number() }),
            }),
          ),
        }),
      },
      ...syntheticErrors,
      ...syntheticRateLimited,
    },
    async handler(ctx, { principal, body }) {
      await ctx.services.syntheticRateLimit.charge(principal, 'analytics');
      return ctx.services.syntheticAnalytics.ranking(principal, body);
    },
  }),
];
