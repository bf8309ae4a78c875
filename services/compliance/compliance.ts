import { z } from 'zod';
import type { Db } from '../../db/connection';
import { COMPLIANCE_STANDARDS, type ComplianceReport, checkCompliance, parseStandard } from '../../domain/compliance/rules';
import type { Principal } from '../../domain/principal';
import { ApiError } from '../../lib/errors';
import type { WebhookService } from '../webhooks/webhooks';

/**
 * POST /api/v1/compliance/check (spec document 3): checks a text against one standard (rules in
 * domain/compliance/rules.ts) with the company's active providers for residency and attestations.
 * A failed check emits compliance.failed to the company's webhooks; the event carries the counts
 * and rules, never the input or the matched values.
 */
export const complianceCheckBody = z.object({
  input: z.string({ error: 'input must be a string' }).max(100_000, 'input: at most 100,000 characters'),
  standard: z.string({ error: 'standard is required' }).min(1, 'standard is required').max(50),
});
export type ComplianceCheckBody = z.output<typeof complianceCheckBody>;

export class ComplianceService {
  constructor(private readonly deps: { db: Db; webhooks: WebhookService }) {}

  async check(principal: Principal, body: ComplianceCheckBody): Promise<ComplianceReport & { checkedAt: string }> {
    const standard = parseStandard(body.standard);
    if (!standard) {
      throw new ApiError(400, 'INVALID_STANDARD', `Unknown standard ${JSON.stringify(body.standard)}; allowed: ${COMPLIANCE_STANDARDS.join(', ')}`, undefined, {
        allowedStandards: [...COMPLIANCE_STANDARDS],
      });
    }
    const providers = await this.deps.db('providers')
      .where({ company_id: principal.companyId, is_active: true })
      .orderBy('name')
      .select('name', 'location_country', 'location_network', 'compliance');
    const report = checkCompliance(
      body.input,
      standard,
      providers.map((p) => ({ name: p.name, country: p.location_country, network: p.location_network, compliance: p.compliance ?? [] })),
    );
    const checkedAt = new Date().toISOString();
    if (!report.passed) {
      this.deps.webhooks.emit(principal.companyId, 'compliance.failed', {
        standard,
        checkedAt,
        apiKeyId: principal.apiKey?.id ?? null,
        findingCount: report.summary.total,
        bySeverity: report.summary.bySeverity,
        rules: Object.keys(report.summary.byRule),
      });
    }
    return { ...report, checkedAt };
  }
}
