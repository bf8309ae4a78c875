import { useState } from 'preact/hooks';
import { ROLES, ROLE_PERMISSIONS, type Role } from '../../../domain/roles';
import { errorText, get, post } from '../api';
import { Badge, Empty, Field, Loading, Notice, PageHeader, fmt, useLoad } from '../components/ui';
import { useSession } from '../session';

interface Member {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  mfaEnabled: boolean;
  isActive: boolean;
  memberSince: string;
}

/** Members and their roles; the permissions each role grants come from domain/roles.ts, as the api checks them. */
export function Users() {
  const { me } = useSession();
  const list = useLoad(() => get<{ users: Member[] }>('/api/v1/users'));
  const [f, setF] = useState({ email: '', password: '', firstName: '', lastName: '', role: 'MEMBER' as Role });
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const grantable = ROLES.filter((r) => me.role === 'SUPER_ADMIN' || (r !== 'SUPER_ADMIN' && r !== 'SAAS_ADMIN'));
  const set = (k: keyof typeof f) => (e: Event) => setF({ ...f, [k]: (e.currentTarget as HTMLInputElement).value });

  return (
    <>
      <PageHeader title="Users and roles" />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <form
        class="card form-grid"
        aria-label="Add a user"
        onSubmit={async (e) => {
          e.preventDefault();
          setMessage(null);
          try {
            await post('/api/v1/users', { email: f.email, password: f.password, role: f.role, ...(f.firstName ? { firstName: f.firstName } : {}), ...(f.lastName ? { lastName: f.lastName } : {}) });
            setMessage({ kind: 'success', text: `${f.email} added as ${f.role}.` });
            setF({ email: '', password: '', firstName: '', lastName: '', role: 'MEMBER' });
            await list.reload();
          } catch (err) {
            setMessage({ kind: 'error', text: errorText(err) });
          }
        }}
      >
        <h2>Add a user</h2>
        <Field label="Email" id="user-email">
          <input id="user-email" type="email" required value={f.email} onInput={set('email')} />
        </Field>
        <Field label="Initial password" id="user-password" hint="At least 8 characters">
          <input id="user-password" type="password" autoComplete="new-password" minLength={8} required value={f.password} onInput={set('password')} />
        </Field>
        <Field label="First name" id="user-first">
          <input id="user-first" value={f.firstName} onInput={set('firstName')} />
        </Field>
        <Field label="Last name" id="user-last">
          <input id="user-last" value={f.lastName} onInput={set('lastName')} />
        </Field>
        <Field label="Role" id="user-role" hint={`Grants: ${[...ROLE_PERMISSIONS[f.role]].join(', ')}`}>
          <select id="user-role" value={f.role} onChange={set('role')} aria-describedby="user-role-hint">
            {grantable.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </Field>
        <div class="form-actions">
          <button type="submit" class="primary">
            Add user
          </button>
        </div>
      </form>
      <section class="card" aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        {list.error && <Notice kind="error">{list.error}</Notice>}
        {!list.data && list.loading && <Loading />}
        {list.data && list.data.users.length === 0 && <Empty title="No members">Add one above.</Empty>}
        {list.data && list.data.users.length > 0 && (
          <div class="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">MFA</th>
                  <th scope="col">Member since</th>
                </tr>
              </thead>
              <tbody>
                {list.data.users.map((u) => (
                  <tr key={u.id}>
                    <th scope="row">
                      {u.email} {!u.isActive && <Badge tone="warn">inactive</Badge>}
                    </th>
                    <td>{[u.firstName, u.lastName].filter(Boolean).join(' ') || '—'}</td>
                    <td>{u.role}</td>
                    <td>{u.mfaEnabled ? <Badge tone="ok">on</Badge> : <Badge>off</Badge>}</td>
                    <td>{fmt.date(u.memberSince)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
