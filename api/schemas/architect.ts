import { z } from 'zod';
import { ARCHITECT_STATES } from '../../domain/architect/session';

/** Response shapes of /api/v1/architect/sessions (the stored workflow record; inner sections: docs/API.md). */
export const architectSessionSchema = z
  .object({
    id: z.string(),
    sessionId: z.string().describe('public id, arch_<suffix>'),
    title: z.string(),
    status: z.enum(ARCHITECT_STATES),
    requirements: z.record(z.string(), z.unknown()),
    analysis: z.record(z.string(), z.unknown()).nullable(),
    dialogueHistory: z.array(z.record(z.string(), z.unknown())),
    proposal: z.record(z.string(), z.unknown()).nullable(),
    generatedIds: z.record(z.string(), z.unknown()).nullable(),
    userMetadata: z.record(z.string(), z.unknown()),
  })
  .passthrough()
  .openapi('ArchitectSession');

export const architectSessionAnswer = z.object({ success: z.literal(true), session: architectSessionSchema }).passthrough();
