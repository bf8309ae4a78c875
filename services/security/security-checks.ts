import { z } from 'zod';
import {
  CHECK_TYPES,
  type CheckType,
  decideSecurity,
  type SecurityDecision,
  type SecurityInput,
  type SecurityMode,
  scanText,
  securityRecordOf,
} from '../../domain/security';
import type { Principal } from '../../domain/principal';
import { ApiError, zodDetails } from '../../lib/errors';
import type { AuditService } from '../audit/audit';

/**
 * Security checks as a service (issue 20): the check_security MCP tool and the text-scanning HTTP
 * endpoint call `checkSecurity`; the gateway calls `evaluate` with the routing policy's mode and
 * `recordDecision` when something failed. The scanning itself is domain/security (pure); this adds
 * argument validation and the audit trail (mcp.security.* for MCP callers, security.* otherwise).
 * Audit details carry rule names and offsets, never the evidence text (it may hold the attack or
 * secrets the attack was after).
 */

const CheckSecurityArgs = z.object({
  prompt: z.string().min(1).max(1_000_000),
  checkTypes: z.array(z.enum(CHECK_TYPES)).min(1).optional(),
  source: z.enum(['prompt', 'document', 'tool']).optional(),
});

export interface CheckSecurityPayload {
  passed: boolean;
  verdict: 'pass' | 'fail';
  score: number;
  failed: CheckType[];
  checks: { type: CheckType; passed: boolean; score: number; findings: { rule: string; start: number; end: number; evidence: string }[] }[];
  version: string;
}

type Caller = Pick<Principal, 'companyId' | 'userId' | 'apiKey'>;

export class SecurityCheckService {
  constructor(private readonly audit: AuditService) {}

  /** check_security: validated arguments in, the scan result out; every call is audited. */
  async checkSecurity(principal: Caller, args: unknown, via: 'mcp' | 'http'): Promise<CheckSecurityPayload> {
    const parsed = CheckSecurityArgs.safeParse(args);
    if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', 'Invalid check_security arguments', zodDetails(parsed.error));
    const r = scanText(parsed.data.prompt, { checkTypes: parsed.data.checkTypes, source: parsed.data.source });
    await this.audit.recordFor(principal, {
      action: via === 'mcp' ? 'mcp.security.check' : 'security.check',
      resourceType: 'security_scan',
      details: { passed: r.passed, failed: r.failed, checkTypes: r.checks.map((c) => c.type), chars: parsed.data.prompt.length, version: r.version },
    });
    return {
      passed: r.passed,
      verdict: r.verdict,
      score: r.score,
      failed: r.failed,
      checks: r.checks.map((c) => ({ type: c.type, passed: c.passed, score: c.score, findings: c.findings.map(({ rule, start, end, evidence }) => ({ rule, start, end, evidence })) })),
      version: r.version,
    };
  }

  /** The gateway's decision for one request under the policy's mode (pure; see domain/security/decision). */
  evaluate(input: SecurityInput, mode: SecurityMode, checkTypes?: readonly CheckType[]): SecurityDecision {
    return decideSecurity(input, { mode, checkTypes });
  }

  /** Audits a decision in which something failed (blocked, or recorded in monitor/off mode). */
  async recordDecision(principal: Caller, decision: SecurityDecision, ctx: { via: 'mcp' | 'gateway'; executionId?: string }): Promise<void> {
    if (decision.securityPassed) return;
    const record = securityRecordOf(decision);
    await this.audit.recordFor(principal, {
      action: `${ctx.via === 'mcp' ? 'mcp.security' : 'security'}.${decision.blocked ? 'blocked' : 'flagged'}`,
      resourceType: ctx.executionId ? 'execution' : 'security_scan',
      resourceId: ctx.executionId,
      details: {
        mode: record.mode,
        failed: record.failed,
        version: record.version,
        findings: record.findings.map(({ part, type, rule, start, end }) => ({ part, type, rule, start, end })),
      },
    });
  }
}
