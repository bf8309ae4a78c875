import { extractDocument, inspectHeaders, rewriteDocument } from '../../domain/documents';
import { ApiError } from '../../lib/errors';
import type { SanitizerEngine } from './engine';

/**
 * Binds the engine to domain/documents and (INTERIM, until helper "pii" lands) answers 503
 * ENGINE_UNAVAILABLE for detection, so the service never pretends to have protected anything.
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
    extract: (buffer, type, opts) => extractDocument(buffer, type, opts),
    rewrite: (buffer, type, opts, rewrite) => rewriteDocument(buffer, type, opts, rewrite),
    inspectHeaders: (buffer, type, opts) => inspectHeaders(buffer, type, opts),
  };
}
