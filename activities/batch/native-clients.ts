import { createBatchClients } from '../providers/batch';
import type { ProviderBatchClient } from '../providers/batch/types';
import type { ProviderType } from '../../domain/providers';

/**
 * The providers' native batch facilities the batch workflow may use, by provider type (OPENAI,
 * ANTHROPIC). A type missing here runs through concurrent execution instead (the facility is
 * chosen when a split is planned, and recorded on it).
 */
export type NativeBatchClients = Partial<Record<ProviderType, ProviderBatchClient>>;

export function createNativeBatchClients(): NativeBatchClients {
  return createBatchClients();
}
