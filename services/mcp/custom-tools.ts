import { z } from 'zod';
import type { Db } from '../../db/connection';
import { Prompt } from '../../db/models/prompt';
import type { PromptVersion } from '../../db/models/prompt-version';
import type { Principal } from '../../domain/principal';
import { canSeePrompt, isPromptAdmin, type PromptViewer } from '../../domain/prompts/visibility';
import { ApiError, isUniqueViolation } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { AuditService } from '../audit/audit';
import type { PromptAccess } from '../prompts/access';
import type { McpStoredPrompts, RunCheck } from './stored-prompts';

/**
 * Custom tools (a stored prompt published under a tool name; its variables are the input schema)
 * and chain tools (stored prompts run in order, each step's output available to the next): the
 * management use cases behind /api/v1/mcp/tools and the view tools/list and tools/call take of them.
 *
 * A chain step sees the caller's arguments plus `previousOutput` (the step before's answer) and
 * `step<N>Output` for every earlier step N (1-based); those names are not asked of the caller.
 */
export const PLATFORM_TOOL_NAMES = ['execute_prompt', 'execute_stored_prompt', 'get_routing_advisory', 'check_security', 'query_usage'] as const;
export const MAX_CHAIN_STEPS = 10;
export const chainOutputVariable = (step: number) => `step${step}Output`;
export const PREVIOUS_OUTPUT = 'previousOutput';
const CHAIN_PROVIDED = /^(previousOutput|step\d+Output)$/;

const toolName = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'name: 1-64 letters, digits, _ or -')
  .refine((n) => !(PLATFORM_TOOL_NAMES as readonly string[]).includes(n), 'name is a platform tool');

export const createToolBody = z
  .object({
    name: toolName,
    description: z.string().max(1000).optional(),
    type: z.enum(['custom', 'chain']),
    promptId: z.string().min(1).optional().describe('custom: the stored prompt (public promptId or id)'),
    steps: z.array(z.string().min(1)).min(2).max(MAX_CHAIN_STEPS).optional().describe('chain: stored prompts in order'),
  })
  .refine((b) => (b.type === 'custom' ? b.promptId !== undefined && b.steps === undefined : b.steps !== undefined && b.promptId === undefined), {
    message: 'a custom tool takes promptId, a chain tool takes steps',
  });
export type CreateToolInput = z.output<typeof createToolBody>;

export const updateToolBody = z
  .object({
    description: z.string().max(1000).nullable().optional(),
    isActive: z.boolean().optional(),
    promptId: z.string().min(1).optional(),
    steps: z.array(z.string().min(1)).min(2).max(MAX_CHAIN_STEPS).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'nothing to change' });
export type UpdateToolInput = z.output<typeof updateToolBody>;

export interface ToolRow {
  id: string;
  company_id: string;
  name: string;
  description: string | null;
  kind: 'custom' | 'chain';
  prompt_ids: string[];
  is_active: boolean;
  created_by_user_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A tool the key may run: its prompts and their production versions, in step order. */
export interface RunnableTool {
  row: ToolRow;
  prompts: Prompt[];
  versions: PromptVersion[];
}

export function toolInputSchema(kind: 'custom' | 'chain', versions: PromptVersion[]) {
  const names = [...new Set(versions.flatMap((v) => v.variables))].filter((n) => kind === 'custom' || !CHAIN_PROVIDED.test(n));
  return {
    type: 'object' as const,
    properties: Object.fromEntries(names.map((n) => [n, { type: 'string', description: `{{${n}}} in the stored prompt` }])),
    required: names,
  };
}

export class McpToolService {
  constructor(private readonly deps: { db: Db; access: PromptAccess; audit: AuditService; stored: McpStoredPrompts }) {}

  private async dto(row: ToolRow) {
    const prompts = await Prompt.query(this.deps.db).whereIn('id', row.prompt_ids).select('id', 'prompt_id', 'name');
    const byId = new Map(prompts.map((p) => [p.id, p]));
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      type: row.kind,
      isActive: row.is_active,
      steps: row.prompt_ids.map((id, i) => ({ position: i + 1, promptId: byId.get(id)?.promptId ?? null, name: byId.get(id)?.name ?? null })),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  /** Database ids of the prompts named, each visible to the caller (else 404 PROMPT_NOT_FOUND). */
  private async promptIds(viewer: PromptViewer, refs: string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const ref of refs) ids.push((await this.deps.access.visible(viewer, ref)).id);
    return ids;
  }

  private async row(companyId: string, id: string): Promise<ToolRow> {
    const row = isUuid(id) ? await this.deps.db('mcp_tools').where({ company_id: companyId, id }).first() : await this.deps.db('mcp_tools').where({ company_id: companyId, name: id }).first();
    if (!row) throw ApiError.notFound('Tool not found', 'TOOL_NOT_FOUND');
    return row;
  }

  private async editable(principal: Principal, id: string): Promise<ToolRow> {
    const row = await this.row(principal.companyId, id);
    const viewer = await this.deps.access.viewerOf(principal);
    const own = principal.userId !== null && row.created_by_user_id === principal.userId;
    if (!own && !isPromptAdmin(viewer)) throw ApiError.forbidden('Only the tool creator or a company admin can change this tool', 'TOOL_EDIT_FORBIDDEN');
    return row;
  }

