import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { type ShieldSettings, shieldSettingsOf } from '../../domain/shield';
import { ApiError } from '../../lib/errors';
import type { AuditService } from '../audit/audit';

/**
 * A company's Shield settings (companies.settings.shield): retention (defaultDays 1-30, keepMaxDays,
 * noLimitAllowed) and detection (profiles, sensitivity, handoffImagePolicy). Unset fields have the
 * spec's defaults (domain/shield/policy.ts).
 */
export class ShieldSettingsService {
  constructor(private readonly deps: { db: Db; audit: AuditService; profiles: readonly string[] }) {}

  async get(companyId: string, db: Db = this.deps.db): Promise<ShieldSettings> {
    const row = (await db('companies').where({ id: companyId }).first('settings', 'tier')) as { settings: Record<string, unknown> } | undefined;
    return shieldSettingsOf(row?.settings?.shield);
  }

  async update(principal: Principal, patch: Partial<ShieldSettings>): Promise<ShieldSettings> {
    if (patch.profiles) {
      const unknown = patch.profiles.filter((p) => !this.deps.profiles.includes(p));
      if (unknown.length) throw ApiError.badRequest(`Unknown profiles: ${unknown.join(', ')}`, undefined, 'INVALID_PROFILE');
    }
    return this.deps.db.transaction(async (trx) => {
      const current = await this.get(principal.companyId, trx);
      const next = { ...current, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) } as ShieldSettings;
      await trx.raw(`UPDATE companies SET settings = jsonb_set(settings, '{shield}', ?::jsonb, true), updated_at = now() WHERE id = ?`, [
        JSON.stringify(next),
        principal.companyId,
      ]);
      await this.deps.audit.recordFor(principal, { action: 'shield.settings.updated', resourceType: 'company', resourceId: principal.companyId, details: { changed: Object.keys(patch) } }, trx);
      return next;
    });
  }
}
