import type { Db } from '../../db/connection';
import { BUILT_IN_PROTECTIVE_PROMPTS, type ProtectivePrompt, type ProtectivePromptType, isProtectivePromptType } from '../../domain/security';
import type { Principal } from '../../domain/principal';
import { ApiError, isUniqueViolation } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { AuditService } from '../audit/audit';

/**
 * Protective prompts (spec document 1, synthetic testing; issue 20 item 3): a company's versioned
 * system-prompt wrappers of the three types, and their assignment to a routing policy or an API
 * key. "Viewable and assignable by SUPER_ADMIN only; other roles get 403 and see empty selectors":
 * every method here but `selector` and the gateway's `resolveForRequest` refuses anyone else.
 *
 * A wrapper's text changes by PATCH; each change is a new version (protective_prompt_versions
 * keeps them all), and the gateway records {id, type, version} of what it applied. The built-in
 * texts (domain/security/protective-prompts.ts) are version 1 of a new wrapper unless the caller
 * gives its own content, and a request may name a built-in type directly.
 */

export interface ProtectivePromptRecord {
  id: string;
  type: ProtectivePromptType;
  name: string;
  description: string | null;
  content: string;
  version: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface AssignmentRecord {
  id: string;
  protectivePromptId: string;
  targetType: 'routing_policy' | 'api_key';
  targetId: string;
  createdAt: string;
}

interface Row {
  id: string;
  type: ProtectivePromptType;
  name: string;
  description: string | null;
  content: string;
  version: number;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

const toRecord = (r: Row): ProtectivePromptRecord => ({
  id: r.id,
  type: r.type,
  name: r.name,
  description: r.description,
  content: r.content,
  version: r.version,
  isActive: r.is_active,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** What the gateway applies: a stored wrapper (with its id) or a built-in type. */
export type ResolvedProtectivePrompt = ProtectivePrompt & { id: string | null };

const notFound = () => ApiError.notFound('Protective prompt not found', 'NOT_FOUND');

export function requireSuperAdmin(principal: Principal): void {
  if (principal.role !== 'SUPER_ADMIN') throw ApiError.forbidden('Protective prompts are viewable and assignable by SUPER_ADMIN only');
}

export class ProtectivePromptService {
  constructor(
    private readonly deps: {
      db: Db;
      audit: AuditService;
      /** Called after any write so cached gateway lookups (services/security/settings.ts) are dropped. */
      onChange: (companyId: string) => void;
    },
  ) {}

  async list(principal: Principal): Promise<ProtectivePromptRecord[]> {
    requireSuperAdmin(principal);
    const rows = (await this.deps.db('protective_prompts').where({ company_id: principal.companyId }).orderBy('created_at')) as Row[];
    return rows.map(toRecord);
  }

  /** The selectors in the console (policy, API key, schedule forms): empty for anyone but a SUPER_ADMIN. */
  async selector(principal: Principal): Promise<{ id: string; name: string; type: ProtectivePromptType; version: number }[]> {
    if (principal.role !== 'SUPER_ADMIN') return [];
    const rows = (await this.deps.db('protective_prompts').where({ company_id: principal.companyId, is_active: true }).orderBy('name')) as Row[];
    return rows.map((r) => ({ id: r.id, name: r.name, type: r.type, version: r.version }));
  }

  async get(principal: Principal, id: string): Promise<ProtectivePromptRecord & { versions: { version: number; createdAt: string }[] }> {
    requireSuperAdmin(principal);
    const row = await this.row(principal.companyId, id);
    const versions = (await this.deps.db('protective_prompt_versions').where({ protective_prompt_id: id }).orderBy('version').select('version', 'created_at')) as {
      version: number;
      created_at: Date;
    }[];
    return { ...toRecord(row), versions: versions.map((v) => ({ version: v.version, createdAt: new Date(v.created_at).toISOString() })) };
  }

  async create(principal: Principal, input: { type: ProtectivePromptType; name?: string; description?: string | null; content?: string; isActive?: boolean }) {
    requireSuperAdmin(principal);
    const builtIn = BUILT_IN_PROTECTIVE_PROMPTS[input.type];
    return this.write(principal, async (trx) => {
      const [row] = (await trx('protective_prompts')
        .insert({
          company_id: principal.companyId,
          type: input.type,
          name: input.name ?? builtIn.name,
          description: input.description ?? builtIn.description,
          content: input.content ?? builtIn.content,
          is_active: input.isActive ?? true,
          created_by_user_id: principal.userId,
        })
        .returning('*')) as Row[];
      await trx('protective_prompt_versions').insert({ protective_prompt_id: row!.id, version: 1, content: row!.content, created_by_user_id: principal.userId });
      return { row: row!, action: 'security.protective_prompt.created', details: { type: row!.type, version: 1 } };
    });
  }

  /** A content change is a new version; name, description and isActive change in place. */
  async update(principal: Principal, id: string, input: { name?: string; description?: string | null; content?: string; isActive?: boolean }) {
    requireSuperAdmin(principal);
    return this.write(principal, async (trx) => {
      const current = (await trx('protective_prompts').where({ id, company_id: principal.companyId }).forUpdate().first()) as Row | undefined;
      if (!current) throw notFound();
      const newVersion = input.content !== undefined && input.content !== current.content;
      const version = newVersion ? current.version + 1 : current.version;
      const [row] = (await trx('protective_prompts')
        .where({ id })
        .update({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.isActive !== undefined ? { is_active: input.isActive } : {}),
          ...(newVersion ? { content: input.content, version } : {}),
          updated_at: trx.fn.now(),
        })
        .returning('*')) as Row[];
      if (newVersion) await trx('protective_prompt_versions').insert({ protective_prompt_id: id, version, content: input.content, created_by_user_id: principal.userId });
      return { row: row!, action: 'security.protective_prompt.updated', details: { changed: Object.keys(input), version } };
    });
  }

  /** One audited write of a record in a transaction: a taken name is 409, and cached lookups are dropped. */
  private async write(principal: Principal, work: (trx: Db) => Promise<{ row: Row; action: string; details: Record<string, unknown> }>): Promise<ProtectivePromptRecord> {
    try {
      return await this.deps.db.transaction(async (trx) => {
        const { row, action, details } = await work(trx);
        await this.deps.audit.recordFor(principal, { action, resourceType: 'protective_prompt', resourceId: row.id, details }, trx);
        return toRecord(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw ApiError.conflict('A protective prompt with that name exists', 'CONFLICT');
      throw err;
    } finally {
      this.deps.onChange(principal.companyId);
    }
  }

  async remove(principal: Principal, id: string): Promise<void> {
    requireSuperAdmin(principal);
    await this.row(principal.companyId, id);
    await this.deps.db.transaction(async (trx) => {
      await trx('protective_prompts').where({ id, company_id: principal.companyId }).delete();
      await this.deps.audit.recordFor(principal, { action: 'security.protective_prompt.deleted', resourceType: 'protective_prompt', resourceId: id }, trx);
    });
    this.deps.onChange(principal.companyId);
  }

  async assignments(principal: Principal): Promise<AssignmentRecord[]> {
    requireSuperAdmin(principal);
    const rows = (await this.deps.db('protective_prompt_assignments').where({ company_id: principal.companyId }).orderBy('created_at')) as {
      id: string;
      protective_prompt_id: string;
      routing_policy_id: string | null;
      api_key_id: string | null;
      created_at: Date;
    }[];
    return rows.map((r) => ({
      id: r.id,
      protectivePromptId: r.protective_prompt_id,
      targetType: r.routing_policy_id ? 'routing_policy' : 'api_key',
      targetId: (r.routing_policy_id ?? r.api_key_id)!,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }

  /**
   * Assigns a wrapper to a routing policy or an API key of the company (replacing what it had), or
   * removes the assignment when protectivePromptId is null. Another company's target or wrapper is 404.
   */
  async assign(principal: Principal, input: { targetType: 'routing_policy' | 'api_key'; targetId: string; protectivePromptId: string | null }) {
    requireSuperAdmin(principal);
    const { companyId } = principal;
    const table = input.targetType === 'routing_policy' ? 'routing_policies' : 'api_keys';
    const column = input.targetType === 'routing_policy' ? 'routing_policy_id' : 'api_key_id';
    if (!isUuid(input.targetId) || !(await this.deps.db(table).where({ id: input.targetId, company_id: companyId }).first('id'))) {
      throw ApiError.notFound(input.targetType === 'routing_policy' ? 'Policy not found' : 'API key not found', 'NOT_FOUND');
    }
    if (input.protectivePromptId !== null) await this.row(companyId, input.protectivePromptId);
    await this.deps.db.transaction(async (trx) => {
      await trx('protective_prompt_assignments').where({ company_id: companyId, [column]: input.targetId }).delete();
      if (input.protectivePromptId !== null) {
        await trx('protective_prompt_assignments').insert({
          company_id: companyId,
          protective_prompt_id: input.protectivePromptId,
          [column]: input.targetId,
          created_by_user_id: principal.userId,
        });
      }
      await this.deps.audit.recordFor(
        principal,
        {
          action: input.protectivePromptId ? 'security.protective_prompt.assigned' : 'security.protective_prompt.unassigned',
          resourceType: input.targetType,
          resourceId: input.targetId,
          details: { protectivePromptId: input.protectivePromptId },
        },
        trx,
      );
    });
    this.deps.onChange(companyId);
    return { targetType: input.targetType, targetId: input.targetId, protectivePromptId: input.protectivePromptId };
  }

  /**
   * A request's protectivePromptId: a built-in type name, or a stored wrapper of the caller's
   * company (inactive or unknown: 404). Any caller may apply one to their own request: it only adds
   * protection, and names no text they could not already send as a system prompt.
   */
  async resolveForRequest(companyId: string, ref: string): Promise<ResolvedProtectivePrompt> {
    if (isProtectivePromptType(ref)) return { ...BUILT_IN_PROTECTIVE_PROMPTS[ref], id: null };
    if (!isUuid(ref)) throw notFound();
    const row = (await this.deps.db('protective_prompts').where({ id: ref, company_id: companyId, is_active: true }).first()) as Row | undefined;
    if (!row) throw notFound();
    return resolvedOf(row);
  }

  private async row(companyId: string, id: string): Promise<Row> {
    if (!isUuid(id)) throw notFound();
    const row = (await this.deps.db('protective_prompts').where({ id, company_id: companyId }).first()) as Row | undefined;
    if (!row) throw notFound();
    return row;
  }
}

export function resolvedOf(r: Pick<Row, 'id' | 'type' | 'name' | 'description' | 'content' | 'version'>): ResolvedProtectivePrompt {
  return { id: r.id, type: r.type, name: r.name, description: r.description ?? '', content: r.content, version: r.version };
}
