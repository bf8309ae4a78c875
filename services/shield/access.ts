import type { Principal } from '../../domain/principal';
import { ApiError } from '../../lib/errors';

/**
 * Who may use protected handoff: a session or Shield API key of a company whose plan includes
 * Shield data protection (403 FEATURE_NOT_IN_PACKAGE otherwise), acting for a user (a handoff
 * belongs to its creator; a key made without an owner has nobody to own one).
 */
export function requireShield(principal: Principal): string {
  if (!principal.features.has('SHIELD')) {
    throw ApiError.forbidden('Protected handoff needs Shield data protection in your plan', 'FEATURE_NOT_IN_PACKAGE');
  }
  if (!principal.userId) throw ApiError.forbidden('This key has no owner: a handoff belongs to the user who creates it', 'FORBIDDEN');
  return principal.userId;
}
