import { z } from 'zod';

/**
 * The sanitizer service's own configuration (spec document 2, "Sanitizer configuration"), by the
 * spec's names. It is a separate process from the api and does not read lib/config.ts.
 *
 * - ENCRYPTION_KEY is required (base64 of 32 bytes): the master key that wraps every session key.
 *   There is no default, not even in development; `npm start` generates one under the data dir.
 * - DB_PATH is the spec's SQLite path; Gatehouse keeps sessions in PostgreSQL (DATABASE_URL) and
 *   ignores it.
 * - SANITIZER_API_TOKEN: the spec leaves authentication open. Every /api/v1 route needs
 *   `Authorization: Bearer <token>`; the api's gateway sends it. Required when NODE_ENV=production;
 *   when unset in development and test the routes are open (logged at start).
 * - The entity-model switch (off by default): ENTITY_MODEL_NAME is the directory of a local ONNX
 *   token-classification model (services/sanitizer/entity-model.ts; layout in docs/OPERATIONS.md),
 *   required when ENTITY_MODEL_ENABLED is on. Its findings scoring at least ENTITY_MODEL_THRESHOLD
 *   join the rule findings; it is released after ENTITY_MODEL_IDLE_UNLOAD_SECONDS unused.
 */
const numberFrom = (fallback: number) => z.coerce.number().finite().default(fallback);
const boolFrom = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

const LANGUAGES = ['en', 'de'] as const;

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // The spec writes INFO; pino levels are lower case. Both spellings are accepted.
  LOG_LEVEL: z
    .string()
    .default('info')
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  HOST: z.string().default('0.0.0.0'),
  PORT: numberFrom(8100),
  ENCRYPTION_KEY: z
    .string({ error: 'ENCRYPTION_KEY is required (base64 of a 32-byte master key)' })
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'ENCRYPTION_KEY must be 32 bytes, base64-encoded'),
  DB_PATH: z.string().default('/data/sanitizer.db'),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/gatehouse'),
  DATABASE_POOL_MAX: numberFrom(10),
  SUPPORTED_LANGUAGES: z
    .string()
    .default('en,de')
    .transform((v) => v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.enum(LANGUAGES)).min(1, 'SUPPORTED_LANGUAGES needs at least one of en, de')),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).default(3600),
  ENTITY_MODEL_ENABLED: boolFrom(false),
  ENTITY_MODEL_NAME: z.string().optional(),
  ENTITY_MODEL_THRESHOLD: numberFrom(0.5).pipe(z.number().min(0).max(1, 'ENTITY_MODEL_THRESHOLD is a score between 0 and 1')),
  ENTITY_MODEL_IDLE_UNLOAD_SECONDS: numberFrom(300).pipe(z.number().positive('ENTITY_MODEL_IDLE_UNLOAD_SECONDS must be more than 0')),
  SANITIZER_API_TOKEN: z.string().min(16, 'SANITIZER_API_TOKEN must be at least 16 characters').optional(),
  // Protected handoff: earlier master keys (base64, comma-separated) whose surrogate keys still unwrap
  // scope secrets and handoff mappings made under them, until every scope is rotated off them.
  SHIELD_PREVIOUS_ENCRYPTION_KEYS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .refine((keys) => keys.every((k) => Buffer.from(k, 'base64').length === 32), 'SHIELD_PREVIOUS_ENCRYPTION_KEYS: each key must be 32 bytes, base64-encoded'),
  // Largest decoded document accepted by sanitize and inspect-headers.
  SANITIZER_MAX_DOCUMENT_BYTES: numberFrom(15 * 1024 * 1024),
  PUBLIC_URL: z.string().optional(),
});

export type SanitizerConfig = z.infer<typeof schema>;

export function loadSanitizerConfig(env: NodeJS.ProcessEnv = process.env): SanitizerConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid sanitizer configuration:\n${lines}`);
  }
  if (parsed.data.ENTITY_MODEL_ENABLED && !parsed.data.ENTITY_MODEL_NAME?.trim()) {
    throw new Error('Invalid sanitizer configuration:\n  ENTITY_MODEL_NAME: required when ENTITY_MODEL_ENABLED is on (the directory of the model)');
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.SANITIZER_API_TOKEN) {
    throw new Error('SANITIZER_API_TOKEN must be set in production');
  }
  return parsed.data;
}
