import { z } from 'zod';

/**
 * The zero-knowledge request shapes (spec document 2) the services read; api/schemas names them for
 * the OpenAPI document. The encrypted object is {alg: AES-GCM, iv: base64 of 12 bytes, ct: base64,
 * tag: base64 of 16 bytes, optional when appended to ct}. The server checks the shape only: it
 * cannot check the ciphertext, having no key.
 */
const B64 = /^[A-Za-z0-9+/]*={0,2}$/;
const decodedLength = (s: string) => (B64.test(s) && s.length % 4 === 0 ? Buffer.from(s, 'base64').length : -1);
const b64 = (what: string, max: number) => z.string({ error: `${what} must be a base64 string` }).max(max).refine((s) => decodedLength(s) >= 0, `${what} must be base64`);

export const encryptedObject = z
  .object({
    alg: z.literal('AES-GCM', { error: 'alg must be AES-GCM' }),
    iv: b64('iv', 64).refine((s) => decodedLength(s) === 12, 'iv must be 12 bytes'),
    ct: b64('ct', 2_800_000).refine((s) => decodedLength(s) > 0, 'ct must not be empty'),
    tag: b64('tag', 64)
      .refine((s) => decodedLength(s) === 16, 'tag must be 16 bytes')
      .optional(),
  })
  .strict()
  .refine((o) => o.tag !== undefined || decodedLength(o.ct) > 16, { message: 'without tag, ct must carry the 16-byte tag appended', path: ['ct'] });

export type EncryptedObjectInput = z.infer<typeof encryptedObject>;

const keyRef = z.string({ error: 'encryptionKeyRef is required' }).min(1, 'encryptionKeyRef is required').max(100);
const alg = z.literal('AES-GCM', { error: 'encryptionAlg must be AES-GCM' }).default('AES-GCM');

export const encryptedPromptCreate = z
  .object({
    repositoryId: z.string({ error: 'repositoryId is required' }).min(1, 'repositoryId is required').max(100),
    encryptedUserPrompt: encryptedObject,
    encryptedSystemPrompt: encryptedObject.optional(),
    encryptedName: encryptedObject.optional(),
    name: z.string().trim().min(1).max(100).optional().describe('plaintext fallback name (stored as given; responses show [ENCRYPTED])'),
    encryptionAlg: alg,
    encryptionKeyRef: keyRef,
    encryptedKeyMaterial: z.string().max(4096).optional(),
    keySalt: z.string().max(256).optional(),
    promptHash: z
      .string({ error: 'promptHash is required' })
      .regex(/^[0-9a-fA-F]{32,128}$/, 'promptHash is the SHA-256 hex of the plaintext (at least 32 hex characters)')
      .transform((s) => s.toLowerCase()),
    tags: z.array(z.string().trim().min(1).max(50)).max(50).default([]),
    category: z.string().max(100).optional(),
    branch: z.string().trim().min(1).max(100).default('main'),
    metadata: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();
export type EncryptedPromptCreate = z.infer<typeof encryptedPromptCreate>;

const count = (what: string) => z.number({ error: `${what} is a required integer` }).int(`${what} is an integer`).min(0, `${what} is not negative`).max(2_000_000_000);

export const encryptedResponseCreate = z
  .object({
    executionId: z.string({ error: 'executionId is required' }).min(1).max(200),
    provider: z.string({ error: 'provider is required' }).min(1).max(100),
    model: z.string({ error: 'model is required' }).min(1).max(200),
    promptId: z.string().min(1).max(100).optional(),
    inputTokens: count('inputTokens'),
    outputTokens: count('outputTokens'),
    totalTokens: count('totalTokens'),
    costCents: count('costCents'),
    executionTime: count('executionTime'),
    encryptionAlg: alg,
    encryptedContent: encryptedObject,
    encryptionKeyRef: keyRef,
    keySalt: z.string().max(256).optional(),
  })
  .strict();
export type EncryptedResponseCreate = z.infer<typeof encryptedResponseCreate>;

export const bootstrapBody = z.object({
  action: z.enum(['initialize', 'get', 'rotate'], { error: 'action must be initialize, get or rotate' }).default('get'),
  repositoryIds: z.array(z.string().min(1).max(100)).max(100).optional(),
  clientPublicKey: z.string({ error: 'clientPublicKey is required (base64 X25519 public key)' }).min(1, 'clientPublicKey is required').max(200),
  keyIds: z.array(z.string().min(1).max(100)).max(100).optional().describe('older (rotated) keys to deliver as well'),
});

export const shareCreate = z
  .object({
    encryptionKeyId: z.string({ error: 'encryptionKeyId is required' }).min(1).max(100),
    recipientUserId: z.string({ error: 'recipientUserId is required' }).uuid('recipientUserId must be a user id'),
    scope: z.enum(['read', 'write'], { error: 'scope must be read or write' }).default('read'),
    envelope: z
      .union([z.string().min(1).max(8192), z.record(z.string(), z.unknown())])
      .optional()
      .refine((e) => e === undefined || JSON.stringify(e).length <= 8192, 'envelope is at most 8 KB'),
    expiresAt: z.iso.datetime({ offset: true, error: 'expiresAt must be an ISO 8601 timestamp' }).optional(),
    notes: z.string().max(500, 'notes are at most 500 characters').optional(),
  })
  .strict();
export type ShareCreate = z.infer<typeof shareCreate>;

export const sharesQuery = z.object({
  role: z.enum(['granted', 'received'], { error: 'role must be granted or received' }).default('received'),
  status: z.enum(['active', 'revoked', 'expired', 'all'], { error: 'status must be active, revoked, expired or all' }).default('active'),
});
