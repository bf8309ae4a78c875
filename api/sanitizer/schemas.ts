import { z } from 'zod';
import '../openapi'; // extends zod with .openapi()
import { sanitizeRequestSchema } from '../../services/sanitizer/requests';

/**
 * Request and response bodies of the sanitizer service (spec document 2, "Sanitizer service"),
 * snake_case as the spec writes them. Field presence and types are validated here (a missing
 * field is 422, as the spec says); document_type and base64 are checked by the service so that
 * they answer 400, as the spec says for those.
 */
/** The sanitize request (services/sanitizer/requests.ts), named for the OpenAPI document. */
export const sanitizeRequestBody = sanitizeRequestSchema.openapi('SanitizeRequest');

const detectionSummarySchema = z.object({
  total_entities_found: z.number().int(),
  by_category: z.record(z.string(), z.number().int()).describe('entity type → count'),
});

const findingSchema = z.object({
  entity_type: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  score: z.number(),
  text: z.string(),
});

const extractionSchema = z.object({
  hidden_chars: z.object({ invisible: z.number(), white: z.number(), tiny: z.number(), off_page: z.number() }),
  images_removed: z.number(),
  pages_without_text: z.array(z.number()),
  ocr_pages: z.array(z.number()),
  annotations: z.number(),
  form_fields: z.number(),
  embedded_files: z.number(),
  javascript: z.number(),
  metadata_fields: z.number(),
  page_count: z.number(),
});

const manifestEntrySchema = z.object({
  id: z.string(),
  entity_type: z.string(),
  value: z.string().describe('the stand-in, never the original'),
  ref: z.string().describe('the short code inside the protected-reference wrapper'),
  occurrences: z.number().int(),
});

export const sanitizeResponseSchema = z
  .object({
    session_token: z.string().nullable(),
    expires_at: z.string().nullable(),
    sanitized_document: z.string().nullable().describe('base64; the document rebuilt with readable stand-ins'),
    protected_document: z.string().nullable().describe('base64; the provider transport with nonce-scoped wrappers'),
    protected_context: z.string().nullable(),
    protection_manifest: z.array(manifestEntrySchema),
    detection_summary: detectionSummarySchema,
    diff_preview: z.array(z.object({ location: z.string(), original: z.string(), sanitized: z.string() })),
    credential_warning: z.string().nullable(),
    extraction: extractionSchema.nullable(),
    findings: z.array(findingSchema).optional().describe('detect_only: what was found, with offsets into the extracted text'),
  })
  .openapi('SanitizeResponse');

export const inspectHeadersRequestSchema = z.object({ document: z.string(), document_type: z.string() }).openapi('InspectHeadersRequest');
export const inspectHeadersResponseSchema = z
  .object({
    columns: z.array(
      z.object({
        column_name: z.string(),
        column_index: z.number().int(),
        suggested_entity_type: z.string().nullable(),
        confidence: z.number().nullable(),
      }),
    ),
    sheet_names: z.array(z.string()),
  })
  .openapi('InspectHeadersResponse');

export const desanitizeRequestSchema = z
  .object({ content: z.string(), session_token: z.string(), delete_after: z.boolean().default(false) })
  .openapi('DesanitizeRequest');
export const desanitizeResponseSchema = z
  .object({ restored_content: z.string(), tokens_restored: z.number().int(), unresolved_tokens: z.array(z.string()) })
  .openapi('DesanitizeResponse');

export const tokenParamsSchema = z.object({ token: z.string() });

export const restoreRequestSchema = z
  .object({
    content: z.string(),
    content_type: z.enum(['text', 'base64']).default('text'),
    delete_after: z.boolean().default(false),
    restoration_mode: z.enum(['fuzzy', 'strict']).default('fuzzy'),
  })
  .openapi('RestoreRequest');
export const restoreResponseSchema = z
  .object({
    session_token: z.string(),
    restored_content: z.string(),
    tokens_restored: z.number().int(),
    tokens_found: z.array(
      z.object({
        variant_found: z.string(),
        canonical_token: z.string(),
        match_category: z.enum(['exact', 'case', 'spacing', 'partial']),
      }),
    ),
    unresolved_tokens: z.array(z.string()),
    safe_unrestored: z.array(z.string()),
    restoration_status: z.enum(['restored', 'not_applicable', 'safe_unrestored', 'incomplete']),
    confidence: z.enum(['high', 'medium', 'low']),
  })
  .openapi('RestoreResponse');

export const sessionResponseSchema = z
  .object({
    session_token: z.string(),
    status: z.enum(['active', 'restored']),
    sanitized_document: z.string(),
    protected_document: z.string(),
    protected_context: z.string(),
    protection_manifest: z.array(manifestEntrySchema),
    document_type: z.string(),
    detection_summary: detectionSummarySchema,
    profiles_applied: z.array(z.string()),
    created_at: z.string(),
    expires_at: z.string(),
    ttl_remaining_seconds: z.number().int(),
  })
  .openapi('SanitizerSession');

export const purgeResponseSchema = z.object({ session_token: z.string(), purged: z.literal(true), message: z.string() }).openapi('SessionPurged');

export const exposureRecordSchema = z
  .object({
    credential_type: z.string().min(1).max(64),
    session_token: z.string().optional(),
    value: z.string().max(10_000).optional().describe('reduced to a fingerprint; never stored'),
    note: z.string().max(2000).optional(),
    detected_at: z.iso.datetime({ offset: true }).optional(),
  })
  .openapi('CredentialExposureRecord');

export const exposureFilterSchema = z.object({
  session_token: z.string().optional(),
  credential_type: z.string().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  include_cleared: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const exposureClearSchema = z
  .object({
    session_token: z.string().optional(),
    credential_type: z.string().optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    ids: z.array(z.uuid()).max(1000).optional(),
    reason: z.string().max(1000).optional(),
  })
  .openapi('CredentialExposureClear');

export const exposureDtoSchema = z
  .object({
    id: z.string(),
    session_token_hint: z.string().nullable(),
    credential_type: z.string(),
    source: z.string(),
    fingerprint: z.string().nullable(),
    note: z.string().nullable(),
    detected_at: z.string(),
    created_at: z.string(),
    cleared: z.boolean(),
    cleared_at: z.string().nullable(),
    cleared_reason: z.string().nullable(),
  })
  .openapi('CredentialExposure');

export const redlistAddSchema = z
  .object({
    term: z.string().trim().min(2).max(200),
    entity_type: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'entity_type: upper snake case').optional(),
    description: z.string().max(1000).optional(),
    case_sensitive: z.boolean().optional(),
  })
  .openapi('RedlistAdd');

export const redlistEntrySchema = z
  .object({
    id: z.string(),
    term: z.string(),
    entity_type: z.string(),
    description: z.string().nullable(),
    case_sensitive: z.boolean(),
    created_at: z.string(),
  })
  .openapi('RedlistEntry');

export const idParamsSchema = z.object({ id: z.string() });

export const errorSchema = z.object({ error: z.string(), code: z.string(), details: z.unknown().optional() }).openapi('SanitizerError');

export const entityModelStatusSchema = z
  .union([
    z.object({ enabled: z.literal(false) }),
    z.object({
      enabled: z.literal(true),
      name: z.string(),
      directory: z.string(),
      threshold: z.number(),
      idle_unload_seconds: z.number(),
      state: z.enum(['unloaded', 'loading', 'loaded']),
      loads: z.number().int(),
      unloads: z.number().int(),
      last_load_ms: z.number().nullable(),
      last_used_at: z.string().nullable(),
    }),
  ])
  .openapi('EntityModelStatus');
