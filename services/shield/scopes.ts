import type { Knex } from 'knex';
import { SanitizerRefused, SanitizerUnavailable } from '../../activities/sanitizer/client';
import type { HandoffSanitizerClient } from '../../activities/sanitizer/handoff-client';
import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { ApiError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { AuditService } from '../audit/audit';

/**
 * Stand-in scopes (spec document 2, "Scope record"): one per user, or per project when a handoff
 * names an accessible project. A scope has generations; each generation has a secret (wrapped by
 * the sanitizer's surrogate key `keyId`, MINTED at the scope's first handoff or ROTATED) from which
 * its stand-ins and codes are derived. Rotation starts the next generation: new handoffs get new
 * stand-ins, handed-out ones keep working until their handoff expires (each handoff holds its own
 * sealed mapping), and the old secret is destroyed. Responses never hold a secret, value or stand-in.
 */
export interface ScopeRow {
  id: string;
  company_id: string;
  kind: 'user' | 'project';
  user_id: string | null;
  project_id: string | null;
  active_generation: number;
  rotated_at: Date | null;
}

export interface GenerationRow {
  scope_id: string;
  generation: number;
  key_id: string;
  wrapped_salt: string | null;
  provenance: 'MINTED' | 'ROTATED';
}

export function surrogateUnavailable(): ApiError {
  return new ApiError(503, 'SURROGATE_KEY_UNAVAILABLE', 'The protection service that holds the stand-in keys is unreachable; nothing was changed');
}

export class ScopeService {
  constructor(private readonly deps: { db: Db; client: HandoffSanitizerClient; audit: AuditService }) {}

  /**
   * A project is accessible when it belongs to the caller's company and the caller is one of its
   * members or administers the company. Projects come with the prompt library; without its tables
   * no project is accessible.
   */
  async projectAccessible(principal: Principal, projectId: string): Promise<boolean> {
    if (!isUuid(projectId)) return false;
    const { rows } = await this.deps.db.raw(`SELECT to_regclass('public.projects') IS NOT NULL AS projects, to_regclass('public.project_members') IS NOT NULL AS members`);
    const t = (rows as { projects: boolean; members: boolean }[])[0]!;
    if (!t.projects) return false;
    const project = await this.deps.db('projects').where({ id: projectId, company_id: principal.companyId }).first('id');
    if (!project) return false;
    if (principal.permissions.has('users.manage')) return true;
    if (!t.members) return false;
    return Boolean(await this.deps.db('project_members').where({ project_id: projectId, user_id: principal.userId }).first('project_id'));
  }

  /** The scope a handoff uses, with its active generation (undefined when it has none yet). */
  async find(db: Knex | Knex.Transaction, companyId: string, owner: { userId: string } | { projectId: string }, lock = false) {
    let q = db('shield_scopes').where({ company_id: companyId });
    q = 'userId' in owner ? q.where({ kind: 'user', user_id: owner.userId }) : q.where({ kind: 'project', project_id: owner.projectId });
    if (lock) q = q.forUpdate();
    const scope = (await q.first()) as ScopeRow | undefined;
    if (!scope) return undefined;
    const generation = (await db('shield_scope_generations').where({ scope_id: scope.id, generation: scope.active_generation }).first()) as GenerationRow | undefined;
    return { scope, generation };
  }

  async list(principal: Principal) {
    const db = this.deps.db;
    let activeKeyId: string | null = null;
    try {
      activeKeyId = (await this.deps.client.keys()).active_key_id;
    } catch {
      activeKeyId = null; // the spec: null when the protection service is unreachable
    }
    const { rows: projectsTable } = await db.raw(`SELECT to_regclass('public.projects') IS NOT NULL AS present`);
    const hasProjects = (projectsTable as { present: boolean }[])[0]!.present;
    const { rows } = await db.raw(
      `SELECT s.id, s.kind, s.active_generation, s.rotated_at, s.user_id, s.project_id,
              g.key_id, g.provenance, u.email AS user_label,
              ${hasProjects ? '(SELECT p.name FROM projects p WHERE p.id = s.project_id)' : 'NULL'} AS project_label,
              (SELECT count(*) FROM shield_scope_entries e WHERE e.scope_id = s.id AND e.generation = s.active_generation)::int AS live,
              (SELECT count(*) FROM shield_scope_entries e WHERE e.scope_id = s.id AND e.generation < s.active_generation)::int AS older,
              (SELECT array_agg(DISTINCT g2.provenance) FROM shield_scope_generations g2 WHERE g2.scope_id = s.id) AS provenances
         FROM shield_scopes s
         LEFT JOIN shield_scope_generations g ON g.scope_id = s.id AND g.generation = s.active_generation
         LEFT JOIN users u ON u.id = s.user_id
        WHERE s.company_id = ?
        ORDER BY s.created_at`,
      [principal.companyId],
    );
    const scopes = (rows as Record<string, unknown>[]).map((r) => ({
      scopeId: r.id as string,
      kind: r.kind as 'user' | 'project',
      label: ((r.kind === 'user' ? r.user_label : r.project_label) as string | null) ?? null,
      activeGeneration: r.active_generation as number,
      keyId: (r.key_id as string | null) ?? null,
      provenance: ((r.provenances as string[] | null) ?? []).sort(),
      rotatedAt: r.rotated_at ? new Date(r.rotated_at as string).toISOString() : null,
      liveEntries: r.live as number,
      olderLiveEntries: r.older as number,
    }));
    const keyIds = (await db('shield_scope_generations as g')
      .join('shield_scopes as s', 's.id', 'g.scope_id')
      .where('s.company_id', principal.companyId)
      .whereNotNull('g.wrapped_salt')
      .distinct('g.key_id')
      .pluck('g.key_id')) as string[];
    return { scopes, keyIds: keyIds.sort(), activeKeyId };
  }

  async rotate(principal: Principal, body: { scopeId?: unknown; keyId?: unknown }) {
    const hasScope = body.scopeId !== undefined;
    const hasKey = body.keyId !== undefined;
    if (hasScope === hasKey || (hasScope && typeof body.scopeId !== 'string') || (hasKey && typeof body.keyId !== 'string')) {
      throw ApiError.badRequest('Send exactly one of scopeId or keyId (a string)', undefined, 'BAD_ROTATION_REQUEST');
    }
    if (hasScope) {
      const scopeId = body.scopeId as string;
      const scope = isUuid(scopeId) ? ((await this.deps.db('shield_scopes').where({ id: scopeId, company_id: principal.companyId }).first()) as ScopeRow | undefined) : undefined;
      if (!scope) throw ApiError.notFound('Scope not found', 'SCOPE_NOT_FOUND');
      const salt = await this.mint();
      const generation = await this.advance(principal, scope, salt);
      if (generation === null) throw ApiError.conflict('The scope was rotated at the same time; nothing was changed', 'SALT_ROTATION_CONFLICT');
      return { scopeId: scope.id, generation, surrogateKeyId: salt.key_id };
    }
    const keyId = body.keyId as string;
    let activeKeyId: string;
    try {
      activeKeyId = (await this.deps.client.keys()).active_key_id;
    } catch {
      throw surrogateUnavailable();
    }
    if (keyId === activeKeyId) {
      throw ApiError.conflict('This key is the active key: rotate scopes off a key once a newer key is active', 'KEY_STILL_ACTIVE');
    }
    const scopes = (await this.deps.db('shield_scopes as s')
      .join('shield_scope_generations as g', function () {
        this.on('g.scope_id', 's.id').andOn('g.generation', 's.active_generation');
      })
      .where({ 's.company_id': principal.companyId, 'g.key_id': keyId })
      .select('s.*')) as ScopeRow[];
    let rotated = 0;
    for (const scope of scopes) {
      const salt = await this.mint();
      // A scope renewed concurrently is skipped: it is off the key already.
      if ((await this.advance(principal, scope, salt)) !== null) rotated++;
    }
    return { rotated, keyId, activeKeyId };
  }

  private async mint() {
    try {
      return await this.deps.client.mintSalt();
    } catch (err) {
      if (err instanceof SanitizerUnavailable || err instanceof SanitizerRefused) throw surrogateUnavailable();
      throw err;
    }
  }

  /** The next generation, if nobody moved the scope since it was read; null otherwise. */
  private async advance(principal: Principal, scope: ScopeRow, salt: { key_id: string; wrapped_salt: string }): Promise<number | null> {
    return this.deps.db.transaction(async (trx) => {
      const next = scope.active_generation + 1;
      const moved = await trx('shield_scopes')
        .where({ id: scope.id, active_generation: scope.active_generation })
        .update({ active_generation: next, rotated_at: trx.fn.now() });
      if (!moved) return null;
      await trx('shield_scope_generations').insert({ scope_id: scope.id, generation: next, key_id: salt.key_id, wrapped_salt: salt.wrapped_salt, provenance: 'ROTATED' });
      // The old secret is destroyed: its stand-ins can no longer be derived (handed-out ones live in their handoffs).
      await trx('shield_scope_generations').where({ scope_id: scope.id }).andWhere('generation', '<', next).update({ wrapped_salt: null });
      await this.deps.audit.recordFor(
        principal,
        { action: 'shield.scope.rotated', resourceType: 'shield_scope', resourceId: scope.id, details: { generation: next, keyId: salt.key_id } },
        trx,
      );
      return next;
    });
  }
}
