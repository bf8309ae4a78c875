import { z } from 'zod';
import { archivalBody, archivalQuery } from '../../services/synthetic/archival';
import { archivalSettingsBody } from '../../services/synthetic/archival-settings';
import { errorSchema } from '../schemas/common';
import { defineRoute } from './define';
import { syntheticAuth, syntheticErrors, syntheticRateLimited } from './synthetic-prompts';

/**
 * Synthetic archival (synthetic.archival.manage): statistics with the recommendation, archive /
 * enforceLimit / dryRun, and the automatic archival's settings (its Temporal Schedule
 * synthetic-archival:<companyId> follows them).
 */
const tags = ['Synthetic testing'];
const invalidCode = 'VALIDATION_ERROR';
const unavailable = { 503: { description: 'The workflow service is unavailable (nothing changed)', schema: errorSchema } };
const settingsSchema = z
  .object({
    settings: z.object({
      enabled: z.boolean(),
      retentionDays: z.number().int(),
      intervalMinutes: z.number(),
      exportFirst: z.boolean(),
      includeFullResponse: z.boolean(),
      enforceLimit: z.boolean(),
      stored: z.boolean().describe('false: nothing saved yet, these are the defaults and no schedule exists'),
      temporalScheduleId: z.string(),
      schedulePaused: z.boolean().nullable(),
      nextRunAt: z.string().nullable(),
      lastRunAt: z.string().nullable(),
      lastArchiveIds: z.array(z.string()),
      lastDeletedCount: z.number().nullable(),
      updatedAt: z.string().nullable(),
    }),
  })
  .openapi('SyntheticArchivalSettings');

export const syntheticArchivalRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/synthetic/archival',
    summary: 'Archival statistics and the recommended settings',
    tags,
    auth: syntheticAuth('synthetic.archival.manage'),
    invalidCode,
    query: archivalQuery,
    responses: {
      200: { description: 'Statistics', schema: z.object({ success: z.literal(true), stats: z.record(z.string(), z.unknown()), config: z.record(z.string(), z.unknown()) }) },
      ...syntheticErrors,
      ...syntheticRateLimited,
    },
    async handler(ctx, { principal, query }) {
      await ctx.services.syntheticRateLimit.charge(principal, 'archival');
      return ctx.services.syntheticArchival.stats(principal, query.retentionDays);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/synthetic/archival',
    summary: 'archive (aggregate, export, delete old logs), enforceLimit (oldest above 50,000) or dryRun (changes nothing)',
    tags,
    auth: syntheticAuth('synthetic.archival.manage'),
    invalidCode,
    body: archivalBody,
    responses: {
      200: { description: 'Result', schema: z.record(z.string(), z.unknown()) },
      202: { description: '{success, action, archiveId, state: RUNNING, deletedCount: null, ...}: the archive did not finish within SYNTHETIC_ARCHIVE_WAIT_SECONDS and goes on', schema: z.record(z.string(), z.unknown()) },
      ...syntheticErrors, ...syntheticRateLimited, ...unavailable },
    async handler(ctx, { principal, body }) {
      await ctx.services.syntheticRateLimit.charge(principal, 'archival');
      const out = await ctx.services.syntheticArchival.run(principal, body);
      // Still running after SYNTHETIC_ARCHIVE_WAIT_SECONDS: accepted, the workflow goes on.
      if ('state' in out && out.state === 'RUNNING') ctx.status = 202;
      return out;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/synthetic/archival/settings',
    summary: 'The automatic archival settings (defaults until saved), the next run and the last run',
    tags,
    auth: syntheticAuth('synthetic.archival.manage'),
    responses: { 200: { description: 'Settings', schema: settingsSchema }, ...syntheticErrors },
    handler: (ctx, { principal }) => ctx.services.syntheticArchivalSettings.get(principal),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/synthetic/archival/settings',
    summary: 'Change the automatic archival (any field); its Temporal Schedule follows (enabled false pauses it)',
    tags,
    auth: syntheticAuth('synthetic.archival.manage'),
    invalidCode,
    body: archivalSettingsBody,
    responses: { 200: { description: 'Settings', schema: settingsSchema }, ...syntheticErrors, ...unavailable },
    handler: (ctx, { principal, body }) => ctx.services.syntheticArchivalSettings.update(principal, body),
  }),
];
