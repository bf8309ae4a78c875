import { z } from 'zod';

/**
 * The sanitize request as the sanitizer service reads it (spec document 2, "Sanitizer service"),
 * snake_case as the spec writes it; api/sanitizer/schemas.ts names it for the OpenAPI document.
 */
export const SANITIZE_DOCUMENT_TYPES = ['docx', 'pdf', 'csv', 'xlsx', 'txt', 'md', 'json'] as const;

const customEntitySchema = z
  .object({
    label: z.string().min(1).max(64).regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'label: letters, digits and _ only'),
    type: z.enum(['pattern', 'examples']),
    pattern: z.string().min(1).max(500).optional(),
    examples: z.array(z.string().min(1).max(500)).min(1).max(1000).optional(),
    description: z.string().max(1000).optional(),
  })
  .refine((e) => e.type !== 'pattern' || e.pattern, { message: 'pattern is required when type is pattern', path: ['pattern'] })
  .refine((e) => e.type !== 'examples' || e.examples, { message: 'examples is required when type is examples', path: ['examples'] });

export const sanitizeOptionsSchema = z.object({
  mode: z.enum(['sanitize', 'detect_only']).default('sanitize'),
  spreadsheet_strategy: z.enum(['cell_scan', 'column_header']).default('cell_scan'),
  column_rules: z
    .record(z.string(), z.string())
    .default({})
    .describe('column header (or 0-based index, or letter) → entity type; every value of that column is protected as that type'),
  preview_rows: z.number().int().min(0).max(1000).default(25),
  language: z.enum(['en', 'de']).default('en'),
  session_token: z
    .string()
    .optional()
    .describe('Gatehouse extension: protect this document in an existing active session, so values already seen get the same stand-ins (the gateway protects several parts of one request this way)'),
  ttl_seconds: z
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .optional()
    .describe('Gatehouse extension: lifetime of a NEW session in seconds (default TOKEN_TTL_SECONDS; at most 7 days). Batch jobs use it: a provider batch may take a day before its answers are restored'),
});

export const sanitizeRequestSchema = z
  .object({
    document: z.string().describe('base64'),
    document_type: z.string().describe(`one of ${SANITIZE_DOCUMENT_TYPES.join(', ')}`),
    profiles: z.array(z.string()).default(['personal_information']),
    custom_entities: z.array(customEntitySchema).max(50).default([]),
    options: sanitizeOptionsSchema.default({
      mode: 'sanitize',
      spreadsheet_strategy: 'cell_scan',
      column_rules: {},
      preview_rows: 25,
      language: 'en',
    }),
  });
export type SanitizeRequest = z.output<typeof sanitizeRequestSchema>;
