import { z } from 'zod';
import { handoffProtectRequestSchema, handoffRestoreRequestSchema } from '../../services/sanitizer/handoff-requests';
import type { SanitizerRoute } from './routes';
import { errorSchema } from './schemas';

/**
 * The sanitizer's internal routes for protected handoff (the api's /api/shield routes are their
 * only client). Stateless: the api sends the wrapped scope secret and sealed mappings it stores;
 * responses carry wrapped secrets and sealed mappings back, never a secret in the clear.
 */
const errors = {
  401: { description: 'Missing or wrong service token', schema: errorSchema },
  422: { description: 'Missing or invalid fields', schema: errorSchema },
};

const extractionSchema = z.object({
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

export const handoffSanitizerRoutes: SanitizerRoute[] = [
  {
    method: 'get',
    path: '/api/v1/handoff/keys',
    summary: 'The surrogate key ids this service holds and the active one',
    tags: ['Protected handoff'],
    responses: { 200: { description: 'Key ids', schema: z.object({ active_key_id: z.string(), key_ids: z.array(z.string()) }) }, ...errors },
    handler: (_ctx, _input, c) => c.handoff.keys(),
  },
  {
    method: 'post',
    path: '/api/v1/handoff/scope-salts',
    summary: 'Mint a scope generation secret, wrapped by the active surrogate key',
    tags: ['Protected handoff'],
    responses: { 200: { description: 'The wrapped secret', schema: z.object({ key_id: z.string(), wrapped_salt: z.string() }) }, ...errors },
    handler: (_ctx, _input, c) => c.handoff.mintSalt(),
  },
  {
    method: 'post',
    path: '/api/v1/handoff/protect',
    summary: 'Protect a prompt and its files for a handoff',
    description: 'Returns the handoff file, the attachments, thumbnails, the stand-in entries (fingerprint, code, type) and the sealed mapping.',
    tags: ['Protected handoff'],
    body: handoffProtectRequestSchema,
    responses: {
      200: {
        description: 'Protected',
        schema: z.object({
          handoff_file: z.object({ name: z.string(), media_type: z.string(), base64: z.string() }),
          result_file_name: z.string(),
          files: z.array(z.object({ name: z.string(), mediaType: z.string(), base64: z.string(), extraction: extractionSchema })),
          images: z.array(z.object({ name: z.string(), mediaType: z.string(), base64: z.string(), sourceIndex: z.number(), width: z.number(), height: z.number() })),
          protected_counts: z.record(z.string(), z.number()),
          entries: z.array(z.object({ fingerprint: z.string(), code: z.string(), entity_type: z.string(), attempt: z.number() })),
          vault: z.object({ handoff_id: z.string(), key_id: z.string(), wrapped_key: z.string(), ciphertext: z.string() }),
          scope: z.object({ key_id: z.string(), wrapped_salt: z.string().nullable(), minted: z.boolean() }),
        }),
      },
      400: { description: 'A file that is not what it says (details.fileIndex)', schema: errorSchema },
      409: { description: 'SURROGATE_KEY_CHANGED: the scope key is no longer held', schema: errorSchema },
      413: { description: 'A file too large', schema: errorSchema },
      ...errors,
    },
    handler: (_ctx, { body }, c) => c.handoff.protect(body),
  },
  {
    method: 'post',
    path: '/api/v1/handoff/restore',
    summary: 'Restore an answer with the sealed mappings of the handoffs it uses',
    tags: ['Protected handoff'],
    body: handoffRestoreRequestSchema,
    responses: {
      200: {
        description: 'Restored',
        schema: z.object({
          text: z.string(),
          verdict: z.object({ status: z.enum(['clean', 'withheld', 'none', 'malformed']), reason: z.string() }),
          replaced: z.number(),
          distinct: z.number(),
          expired_or_deleted: z.number(),
          unrecognised: z.number(),
          highlights: z.array(z.object({ start: z.number(), end: z.number(), kind: z.string(), entityType: z.string().optional() })),
          used_handoff_ids: z.array(z.string()),
        }),
      },
      ...errors,
    },
    handler: (_ctx, { body }, c) => c.handoff.restore(body),
  },
];
