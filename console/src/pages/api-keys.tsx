import { useState } from 'preact/hooks';
import { API_KEY_KINDS, EXTERNAL_KEY_SCOPES, GATEWAY_KEY_TYPES } from '../../../domain/api-keys';
import { del, errorText, get, post } from '../api';
import { Badge, Dialog, Empty, Field, Loading, Notice, PageHeader, fmt, useLoad } from '../components/ui';

interface ApiKey {
  id: string;
  name: string;
  kind: string;
  type: string | null;
  scopes: string[];
  keyPrefix: string;
  requestsThisMonth: number;
  tokensThisMonth: number;
  maxRequestsPerMonth: number | null;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  isActive: boolean;
  createdAt: string;
}

/** API keys: the secret is shown once, in the dialog that follows creation, and never again. */
export function ApiKeys() {
  const [showRevoked, setShowRevoked] = useState(false);
  const list = useLoad(() => get<{ apiKeys: ApiKey[] }>(`/api/v1/api-keys?includeRevoked=${showRevoked}`), [showRevoked]);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<string>('GATEWAY');
  const [type, setType] = useState<string>('FULL_ACCESS');
  const [scopes, setScopes] = useState<string[]>(['create:prompts']);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const keys = list.data?.apiKeys ?? [];

  async function create(e: Event) {
    e.preventDefault();
    setMessage(null);
    try {
      const res = await post<{ apiKey: ApiKey; key: string }>('/api/v1/api-keys', {
        name,
        kind,
        ...(kind === 'GATEWAY' ? { type } : {}),
        ...(kind === 'EXTERNAL' ? { scopes } : {}),
      });
      setCreated({ name: res.apiKey.name, key: res.key });
      setName('');
      await list.reload();
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err) });
    }
  }

  return (
    <>
      <PageHeader title="API keys" />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <form class="card form-grid" onSubmit={create} aria-label="Create an API key">
        <h2>Create a key</h2>
        <Field label="Name" id="key-name">
          <input id="key-name" required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </Field>
        <Field label="Kind" id="key-kind">
          <select id="key-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value)}>
            {API_KEY_KINDS.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        </Field>
        {kind === 'GATEWAY' && (
          <Field label="Type" id="key-type">
            <select id="key-type" value={type} onChange={(e) => setType(e.currentTarget.value)}>
              {GATEWAY_KEY_TYPES.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </Field>
        )}
        {kind === 'EXTERNAL' && (
          <fieldset class="checks">
            <legend>Scopes</legend>
            {EXTERNAL_KEY_SCOPES.map((s) => (
              <label key={s}>
                <input type="checkbox" checked={scopes.includes(s)} onChange={() => setScopes(scopes.includes(s) ? scopes.filter((x) => x !== s) : [...scopes, s])} /> {s}
              </label>
            ))}
          </fieldset>
        )}
        <div class="form-actions">
          <button type="submit" class="primary">
            Create key
          </button>
        </div>
      </form>
      {created && (
        <Dialog title="Your new API key" onClose={() => setCreated(null)}>
          <p>
            Copy the key for <strong>{created.name}</strong> now: it is shown only this once and stored only as a hash.
          </p>
          <code class="secret" data-testid="new-api-key">
            {created.key}
          </code>
          <div class="form-actions">
            <button type="button" onClick={() => void navigator.clipboard?.writeText(created.key)}>
              Copy
            </button>
            <button type="button" class="primary" onClick={() => setCreated(null)}>
              I have stored it
            </button>
          </div>
        </Dialog>
      )}
      <section class="card" aria-labelledby="keys-title">
        <div class="page-header">
          <h2 id="keys-title">Keys</h2>
          <label>
            <input type="checkbox" checked={showRevoked} onChange={(e) => setShowRevoked(e.currentTarget.checked)} /> Show revoked
          </label>
        </div>
        {list.error && <Notice kind="error">{list.error}</Notice>}
        {!list.data && list.loading && <Loading />}
        {list.data && keys.length === 0 && <Empty title="No API keys">Create one above; gateway keys call POST /api/gateway/execute.</Empty>}
        {keys.length > 0 && (
          <div class="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Kind / type</th>
                  <th scope="col">Prefix</th>
                  <th scope="col">This month</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span class="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.map((k) => (
                  <tr key={k.id}>
                    <th scope="row">{k.name}</th>
                    <td>
                      {k.kind}
                      {k.type ? ` / ${k.type}` : ''}
                      {k.scopes.length ? ` (${k.scopes.join(', ')})` : ''}
                    </td>
                    <td>
                      <code>{k.keyPrefix}…</code>
                    </td>
                    <td>
                      {fmt.int(k.requestsThisMonth)} requests, {fmt.int(k.tokensThisMonth)} tokens
                    </td>
                    <td>{fmt.date(k.lastUsedAt)}</td>
                    <td>{k.revokedAt ? <Badge tone="bad">revoked</Badge> : k.isActive ? <Badge tone="ok">active</Badge> : <Badge tone="warn">expired</Badge>}</td>
                    <td>
                      {!k.revokedAt && (
                        <button
                          type="button"
                          class="danger"
                          onClick={async () => {
                            if (!window.confirm(`Revoke ${k.name}? Callers using it are refused at once.`)) return;
                            try {
                              await del(`/api/v1/api-keys/${k.id}`);
                              setMessage({ kind: 'success', text: `${k.name} revoked.` });
                              await list.reload();
                            } catch (err) {
                              setMessage({ kind: 'error', text: errorText(err) });
                            }
                          }}
                        >
                          Revoke
                        </button>
                      )}
                    </td>
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
