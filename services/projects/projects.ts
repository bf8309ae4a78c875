import type { Principal } from '../../domain/principal';
import type { AuditService } from '../audit/audit';
import type { Db } from '../../db/connection';
import { Project, ProjectMember, type ProjectMemberRole } from '../../db/models/project';
import { roleHas } from '../../domain/roles';
import { ApiError, isUniqueViolation } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

/**
 * Projects: the company's containers for repositories and project-scoped document types (the
 * spec names projectId everywhere and shows no routes; the choices are in docs/API.md). Every
 * member of the company sees every project; its creator becomes an EDITOR; EDITORs and company
 * admins change it and its members; deleting needs no repositories left (409 PROJECT_NOT_EMPTY).
 */
export interface ProjectInput {
  name: string;
  description?: string | null;
  members?: Array<{ userId: string; role?: ProjectMemberRole }>;
}

const projectNotFound = () => ApiError.notFound('Project not found', 'PROJECT_NOT_FOUND');
const nameTaken = (name: string) => ApiError.conflict(`A project named "${name}" already exists`, 'DUPLICATE_PROJECT_NAME');
const isAdmin = (p: Principal) => p.role !== null && roleHas(p.role, 'prompts.admin');

export function publicProject(p: Project, members: ProjectMember[]) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    members: members.map((m) => ({ userId: m.userId, role: m.role, addedAt: m.addedAt })),
    createdByUserId: p.createdByUserId,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

export class ProjectService {
  constructor(private readonly deps: { db: Db; audit: AuditService }) {}

  private async find(companyId: string, id: string, trx: Db = this.deps.db): Promise<Project> {
    const p = isUuid(id) ? await Project.query(trx).findOne({ id, company_id: companyId }) : undefined;
    if (!p) throw projectNotFound();
    return p;
  }

  private async assertEditor(principal: Principal, projectId: string, trx: Db) {
    if (isAdmin(principal)) return;
    const m = principal.userId ? await ProjectMember.query(trx).findOne({ project_id: projectId, user_id: principal.userId }) : undefined;
    if (m?.role !== 'EDITOR') throw ApiError.forbidden("Only the project's editors or a company admin can change it");
  }

  private async assertMembers(companyId: string, userIds: string[], trx: Db) {
    if (!userIds.length) return;
    const found = userIds.every(isUuid) ? await trx('memberships').where({ company_id: companyId }).whereIn('user_id', userIds).pluck('user_id') : [];
    const unknown = userIds.filter((u) => !found.includes(u));
    if (unknown.length) throw ApiError.badRequest(`Not members of this company: ${unknown.join(', ')}`, unknown.map((u) => ({ path: ['members'], message: `${u} is not a member` })));
  }

  private async dto(p: Project, trx: Db = this.deps.db) {
    return publicProject(p, await ProjectMember.query(trx).where({ project_id: p.id }).orderBy('added_at'));
  }

  async list(principal: Principal) {
    const projects = await Project.query(this.deps.db).where({ company_id: principal.companyId }).orderBy('name');
    const members = projects.length ? await ProjectMember.query(this.deps.db).whereIn('project_id', projects.map((p) => p.id)).orderBy('added_at') : [];
    return projects.map((p) => publicProject(p, members.filter((m) => m.projectId === p.id)));
  }

  async get(principal: Principal, id: string) {
    return this.dto(await this.find(principal.companyId, id));
  }

  async create(principal: Principal, input: ProjectInput) {
    const members = new Map((input.members ?? []).map((m) => [m.userId, m.role ?? 'EDITOR']));
    if (principal.userId) members.set(principal.userId, 'EDITOR');
    return this.deps.db
      .transaction(async (trx) => {
        await this.assertMembers(principal.companyId, [...members.keys()], trx);
        const p = await Project.query(trx).insertAndFetch({ companyId: principal.companyId, name: input.name, description: input.description ?? null, createdByUserId: principal.userId });
        if (members.size) await ProjectMember.query(trx).insert([...members].map(([userId, role]) => ({ projectId: p.id, userId, role })));
        await this.deps.audit.recordFor(principal, { action: 'project.created', resourceType: 'project', resourceId: p.id, details: { name: p.name } }, trx);
        return this.dto(p, trx);
      })
      .catch((err) => {
        throw isUniqueViolation(err) ? nameTaken(input.name) : err;
      });
  }

  async update(principal: Principal, id: string, input: Partial<Omit<ProjectInput, 'members'>>) {
    return this.deps.db
      .transaction(async (trx) => {
        const p = await this.find(principal.companyId, id, trx);
        await this.assertEditor(principal, p.id, trx);
        const patch: Partial<Project> = {};
        if (input.name !== undefined) patch.name = input.name;
        if (input.description !== undefined) patch.description = input.description;
        const row = await Project.query(trx).patchAndFetchById(p.id, { ...patch, updatedAt: new Date() });
        await this.deps.audit.recordFor(principal, { action: 'project.updated', resourceType: 'project', resourceId: p.id, details: { fields: Object.keys(patch).sort() } }, trx);
        return this.dto(row, trx);
      })
      .catch((err) => {
        throw isUniqueViolation(err) ? nameTaken(input.name ?? '') : err;
      });
  }

  async remove(principal: Principal, id: string) {
    await this.deps.db.transaction(async (trx) => {
      const p = await this.find(principal.companyId, id, trx);
      await this.assertEditor(principal, p.id, trx);
      if (await trx('repositories').where({ project_id: p.id }).first('id')) throw ApiError.conflict('The project still has repositories: move or delete them first', 'PROJECT_NOT_EMPTY');
      await Project.query(trx).deleteById(p.id);
      await this.deps.audit.recordFor(principal, { action: 'project.deleted', resourceType: 'project', resourceId: p.id, details: { name: p.name } }, trx);
    });
  }

  /** Adds a member or changes their role. */
  async putMember(principal: Principal, id: string, input: { userId: string; role?: ProjectMemberRole }) {
    return this.deps.db.transaction(async (trx) => {
      const p = await this.find(principal.companyId, id, trx);
      await this.assertEditor(principal, p.id, trx);
      await this.assertMembers(principal.companyId, [input.userId], trx);
      await ProjectMember.query(trx)
        .insert({ projectId: p.id, userId: input.userId, role: input.role ?? 'EDITOR' })
        .onConflict(['project_id', 'user_id'])
        .merge(['role']);
      await this.deps.audit.recordFor(principal, { action: 'project.member.set', resourceType: 'project', resourceId: p.id, details: { userId: input.userId, role: input.role ?? 'EDITOR' } }, trx);
      return this.dto(p, trx);
    });
  }

  async removeMember(principal: Principal, id: string, userId: string) {
    return this.deps.db.transaction(async (trx) => {
      const p = await this.find(principal.companyId, id, trx);
      await this.assertEditor(principal, p.id, trx);
      const n = isUuid(userId) ? await ProjectMember.query(trx).where({ project_id: p.id, user_id: userId }).delete() : 0;
      if (!n) throw ApiError.notFound('Not a member of this project', 'PROJECT_MEMBER_NOT_FOUND');
      await this.deps.audit.recordFor(principal, { action: 'project.member.removed', resourceType: 'project', resourceId: p.id, details: { userId } }, trx);
      return this.dto(p, trx);
    });
  }
}
