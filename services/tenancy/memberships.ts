import type { Principal } from '../../domain/principal';
import type { AuditService } from '../audit/audit';
import type { AuthService } from '../auth/auth';
import type { Db } from '../../db/connection';
import { ApiError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

/**
 * Deactivating a member in one company (spec document 2, rule 4: "a role in a company the user was
 * deactivated in grants nothing"). The membership row stays (reactivation restores the role);
 * while deactivated, the user's sessions and API keys in that company are refused, the login skips
 * that company, and the prompt library shows them nothing there. Other companies are unaffected.
 */
export class MembershipService {
  constructor(private readonly deps: { db: Db; audit: AuditService; auth: AuthService }) {}

  async setActive(principal: Principal, userId: string, isActive: boolean) {
    if (userId === principal.userId && !isActive) throw ApiError.badRequest('You cannot deactivate your own membership', undefined, 'CANNOT_DEACTIVATE_SELF');
    const row = await this.deps.db.transaction(async (trx) => {
      const updated = isUuid(userId)
        ? await trx('memberships')
            .where({ company_id: principal.companyId, user_id: userId })
            .update({ deactivated_at: isActive ? null : trx.fn.now() })
            .returning(['user_id', 'role', 'deactivated_at'])
        : [];
      if (!updated.length) throw ApiError.notFound('User not found', 'USER_NOT_FOUND');
      await this.deps.audit.recordFor(principal, { action: isActive ? 'membership.reactivated' : 'membership.deactivated', resourceType: 'user', resourceId: userId, details: {} }, trx);
      return updated[0];
    });
    // Cached principals of that user in this company must not outlive the change.
    this.deps.auth.forget((p) => p.companyId === principal.companyId && p.userId === userId);
    return { userId: row.user_id as string, role: row.role as string, isActive: row.deactivated_at === null, deactivatedAt: row.deactivated_at as Date | null };
  }
}
