import { z } from 'zod';

/**
 * What the api sends the sanitizer for a protected handoff (internal routes under
 * /api/v1/handoff). snake_case like the rest of the sanitizer's API. The api has checked counts,
 * sizes and types already; these schemas keep the service safe on its own.
 */
export const handoffProtectRequestSchema = z.object({
  handoff_id: z.string().uuid(),
  prompt: z.string().max(200_000),
  files: z
    .array(z.object({ document_type: z.enum(['txt', 'md', 'pdf', 'docx', 'csv', 'xlsx', 'json']), document: z.string().describe('base64') }))
    .max(10)
    .default([]),
  profiles: z.array(z.string()).min(1),
  threshold: z.number().min(0).max(1).default(0.5),
  image_policy: z.enum(['THUMBNAIL', 'STRIP']).default('STRIP'),
  scope: z.object({
    key_id: z.string().nullable(),
    wrapped_salt: z.string().nullable(),
  }),
  code_bumps: z.array(z.object({ fingerprint: z.string(), attempt: z.number().int().min(1).max(100) })).max(10_000).default([]),
});
export type HandoffProtectRequest = z.output<typeof handoffProtectRequestSchema>;

export const sealedVaultSchema = z.object({
  handoff_id: z.string(),
  key_id: z.string(),
  wrapped_key: z.string(),
  ciphertext: z.string(),
});
export type SealedVault = z.output<typeof sealedVaultSchema>;

export const handoffRestoreRequestSchema = z.object({
  text: z.string().max(2_000_000),
  vaults: z.array(sealedVaultSchema).max(1000).default([]),
});
export type HandoffRestoreRequest = z.output<typeof handoffRestoreRequestSchema>;
