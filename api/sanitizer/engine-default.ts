import { ApiError } from '../../lib/errors';
import type { SanitizerEngine } from './engine';

/**
 * INTERIM: binds the engine to domain/pii and domain/documents once those land on this branch
 * (helpers "pii" and "docs"). Until then every engine call answers 503 ENGINE_UNAVAILABLE, so
 * the service never pretends to have protected anything.
 */
const unavailable = (): never => {
  throw new ApiError(503, 'ENGINE_UNAVAILABLE', 'PII detection is not wired into this build yet');
};

export function createDefaultEngine(): SanitizerEngine {
  return {
    profiles: ['personal_information', 'financial_data', 'health_information', 'credentials', 'corporate_confidential'],
    newVault: unavailable,
    loadVault: unavailable,
    detect: unavailable,
    protect: unavailable,
    restore: unavailable,
    extract: async () => unavailable(),
    rewrite: async () => unavailable(),
    inspectHeaders: async () => unavailable(),
  };
}
