import { z } from 'zod';
import { ARCHITECT_STATES, SECURITY_LEVELS } from '../../domain/architect/session';

/**
 * The request bodies and queries of /api/v1/architect/sessions (spec document 3). Sizes are ours
 * (docs/API.md): a description up to 20,000 characters, fileContent up to 500,000 (the text of a
 * document; it is cut to its first and last 30,000 characters for the model).
 */
const hasText = (s: string | undefined) => Boolean(s?.trim());

export const requirementsSchema = z
  .object({
    description: z.string().max(20_000).optional(),
    fileContent: z.string().max(500_000).optional(),
    industry: z.string().trim().max(200).optional(),
    useCase: z.string().trim().max(1000).optional(),
    securityLevel: z.enum(SECURITY_LEVELS, { error: `securityLevel must be one of ${SECURITY_LEVELS.join(', ')}` }).optional(),
    providers: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
    targetFramework: z.string().trim().max(100).optional(),
    frameworkDetails: z.string().max(5000).optional(),
  });
export type RequirementsInput = z.output<typeof requirementsSchema>;

const requirementsPresent = (r: RequirementsInput) => hasText(r.description) || hasText(r.fileContent);
const needsText = { message: 'description or fileContent is required', path: ['requirements', 'description'] };

export const createSessionBody = z
  .object({
    title: z.string().trim().min(1).max(200).optional().describe('default: the description\u2019s first words'),
    requirements: requirementsSchema,
  })
  .refine((b) => requirementsPresent(b.requirements), needsText);

/** PATCH: requirements given are merged over the stored ones (a field set to "" removes it). */
export const patchSessionBody = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    requirements: requirementsSchema.partial().optional(),
  })
  .refine((b) => b.title !== undefined || b.requirements !== undefined, { message: 'title or requirements is required', path: ['title'] });

export const listSessionsQuery = z.object({
  status: z.enum(['ALL', ...ARCHITECT_STATES]).default('ALL'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

export const dialogueBody = z
  .object({ answers: z.record(z.string().trim().min(1).max(100), z.string().trim().min(1, 'an answer cannot be empty').max(10_000)) })
  .refine((b) => Object.keys(b.answers).length > 0, { message: 'at least one answer is required', path: ['answers'] })
  .refine((b) => Object.keys(b.answers).length <= 50, { message: 'at most 50 answers at a time', path: ['answers'] });

export const rejectBody = z.object({ reason: z.string().trim().max(2000).optional() });

/** Whether merged requirements still have a description or a file. */
export function stillDescribed(r: RequirementsInput): boolean {
  return requirementsPresent(r);
}
