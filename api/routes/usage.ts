import { z } from 'zod';
import { ApiError } from '../../lib/errors';
import { TIME_RANGES, type TimeRange } from '../../services/usage/usage';
import { errorSchema } from '../schemas/common';
import { acknowledgeAlertBody, usageAlertsSchema, usageExportQuery, usageExportSchema, usageQuery, usageSummarySchema } from '../schemas/usage';
import { defineRoute } from './define';
import { failingAs, usageCaller } from './usage-auth';

/**
 * Usage analytics of the routing advisory subscriptions (spec document 3): the summary, the alerts
 * and their acknowledgement. Session only; SUPER_ADMIN sees every company, ACCOUNT_OWNER and
 * SYNTHETIC_ADMIN their own (services/usage/scope.ts).
 */
const TAGS = ['Usage'];
const common401403 = {
  401: { description: '{error: Authentication required}', schema: errorSchema },
  403: { description: '{error: Insufficient permissions}', schema: errorSchema },
};

function booleanParam(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw ApiError.badRequest(`${name} must be true or false`);
}

export const usageRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/usage',
    summary: 'Usage summary of the routing advisory subscriptions over a rolling hour, day, week or month',
    tags: TAGS,
    auth: 'public',
    query: usageQuery,
    responses: {
      200: { description: 'The usage summary', schema: usageSummarySchema },
      400: { description: 'Invalid timeRange or includeDetails', schema: errorSchema },
      ...common401403,
      404: { description: '{error: Subscription not found or access denied}', schema: errorSchema },
      500: { description: '{error: Failed to retrieve usage statistics}', schema: errorSchema },
    },
    async handler(ctx, { query }) {
      const principal = await usageCaller(ctx);
      return failingAs(ctx, 'Failed to retrieve usage statistics', async () => {
        const timeRange = (query.timeRange || 'day') as TimeRange;
        if (!(timeRange in TIME_RANGES)) throw ApiError.badRequest('timeRange must be hour, day, week or month');
        const includeDetails = booleanParam('includeDetails', query.includeDetails);
        return ctx.services.usage.summary(principal, { timeRange, subscriptionId: query.subscriptionId || undefined, includeDetails });
      });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/usage/alerts',
    summary: 'Usage and expiry alerts of the advisory subscriptions, computed now (acknowledged ones left out)',
    tags: TAGS,
    auth: 'public',
    responses: {
      200: { description: '{alerts, summary}', schema: usageAlertsSchema },
      ...common401403,
      500: { description: '{error: Failed to retrieve usage alerts}', schema: errorSchema },
    },
    async handler(ctx) {
      const principal = await usageCaller(ctx);
      return failingAs(ctx, 'Failed to retrieve usage alerts', () => ctx.services.usage.alerts(principal));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/usage/alerts',
    summary: 'Acknowledge a current alert; it stays acknowledged until its condition clears and comes back',
    tags: TAGS,
    auth: 'public',
    body: acknowledgeAlertBody.optional(),
    responses: {
      200: { description: '{success, message}', schema: z.object({ success: z.boolean(), message: z.string() }) },
      400: { description: '{error: Missing alertId and subscriberId}', schema: errorSchema },
      ...common401403,
      404: { description: '{error: Subscription not found}, or {error: Alert not found} when no such alert is current', schema: errorSchema },
      500: { description: '{error: Failed to retrieve usage alerts}', schema: errorSchema },
    },
    async handler(ctx, { body }) {
      const principal = await usageCaller(ctx);
      return failingAs(ctx, 'Failed to retrieve usage alerts', () => ctx.services.usage.acknowledge(principal, body ?? {}));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/usage/export',
    summary: 'Download the usage events of a date range (at most 90 days, 1,000 records, most recent first) as CSV or JSON',
    tags: TAGS,
    auth: 'public',
    query: usageExportQuery,
    responses: {
      200: { description: 'text/csv with Content-Disposition, or JSON {metadata, data}', schema: usageExportSchema },
      400: {
        description:
          'startDate and endDate are required; Invalid date format. Use ISO 8601 format; startDate must be before endDate; Date range cannot exceed 90 days',
        schema: errorSchema,
      },
      ...common401403,
      404: { description: 'Subscription not found or access denied; No usage data found for the specified date range', schema: errorSchema },
      500: { description: '{error: Failed to export usage data}', schema: errorSchema },
    },
    async handler(ctx, { query }) {
      const principal = await usageCaller(ctx);
      const file = await failingAs(ctx, 'Failed to export usage data', () => ctx.services.usageExport.export(principal, query));
      ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
      ctx.type = file.contentType;
      return file.body;
    },
  }),
];
