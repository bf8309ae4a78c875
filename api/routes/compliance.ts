import { z } from 'zod';
import { COMPLIANCE_STANDARDS } from '../../domain/compliance/rules';
import { complianceCheckBody } from '../../services/compliance/compliance';
import { errorSchema } from '../schemas/common';
import { defineRoute } from './define';

/** POST /api/v1/compliance/check (Bearer API key): the report shape is ours (docs/API.md). */
const finding = z.object({
  rule: z.string(),
  severity: z.enum(['LOW', 'MEDIUM', 'HIGH', 'CRITICAL']),
  entityType: z.string(),
  start: z.number().nullable(),
  end: z.number().nullable(),
  message: z.string(),
});

const report = z
  .object({
    passed: z.boolean().describe('No HIGH or CRITICAL finding'),
    standard: z.enum(COMPLIANCE_STANDARDS),
    findings: z.array(finding),
    summary: z.object({
      total: z.number(),
      bySeverity: z.object({ CRITICAL: z.number(), HIGH: z.number(), MEDIUM: z.number(), LOW: z.number() }),
      byRule: z.record(z.string(), z.number()),
    }),
    checkedAt: z.string(),
  })
  .openapi('ComplianceReport');

export const complianceRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v1/compliance/check',
    summary: 'Check a text against GDPR, HIPAA, PCI_DSS, SOC2 or ISO27001 before it leaves; a failed check emits compliance.failed',
    tags: ['Compliance'],
    auth: { accept: ['gateway_key', 'external_key'] },
    body: complianceCheckBody.openapi('ComplianceCheckRequest'),
    responses: {
      200: { description: 'The report (passed or not)', schema: report },
      400: { description: 'Invalid body, or an unknown standard with allowedStandards', schema: errorSchema.extend({ allowedStandards: z.array(z.string()).optional() }) },
      401: { description: 'API key required', schema: errorSchema },
    },
    handler: (ctx, { principal, body }) => ctx.services.compliance.check(principal, body),
  }),
];
