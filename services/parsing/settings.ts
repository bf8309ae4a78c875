import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { isPromptId } from '../../domain/prompts/ids';
import { roleHas } from '../../domain/roles';
import { ApiError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { AuditService } from '../audit/audit';

/**
 * Document parsing settings (GET/PUT /api/documents/parsing/settings): the PDF mode at company,
 * project and prompt scope, the entitlement, and the effective mode (prompt, else its project, else
 * the company; STRUCTURED without the entitlement falls back to TEXT). A prompt's project is the
 * project of its repository unless projectId names one. Company and project defaults are changed
 * by company admins; a prompt's mode by its owner or an admin.
 */
export const PARSING_MODES = ['NATIVE', 'TEXT', 'STRUCTURED'] as const;
export type ParsingMode = (typeof PARSING_MODES)[number];
const DEFAULT_COMPANY_MODE: ParsingMode = 'NATIVE';
const UPGRADE_MESSAGE = 'Structured parsing (Markdown with tables and column suggestions) needs a package with STRUCTURED_PARSING (professional or enterprise).';

export interface Entitlement {
  allowedModes: ParsingMode[];
  structuredAllowed: boolean;
  upgradeMessage: string | null;
  maxPages: number;
}

const isAdmin = (p: Principal) => p.role !== null && roleHas(p.role, 'prompts.admin');

export class ParsingSettingsService {
  constructor(private readonly deps: { db: Db; audit: AuditService; maxPages: number }) {}

  entitlement(principal: Principal): Entitlement {
    const structuredAllowed = principal.features.has('STRUCTURED_PARSING');
    return {
      allowedModes: structuredAllowed ? [...PARSING_MODES] : ['NATIVE', 'TEXT'],
      structuredAllowed,
      upgradeMessage: structuredAllowed ? null : UPGRADE_MESSAGE,
      maxPages: this.deps.maxPages,
    };
  }

  private async project(principal: Principal, id: string) {
    const p = isUuid(id) ? await this.deps.db('projects').where({ id, company_id: principal.companyId }).first('id', 'name') : undefined;
    if (!p) throw ApiError.notFound('Project not found in this company', 'PROJECT_NOT_FOUND');
    return p as { id: string; name: string };
  }

  private async prompt(principal: Principal, id: string) {
    const q = this.deps.db('prompts as p').leftJoin('repositories as r', 'r.id', 'p.repository_id').where('p.company_id', principal.companyId);
    const row = isUuid(id) ? await q.andWhere('p.id', id).first('p.id', 'p.prompt_id', 'p.created_by_user_id', 'r.project_id') : isPromptId(id) ? await q.andWhere('p.prompt_id', id).first('p.id', 'p.prompt_id', 'p.created_by_user_id', 'r.project_id') : undefined;
    if (!row) throw ApiError.notFound('Prompt not found in this company', 'PROMPT_NOT_FOUND');
    return row as { id: string; prompt_id: string; created_by_user_id: string | null; project_id: string | null };
  }

  private async mode(scope: 'company' | 'project' | 'prompt', targetId: string): Promise<ParsingMode | null> {
    const row = await this.deps.db('parsing_settings').where({ scope, target_id: targetId }).first('mode');
    return (row?.mode as ParsingMode | undefined) ?? null;
  }

  async get(principal: Principal, query: { projectId?: string; promptId?: string }) {
    const prompt = query.promptId ? await this.prompt(principal, query.promptId) : null;
    const projectId = query.projectId ?? prompt?.project_id ?? undefined;
    const project = projectId ? await this.project(principal, projectId) : null;
    const entitlement = this.entitlement(principal);
    const companyMode = (await this.mode('company', principal.companyId)) ?? DEFAULT_COMPANY_MODE;
    const projectMode = project ? await this.mode('project', project.id) : null;
    const promptMode = prompt ? await this.mode('prompt', prompt.id) : null;
    let effectiveMode: ParsingMode = promptMode ?? projectMode ?? companyMode;
    if (effectiveMode === 'STRUCTURED' && !entitlement.structuredAllowed) effectiveMode = 'TEXT';
    return {
      entitlement,
      modes: [...PARSING_MODES],
      company: { mode: companyMode },
      project: project ? { id: project.id, name: project.name, mode: projectMode } : null,
      prompt: prompt ? { id: prompt.id, promptId: prompt.prompt_id, mode: promptMode } : null,
      effectiveMode,
      canManage: isAdmin(principal),
    };
  }

  /** The mode a document attachment of this prompt (or of the company) is parsed with. */
  async effectiveMode(principal: Principal, promptId?: string): Promise<ParsingMode> {
    return (await this.get(principal, { promptId })).effectiveMode;
  }

  async put(principal: Principal, input: { scope: 'company' | 'project' | 'prompt'; mode: ParsingMode | null; targetId?: string }) {
    if (input.scope === 'company' && input.mode === null) {
      throw ApiError.badRequest('The company default cannot be cleared: choose NATIVE, TEXT or STRUCTURED', [{ path: ['mode'], message: 'null is not allowed for company' }]);
    }
    if (input.scope !== 'company' && !input.targetId) {
      throw ApiError.badRequest(`targetId is required for scope ${input.scope}`, [{ path: ['targetId'], message: 'required' }]);
    }
    if (input.mode === 'STRUCTURED' && !this.entitlement(principal).structuredAllowed) {
      throw ApiError.forbidden(UPGRADE_MESSAGE, 'STRUCTURED_NOT_ENTITLED');
    }
    let targetId = principal.companyId;
    if (input.scope === 'project') targetId = (await this.project(principal, input.targetId!)).id;
    if (input.scope === 'prompt') {
      const prompt = await this.prompt(principal, input.targetId!);
      if (!isAdmin(principal) && prompt.created_by_user_id !== principal.userId) throw ApiError.forbidden("Only the prompt's owner or a company admin sets its parsing mode", 'FORBIDDEN');
      targetId = prompt.id;
    } else if (!isAdmin(principal)) {
      throw ApiError.forbidden(`Only company admins change the ${input.scope} default`, 'FORBIDDEN');
    }
    await this.deps.db.transaction(async (trx) => {
      if (input.mode === null) await trx('parsing_settings').where({ scope: input.scope, target_id: targetId }).delete();
      else {
        await trx('parsing_settings')
          .insert({ scope: input.scope, target_id: targetId, company_id: principal.companyId, mode: input.mode, updated_by_user_id: principal.userId, updated_at: trx.fn.now() })
          .onConflict(['scope', 'target_id'])
          .merge();
      }
      await this.deps.audit.recordFor(principal, { action: 'parsing.settings.updated', resourceType: input.scope, resourceId: targetId, details: { mode: input.mode } }, trx);
    });
    return { success: true, scope: input.scope, mode: input.mode };
  }
}
