import type { Permission } from './roles';

/**
 * API key kinds and types, and what each may do. A gateway key acts for its owner, limited by its
 * type; an external key acts only within its scopes; a Shield key only reaches protected handoff.
 */
export const API_KEY_KINDS = ['GATEWAY', 'EXTERNAL', 'SHIELD'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

export const GATEWAY_KEY_TYPES = ['FULL_ACCESS', 'OPENAI_COMPAT', 'EXECUTE_ONLY', 'READ_ONLY'] as const;
export type GatewayKeyType = (typeof GATEWAY_KEY_TYPES)[number];

export const EXTERNAL_KEY_SCOPES = ['create:prompts', 'read:prompts', 'read:own-prompts'] as const;
export type ExternalKeyScope = (typeof EXTERNAL_KEY_SCOPES)[number];

/** Key prefixes make a leaked secret recognisable (secret scanners) and tell sessions from keys. */
export const KEY_PREFIX: Record<ApiKeyKind, string> = { GATEWAY: 'gh_', EXTERNAL: 'ghx_', SHIELD: 'ghs_' };
export const SESSION_TOKEN_PREFIX = 'ghsess_';

/**
 * What each gateway key type may do, as permissions. A request authenticated by a gateway key
 * needs the permission here AND in the owner's role (a key never exceeds its owner).
 */
const READ: Permission[] = ['providers.view', 'routing.policies.view', 'holds.view', 'usage.view', 'synthetic.results.view'];
export const GATEWAY_KEY_PERMISSIONS: Record<GatewayKeyType, ReadonlySet<Permission>> = {
  FULL_ACCESS: new Set<Permission>([
    ...READ,
    'gateway.execute',
    'providers.manage',
    'routing.policies.create',
    'routing.policies.edit',
    'routing.policies.delete',
    'batch.use',
    'synthetic.prompts.create',
    'synthetic.tests.run',
    'synthetic.archival.manage',
  ]),
  OPENAI_COMPAT: new Set<Permission>([...READ, 'gateway.execute', 'batch.use']),
  EXECUTE_ONLY: new Set<Permission>(['gateway.execute']),
  READ_ONLY: new Set<Permission>(READ),
};

export function isGatewayKeyType(v: unknown): v is GatewayKeyType {
  return typeof v === 'string' && (GATEWAY_KEY_TYPES as readonly string[]).includes(v);
}

/** "YYYY-MM" in UTC: monthly quotas reset on the first request of each UTC calendar month. */
export function usageMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}
