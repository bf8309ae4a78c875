import type { Principal } from '../../domain/principal';
import type { AuditService } from '../audit/audit';
import type { Db } from '../../db/connection';
import { Team, TeamMember } from '../../db/models/team';
import { ApiError, isUniqueViolation } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

/**
 * Teams: SHARED prompts may be shared with a team (visibility rule 1). Team membership decides
 * who sees what, so teams are managed by company admins (routes require users.manage); every
 * member sees the teams. A member can be deactivated in a team (isActive false): they stay
 * listed, and the team then shares nothing with them.
 */
export interface TeamInput {
  name: string;
  description?: string | null;
  memberUserIds?: string[];
}

const teamNotFound = () => ApiError.notFound('Team not found', 'TEAM_NOT_FOUND');
const nameTaken = (name: string) => ApiError.conflict(`A team named "${name}" already exists`, 'DUPLICATE_TEAM_NAME');

export function publicTeam(t: Team, members: TeamMember[]) {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    members: members.map((m) => ({ userId: m.userId, isActive: m.isActive, addedAt: m.addedAt })),
    createdByUserId: t.createdByUserId,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

export class TeamService {
  constructor(private readonly deps: { db: Db; audit: AuditService }) {}

  private async find(companyId: string, id: string, trx: Db = this.deps.db): Promise<Team> {
    const t = isUuid(id) ? await Team.query(trx).findOne({ id, company_id: companyId }) : undefined;
    if (!t) throw teamNotFound();
    return t;
  }

  private async assertMembers(companyId: string, userIds: string[], trx: Db) {
    if (!userIds.length) return;
    const found = userIds.every(isUuid) ? await trx('memberships').where({ company_id: companyId }).whereIn('user_id', userIds).pluck('user_id') : [];
    const unknown = userIds.filter((u) => !found.includes(u));
    if (unknown.length) throw ApiError.badRequest(`Not members of this company: ${unknown.join(', ')}`, unknown.map((u) => ({ path: ['userId'], message: `${u} is not a member` })));
  }

  private async dto(t: Team, trx: Db = this.deps.db) {
    return publicTeam(t, await TeamMember.query(trx).where({ team_id: t.id }).orderBy('added_at'));
  }

  async list(principal: Principal) {
    const teams = await Team.query(this.deps.db).where({ company_id: principal.companyId }).orderBy('name');
    const members = teams.length ? await TeamMember.query(this.deps.db).whereIn('team_id', teams.map((t) => t.id)).orderBy('added_at') : [];
    return teams.map((t) => publicTeam(t, members.filter((m) => m.teamId === t.id)));
  }

  async get(principal: Principal, id: string) {
    return this.dto(await this.find(principal.companyId, id));
  }

  async create(principal: Principal, input: TeamInput) {
    const userIds = [...new Set(input.memberUserIds ?? [])];
    return this.deps.db
      .transaction(async (trx) => {
        await this.assertMembers(principal.companyId, userIds, trx);
        const t = await Team.query(trx).insertAndFetch({ companyId: principal.companyId, name: input.name, description: input.description ?? null, createdByUserId: principal.userId });
        if (userIds.length) await TeamMember.query(trx).insert(userIds.map((userId) => ({ teamId: t.id, userId, isActive: true })));
        await this.deps.audit.recordFor(principal, { action: 'team.created', resourceType: 'team', resourceId: t.id, details: { name: t.name, members: userIds.length } }, trx);
        return this.dto(t, trx);
      })
      .catch((err) => {
        throw isUniqueViolation(err) ? nameTaken(input.name) : err;
      });
  }

  async update(principal: Principal, id: string, input: Partial<Omit<TeamInput, 'memberUserIds'>>) {
    return this.deps.db
      .transaction(async (trx) => {
        const t = await this.find(principal.companyId, id, trx);
        const patch: Partial<Team> = {};
        if (input.name !== undefined) patch.name = input.name;
        if (input.description !== undefined) patch.description = input.description;
        const row = await Team.query(trx).patchAndFetchById(t.id, { ...patch, updatedAt: new Date() });
        await this.deps.audit.recordFor(principal, { action: 'team.updated', resourceType: 'team', resourceId: t.id, details: { fields: Object.keys(patch).sort() } }, trx);
        return this.dto(row, trx);
      })
      .catch((err) => {
        throw isUniqueViolation(err) ? nameTaken(input.name ?? '') : err;
      });
  }

  async remove(principal: Principal, id: string) {
    await this.deps.db.transaction(async (trx) => {
      const t = await this.find(principal.companyId, id, trx);
      await Team.query(trx).deleteById(t.id);
      // A deleted team shares nothing: drop it from the share lists that named it.
      await trx.raw('UPDATE prompts SET shared_with_team_ids = array_remove(shared_with_team_ids, ?::uuid) WHERE company_id = ? AND ?::uuid = ANY(shared_with_team_ids)', [t.id, principal.companyId, t.id]);
      await this.deps.audit.recordFor(principal, { action: 'team.deleted', resourceType: 'team', resourceId: t.id, details: { name: t.name } }, trx);
    });
  }

  /** Adds a member, or sets an existing member's isActive. */
  async putMember(principal: Principal, id: string, input: { userId: string; isActive?: boolean }) {
    return this.deps.db.transaction(async (trx) => {
      const t = await this.find(principal.companyId, id, trx);
      await this.assertMembers(principal.companyId, [input.userId], trx);
      await TeamMember.query(trx)
        .insert({ teamId: t.id, userId: input.userId, isActive: input.isActive ?? true })
        .onConflict(['team_id', 'user_id'])
        .merge(['is_active']);
      await this.deps.audit.recordFor(principal, { action: 'team.member.set', resourceType: 'team', resourceId: t.id, details: { userId: input.userId, isActive: input.isActive ?? true } }, trx);
      return this.dto(t, trx);
    });
  }

  async removeMember(principal: Principal, id: string, userId: string) {
    return this.deps.db.transaction(async (trx) => {
      const t = await this.find(principal.companyId, id, trx);
      const n = isUuid(userId) ? await TeamMember.query(trx).where({ team_id: t.id, user_id: userId }).delete() : 0;
      if (!n) throw ApiError.notFound('Not a member of this team', 'TEAM_MEMBER_NOT_FOUND');
      await this.deps.audit.recordFor(principal, { action: 'team.member.removed', resourceType: 'team', resourceId: t.id, details: { userId } }, trx);
      return this.dto(t, trx);
    });
  }
}
