import { useMemo, useState } from 'preact/hooks';
import { COMPLIANCE_FRAMEWORKS, STRATEGIES, policyJsonSchema } from '../../../domain/routing/policy';
import { del, errorText, get, patch, post } from '../api';
import { Badge, Empty, Field, Loading, Notice, PageHeader, useLoad } from '../components/ui';
import { Link } from '../router';
import { useSession } from '../session';

interface PolicyRecord {
  id: string;
  name: string;
  description: string | null;
  scope: 'company' | 'user' | 'prompt';
  isDefault: boolean;
  policyJson: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

const REGIONS = ['US', 'EU', 'UK', 'APAC', 'LATAM', 'ME', 'AF'];
type Json = Record<string, unknown>;

/** Validates a policyJson document with the api's own schema (domain/routing/policy.ts, bundled). */
export function validatePolicyJson(value: unknown): { path: string; message: string }[] {
  const result = policyJsonSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.map(String).join('.') || '(document)', message: i.message }));
}

function getAt(obj: Json, path: string[]): unknown {
  let cur: unknown = obj;
  for (const k of path) cur = cur && typeof cur === 'object' ? (cur as Json)[k] : undefined;
  return cur;
}
/** A copy of obj with path set (undefined removes the key), creating objects on the way. */
function setAt(obj: Json, path: string[], value: unknown): Json {
  const [head, ...rest] = path;
  const copy: Json = { ...obj };
  if (!head) return copy;
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  const child = copy[head] && typeof copy[head] === 'object' ? (copy[head] as Json) : {};
  copy[head] = setAt(child, rest, value);
  return copy;
}

