import type { Principal } from '../../domain/principal';
import type { Role } from '../../domain/roles';
import { ApiError } from '../../lib/errors';

/**
 * Who may read usage analytics and manage advisory subscriptions (spec document 3): SUPER_ADMIN
 * across every company, ACCOUNT_OWNER and SYNTHETIC_ADMIN within their own; every other role 403
 * with the spec's body. Returns the company the caller is limited to, or null for all companies.
 */
const USAGE_ROLES: ReadonlySet<Role> = new Set<Role>(['SUPER_ADMIN', 'ACCOUNT_OWNER', 'SYNTHETIC_ADMIN']);

export function usageScope(principal: Principal): string | null {
  if (!principal.role || !USAGE_ROLES.has(principal.role)) throw ApiError.forbidden('Insufficient permissions');
  return principal.role === 'SUPER_ADMIN' ? null : principal.companyId;
}
