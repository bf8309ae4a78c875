import { z } from 'zod';
import { ALERT_TYPES } from '../../domain/usage/alerts';
import { SUBSCRIPTION_TIERS, USAGE_REQUEST_TYPES } from '../../domain/usage/tiers';
import { createSubscriptionBody, updateSubscriptionBody } from '../../services/usage/subscriptions';

/**
 * Request and response schemas of usage analytics and advisory subscriptions (spec document 3).
 * Query values stay plain strings here: the handler checks the caller first (401/403 before any
 * 400, as the spec's error tables order them) and then the values, with the spec's messages.
 */
export const usageQuery = z.object({
  subscriptionId: z.string().optional(),
  timeRange: z.string().optional().describe('hour, day (default), week or month: a rolling window ending now'),
  includeDetails: z.string().optional().describe('true or false (default)'),
});

export const usageSummarySchema = z
  .object({
    timeRange: z.enum(['hour', 'day', 'week', 'month']),
    period: z.object({ start: z.string(), end: z.string() }),
    summary: z.object({ totalRequests: z.number(), successfulRequests: z.number(), failedRequests: z.number(), successRate: z.number() }),
    requestsByType: z.record(z.enum(USAGE_REQUEST_TYPES), z.number()),
    requestsBySubscriber: z
      .array(z.object({ subscriberId: z.string(), subscriberName: z.string(), subscriptionTier: z.enum(SUBSCRIPTION_TIERS), requests: z.number() }))
      .optional(),
    hourlyDistribution: z.array(z.object({ hour: z.number().describe('UTC hour of day, 0-23'), requests: z.number() })).optional(),
    topConsumers: z.array(z.object({ subscriberId: z.string(), requestCount: z.number(), lastRequest: z.string() })).optional(),
    rateLimitStatus: z
      .object({
        requestsPerHour: z.object({ limit: z.number(), used: z.number(), remaining: z.number() }),
        requestsPerDay: z.object({ limit: z.number(), used: z.number(), remaining: z.number() }),
      })
      .optional(),
  })
  .openapi('UsageSummary');

export const usageAlertSchema = z
  .object({
    id: z.string(),
    type: z.enum(ALERT_TYPES),
    severity: z.enum(['INFO', 'WARNING', 'CRITICAL']),
    subscriberId: z.string(),
    subscriberName: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .openapi('UsageAlert');

export const usageAlertsSchema = z.object({
  alerts: z.array(usageAlertSchema),
  summary: z.object({ total: z.number(), critical: z.number(), warning: z.number(), info: z.number() }),
});

export const acknowledgeAlertBody = z.object({ alertId: z.string().optional(), subscriberId: z.string().optional() }).openapi('AcknowledgeUsageAlert');

export const subscriptionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    contactEmail: z.string(),
    tier: z.enum(SUBSCRIPTION_TIERS),
    hourlyLimit: z.number(),
    dailyLimit: z.number(),
    expiresAt: z.string().nullable(),
    apiKeyId: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('AdvisorySubscription');

export const createSubscriptionSchema = createSubscriptionBody.openapi('CreateAdvisorySubscription');
export const updateSubscriptionSchema = updateSubscriptionBody.openapi('UpdateAdvisorySubscription');

export const usageExportQuery = z.object({
  startDate: z.string().optional().describe('ISO 8601, required'),
  endDate: z.string().optional().describe('ISO 8601, required; at most 90 days after startDate'),
  subscriptionId: z.string().optional(),
  format: z.string().optional().describe('csv (default) or json'),
  includeDetails: z.string().optional().describe('true adds clientIP, userAgent and contactEmail'),
});

const exportRecord = z.object({
  timestamp: z.string(),
  subscriberId: z.string(),
  subscriberName: z.string(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  requestType: z.enum(USAGE_REQUEST_TYPES),
  success: z.boolean(),
  clientIP: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
  contactEmail: z.string().optional(),
});

export const usageExportSchema = z
  .object({
    metadata: z.object({
      exportedAt: z.string(),
      exportedBy: z.string().describe("The exporting user's email"),
      dateRange: z.object({ start: z.string(), end: z.string() }),
      totalRecords: z.number(),
      subscriptionId: z.string().describe('The subscription, or all'),
    }),
    data: z.array(exportRecord),
  })
  .openapi('UsageExport');
