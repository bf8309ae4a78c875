import type { Db } from '../../db/connection';
import { Provider } from '../../db/models/provider';
import { type BatchRoutingProvider, type BatchRoutingResult, chooseBatchCandidates } from '../../domain/batch/routing';
import type { QualityTier } from '../../domain/batch/types';
import type { SecretBox } from '../../lib/crypto';
import type { ProviderTarget } from '../providers/types';

/**
 * The seam between batch jobs and routing. Today a batch resolves its providers with the
 * pre-engine rule (domain/batch/routing.ts: providerHint, model, qualityTier over the company's
 * active providers). When the routing policy engine lands, `routeBatch` is where a job's
 * config.routingPolicyId is applied: load the policy, filter and order `providers` by it, and
 * return the same ordered candidate list. Nothing else in the batch code needs to change.
 */
export interface BatchRoutingInput {
  companyId: string;
  routingPolicyId: string | null;
  providerHint: string | null;
  model: string | null;
  qualityTier: QualityTier | null;
}

export type StoredBatchProvider = BatchRoutingProvider & { companyId: string };

export async function routeBatch(db: Db, input: BatchRoutingInput): Promise<BatchRoutingResult<StoredBatchProvider>> {
  const rows = await Provider.query(db).where({ company_id: input.companyId, is_active: true }).orderBy('created_at');
  const providers: StoredBatchProvider[] = rows.map((p) => ({
    id: p.id,
    companyId: p.companyId,
    type: p.type,
    name: p.name,
    defaultModel: p.defaultModel,
    models: p.models,
    specializations: p.specializations,
    isDefault: p.isDefault,
    compliance: p.compliance,
  }));
  // routingPolicyId: applied here by the routing policy engine (see above); recorded on the job meanwhile.
  return chooseBatchCandidates(providers, input);
}

/** The SDK target of a split's provider, credentials decrypted in memory only. */
export async function loadTarget(db: Db, box: SecretBox, providerId: string, model: string, timeoutMs: number): Promise<ProviderTarget> {
  const p = await Provider.query(db).findById(providerId);
  if (!p) throw new Error(`provider ${providerId} no longer exists`);
  return { type: p.type, baseUrl: p.baseUrl, apiKey: box.decrypt(p.credentialsEncrypted), model, timeoutMs };
}
