import { z } from 'zod';
import { archivalBody, archivalQuery } from '../../services/synthetic/archival';
import { defineRoute } from './define';
import { syntheticAuth, syntheticErrors } from './synthetic-prompts';

/** Synthetic archival: statistics with the recommendation, and archive / enforceLimit / dryRun (synthetic.archival.manage). */
const tags = ['Synthetic testing'];
const invalidCode = 'VALIDATION_ERROR';

export const syntheticArchivalRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/synthetic/archival',
    summary: 'Archival statistics and the recommended settings',
    tags,
    auth: syntheticAuth('synthetic.archival.manage'),
    invalidCode,
    query: archivalQuery,
    responses: { 200: { description: 'Statistics', schema: z.object({ success: z.literal(true), stats: z.record(z.string(), z.unknown()), config: z.record(z.string(), z.unknown()) }) }, ...syntheticErrors },
    handler: (ctx, { principal, query }) => ctx.services.syntheticArchival.stats(principal, query.retentionDays),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/synthetic/archival',
    summary: 'archive (aggregate, export, delete old logs), enforceLimit (oldest above 50,000) or dryRun (changes nothing)',
    tags,
    auth: syntheticAuth('synthetic.archival.manage'),
    invalidCode,
    body: archivalBody,
    responses: { 200: { description: 'Result', schema: z.record(z.string(), z.unknown()) }, ...syntheticErrors },
    handler: (ctx, { principal, body }) => ctx.services.syntheticArchival.run(principal, body),
  }),
];