export function Policies() {
  const { can } = useSession();
  const list = useLoad(() => get<{ policies: PolicyRecord[] }>('/api/v1/routing/policies'));
  const [editing, setEditing] = useState<PolicyRecord | 'new' | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const policies = list.data?.policies ?? [];

  return (
    <>
      <PageHeader title="Routing policies">
        {can('routing.policies.create') && !editing && (
          <button type="button" class="primary" onClick={() => setEditing('new')}>
            New policy
          </button>
        )}
      </PageHeader>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {list.error && <Notice kind="error">{list.error}</Notice>}
      {editing && (
        <PolicyEditor
          initial={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={async (p) => {
            setEditing(null);
            setMessage({ kind: 'success', text: `Policy ${p.name} saved.` });
            await list.reload();
          }}
        />
      )}
      {!list.data && list.loading && <Loading />}
      {list.data && policies.length === 0 && !editing && (
        <Empty title="No routing policies">
          Without one the gateway ranks every active provider with the built-in defaults. Create a policy to prefer cost, latency or quality, fence regions or set
          fallbacks.
        </Empty>
      )}
      {policies.length > 0 && (
        <div class="table-scroll card">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Scope</th>
                <th scope="col">Strategy</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {policies.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    {p.name} {p.isDefault && <Badge tone="ok">default</Badge>}
                    {p.description && <div class="muted">{p.description}</div>}
                  </th>
                  <td>{p.scope}</td>
                  <td>{String(p.policyJson.strategy ?? 'BALANCED')}</td>
                  <td>{new Date(p.updatedAt).toLocaleString()}</td>
                  <td class="row-actions">
                    <Link href={`/simulate?policyId=${p.id}`}>Simulate</Link>
                    {can('routing.policies.edit') && (
                      <button type="button" onClick={() => setEditing(p)}>
                        Edit
                      </button>
                    )}
                    {can('routing.policies.delete') && (
                      <button
                        type="button"
                        class="danger"
                        onClick={async () => {
                          if (!window.confirm(`Delete policy ${p.name}?`)) return;
                          try {
                            await del(`/api/v1/routing/policies/${p.id}`);
                            setMessage({ kind: 'success', text: `Policy ${p.name} deleted.` });
                            await list.reload();
                          } catch (err) {
                            setMessage({ kind: 'error', text: errorText(err) });
                          }
                        }}
                      >
                        Delete
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function PolicyEditor(props: { initial: PolicyRecord | null; onCancel: () => void; onSaved: (p: PolicyRecord) => void | Promise<void> }) {
  const init = props.initial;
  const [name, setName] = useState(init?.name ?? '');
  const [description, setDescription] = useState(init?.description ?? '');
  const [scope, setScope] = useState(init?.scope ?? 'company');
  const [isDefault, setIsDefault] = useState(init?.isDefault ?? false);
  const [json, setJson] = useState<Json>(init?.policyJson ?? { version: 'routingPolicyV1', strategy: 'BALANCED' });
  const [tab, setTab] = useState<'form' | 'json'>('form');
  const [text, setText] = useState(() => JSON.stringify(json, null, 2));
  const [syntaxError, setSyntaxError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const issues = useMemo(() => validatePolicyJson(json), [json]);

  const update = (path: string[], value: unknown) => {
    const next = setAt(json, path, value);
    setJson(next);
    setText(JSON.stringify(next, null, 2));
  };
  const num = (path: string[]) => (e: Event) => {
    const v = (e.currentTarget as HTMLInputElement).value;
    update(path, v === '' ? undefined : Number(v));
  };
  const list = (path: string[]) => (getAt(json, path) as string[] | undefined) ?? [];
  const toggle = (path: string[], item: string) => {
    const cur = list(path);
    update(path, cur.includes(item) ? cur.filter((x) => x !== item) : [...cur, item]);
  };

  async function save(e: Event) {
    e.preventDefault();
    setError(null);
    if (syntaxError || issues.length) {
      setError('Fix the policy document first.');
      return;
    }
    const body = { name, description: description || null, scope, isDefault, policyJson: json };
    try {
      const res = init ? await patch<{ policy: PolicyRecord }>(`/api/v1/routing/policies/${init.id}`, body) : await post<{ policy: PolicyRecord }>('/api/v1/routing/policies', body);
      await props.onSaved(res.policy);
    } catch (err) {
      setError(errorText(err));
    }
  }

  const weight = (k: string) => (getAt(json, ['preferences', 'weights', k]) as number | undefined) ?? '';
  return (
    <form class="card" onSubmit={save} aria-labelledby="policy-editor-title">
      <h2 id="policy-editor-title">{init ? `Edit ${init.name}` : 'New routing policy'}</h2>
      <div class="form-grid">
        <Field label="Name" id="policy-name">
          <input id="policy-name" required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </Field>
        <Field label="Scope" id="policy-scope">
          <select id="policy-scope" value={scope} onChange={(e) => setScope(e.currentTarget.value as PolicyRecord['scope'])}>
            <option value="company">company</option>
            <option value="user">user</option>
            <option value="prompt">prompt</option>
          </select>
        </Field>
        <Field label="Description" id="policy-description">
          <input id="policy-description" value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
        </Field>
        <div class="field checkbox">
          <input id="policy-default" type="checkbox" checked={isDefault} onChange={(e) => setIsDefault(e.currentTarget.checked)} />
          <label for="policy-default">Default for its scope</label>
        </div>
      </div>
      <div class="tabs" role="tablist" aria-label="Policy document">
        <button type="button" role="tab" id="tab-form" aria-selected={tab === 'form'} aria-controls="panel-form" onClick={() => setTab('form')}>
          Common fields
        </button>
        <button type="button" role="tab" id="tab-json" aria-selected={tab === 'json'} aria-controls="panel-json" onClick={() => setTab('json')}>
          JSON
        </button>
      </div>
      {tab === 'form' ? (
        <div id="panel-form" role="tabpanel" aria-labelledby="tab-form" class="form-grid">
          <Field label="Strategy" id="policy-strategy">
            <select id="policy-strategy" value={String(getAt(json, ['strategy']) ?? 'BALANCED')} onChange={(e) => update(['strategy'], e.currentTarget.value)}>
              {STRATEGIES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </Field>
          <Field label="Minimum availability (0–1)" id="policy-min-availability">
            <input
              id="policy-min-availability"
              type="number"
              step="0.01"
              min="0"
              max="1"
              value={(getAt(json, ['hardConstraints', 'minAvailability']) as number | undefined) ?? ''}
              onInput={num(['hardConstraints', 'minAvailability'])}
            />
          </Field>
          <Field label="Maximum p95 latency (ms)" id="policy-max-latency">
            <input
              id="policy-max-latency"
              type="number"
              min="1"
              value={(getAt(json, ['hardConstraints', 'maxLatencyMs']) as number | undefined) ?? ''}
              onInput={num(['hardConstraints', 'maxLatencyMs'])}
            />
          </Field>
          <Field label="Maximum cost per token (USD)" id="policy-max-cost">
            <input
              id="policy-max-cost"
              type="number"
              step="any"
              min="0"
              value={(getAt(json, ['hardConstraints', 'maxCostPerToken']) as number | undefined) ?? ''}
              onInput={num(['hardConstraints', 'maxCostPerToken'])}
            />
          </Field>
          {(['latency', 'cost', 'quality', 'stability'] as const).map((k) => (
            <Field key={k} label={`Weight: ${k} (0–1)`} id={`policy-weight-${k}`}>
              <input id={`policy-weight-${k}`} type="number" step="0.05" min="0" max="1" value={weight(k)} onInput={num(['preferences', 'weights', k])} />
            </Field>
          ))}
          <fieldset class="checks">
            <legend>Allowed regions (none: any)</legend>
            {REGIONS.map((r) => (
              <label key={r}>
                <input type="checkbox" checked={list(['geoFenceRules', 'allowedRegions']).includes(r)} onChange={() => toggle(['geoFenceRules', 'allowedRegions'], r)} /> {r}
              </label>
            ))}
          </fieldset>
          <fieldset class="checks">
            <legend>Required compliance</legend>
            {COMPLIANCE_FRAMEWORKS.map((c) => (
              <label key={c}>
                <input type="checkbox" checked={list(['geoFenceRules', 'requireCompliance']).includes(c)} onChange={() => toggle(['geoFenceRules', 'requireCompliance'], c)} /> {c}
              </label>
            ))}
          </fieldset>
          <Field label="Denied providers (names or types, comma-separated)" id="policy-deny">
            <input
              id="policy-deny"
              value={list(['providerDenyList']).join(', ')}
              onChange={(e) =>
                update(
                  ['providerDenyList'],
                  e.currentTarget.value
                    .split(',')
                    .map((s) => s.trim())
                    .filter(Boolean),
                )
              }
            />
          </Field>
          <div class="field checkbox">
            <input
              id="policy-fallback"
              type="checkbox"
              checked={(getAt(json, ['fallback', 'enabled']) as boolean | undefined) ?? true}
              onChange={(e) => update(['fallback', 'enabled'], e.currentTarget.checked)}
            />
            <label for="policy-fallback">Fall back to the next provider on errors</label>
          </div>
          <Field label="Fallback retries (0–10)" id="policy-retries">
            <input id="policy-retries" type="number" min="0" max="10" value={(getAt(json, ['fallback', 'maxRetries']) as number | undefined) ?? ''} onInput={num(['fallback', 'maxRetries'])} />
          </Field>
        </div>
      ) : (
        <div id="panel-json" role="tabpanel" aria-labelledby="tab-json">
          <Field label="policyJson" id="policy-json" hint="Checked as you type against the same schema the api uses">
            <textarea
              id="policy-json"
              class="code"
              rows={18}
              spellcheck={false}
              aria-describedby="policy-json-hint policy-issues"
              value={text}
              onInput={(e) => {
                const value = e.currentTarget.value;
                setText(value);
                try {
                  const parsed = JSON.parse(value) as unknown;
                  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('The document must be a JSON object');
                  setSyntaxError(null);
                  setJson(parsed as Json);
                } catch (err) {
                  setSyntaxError(err instanceof Error ? err.message : String(err));
                }
              }}
            />
          </Field>
        </div>
      )}
      <div id="policy-issues" aria-live="polite">
        {syntaxError && <Notice kind="error">JSON: {syntaxError}</Notice>}
        {!syntaxError && issues.length > 0 && (
          <Notice kind="error">
            <span>Invalid policy:</span>
            <ul data-testid="policy-issues">
              {issues.map((i) => (
                <li key={i.path + i.message}>
                  <code>{i.path}</code>: {i.message}
                </li>
              ))}
            </ul>
          </Notice>
        )}
      </div>
      {error && <Notice kind="error">{error}</Notice>}
      <div class="form-actions">
        <button type="submit" class="primary" disabled={Boolean(syntaxError) || issues.length > 0}>
          Save policy
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