  async create(principal: Principal, input: CreateToolInput) {
    const viewer = await this.deps.access.viewerOf(principal);
    const promptIds = await this.promptIds(viewer, input.type === 'custom' ? [input.promptId!] : input.steps!);
    try {
      const [row] = await this.deps.db('mcp_tools')
        .insert({
          company_id: principal.companyId,
          name: input.name,
          description: input.description ?? null,
          kind: input.type,
          prompt_ids: promptIds,
          created_by_user_id: principal.userId,
          created_by_api_key_id: principal.apiKey?.id ?? null,
        })
        .returning('*');
      await this.deps.audit.recordFor(principal, { action: 'mcp.tool.created', resourceType: 'mcp_tool', resourceId: row.id, details: { name: input.name, type: input.type } });
      return this.dto(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw ApiError.conflict(`A tool named ${input.name} exists`, 'DUPLICATE_TOOL_NAME');
      throw err;
    }
  }

  async list(principal: Principal) {
    const rows: ToolRow[] = await this.deps.db('mcp_tools').where({ company_id: principal.companyId }).orderBy('name');
    return Promise.all(rows.map((r) => this.dto(r)));
  }

  async get(principal: Principal, id: string) {
    return this.dto(await this.row(principal.companyId, id));
  }

  async update(principal: Principal, id: string, input: UpdateToolInput) {
    const row = await this.editable(principal, id);
    const patch: Record<string, unknown> = { updated_at: this.deps.db.fn.now() };
    if (input.description !== undefined) patch.description = input.description;
    if (input.isActive !== undefined) patch.is_active = input.isActive;
    if (input.promptId !== undefined || input.steps !== undefined) {
      if ((row.kind === 'custom') !== (input.promptId !== undefined)) throw ApiError.badRequest('A custom tool takes promptId, a chain tool takes steps', undefined, 'INVALID_TOOL');
      patch.prompt_ids = await this.promptIds(await this.deps.access.viewerOf(principal), input.promptId !== undefined ? [input.promptId] : input.steps!);
    }
    const [updated] = await this.deps.db('mcp_tools').where({ id: row.id }).update(patch).returning('*');
    await this.deps.audit.recordFor(principal, { action: 'mcp.tool.updated', resourceType: 'mcp_tool', resourceId: row.id, details: { name: row.name, changed: Object.keys(input) } });
    return this.dto(updated);
  }

  async remove(principal: Principal, id: string) {
    const row = await this.editable(principal, id);
    await this.deps.db('mcp_tools').where({ id: row.id }).delete();
    await this.deps.audit.recordFor(principal, { action: 'mcp.tool.deleted', resourceType: 'mcp_tool', resourceId: row.id, details: { name: row.name } });
    return { id: row.id, name: row.name, deleted: true };
  }

  /** The company's active tools with their prompts loaded (one query each). */
  private async active(companyId: string, name?: string): Promise<Array<{ row: ToolRow; prompts: Array<Prompt | undefined> }>> {
    const q = this.deps.db('mcp_tools').where({ company_id: companyId, is_active: true });
    if (name !== undefined) q.where({ name });
    const rows: ToolRow[] = await q.orderBy('name');
    const ids = [...new Set(rows.flatMap((r) => r.prompt_ids))];
    const prompts = ids.length ? await Prompt.query(this.deps.db).whereIn('id', ids).where({ company_id: companyId }) : [];
    const byId = new Map(prompts.map((p) => [p.id, p]));
    return rows.map((row) => ({ row, prompts: row.prompt_ids.map((id) => byId.get(id)) }));
  }

  /** tools/list: every active custom and chain tool whose every prompt the key could run now. */
  async runnable(principal: Principal, viewer: PromptViewer, homeOk: boolean): Promise<RunnableTool[]> {
    const tools = (await this.active(principal.companyId)).filter((t) => t.prompts.every((p) => this.deps.stored.precheck(p, viewer, homeOk) === null));
    const versions = await this.deps.stored.versions([...new Set(tools.flatMap((t) => t.prompts.map((p) => p!.productionVersionId!)))]);
    return tools.flatMap(({ row, prompts }) => {
      const vs = prompts.map((p) => versions.get(p!.productionVersionId!));
      return vs.every(Boolean) ? [{ row, prompts: prompts as Prompt[], versions: vs as PromptVersion[] }] : [];
    });
  }

  /**
   * tools/call of a custom or chain tool by name: null when no such active tool (unknown tool).
   * A chain with an invisible or deactivated step is an unknown tool too (spec); any other reason
   * a step cannot run is returned with the step's check.
   */
  async forCall(principal: Principal, viewer: PromptViewer, name: string, homeOk: boolean): Promise<{ row: ToolRow; checks: RunCheck[] } | null> {
    const [tool] = await this.active(principal.companyId, name);
    if (!tool) return null;
    if (tool.row.kind === 'chain' && tool.prompts.some((p) => !p || !canSeePrompt(p, viewer) || !p.isActive)) return null;
    const checks: RunCheck[] = [];
    for (const p of tool.prompts) checks.push(await this.deps.stored.checkPrompt(p, viewer, undefined, homeOk));
    return { row: tool.row, checks };
  }
}
