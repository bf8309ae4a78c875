import type { Knex } from 'knex';
import type { Principal } from '../../domain/principal';
import type { Db } from '../../db/connection';
import { Prompt } from '../../db/models/prompt';
import { isPromptId } from '../../domain/prompts/ids';
import { type PromptViewer, canEditPrompt, canSeePrompt, isPromptAdmin } from '../../domain/prompts/visibility';
import { type Role, isRole } from '../../domain/roles';
import { ApiError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

/**
 * Who is asking, as the visibility predicate sees them (domain/prompts/visibility.ts), and the
 * lookups every prompt route shares: a prompt by public promptId or database id, in the caller's
 * company, visible to the caller; anything else is 404 PROMPT_NOT_FOUND (never 403: another
 * company's prompt, or one the caller may not see, does not exist for them).
 *
 * The role and the membership's state are read fresh from the database, not from the cached
 * principal: rule 4 (only the role in the owning company counts, a deactivated membership grants
 * nothing) holds from the moment an admin changes it.
 */
export const promptNotFound = () => ApiError.notFound('Prompt not found', 'PROMPT_NOT_FOUND');

export class PromptAccess {
  constructor(private readonly db: Db) {}

  async viewerOf(principal: Principal): Promise<PromptViewer> {
    if (principal.apiKey?.kind === 'EXTERNAL') {
      return { kind: 'external_key', companyId: principal.companyId, apiKeyId: principal.apiKey.id, scopes: principal.apiKey.scopes };
    }
    if (!principal.userId) return { kind: 'user', companyId: principal.companyId, userId: '', role: null, membershipActive: false, teamIds: [] };
    const { rows } = await this.db.raw<{ rows: Array<{ role: string; deactivated_at: Date | null; team_ids: string[] }> }>(
      `SELECT m.role, m.deactivated_at,
              COALESCE((SELECT array_agg(tm.team_id) FROM team_members tm JOIN teams t ON t.id = tm.team_id
                         WHERE tm.user_id = m.user_id AND tm.is_active AND t.company_id = m.company_id), '{}') AS team_ids
         FROM memberships m WHERE m.user_id = ? AND m.company_id = ?`,
      [principal.userId, principal.companyId],
    );
    const row = rows[0];
    const role: Role | null = row && isRole(row.role) ? row.role : null;
    return {
      kind: 'user',
      companyId: principal.companyId,
      userId: principal.userId,
      role,
      membershipActive: Boolean(row) && row!.deactivated_at === null,
      teamIds: row?.team_ids ?? [],
    };
  }

  /** The list query's twin of canSeePrompt (kept in step with it; the integration tests compare both). */
  applyVisibility(q: Knex.QueryBuilder, viewer: PromptViewer, table = 'prompts'): Knex.QueryBuilder {
    const col = (c: string) => `${table}.${c}`;
    q.where(col('company_id'), viewer.companyId);
    if (viewer.kind === 'external_key') {
      if (viewer.scopes.includes('read:prompts')) return q;
      if (viewer.scopes.includes('read:own-prompts')) return q.where(col('created_by_api_key_id'), viewer.apiKeyId);
      return q.whereRaw('false');
    }
    if (!viewer.membershipActive || !viewer.role) return q.whereRaw('false');
    if (isPromptAdmin(viewer)) return q;
    return q.where((w) => {
      w.where(col('created_by_user_id'), viewer.userId)
        .orWhere(col('visibility'), 'PUBLIC')
        .orWhere((s) => {
          s.where(col('visibility'), 'SHARED').where((t) => {
            t.whereRaw(`cardinality(${col('shared_with_user_ids')}) = 0 AND cardinality(${col('shared_with_team_ids')}) = 0`)
              .orWhereRaw(`?::uuid = ANY(${col('shared_with_user_ids')})`, [viewer.userId])
              .orWhereRaw(`${col('shared_with_team_ids')} && ?::uuid[]`, [viewer.teamIds as string[]]);
          });
        });
    });
  }

  /** A prompt of the caller's company by public promptId or database id, whatever its visibility. */
  async findInCompany(companyId: string, id: string, trx: Db = this.db): Promise<Prompt | undefined> {
    if (isUuid(id)) return Prompt.query(trx).findOne({ id, company_id: companyId });
    if (isPromptId(id)) return Prompt.query(trx).findOne({ prompt_id: id, company_id: companyId });
    return undefined;
  }

  /** The prompt when the viewer can see it; 404 PROMPT_NOT_FOUND otherwise. */
  async visible(viewer: PromptViewer, id: string, trx: Db = this.db): Promise<Prompt> {
    const prompt = await this.findInCompany(viewer.companyId, id, trx);
    if (!prompt || !canSeePrompt(prompt, viewer)) throw promptNotFound();
    return prompt;
  }

  /** The prompt when the viewer may change it: 404 when they cannot see it, 403 when they only can. */
  async editable(viewer: PromptViewer, id: string, trx: Db = this.db): Promise<Prompt> {
    const prompt = await this.visible(viewer, id, trx);
    if (!canEditPrompt(prompt, viewer)) throw ApiError.forbidden('Only the prompt owner or a company admin can change this prompt', 'PROMPT_EDIT_FORBIDDEN');
    return prompt;
  }
}
