import { GATEWAY_KEY_PERMISSIONS, GATEWAY_KEY_TYPES } from '../../domain/api-keys';
import { PERMISSIONS, type Permission, ROLE_PERMISSIONS, ROLES, type Role, isRole, roleHas } from '../../domain/roles';

/** The role table: every role defined once, only known permissions, and the boundaries that matter. */
const COMPANY_ADMINS: Role[] = ['ACCOUNT_OWNER', 'ACCOUNT_ADMIN', 'ADMIN'];
const PLATFORM: Role[] = ['SUPER_ADMIN', 'SAAS_ADMIN'];
const MANAGEMENT: Permission[] = ['api_keys.manage', 'users.manage', 'providers.manage', 'webhooks.manage', 'audit.view'];

describe('roles', () => {
  it('lists each role and permission once', () => {
    expect(new Set(ROLES).size).toBe(ROLES.length);
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  it('has a permission set for exactly the listed roles', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...ROLES].sort());
  });

  it.each(ROLES)('grants %s only known permissions', (role) => {
    for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
  });

  it('leaves no permission unreachable: each is held by some company role', () => {
    const companyRoles = ROLES.filter((r) => !PLATFORM.includes(r));
    for (const p of PERMISSIONS) {
      expect({ p, held: companyRoles.some((r) => roleHas(r, p)) }).toEqual({ p, held: true });
    }
  });

  it.each([...PLATFORM, ...COMPANY_ADMINS])('gives %s every permission', (role) => {
    expect([...ROLE_PERMISSIONS[role]].sort()).toEqual([...PERMISSIONS].sort());
  });

  it.each(ROLES.filter((r) => !PLATFORM.includes(r) && !COMPANY_ADMINS.includes(r)))(
    'keeps %s away from managing keys, users and providers',
    (role) => {
      for (const p of ['api_keys.manage', 'users.manage', 'providers.manage'] as Permission[]) expect(roleHas(role, p)).toBe(false);
    },
  );

  it('lets a MEMBER use the gateway and read, but manage nothing', () => {
    for (const p of ['gateway.execute', 'providers.view', 'holds.view'] as Permission[]) expect(roleHas('MEMBER', p)).toBe(true);
    for (const p of [...MANAGEMENT, 'holds.review', 'routing.policies.create'] as Permission[]) expect(roleHas('MEMBER', p)).toBe(false);
  });

  it('lets the security custodian review holds and govern Shield keys', () => {
    expect(roleHas('SECURITY_CUSTODIAN', 'holds.review')).toBe(true);
    expect(roleHas('SECURITY_CUSTODIAN', 'shield.keys.manage')).toBe(true);
    expect(roleHas('SECURITY_CUSTODIAN', 'providers.manage')).toBe(false);
  });

  it('makes the synthetic operator a subset of the synthetic admin', () => {
    for (const p of ROLE_PERMISSIONS.SYNTHETIC_OPERATOR) expect(roleHas('SYNTHETIC_ADMIN', p)).toBe(true);
    expect(roleHas('SYNTHETIC_OPERATOR', 'synthetic.prompts.create')).toBe(false);
    expect(roleHas('SYNTHETIC_ADMIN', 'synthetic.archival.manage')).toBe(true);
  });

  it('recognises role names exactly', () => {
    for (const r of ROLES) expect(isRole(r)).toBe(true);
    for (const v of ['member', 'Member', 'OWNER', '', ' MEMBER', 'toString', '__proto__']) expect(isRole(v)).toBe(false);
  });
});

describe('gateway key types', () => {
  it.each(GATEWAY_KEY_TYPES)('gives %s only known permissions and never administration', (type) => {
    for (const p of GATEWAY_KEY_PERMISSIONS[type]) expect(PERMISSIONS).toContain(p);
    for (const p of ['api_keys.manage', 'users.manage', 'audit.view', 'shield.keys.manage'] as Permission[]) {
      expect(GATEWAY_KEY_PERMISSIONS[type].has(p)).toBe(false);
    }
  });

  it('orders the types: READ_ONLY and EXECUTE_ONLY are within OPENAI_COMPAT, which is within FULL_ACCESS', () => {
    const within = (a: ReadonlySet<Permission>, b: ReadonlySet<Permission>) => [...a].every((p) => b.has(p));
    expect(within(GATEWAY_KEY_PERMISSIONS.READ_ONLY, GATEWAY_KEY_PERMISSIONS.OPENAI_COMPAT)).toBe(true);
    expect(within(GATEWAY_KEY_PERMISSIONS.EXECUTE_ONLY, GATEWAY_KEY_PERMISSIONS.OPENAI_COMPAT)).toBe(true);
    expect(within(GATEWAY_KEY_PERMISSIONS.OPENAI_COMPAT, GATEWAY_KEY_PERMISSIONS.FULL_ACCESS)).toBe(true);
    expect(GATEWAY_KEY_PERMISSIONS.READ_ONLY.has('gateway.execute')).toBe(false);
    expect(GATEWAY_KEY_PERMISSIONS.READ_ONLY.has('providers.manage')).toBe(false);
    expect([...GATEWAY_KEY_PERMISSIONS.EXECUTE_ONLY]).toEqual(['gateway.execute']);
  });
});
