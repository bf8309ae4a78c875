import { z } from 'zod';
import { ApiError } from '../../lib/errors';
import { authenticateRequest } from '../middleware/auth';
import { errorSchema } from '../schemas/common';
import { defineRoute } from './define';
import { failingAs } from './usage-auth';

/**
 * GET /api/admin/performance-meter (spec document 3): SUPER_ADMIN session only, with the spec's
 * bodies: 401 {error: Unauthorized}, 403 {error: Super Admin required}, 500 {error: Failed to
 * collect performance metrics}. Authentication is cached, so the meter still answers (N/A,
 * critical) while the database is unreachable.
 */
const meter = z.object({
  id: z.string(),
  label: z.string(),
  category: z.enum(['application', 'database', 'providers', 'gateway']),
  status: z.enum(['healthy', 'warning', 'critical', 'unknown']),
  value: z.union([z.number(), z.literal('N/A')]),
  unit: z.string(),
  details: z.string(),
  action: z.string().nullable(),
  thresholds: z.object({ warning: z.number(), critical: z.number() }).optional(),
});

const report = z
  .object({
    success: z.boolean(),
    timestamp: z.string(),
    overallStatus: z.enum(['healthy', 'warning', 'critical']),
    summary: z.object({ total: z.number(), healthy: z.number(), warning: z.number(), critical: z.number(), unknown: z.number() }),
    meters: z.array(meter),
    actionItems: z.array(z.object({ meterId: z.string(), category: z.string(), label: z.string(), severity: z.string(), action: z.string() })),
  })
  .openapi('PerformanceMeter');

export const performanceMeterRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/admin/performance-meter',
    summary: 'Ten health meters with thresholds, the overall status and what to do about each meter needing attention',
    tags: ['Operations'],
    auth: 'public',
    responses: {
      200: { description: 'The meters', schema: report },
      401: { description: '{error: Unauthorized}', schema: errorSchema },
      403: { description: '{error: Super Admin required}', schema: errorSchema },
      500: { description: '{error: Failed to collect performance metrics}', schema: errorSchema },
    },
    async handler(ctx) {
      let principal: Awaited<ReturnType<typeof authenticateRequest>>;
      try {
        principal = await authenticateRequest(ctx, { accept: ['session'] });
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) throw ApiError.unauthorized('Unauthorized');
        throw err;
      }
      if (principal.role !== 'SUPER_ADMIN') throw ApiError.forbidden('Super Admin required');
      return failingAs(ctx, 'Failed to collect performance metrics', () => ctx.services.performanceMeter.report());
    },
  }),
];
