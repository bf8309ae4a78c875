import { z } from 'zod';

/** The generic error body: {error, code, details?}. Gateway errors add success: false. */
export const errorSchema = z
  .object({
    success: z.literal(false).optional(),
    error: z.string(),
    code: z.string().optional(),
    details: z.unknown().optional(),
  })
  .openapi('Error');

export const idParams = z.object({ id: z.string().min(1) });

export const paginationQuery = (defaultLimit: number, maxLimit: number) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).default(0),
  });
