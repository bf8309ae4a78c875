import { z } from 'zod';
import { DOCUMENT_TYPE_SCOPES, METADATA_FIELD_TYPES } from '../../domain/custom-documents';
import { INJECTION_MODES } from '../../domain/prompts/injection';

/** HTTP shapes of custom documents, document types and bindings (spec document 3; choices in docs/API.md). */
const field = z.object({
  name: z.string().min(1).max(64),
  type: z.enum(METADATA_FIELD_TYPES, { error: `type must be one of ${METADATA_FIELD_TYPES.join(', ')}` }),
  required: z.boolean().default(false),
  description: z.string().max(500).optional(),
});

export const documentTypeBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    displayName: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(2000).nullable().optional(),
    scope: z.enum(DOCUMENT_TYPE_SCOPES, { error: 'scope must be COMPANY or PROJECT' }).optional(),
    projectId: z.string().nullable().optional(),
    metadataSchema: z.array(field).max(50).optional(),
  })
  .strict()
  .openapi('CustomDocumentTypeCreateRequest');

export const documentTypePatch = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    displayName: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(2000).nullable().optional(),
    metadataSchema: z.array(field).max(50).optional(),
  })
  .strict()
  .openapi('CustomDocumentTypeUpdateRequest');

export const documentTypeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    displayName: z.string(),
    description: z.string().nullable(),
    scope: z.enum(DOCUMENT_TYPE_SCOPES),
    projectId: z.string().nullable(),
    metadataSchema: z.array(field),
    createdByUserId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('CustomDocumentType');

export const documentBody = z
  .object({
    typeId: z.string().min(1, 'typeId is required'),
    name: z.string().trim().min(1).max(200),
    content: z.string().max(1_000_000, 'content is at most 1,000,000 characters').describe('Markdown'),
    metadata: z.record(z.string(), z.unknown()).optional(),
    tags: z.array(z.string().trim().min(1).max(50)).max(50).optional(),
  })
  .strict()
  .openapi('CustomDocumentCreateRequest');

export const documentPatch = documentBody.partial().openapi('CustomDocumentUpdateRequest');

export const documentListQuery = z.object({
  typeId: z.string().optional(),
  tag: z.string().max(50).optional(),
  query: z.string().max(200).optional().describe('search in the name'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

export const documentSchema = z
  .object({
    id: z.string(),
    typeId: z.string(),
    name: z.string(),
    content: z.string(),
    metadata: z.record(z.string(), z.unknown()),
    tags: z.array(z.string()),
    createdByUserId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('CustomDocument');

export const bindingBody = z
  .object({
    storedPromptId: z.string().min(1, 'storedPromptId is required').describe('public promptId or database id'),
    injectionMode: z.enum(INJECTION_MODES, { error: 'injectionMode must be prepend, append or placeholder' }).default('prepend'),
    placeholder: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'placeholder is a variable name (letters, digits, _ . -)')
      .nullable()
      .optional()
      .describe('placeholder mode: the {{name}} the document fills'),
    position: z.number().int().min(0).max(1000).optional().describe('injection order (lower first); default 0, then creation order'),
  })
  .strict()
  .openapi('CustomDocumentBindingRequest');

export const bindingSchema = z
  .object({
    id: z.string(),
    documentId: z.string(),
    storedPromptId: z.string().nullable(),
    injectionMode: z.enum(INJECTION_MODES),
    placeholder: z.string().nullable(),
    position: z.number(),
    createdByUserId: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('CustomDocumentBinding');

export const bindingParams = z.object({ id: z.string().min(1), bindingId: z.string().min(1) });
