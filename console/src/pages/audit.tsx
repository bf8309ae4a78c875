import { useState } from 'preact/hooks';
import { get } from '../api';
import { Empty, Field, Loading, Notice, PageHeader, Pager, fmt, useLoad } from '../components/ui';

interface Entry {
  id: string;
  action: string;
  userId: string | null;
  apiKeyId: string | null;
  resourceType: string | null;
  resourceId: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  createdAt: string;
}

// The actions the api writes today (docs/API.md, Users and audit); the field also takes any other.
const ACTIONS = [
  'auth.login',
  'auth.logout',
  'mfa.enabled',
  'mfa.disabled',
  'user.added',
  'api_key.created',
  'api_key.updated',
  'api_key.revoked',
  'provider.created',
  'provider.updated',
  'provider.deleted',
  'provider_group.created',
  'provider_group.updated',
  'provider_group.deleted',
  'execution_hold.approved',
  'execution_hold.rejected',
  'execution_hold.expired',
  'company.created',
];
const PAGE = 50;

export function AuditLog() {
  const [action, setAction] = useState('');
  const [offset, setOffset] = useState(0);
  const list = useLoad(
    () => get<{ entries: Entry[]; total: number }>(`/api/v1/audit-logs?limit=${PAGE}&offset=${offset}${action ? `&action=${encodeURIComponent(action)}` : ''}`),
    [action, offset],
  );
  const entries = list.data?.entries ?? [];
  const total = list.data?.total ?? 0;
  return (
    <>
      <PageHeader title="Audit log" />
      <form
        class="card form-grid"
        aria-label="Filter"
        onSubmit={(e) => {
          e.preventDefault();
          const value = (new FormData(e.currentTarget as HTMLFormElement).get('action') as string).trim();
          setAction(value);
          setOffset(0);
        }}
      >
        <Field label="Action" id="audit-action" hint="Exact action name, e.g. execution_hold.approved; empty for all">
          <input id="audit-action" name="action" list="audit-actions" defaultValue={action} aria-describedby="audit-action-hint" />
          <datalist id="audit-actions">
            {ACTIONS.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
        </Field>
        <div class="form-actions">
          <button type="submit" class="primary">
            Filter
          </button>
        </div>
      </form>
      {list.error && <Notice kind="error">{list.error}</Notice>}
      {!list.data && list.loading && <Loading />}
      {list.data && entries.length === 0 && <Empty title="No entries">{action ? `Nothing recorded as ${action}.` : 'Sign-ins, key changes and reviews are recorded here.'}</Empty>}
      {entries.length > 0 && (
        <div class="card table-scroll">
          <table data-testid="audit-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Action</th>
                <th scope="col">By</th>
                <th scope="col">Resource</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{fmt.date(e.createdAt)}</td>
                  <th scope="row">{e.action}</th>
                  <td>
                    {e.userId ? <code title={e.userId}>user {e.userId.slice(0, 8)}</code> : e.apiKeyId ? <code title={e.apiKeyId}>key {e.apiKeyId.slice(0, 8)}</code> : '—'}
                    {e.ip && <div class="muted">{e.ip}</div>}
                  </td>
                  <td>{e.resourceType ? `${e.resourceType} ${e.resourceId?.slice(0, 8) ?? ''}` : '—'}</td>
                  <td>
                    <code class="details">{JSON.stringify(e.details)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager offset={offset} page={PAGE} total={total} onOffset={setOffset} labels={['Newer', 'Older']} />
    </>
  );
}
