import { randomBytes } from 'node:crypto';
import type { Principal } from '../../domain/principal';
import type { AuditService } from '../audit/audit';
import type { Db } from '../../db/connection';
import { Repository } from '../../db/models/repository';
import { newRepositoryId } from '../../domain/prompts/ids';
import { roleHas } from '../../domain/roles';
import { ApiError, isUniqueViolation } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

/**
 * Prompt repositories: a public repositoryId (repo_<suffix>, what prompts' repositoryId names),
 * a name unique in the company, an optional project and a default branch. Seen by every member;
 * changed by their creator or a company admin; deleting needs no prompts left in it (409).
 */
export interface RepositoryInput {
  name: string;
  description?: string | null;
  projectId?: string | null;
  defaultBranch?: string;
}

const repoNotFound = () => ApiError.notFound('Repository not found', 'REPOSITORY_NOT_FOUND');
const nameTaken = (name: string) => ApiError.conflict(`A repository named "${name}" already exists`, 'DUPLICATE_REPOSITORY_NAME');

export function publicRepository(r: Repository, promptCount?: number) {
  return {
    id: r.id,
    repositoryId: r.repositoryId,
    name: r.name,
    description: r.description,
    projectId: r.projectId,
    defaultBranch: r.defaultBranch,
    ...(promptCount === undefined ? {} : { promptCount }),
    createdByUserId: r.createdByUserId,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export class RepositoryService {
  constructor(private readonly deps: { db: Db; audit: AuditService }) {}

  /** By public repositoryId or database id. */
  private async find(companyId: string, id: string, trx: Db = this.deps.db): Promise<Repository> {
    const r = await Repository.query(trx)
      .where({ company_id: companyId })
      .where((q) => {
        q.where({ repository_id: id });
        if (isUuid(id)) q.orWhere({ id });
      })
      .first();
    if (!r) throw repoNotFound();
    return r;
  }

  private assertOwner(principal: Principal, r: Repository) {
    const admin = principal.role !== null && roleHas(principal.role, 'prompts.admin');
    if (!admin && r.createdByUserId !== principal.userId) throw ApiError.forbidden('Only the repository creator or a company admin can change it');
  }

  private async checkProject(companyId: string, projectId: string | null | undefined, trx: Db) {
    if (!projectId) return;
    const found = isUuid(projectId) ? await trx('projects').where({ id: projectId, company_id: companyId }).first('id') : undefined;
    if (!found) throw ApiError.badRequest(`Unknown project ${projectId}`, [{ path: ['projectId'], message: 'unknown project' }], 'UNKNOWN_PROJECT');
  }

  async list(principal: Principal, query: { projectId?: string }) {
    const q = Repository.query(this.deps.db).where({ company_id: principal.companyId }).orderBy('name');
    if (query.projectId) q.where({ project_id: isUuid(query.projectId) ? query.projectId : null });
    const rows = await q;
    const counts = rows.length
      ? await this.deps.db('prompts').whereIn('repository_id', rows.map((r) => r.id)).groupBy('repository_id').select('repository_id').count<{ repository_id: string; count: string }[]>({ count: '*' })
      : [];
    return rows.map((r) => publicRepository(r, Number(counts.find((c) => c.repository_id === r.id)?.count ?? 0)));
  }

  async get(principal: Principal, id: string) {
    return publicRepository(await this.find(principal.companyId, id));
  }

  async create(principal: Principal, input: RepositoryInput) {
    return this.deps.db
      .transaction(async (trx) => {
        await this.checkProject(principal.companyId, input.projectId, trx);
        const r = await Repository.query(trx).insertAndFetch({
          companyId: principal.companyId,
          repositoryId: newRepositoryId(randomBytes(16)),
          projectId: input.projectId ?? null,
          name: input.name,
          description: input.description ?? null,
          defaultBranch: input.defaultBranch ?? 'main',
          createdByUserId: principal.userId,
        });
        await this.deps.audit.recordFor(principal, { action: 'repository.created', resourceType: 'repository', resourceId: r.id, details: { repositoryId: r.repositoryId, name: r.name } }, trx);
        return publicRepository(r, 0);
      })
      .catch((err) => {
        throw isUniqueViolation(err) ? nameTaken(input.name) : err;
      });
  }

  async update(principal: Principal, id: string, input: Partial<RepositoryInput>) {
    return this.deps.db
      .transaction(async (trx) => {
        const r = await this.find(principal.companyId, id, trx);
        this.assertOwner(principal, r);
        await this.checkProject(principal.companyId, input.projectId, trx);
        const patch: Partial<Repository> = {};
        for (const k of ['name', 'description', 'projectId', 'defaultBranch'] as const) if (input[k] !== undefined) (patch as Record<string, unknown>)[k] = input[k];
        const row = await Repository.query(trx).patchAndFetchById(r.id, { ...patch, updatedAt: new Date() });
        await this.deps.audit.recordFor(principal, { action: 'repository.updated', resourceType: 'repository', resourceId: r.id, details: { fields: Object.keys(patch).sort() } }, trx);
        return publicRepository(row);
      })
      .catch((err) => {
        throw isUniqueViolation(err) ? nameTaken(input.name ?? '') : err;
      });
  }

  async remove(principal: Principal, id: string) {
    await this.deps.db.transaction(async (trx) => {
      const r = await this.find(principal.companyId, id, trx);
      this.assertOwner(principal, r);
      if (await trx('prompts').where({ repository_id: r.id }).first('id')) throw ApiError.conflict('The repository still holds prompts: move or delete them first', 'REPOSITORY_NOT_EMPTY');
      await Repository.query(trx).deleteById(r.id);
      await this.deps.audit.recordFor(principal, { action: 'repository.deleted', resourceType: 'repository', resourceId: r.id, details: { repositoryId: r.repositoryId } }, trx);
    });
  }
}
