/**
 * Synthetic prompts (spec document 1, "Synthetic resources"): the company's probe texts with their
 * category, expected behaviour, expected response, tags, variables and KPI switch; and the curated
 * starter library (domain/synthetic/library.ts) that a company imports into its own prompts.
 * Another company's prompt answers 404 NOT_FOUND. Deleting a prompt deletes its schedules (and their
 * Temporal Schedules, through the schedule service); the logs keep their numbers, the reference is cleared.
 */
import { z } from 'zod';
import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { EXPECTED_BEHAVIORS, SYNTHETIC_CATEGORIES, SYNTHETIC_LIBRARY } from '../../domain/synthetic/library';
import { ApiError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

export const createSyntheticPromptBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    prompt: z.string().min(1).max(20_000),
    category: z.enum(SYNTHETIC_CATEGORIES).default('functional'),
    expectedBehavior: z.enum(EXPECTED_BEHAVIORS).default('ALLOW'),
    expectedResponse: z.string().max(20_000).nullish(),
    tags: z.array(z.string().min(1).max(64)).max(50).default([]),
    variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
    includeKpiTracking: z.boolean().default(false),
    isActive: z.boolean().default(true),
  })
  .strict();
export type CreateSyntheticPrompt = z.output<typeof createSyntheticPromptBody>;

/** The spec names name, prompt, category, includeKpiTracking and isActive; the other fields may be changed too. */
export const updateSyntheticPromptBody = createSyntheticPromptBody
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to update' });
export type UpdateSyntheticPrompt = z.output<typeof updateSyntheticPromptBody>;

export const importLibraryBody = z
  .object({
    keys: z.array(z.string()).max(100).optional(),
    language: z.enum(['en', 'de']).optional(),
  })
  .strict();

export interface SyntheticPromptView {
  id: string;
  name: string;
  prompt: string;
  category: string;
  expectedBehavior: string;
  expectedResponse: string | null;
  tags: string[];
  variables: Record<string, unknown>;
  includeKpiTracking: boolean;
  isActive: boolean;
  language: string | null;
  libraryKey: string | null;
  createdAt: string;
  updatedAt: string;
}

interface Row {
  id: string;
  company_id: string;
  name: string;
  prompt: string;
  category: string;
  expected_behavior: string;
  expected_response: string | null;
  tags: string[];
  variables: Record<string, unknown>;
  include_kpi_tracking: boolean;
  is_active: boolean;
  language: string | null;
  library_key: string | null;
  created_at: Date;
  updated_at: Date;
}

export function promptView(r: Row): SyntheticPromptView {
  return {
    id: r.id,
    name: r.name,
    prompt: r.prompt,
    category: r.category,
    expectedBehavior: r.expected_behavior,
    expectedResponse: r.expected_response,
    tags: r.tags,
    variables: r.variables,
    includeKpiTracking: r.include_kpi_tracking,
    isActive: r.is_active,
    language: r.language,
    libraryKey: r.library_key,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

function columns(v: Partial<CreateSyntheticPrompt>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (v.name !== undefined) out.name = v.name;
  if (v.prompt !== undefined) out.prompt = v.prompt;
  if (v.category !== undefined) out.category = v.category;
  if (v.expectedBehavior !== undefined) out.expected_behavior = v.expectedBehavior;
  if (v.expectedResponse !== undefined) out.expected_response = v.expectedResponse ?? null;
  if (v.tags !== undefined) out.tags = JSON.stringify(v.tags);
  if (v.variables !== undefined) out.variables = JSON.stringify(v.variables);
  if (v.includeKpiTracking !== undefined) out.include_kpi_tracking = v.includeKpiTracking;
  if (v.isActive !== undefined) out.is_active = v.isActive;
  return out;
}

export class SyntheticPromptService {
  constructor(
    private readonly deps: {
      db: Db;
      /** Called before a prompt is deleted: its schedules' Temporal Schedules go first. */
      beforeDelete?: (companyId: string, promptId: string) => Promise<void>;
    },
  ) {}

  async list(principal: Principal): Promise<{ prompts: SyntheticPromptView[] }> {
    const rows = await this.deps.db<Row>('synthetic_prompts').where({ company_id: principal.companyId }).orderBy('created_at', 'asc').orderBy('id');
    return { prompts: rows.map(promptView) };
  }

  async row(companyId: string, id: string): Promise<Row> {
    const row = isUuid(id) ? await this.deps.db<Row>('synthetic_prompts').where({ company_id: companyId, id }).first() : undefined;
    if (!row) throw ApiError.notFound('Synthetic prompt not found', 'NOT_FOUND');
    return row;
  }

  async get(principal: Principal, id: string): Promise<SyntheticPromptView> {
    return promptView(await this.row(principal.companyId, id));
  }

  async create(principal: Principal, body: CreateSyntheticPrompt): Promise<SyntheticPromptView> {
    const [row] = await this.deps.db<Row>('synthetic_prompts')
      .insert({ company_id: principal.companyId, created_by_user_id: principal.userId, ...columns(body) } as never)
      .returning('*');
    return promptView(row as Row);
  }

  async update(principal: Principal, id: string, body: UpdateSyntheticPrompt): Promise<SyntheticPromptView> {
    await this.row(principal.companyId, id);
    const [row] = await this.deps.db<Row>('synthetic_prompts')
      .where({ company_id: principal.companyId, id })
      .update({ ...columns(body), updated_at: new Date() } as never)
      .returning('*');
    return promptView(row as Row);
  }

  async remove(principal: Principal, id: string): Promise<void> {
    await this.row(principal.companyId, id);
    await this.deps.beforeDelete?.(principal.companyId, id);
    await this.deps.db('synthetic_prompts').where({ company_id: principal.companyId, id }).delete();
  }

  /** The curated library as shipped (not yet the company's). */
  library() {
    return { prompts: SYNTHETIC_LIBRARY.map((p) => ({ ...p, expectedResponse: p.expectedResponse ?? null, variables: p.variables ?? {} })) };
  }

  /** Copies library prompts (all, some keys, or one language) into the company; already imported ones are skipped. */
  async importLibrary(companyId: string, userId: string | null, opts: { keys?: string[]; language?: 'en' | 'de' } = {}): Promise<{ imported: number; prompts: SyntheticPromptView[] }> {
    const unknown = (opts.keys ?? []).filter((k) => !SYNTHETIC_LIBRARY.some((p) => p.key === k));
    if (unknown.length) throw ApiError.badRequest(`Unknown library keys: ${unknown.join(', ')}`, { unknown }, 'VALIDATION_ERROR');
    const chosen = SYNTHETIC_LIBRARY.filter((p) => (!opts.keys || opts.keys.includes(p.key)) && (!opts.language || p.language === opts.language));
    if (!chosen.length) return { imported: 0, prompts: [] };
    const rows = await this.deps.db<Row>('synthetic_prompts')
      .insert(
        chosen.map((p) => ({
          company_id: companyId,
          created_by_user_id: userId,
          language: p.language,
          library_key: p.key,
          ...columns({ ...p, isActive: true }),
        })) as never,
      )
      .onConflict(['company_id', 'library_key'])
      .ignore()
      .returning('*');
    return { imported: rows.length, prompts: (rows as Row[]).map(promptView) };
  }
}
