import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { type SecurityMode, isSecurityMode } from '../../domain/security/modes';
import { LoadingTtlCache } from '../../lib/loading-cache';
import type { AuditService } from '../audit/audit';
import { type ResolvedProtectivePrompt, resolvedOf } from './protective-prompts';

/**
 * A company's security settings and what the gateway reads of them on every request:
 *
 * - the default security mode (companies.settings.security.mode; `off` when unset), used when the
 *   effective routing policy sets no `security.mode`;
 * - the protective prompts assigned to its routing policies and API keys (active ones only).
 *
 * `runtime` is cached per company for AUTH_CACHE_TTL_MS, like the policies, and dropped on every
 * write here or in ProtectivePromptService (its onChange), so the hot path pays one map lookup.
 */
export interface SecurityRuntime {
  defaultMode: SecurityMode;
  byPolicy: ReadonlyMap<string, ResolvedProtectivePrompt>;
  byKey: ReadonlyMap<string, ResolvedProtectivePrompt>;
}

export class SecuritySettingsService {
  private readonly cache: LoadingTtlCache<string, SecurityRuntime>;

  constructor(
    private readonly deps: { db: Db; audit: AuditService; ttlMs: number },
  ) {
    this.cache = new LoadingTtlCache(deps.ttlMs);
  }

  async get(companyId: string): Promise<{ mode: SecurityMode }> {
    const row = (await this.deps.db('companies').where({ id: companyId }).first('settings')) as { settings: Record<string, unknown> | null } | undefined;
    const mode = (row?.settings?.security as { mode?: unknown } | undefined)?.mode;
    return { mode: isSecurityMode(mode) ? mode : 'off' };
  }

  async update(principal: Principal, input: { mode: SecurityMode }): Promise<{ mode: SecurityMode }> {
    await this.deps.db.transaction(async (trx) => {
      await trx.raw(`UPDATE companies SET settings = jsonb_set(settings, '{security}', ?::jsonb, true), updated_at = now() WHERE id = ?`, [
        JSON.stringify({ mode: input.mode }),
        principal.companyId,
      ]);
      await this.deps.audit.recordFor(principal, { action: 'security.settings.updated', resourceType: 'company', resourceId: principal.companyId, details: { mode: input.mode } }, trx);
    });
    this.invalidate(principal.companyId);
    return { mode: input.mode };
  }

  runtime(companyId: string): Promise<SecurityRuntime> {
    return this.cache.get(companyId, () => this.load(companyId));
  }

  /** The cached runtime if it has not expired; never loads (the gateway's no-wait check, security-step.ts). */
  peekRuntime(companyId: string): SecurityRuntime | undefined {
    return this.cache.peek(companyId);
  }

  invalidate(companyId: string): void {
    this.cache.delete(companyId);
  }

  private async load(companyId: string): Promise<SecurityRuntime> {
    const [{ mode }, rows] = await Promise.all([
      this.get(companyId),
      this.deps
        .db('protective_prompt_assignments as a')
        .join('protective_prompts as p', 'p.id', 'a.protective_prompt_id')
        .where({ 'a.company_id': companyId, 'p.is_active': true })
        .select('a.routing_policy_id', 'a.api_key_id', 'p.id', 'p.type', 'p.name', 'p.description', 'p.content', 'p.version'),
    ]);
    const byPolicy = new Map<string, ResolvedProtectivePrompt>();
    const byKey = new Map<string, ResolvedProtectivePrompt>();
    for (const r of rows as (Parameters<typeof resolvedOf>[0] & { routing_policy_id: string | null; api_key_id: string | null })[]) {
      if (r.routing_policy_id) byPolicy.set(r.routing_policy_id, resolvedOf(r));
      if (r.api_key_id) byKey.set(r.api_key_id, resolvedOf(r));
    }
    return { defaultMode: mode, byPolicy, byKey };
  }
}
