import { useState } from 'preact/hooks';
import { del, get, patch, post } from '../api';
import { Badge, Empty, Field, Loading, Notice, PageHeader, useAct, useLoad } from '../components/ui';
import { useSession } from '../session';

interface Model {
  name: string;
  inputPricePerMillion: number;
  outputPricePerMillion: number;
  contextWindow: number | null;
  supportsVision: boolean;
  specializations: string[];
}
interface Provider {
  id: string;
  type: string;
  name: string;
  baseUrl: string | null;
  defaultModel: string;
  models: Model[];
  locationCountry: string | null;
  locationNetwork: string | null;
  compliance: string[];
  isActive: boolean;
  isDefault: boolean;
  credentialsSet: boolean;
}

const TYPES = ['OPENAI', 'ANTHROPIC', 'GOOGLE', 'DEEPSEEK', 'CUSTOM'];
const REGIONS = ['', 'US', 'EU', 'UK', 'APAC', 'LATAM', 'ME', 'AF'];
const COUNTRIES = ['', 'US', 'CA', 'UK', 'DE', 'FR', 'NL', 'IE', 'JP', 'AU', 'SG', 'IN', 'BR'];

/** Providers and their models. Credentials are write-only: the api never returns them, the page never shows them. */
export function Providers() {
  const { can } = useSession();
  const manage = can('providers.manage');
  const list = useLoad(() => get<{ providers: Provider[] }>('/api/v1/providers'));
  const { message, act } = useAct(() => list.reload());
  const [adding, setAdding] = useState(false);


  const providers = list.data?.providers ?? [];
  return (
    <>
      <PageHeader title="Providers and models">
        {manage && !adding && (
          <button type="button" class="primary" onClick={() => setAdding(true)}>
            Add provider
          </button>
        )}
      </PageHeader>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {list.error && <Notice kind="error">{list.error}</Notice>}
      {adding && (
        <AddProvider
          onCancel={() => setAdding(false)}
          onSave={(body) =>
            act(`Provider ${body.name} added.`, async () => {
              await post('/api/v1/providers', body);
              setAdding(false);
            })
          }
        />
      )}
      {!list.data && list.loading && <Loading />}
      {list.data && providers.length === 0 && (
        <Empty title="No providers">{manage ? 'Add one with its API key: the gateway routes only to providers listed here.' : 'Ask an administrator to add one.'}</Empty>
      )}
      {providers.map((p) => (
        <section class="card" key={p.id} aria-labelledby={`provider-${p.id}`}>
          <header class="hold-head">
            <h2 id={`provider-${p.id}`}>{p.name}</h2>
            <Badge>{p.type}</Badge>
            {p.isDefault && <Badge tone="ok">default</Badge>}
            <Badge tone={p.isActive ? 'ok' : 'warn'}>{p.isActive ? 'active' : 'inactive'}</Badge>
          </header>
          <dl class="facts">
            <dt>Endpoint</dt>
            <dd>{p.baseUrl ?? 'the SDK default'}</dd>
            <dt>Credential</dt>
            <dd>{p.credentialsSet ? 'set (write-only: never shown)' : 'not set'}</dd>
            <dt>Location</dt>
            <dd>{[p.locationCountry, p.locationNetwork].filter(Boolean).join(' / ') || '—'}</dd>
            <dt>Compliance</dt>
            <dd>{p.compliance.join(', ') || '—'}</dd>
          </dl>
          <div class="table-scroll">
            <table>
              <caption class="sr-only">Models of {p.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Model</th>
                  <th scope="col">Input $/M tokens</th>
                  <th scope="col">Output $/M tokens</th>
                  <th scope="col">Context</th>
                  <th scope="col">Specializations</th>
                </tr>
              </thead>
              <tbody>
                {p.models.map((m) => (
                  <tr key={m.name}>
                    <th scope="row">
                      {m.name}
                      {m.name === p.defaultModel && <span class="muted"> (default)</span>}
                    </th>
                    <td>{m.inputPricePerMillion}</td>
                    <td>{m.outputPricePerMillion}</td>
                    <td>{m.contextWindow ?? '—'}</td>
                    <td>{m.specializations.join(', ') || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {manage && <ProviderActions provider={p} act={act} />}
        </section>
      ))}
    </>
  );
}

function ProviderActions(props: { provider: Provider; act: (text: string, action: () => Promise<unknown>) => Promise<void> }) {
  const p = props.provider;
  const [rotating, setRotating] = useState(false);
  const [key, setKey] = useState('');
  return (
    <div class="row-actions">
      {rotating ? (
        <form
          class="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void props.act(`New credential stored for ${p.name}.`, async () => {
              await patch(`/api/v1/providers/${p.id}`, { apiKey: key });
              setKey('');
              setRotating(false);
            });
          }}
        >
          <Field label={`New API key for ${p.name}`} id={`rotate-${p.id}`} hint="Stored encrypted; it cannot be read back">
            <input id={`rotate-${p.id}`} type="password" autoComplete="off" required value={key} onInput={(e) => setKey(e.currentTarget.value)} />
          </Field>
          <button type="submit" class="primary">
            Store
          </button>
          <button type="button" onClick={() => setRotating(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <button type="button" onClick={() => setRotating(true)}>
          Replace credential
        </button>
      )}
      <button type="button" onClick={() => void props.act(`${p.name} ${p.isActive ? 'deactivated' : 'activated'}.`, () => patch(`/api/v1/providers/${p.id}`, { isActive: !p.isActive }))}>
        {p.isActive ? 'Deactivate' : 'Activate'}
      </button>
      <button
        type="button"
        class="danger"
        onClick={() => {
          if (window.confirm(`Delete provider ${p.name}?`)) void props.act(`${p.name} deleted.`, () => del(`/api/v1/providers/${p.id}`));
        }}
      >
        Delete
      </button>
    </div>
  );
}

function AddProvider(props: { onCancel: () => void; onSave: (body: Record<string, unknown>) => void }) {
  const [f, setF] = useState({ type: 'OPENAI', name: '', baseUrl: '', apiKey: '', defaultModel: '', models: '', locationCountry: '', locationNetwork: '' });
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof f) => (e: Event) => setF({ ...f, [k]: (e.currentTarget as HTMLInputElement).value });
  return (
    <form
      class="card form-grid"
      aria-label="Add provider"
      onSubmit={(e) => {
        e.preventDefault();
        let models: unknown;
        if (f.models.trim()) {
          try {
            models = JSON.parse(f.models);
          } catch {
            setError('Models must be a JSON array, e.g. [{"name": "gpt-4o-mini", "inputPricePerMillion": 0.15, "outputPricePerMillion": 0.6}]');
            return;
          }
        }
        props.onSave({
          type: f.type,
          name: f.name,
          apiKey: f.apiKey,
          ...(f.baseUrl ? { baseUrl: f.baseUrl } : {}),
          ...(f.defaultModel ? { defaultModel: f.defaultModel } : {}),
          ...(models ? { models } : {}),
          ...(f.locationCountry ? { locationCountry: f.locationCountry } : {}),
          ...(f.locationNetwork ? { locationNetwork: f.locationNetwork } : {}),
        });
      }}
    >
      <h2>Add provider</h2>
      <Field label="Type" id="p-type">
        <select id="p-type" value={f.type} onChange={set('type')}>
          {TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </Field>
      <Field label="Name" id="p-name">
        <input id="p-name" required value={f.name} onInput={set('name')} />
      </Field>
      <Field label="Base URL" id="p-url" hint="Empty: the SDK's default endpoint">
        <input id="p-url" type="url" value={f.baseUrl} onInput={set('baseUrl')} />
      </Field>
      <Field label="API key" id="p-key" hint="Write-only: stored encrypted, never shown again">
        <input id="p-key" type="password" autoComplete="off" required value={f.apiKey} onInput={set('apiKey')} />
      </Field>
      <Field label="Default model" id="p-model">
        <input id="p-model" value={f.defaultModel} onInput={set('defaultModel')} />
      </Field>
      <Field label="Country" id="p-country">
        <select id="p-country" value={f.locationCountry} onChange={set('locationCountry')}>
          {COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {c || '—'}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Region" id="p-region">
        <select id="p-region" value={f.locationNetwork} onChange={set('locationNetwork')}>
          {REGIONS.map((c) => (
            <option key={c} value={c}>
              {c || '—'}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Models (JSON array, optional)" id="p-models" hint="name, inputPricePerMillion, outputPricePerMillion, contextWindow, specializations">
        <textarea id="p-models" rows={3} value={f.models} onInput={set('models')} />
      </Field>
      {error && <Notice kind="error">{error}</Notice>}
      <div class="form-actions">
        <button type="submit" class="primary">
          Add provider
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
