import type { Db } from '../../db/connection';
import { decideSecurity } from '../../domain/security';
import { type SecurityMode, isSecurityMode } from '../../domain/security/modes';
import type { CompletionRequest } from '../../domain/providers';
import type { ItemOutcome } from './item-writes';

/**
 * Security checks for batch items (issue 20), in the worker next to the item's protection step:
 * the job's mode is its routing policy's `security.mode` (config.routingPolicyId, else the
 * company-scope default policy), else the company default, as in the gateway. In block mode an item
 * whose prompt fails a check is ERROR with error_code SECURITY_BLOCKED and never sent; in monitor
 * mode it is sent, and each page or chunk with findings writes one `security.flagged` audit entry
 * for the batch (item ids and failed types, never the text). Batch items carry no attachments.
 */
export async function batchSecurityMode(db: Db, batchId: string): Promise<SecurityMode> {
  const job = (await db('batch_jobs').where({ id: batchId }).first('company_id', 'routing_policy_id')) as { company_id: string; routing_policy_id: string | null } | undefined;
  if (!job) return 'off';
  const policy = (await db('routing_policies')
    .where({ company_id: job.company_id })
    .where((q) => (job.routing_policy_id ? q.where({ id: job.routing_policy_id }) : q.where({ is_default: true, scope: 'company' })))
    .first('policy_json')) as { policy_json: { security?: { mode?: unknown } } | null } | undefined;
  const fromPolicy = policy?.policy_json?.security?.mode;
  if (isSecurityMode(fromPolicy)) return fromPolicy;
  const company = (await db('companies').where({ id: job.company_id }).first('settings')) as { settings: { security?: { mode?: unknown } } | null } | undefined;
  const fromCompany = company?.settings?.security?.mode;
  return isSecurityMode(fromCompany) ? fromCompany : 'off';
}

export interface BatchSecurityVerdicts {
  /** Outcomes of the items refused (block mode). */
  refused: ItemOutcome[];
  /** Item ids and failed check types of every item that failed (monitor and block). */
  flagged: { id: string; failed: string[] }[];
}

/** Scans the items' prompts (yielding to the event loop every 100 so heartbeats keep going). */
export async function scanBatchItems(items: { id: string; request: CompletionRequest }[], mode: SecurityMode): Promise<BatchSecurityVerdicts> {
  const out: BatchSecurityVerdicts = { refused: [], flagged: [] };
  if (mode === 'off') return out;
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    const { id, request } = items[i]!;
    const d = decideSecurity({ prompt: request.prompt }, { mode });
    if (d.securityPassed) continue;
    out.flagged.push({ id, failed: d.failedCheckTypes });
    if (d.blocked) {
      out.refused.push({
        id,
        status: 'ERROR',
        response: null,
        inputTokens: 0,
        outputTokens: 0,
        costUsd: 0,
        errorCode: 'SECURITY_BLOCKED',
        errorMessage: `The item failed the security checks: ${d.failedCheckTypes.join(', ')}. It was not sent to a provider.`,
      });
    }
  }
  return out;
}

/** One audit entry per page or chunk with findings. */
export async function auditBatchFindings(db: Db, batchId: string, mode: SecurityMode, verdicts: BatchSecurityVerdicts): Promise<void> {
  if (!verdicts.flagged.length) return;
  const job = (await db('batch_jobs').where({ id: batchId }).first('company_id', 'api_key_id', 'created_by_user_id')) as
    | { company_id: string; api_key_id: string | null; created_by_user_id: string | null }
    | undefined;
  if (!job) return;
  await db('audit_logs').insert({
    company_id: job.company_id,
    user_id: job.created_by_user_id,
    api_key_id: job.api_key_id,
    action: mode === 'block' ? 'security.blocked' : 'security.flagged',
    resource_type: 'batch',
    resource_id: batchId,
    details: JSON.stringify({ mode, items: verdicts.flagged.slice(0, 100), count: verdicts.flagged.length }),
  });
}
