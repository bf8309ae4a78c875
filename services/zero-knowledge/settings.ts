import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { roleHas } from '../../domain/roles';
import { ApiError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { AuditService } from '../audit/audit';

/**
 * The zero-knowledge switches (spec document 2): the company setting (Account Owner, Admin or
 * Super Admin), and per project an override that inherits the company when unset. ZK is in force
 * for a repository when the platform allows it (PZK_GLOBAL_ENABLED and ZERO_KNOWLEDGE in the
 * company's package), the company turned it on, and the repository's project did not turn it off.
 */
const COMPANY_ADMINS = new Set(['SUPER_ADMIN', 'ACCOUNT_OWNER', 'ACCOUNT_ADMIN', 'ADMIN']);

export const zkDisabled = (what = 'Zero-knowledge encryption is disabled for this company') => ApiError.forbidden(what, 'zero_knowledge_disabled');
const projectNotFound = () => ApiError.notFound('Project not found', 'not_found');

export class ZkSettingsService {
  constructor(private readonly deps: { db: Db; audit: AuditService; globalEnabled: boolean }) {}

  globalEnabled(principal: Principal): boolean {
    return this.deps.globalEnabled && principal.features.has('ZERO_KNOWLEDGE');
  }

  private assertCompanyAdmin(principal: Principal) {
    if (!principal.role || !COMPANY_ADMINS.has(principal.role)) {
      throw ApiError.forbidden('Only the Account Owner, an Admin or a Super Admin manage zero-knowledge settings', 'forbidden');
    }
  }

  private async companyFlag(companyId: string, trx: Db = this.deps.db): Promise<boolean> {
    const row = await trx('zk_company_settings').where({ company_id: companyId }).first('enabled');
    return Boolean(row?.enabled);
  }

  /** True when ZK is on for the company (platform and package allow it, company switched it on). */
  async enabled(principal: Principal, trx: Db = this.deps.db): Promise<boolean> {
    return this.globalEnabled(principal) && (await this.companyFlag(principal.companyId, trx));
  }

  async assertEnabled(principal: Principal, trx: Db = this.deps.db): Promise<void> {
    if (!(await this.enabled(principal, trx))) throw zkDisabled();
  }

  /** Whether ZK applies to a repository (by database id): company on and its project not off. */
  async enabledForRepository(principal: Principal, repositoryId: string, trx: Db = this.deps.db): Promise<boolean> {
    if (!(await this.enabled(principal, trx))) return false;
    const row = await trx('repositories as r')
      .leftJoin('zk_project_settings as s', 's.project_id', 'r.project_id')
      .where({ 'r.id': repositoryId, 'r.company_id': principal.companyId })
      .first('s.enabled');
    return row !== undefined && row.enabled !== false;
  }

  /** Public ids of the company's repositories ZK applies to. */
  async repositoriesWithZk(principal: Principal): Promise<string[]> {
    if (!(await this.enabled(principal))) return [];
    return this.deps.db('repositories as r')
      .leftJoin('zk_project_settings as s', 's.project_id', 'r.project_id')
      .where('r.company_id', principal.companyId)
      .andWhere((q) => q.whereNull('s.enabled').orWhere('s.enabled', true))
      .orderBy('r.repository_id')
      .pluck('r.repository_id');
  }

  async getCompany(principal: Principal) {
    this.assertCompanyAdmin(principal);
    return { companyId: principal.companyId, globalEnabled: this.globalEnabled(principal), zeroKnowledgeEnabled: await this.companyFlag(principal.companyId) };
  }

  async putCompany(principal: Principal, enabled: boolean) {
    this.assertCompanyAdmin(principal);
    if (enabled && !this.globalEnabled(principal)) {
      throw ApiError.forbidden('Zero-knowledge encryption is not available for this company (platform switch or package)', 'zero_knowledge_unavailable');
    }
    await this.deps.db.transaction(async (trx) => {
      await trx('zk_company_settings')
        .insert({ company_id: principal.companyId, enabled, updated_by_user_id: principal.userId, updated_at: trx.fn.now() })
        .onConflict('company_id')
        .merge();
      await this.deps.audit.recordFor(principal, { action: 'zk.company.updated', resourceType: 'company', resourceId: principal.companyId, details: { enabled } }, trx);
    });
    return { success: true, ...(await this.getCompany(principal)) };
  }

  private async project(principal: Principal, projectId: string) {
    const p = isUuid(projectId) ? await this.deps.db('projects').where({ id: projectId, company_id: principal.companyId }).first('id', 'name') : undefined;
    if (!p) throw projectNotFound();
    return p as { id: string; name: string };
  }

  private async projectView(principal: Principal, projectId: string) {
    const row = await this.deps.db('zk_project_settings').where({ project_id: projectId }).first('enabled', 'updated_at');
    const companyEnabled = await this.enabled(principal);
    const projectEnabled: boolean | null = row ? row.enabled : null;
    return { projectId, companyEnabled, projectEnabled, enabled: companyEnabled && projectEnabled !== false, updatedAt: row?.updated_at ?? null };
  }

  async getProject(principal: Principal, projectId: string) {
    const p = await this.project(principal, projectId);
    return this.projectView(principal, p.id);
  }

  /** Project edit permission: a company admin or one of the project's EDITORs (as for the project itself). */
  async putProject(principal: Principal, projectId: string, enabled: boolean) {
    const p = await this.project(principal, projectId);
    const admin = principal.role !== null && roleHas(principal.role, 'prompts.admin');
    if (!admin) {
      const m = principal.userId ? await this.deps.db('project_members').where({ project_id: p.id, user_id: principal.userId }).first('role') : undefined;
      if (m?.role !== 'EDITOR') throw ApiError.forbidden("Only the project's editors or a company admin can change its zero-knowledge setting", 'forbidden');
    }
    await this.deps.db.transaction(async (trx) => {
      await trx('zk_project_settings')
        .insert({ project_id: p.id, company_id: principal.companyId, enabled, updated_by_user_id: principal.userId, updated_at: trx.fn.now() })
        .onConflict('project_id')
        .merge();
      await this.deps.audit.recordFor(principal, { action: 'zk.project.updated', resourceType: 'project', resourceId: p.id, details: { enabled } }, trx);
    });
    return { success: true, ...(await this.projectView(principal, p.id)) };
  }
}
