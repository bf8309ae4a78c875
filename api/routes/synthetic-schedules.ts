import { z } from 'zod';
import { createScheduleBody, updateScheduleBody } from '../../services/synthetic/schedules';
import { errorSchema, paginationQuery } from '../schemas/common';
import { defineRoute } from './define';
import { syntheticAuth, syntheticErrors, syntheticRateLimited } from './synthetic-prompts';

/**
 * Synthetic schedules (each a Temporal Schedule `synthetic:<id>`), run now, and the execution log.
 * Managing and running schedules takes synthetic.tests.run; reading takes synthetic.results.view.
 */
const tags = ['Synthetic testing'];
const invalidCode = 'VALIDATION_ERROR';
const notFound = { 404: { description: 'NOT_FOUND (schedule, prompt, provider or group)', schema: errorSchema } };
const unavailable = { 503: { description: 'The workflow service is unavailable', schema: errorSchema } };
const scheduleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    syntheticPromptId: z.string(),
    scheduleType: z.enum(['ONE_TIME', 'RECURRING']),
    cronExpression: z.string().nullable(),
    intervalMinutes: z.number().nullable(),
    runAt: z.string().nullable(),
    isActive: z.boolean(),
    aiProviderId: z.string().nullable(),
    providerGroupId: z.string().nullable(),
    enableProtection: z.boolean(),
    protectivePromptId: z.string().nullable(),
    temporalScheduleId: z.string(),
    lastRunAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('SyntheticSchedule');
const logSchema = z.record(z.string(), z.unknown()).openapi('SyntheticExecutionLogEntry');
const pagination = z.object({ total: z.number(), limit: z.number(), offset: z.number() });
const params = z.object({ scheduleId: z.string().min(1) });

export const syntheticScheduleRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/synthetic/schedules',
    summary: 'The synthetic schedules of the company',
    tags,
    auth: syntheticAuth('synthetic.results.view'),
    query: paginationQuery(50, 200),
    responses: { 200: { description: 'Schedules', schema: z.object({ schedules: z.array(scheduleSchema), pagination }) }, ...syntheticErrors },
    handler: (ctx, { principal, query }) => ctx.services.syntheticSchedules.list(principal, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/synthetic/schedules',
    summary: 'Create a schedule and its Temporal Schedule synthetic:<id>',
    tags,
    auth: syntheticAuth('synthetic.tests.run'),
    invalidCode,
    body: createScheduleBody,
    responses: { 201: { description: 'Created', schema: z.object({ schedule: scheduleSchema }) }, ...syntheticErrors, ...notFound, ...unavailable },
    async handler(ctx, { principal, body }) {
      const schedule = await ctx.services.syntheticSchedules.create(principal, body);
      ctx.status = 201;
      return { schedule };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/synthetic/schedules/:scheduleId',
    summary: 'One synthetic schedule',
    tags,
    auth: syntheticAuth('synthetic.results.view'),
    params,
    responses: { 200: { description: 'Schedule', schema: z.object({ schedule: scheduleSchema }) }, ...syntheticErrors, ...notFound },
    handler: async (ctx, { principal, params }) => ({ schedule: await ctx.services.syntheticSchedules.get(principal, params.scheduleId) }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/synthetic/schedules/:scheduleId',
    summary: 'Update a schedule; its Temporal Schedule follows (isActive false pauses it)',
    tags,
    auth: syntheticAuth('synthetic.tests.run'),
    invalidCode,
    params,
    body: updateScheduleBody,
    responses: { 200: { description: 'Updated', schema: z.object({ schedule: scheduleSchema }) }, ...syntheticErrors, ...notFound, ...unavailable },
    handler: async (ctx, { principal, params, body }) => ({ schedule: await ctx.services.syntheticSchedules.update(principal, params.scheduleId, body) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/synthetic/schedules/:scheduleId',
    summary: 'Delete a schedule and its Temporal Schedule (logs stay)',
    tags,
    auth: syntheticAuth('synthetic.tests.run'),
    params,
    responses: { 200: { description: 'Deleted', schema: z.object({ success: z.literal(true), id: z.string() }) }, ...syntheticErrors, ...notFound, ...unavailable },
    async handler(ctx, { principal, params }) {
      await ctx.services.syntheticSchedules.remove(principal, params.scheduleId);
      return { success: true, id: params.scheduleId };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/synthetic/schedules/:scheduleId/run',
    summary: 'Run the schedule now (triggers its Temporal Schedule, paused or not)',
    tags,
    auth: syntheticAuth('synthetic.tests.run'),
    params,
    responses: {
      202: { description: 'Triggered', schema: z.object({ success: z.literal(true), scheduleId: z.string(), temporalScheduleId: z.string(), triggeredAt: z.string() }) },
      ...syntheticErrors,
      ...notFound,
      ...syntheticRateLimited,
      ...unavailable,
    },
    async handler(ctx, { principal, params }) {
      await ctx.services.syntheticRateLimit.charge(principal, 'run');
      const out = await ctx.services.syntheticSchedules.runNow(principal, params.scheduleId);
      ctx.status = 202;
      return out;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/synthetic/executions',
    summary: 'The synthetic execution log, newest first',
    tags,
    auth: syntheticAuth('synthetic.results.view'),
    invalidCode,
    query: paginationQuery(50, 500).extend({ scheduleId: z.string().uuid().optional() }),
    responses: { 200: { description: 'Log entries', schema: z.object({ executions: z.array(logSchema), pagination }) }, ...syntheticErrors },
    handler: (ctx, { principal, query }) => ctx.services.syntheticExecutions.list(principal, query),
  }),
];
