/**
 * Roles and the permissions they grant. Membership of a company carries one role; permission
 * checks read this table (never role names scattered through the code).
 *
 * SUPER_ADMIN and SAAS_ADMIN are platform operators; ACCOUNT_OWNER, ACCOUNT_ADMIN and ADMIN run
 * a company; SYNTHETIC_* run provider tests; SECURITY_CUSTODIAN governs data protection; MEMBER
 * uses the gateway.
 */
export const ROLES = [
  'SUPER_ADMIN',
  'SAAS_ADMIN',
  'ACCOUNT_OWNER',
  'ACCOUNT_ADMIN',
  'ADMIN',
  'SYNTHETIC_ADMIN',
  'SYNTHETIC_OPERATOR',
  'SECURITY_CUSTODIAN',
  'MEMBER',
] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'gateway.execute',
  'holds.view',
  'holds.review',
  'providers.view',
  'providers.manage',
  'api_keys.manage',
  'users.manage',
  'audit.view',
  'routing.policies.view',
  'routing.policies.create',
  'routing.policies.edit',
  'routing.policies.delete',
  'batch.use',
  'webhooks.manage',
  'usage.view',
  'synthetic.prompts.create',
  'synthetic.tests.run',
  'synthetic.results.view',
  'synthetic.archival.manage',
  'shield.use',
  'shield.keys.manage',
  // Sees and edits every stored prompt of the company (spec document 2: account owners and admins).
  'prompts.admin',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL: readonly Permission[] = PERMISSIONS;
// Company administrators hold every company-level permission; platform powers (all companies,
// performance meter) are checked against the SUPER_ADMIN role itself.
const COMPANY_ADMIN: readonly Permission[] = PERMISSIONS;
const SYNTHETIC_FULL: Permission[] = [
  'synthetic.prompts.create',
  'synthetic.tests.run',
  'synthetic.results.view',
  'synthetic.archival.manage',
];

export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  SUPER_ADMIN: new Set(ALL),
  SAAS_ADMIN: new Set(ALL),
  ACCOUNT_OWNER: new Set(COMPANY_ADMIN),
  ACCOUNT_ADMIN: new Set(COMPANY_ADMIN),
  ADMIN: new Set(COMPANY_ADMIN),
  SYNTHETIC_ADMIN: new Set<Permission>([
    'gateway.execute',
    'providers.view',
    'routing.policies.view',
    'usage.view',
    ...SYNTHETIC_FULL,
  ]),
  SYNTHETIC_OPERATOR: new Set<Permission>([
    'gateway.execute',
    'providers.view',
    'routing.policies.view',
    'synthetic.tests.run',
    'synthetic.results.view',
  ]),
  SECURITY_CUSTODIAN: new Set<Permission>([
    'gateway.execute',
    'holds.view',
    'holds.review',
    'providers.view',
    'audit.view',
    'routing.policies.view',
    'shield.use',
    'shield.keys.manage',
    ...SYNTHETIC_FULL,
  ]),
  MEMBER: new Set<Permission>([
    'gateway.execute',
    'holds.view',
    'providers.view',
    'routing.policies.view',
    'batch.use',
    'shield.use',
  ]),
};

export function roleHas(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
