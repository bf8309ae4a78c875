import type { Db } from '../../db/connection';
import { Provider } from '../../db/models/provider';
import type { BatchRoute, BatchRouting } from '../../domain/batch/routing';
import type { QualityTier } from '../../domain/batch/types';
import type { SecretBox } from '../../lib/crypto';
import type { ProviderTarget } from '../../domain/providers';

/**
 * The seam between batch jobs and routing: a job's providers, best first, decided by the routing
 * engine under the job's policy (config.routingPolicyId, else the company default), qualityTier,
 * providerHint and model. The rules live in services/batch/routing.ts (the api applies the
 * same ones at POST time; the worker injects them as ActivityDeps.useCases.batchRouting); here the worker applies them again when the job is planned, so a
 * provider the policy, a deactivation or an open breaker excludes since then gets no split.
 */
export interface BatchRoutingInput {
  companyId: string;
  routingPolicyId: string | null;
  providerHint: string | null;
  model: string | null;
  qualityTier: QualityTier | null;
  /** Created by a signed-in user (no API key): user-scope default policies apply. */
  sessionUser: boolean;
}

export function routeBatch(router: BatchRouting, input: BatchRoutingInput): Promise<BatchRoute> {
  const { companyId, ...req } = input;
  return router.route(companyId, req);
}

/** The SDK target of a split's provider, credentials decrypted in memory only. */
export async function loadTarget(db: Db, box: SecretBox, providerId: string, model: string, timeoutMs: number): Promise<ProviderTarget> {
  const p = await Provider.query(db).findById(providerId);
  if (!p) throw new Error(`provider ${providerId} no longer exists`);
  return { type: p.type, baseUrl: p.baseUrl, apiKey: box.decrypt(p.credentialsEncrypted), model, timeoutMs };
}
