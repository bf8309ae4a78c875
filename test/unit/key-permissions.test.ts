import { GATEWAY_KEY_PERMISSIONS, GATEWAY_KEY_TYPES } from '../../domain/api-keys';
import { type Permission, ROLE_PERMISSIONS, ROLES } from '../../domain/roles';
import { keyPermissions } from '../../services/auth/auth';

/** What a key may do: its type AND its owner's role; nothing once the owner has left. */
const sorted = (s: ReadonlySet<Permission>) => [...s].sort();

describe('keyPermissions', () => {
  describe.each(ROLES)('a gateway key owned by a %s', (role) => {
    it.each(GATEWAY_KEY_TYPES)('of type %s is the intersection of type and role, never more', (type) => {
      const got = keyPermissions('GATEWAY', type, { role });
      for (const p of got) {
        expect(ROLE_PERMISSIONS[role].has(p)).toBe(true);
        expect(GATEWAY_KEY_PERMISSIONS[type].has(p)).toBe(true);
      }
      const expected = [...GATEWAY_KEY_PERMISSIONS[type]].filter((p) => ROLE_PERMISSIONS[role].has(p)).sort();
      expect(sorted(got)).toEqual(expected);
    });
  });

  it('narrows a FULL_ACCESS key of a MEMBER to what a member may do', () => {
    const got = keyPermissions('GATEWAY', 'FULL_ACCESS', { role: 'MEMBER' });
    expect(got.has('gateway.execute')).toBe(true);
    expect(got.has('providers.view')).toBe(true);
    expect(got.has('providers.manage')).toBe(false);
    expect(got.has('routing.policies.create')).toBe(false);
  });

  it('gives nothing to a key whose owner is no longer a member', () => {
    for (const type of GATEWAY_KEY_TYPES) expect(keyPermissions('GATEWAY', type, { role: null }).size).toBe(0);
    expect(keyPermissions('SHIELD', null, { role: null }).size).toBe(0);
    expect(keyPermissions('EXTERNAL', null, { role: null }).size).toBe(0);
  });

  it.each(GATEWAY_KEY_TYPES)('gives a company-level %s key (no owner) its type permissions', (type) => {
    expect(sorted(keyPermissions('GATEWAY', type, null))).toEqual(sorted(GATEWAY_KEY_PERMISSIONS[type]));
  });

  it('gives a Shield key shield.use only, and only when its owner may use Shield', () => {
    expect(sorted(keyPermissions('SHIELD', null, null))).toEqual(['shield.use']);
    expect(sorted(keyPermissions('SHIELD', null, { role: 'MEMBER' }))).toEqual(['shield.use']);
    expect(sorted(keyPermissions('SHIELD', null, { role: 'SECURITY_CUSTODIAN' }))).toEqual(['shield.use']);
    // SYNTHETIC_* roles do not hold shield.use: their Shield keys must not either.
    expect(ROLE_PERMISSIONS.SYNTHETIC_ADMIN.has('shield.use')).toBe(false);
    expect(keyPermissions('SHIELD', null, { role: 'SYNTHETIC_ADMIN' }).size).toBe(0);
    expect(keyPermissions('SHIELD', null, { role: 'SYNTHETIC_OPERATOR' }).size).toBe(0);
  });

  it('never lets any key exceed its owner, whatever the kind', () => {
    for (const role of ROLES) {
      for (const kind of ['GATEWAY', 'EXTERNAL', 'SHIELD']) {
        for (const type of [null, ...GATEWAY_KEY_TYPES]) {
          for (const p of keyPermissions(kind, type, { role })) expect({ role, kind, type, p, ok: ROLE_PERMISSIONS[role].has(p) }).toMatchObject({ ok: true });
        }
      }
    }
  });

  it('gives external keys no permissions (they act within their scopes) and odd rows nothing', () => {
    expect(keyPermissions('EXTERNAL', null, { role: 'ACCOUNT_OWNER' }).size).toBe(0);
    expect(keyPermissions('EXTERNAL', null, null).size).toBe(0);
    expect(keyPermissions('GATEWAY', null, { role: 'ACCOUNT_OWNER' }).size).toBe(0);
    expect(keyPermissions('GATEWAY', null, null).size).toBe(0);
    expect(keyPermissions('ROOT', 'FULL_ACCESS', null).size).toBe(0);
  });
});
