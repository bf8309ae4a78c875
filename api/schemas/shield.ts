import { z } from 'zod';
import { HANDOFF_DOCUMENT_TYPES, IMAGE_POLICIES, RETENTIONS, SENSITIVITIES } from '../../domain/shield';

/**
 * Protected handoff shapes for the OpenAPI document. The request bodies are deliberately loose
 * where the spec names an error code (EMPTY_PROMPT, TOO_MANY_FILES, BAD_FILE with fileIndex,
 * BAD_RETENTION): the service checks those fields and answers with the code, where a schema
 * failure could only say 400 BAD_REQUEST.
 */
const fileShape = z
  .unknown()
  .openapi({
    type: 'object',
    properties: { documentType: { type: 'string', enum: [...HANDOFF_DOCUMENT_TYPES] }, base64: { type: 'string' } },
    required: ['documentType', 'base64'],
  });

export const handoffCreateBody = z
  .object({
    prompt: z.unknown().optional().openapi({ type: 'string', description: 'required; up to 200,000 characters' }),
    files: z.unknown().optional().openapi({ type: 'array', items: fileShape as never, description: 'up to 10 files, 13 MB decoded in total' } as never),
    projectId: z.unknown().optional().openapi({ type: 'string', description: 'share stand-ins across an accessible project' }),
    retention: z.unknown().optional().openapi({ type: 'string', enum: [...RETENTIONS] }),
  })
  .openapi('HandoffCreateRequest');

const extraction = z.object({
  pageCount: z.number().nullable(),
  hiddenTextRemoved: z.number().nullable(),
  imagesRemoved: z.number().nullable(),
  pagesWithoutText: z.array(z.number()).nullable(),
  ocrPages: z.array(z.number()).nullable(),
  activeContentRemoved: z.number().nullable(),
  metadataRemoved: z.number().nullable(),
  revisionsRemoved: z.number().nullable(),
  commentsRemoved: z.number().nullable(),
  formulasReplaced: z.number().nullable(),
  hiddenPartsShown: z.number().nullable(),
  imagesThumbnailed: z.number().nullable(),
  keptAsText: z.boolean(),
});

export const handoffCreateResponse = z
  .object({
    handoffId: z.string(),
    expiresAt: z.string().nullable(),
    handoffFile: z.object({ name: z.string(), mediaType: z.string(), base64: z.string() }),
    files: z.array(z.object({ name: z.string(), mediaType: z.string(), base64: z.string(), extraction })),
    images: z.array(z.object({ name: z.string(), mediaType: z.string(), base64: z.string(), sourceIndex: z.number(), width: z.number(), height: z.number() })),
    protectedCounts: z.record(z.string(), z.number()),
    resultFileName: z.string(),
  })
  .openapi('HandoffCreated');

export const handoffRecord = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    lastRestoredAt: z.string().nullable(),
    entryCount: z.number(),
    fileCount: z.number(),
    retention: z.enum(RETENTIONS),
  })
  .openapi('Handoff');

export const handoffRestoreBody = z
  .object({ text: z.unknown().optional().openapi({ type: 'string', description: 'the answer including its first line, or the text of the returned file; up to 2,000,000 characters' }) })
  .openapi('HandoffRestoreRequest');

export const handoffRestoreResponse = z
  .object({
    text: z.string(),
    verdict: z.object({ status: z.enum(['clean', 'withheld', 'none', 'malformed']), reason: z.string() }),
    replaced: z.number(),
    distinct: z.number(),
    expiredOrDeleted: z.number(),
    unrecognised: z.number(),
    highlights: z.array(
      z.object({ start: z.number(), end: z.number(), kind: z.enum(['restored', 'expired', 'unrecognised']), entityType: z.string().optional() }),
    ),
  })
  .openapi('HandoffRestored');

export const retentionBody = z.object({ retention: z.unknown().optional().openapi({ type: 'string', enum: [...RETENTIONS] }) }).openapi('HandoffRetentionRequest');

export const handoffSettings = z.object({ defaultDays: z.number(), keepMaxDays: z.number(), noLimitAllowed: z.boolean() }).openapi('HandoffSettings');
export const handoffSettingsBody = z
  .object({
    defaultDays: z.number().int().min(1).max(30).optional(),
    keepMaxDays: z.number().int().min(1).max(3650).optional(),
    noLimitAllowed: z.boolean().optional(),
  })
  .strict()
  .openapi('HandoffSettingsUpdate');

export const sensitivity = z
  .object({ handoffImagePolicy: z.enum(IMAGE_POLICIES), profiles: z.array(z.string()), sensitivity: z.enum(SENSITIVITIES) })
  .openapi('ShieldSensitivity');
export const sensitivityBody = z
  .object({
    handoffImagePolicy: z.enum(IMAGE_POLICIES).optional(),
    profiles: z.array(z.string()).min(1).optional(),
    sensitivity: z.enum(SENSITIVITIES).optional(),
  })
  .strict()
  .openapi('ShieldSensitivityUpdate');

export const scopeList = z
  .object({
    scopes: z.array(
      z.object({
        scopeId: z.string(),
        kind: z.enum(['user', 'project']),
        label: z.string().nullable(),
        activeGeneration: z.number(),
        keyId: z.string().nullable(),
        provenance: z.array(z.enum(['ROTATED', 'MINTED'])),
        rotatedAt: z.string().nullable(),
        liveEntries: z.number(),
        olderLiveEntries: z.number(),
      }),
    ),
    keyIds: z.array(z.string()),
    activeKeyId: z.string().nullable(),
  })
  .openapi('StandInScopes');

export const rotateBody = z
  .object({ scopeId: z.unknown().optional().openapi({ type: 'string' }), keyId: z.unknown().optional().openapi({ type: 'string' }) })
  .openapi('StandInRotateRequest');
export const rotateResponse = z
  .union([
    z.object({ scopeId: z.string(), generation: z.number(), surrogateKeyId: z.string() }),
    z.object({ rotated: z.number(), keyId: z.string(), activeKeyId: z.string() }),
  ])
  .openapi('StandInRotated');

export const leaverHoldBody = z.object({ held: z.boolean() }).strict().openapi('HandoffLeaverHold');
export const leaverHold = z.object({ userId: z.string(), held: z.boolean(), leftAt: z.string().nullable() }).openapi('HandoffLeaver');
