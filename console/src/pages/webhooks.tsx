import { useState } from 'preact/hooks';
import { DELIVERY_STATUSES, WEBHOOK_EVENTS } from '../../../domain/webhooks';
import { del, errorText, get, post } from '../api';
import { Badge, Dialog, Empty, Field, Loading, Notice, PageHeader, fmt, useLoad } from '../components/ui';

interface Webhook {
  id: string;
  name: string;
  url: string;
  events: string[];
  isActive: boolean;
  createdAt: string;
}
interface Delivery {
  id: string;
  webhookId: string | null;
  source: string;
  event: string;
  url: string;
  status: string;
  attemptCount: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  attempts: { attempt: number; success: boolean; statusCode: number | null; error: string | null; durationMs: number; attemptedAt: string }[];
}

export function Webhooks() {
  const hooks = useLoad(() => get<{ webhooks: Webhook[] }>('/api/v1/webhooks'));
  const [status, setStatus] = useState('');
  const deliveries = useLoad(() => get<{ deliveries: Delivery[]; pagination: { total: number } }>(`/api/v1/webhooks/deliveries?limit=50${status ? `&status=${status}` : ''}`), [status]);
  const [f, setF] = useState({ name: '', url: '', events: ['gateway.executed'] as string[] });
  const [secret, setSecret] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const list = hooks.data?.webhooks ?? [];
  const names = new Map(list.map((w) => [w.id, w.name]));

  return (
    <>
      <PageHeader title="Webhooks" />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <form
        class="card form-grid"
        aria-label="Subscribe a URL"
        onSubmit={async (e) => {
          e.preventDefault();
          setMessage(null);
          try {
            const res = await post<{ webhook?: Webhook & { secret?: string } }>('/api/v1/webhooks', f);
            const s = res.webhook?.secret;
            setSecret(typeof s === 'string' ? s : null);
            setF({ name: '', url: '', events: ['gateway.executed'] });
            await hooks.reload();
          } catch (err) {
            setMessage({ kind: 'error', text: errorText(err) });
          }
        }}
      >
        <h2>Subscribe a URL</h2>
        <Field label="Name" id="hook-name">
          <input id="hook-name" required value={f.name} onInput={(e) => setF({ ...f, name: e.currentTarget.value })} />
        </Field>
        <Field label="URL" id="hook-url" hint="HTTPS; private addresses are refused">
          <input id="hook-url" type="url" required value={f.url} onInput={(e) => setF({ ...f, url: e.currentTarget.value })} />
        </Field>
        <fieldset class="checks">
          <legend>Events</legend>
          {WEBHOOK_EVENTS.map((ev) => (
            <label key={ev}>
              <input
                type="checkbox"
                checked={f.events.includes(ev)}
                onChange={() => setF({ ...f, events: f.events.includes(ev) ? f.events.filter((x) => x !== ev) : [...f.events, ev] })}
              />{' '}
              {ev}
            </label>
          ))}
        </fieldset>
        <div class="form-actions">
          <button type="submit" class="primary">
            Subscribe
          </button>
        </div>
      </form>
      {secret && (
        <Dialog title="Signing secret" onClose={() => setSecret(null)}>
          <p>Verify deliveries with this HMAC secret. It is shown only this once.</p>
          <code class="secret">{secret}</code>
          <div class="form-actions">
            <button type="button" class="primary" onClick={() => setSecret(null)}>
              I have stored it
            </button>
          </div>
        </Dialog>
      )}
      <section class="card" aria-labelledby="hooks-title">
        <h2 id="hooks-title">Subscriptions</h2>
        {hooks.error && <Notice kind="error">{hooks.error}</Notice>}
        {!hooks.data && hooks.loading && <Loading />}
        {hooks.data && list.length === 0 && <Empty title="No webhooks">Subscribe a URL above to be told about executions and other events.</Empty>}
        {list.length > 0 && (
          <div class="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">URL</th>
                  <th scope="col">Events</th>
                  <th scope="col">
                    <span class="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((w) => (
                  <tr key={w.id}>
                    <th scope="row">{w.name}</th>
                    <td>
                      <code>{w.url}</code>
                    </td>
                    <td>{w.events.join(', ')}</td>
                    <td>
                      <button
                        type="button"
                        class="danger"
                        onClick={async () => {
                          if (!window.confirm(`Delete webhook ${w.name}?`)) return;
                          try {
                            await del(`/api/v1/webhooks/${w.id}`);
                            await hooks.reload();
                          } catch (err) {
                            setMessage({ kind: 'error', text: errorText(err) });
                          }
                        }}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section class="card" aria-labelledby="deliveries-title">
        <div class="page-header">
          <h2 id="deliveries-title">Deliveries</h2>
          <div>
            <label for="delivery-status" class="inline-label">
              Status
            </label>
            <select id="delivery-status" value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
              <option value="">All</option>
              {DELIVERY_STATUSES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </div>
        </div>
        {deliveries.error && <Notice kind="error">{deliveries.error}</Notice>}
        {deliveries.data && deliveries.data.deliveries.length === 0 && <Empty title="No deliveries">Deliveries appear here once a subscribed event happens.</Empty>}
        {deliveries.data && deliveries.data.deliveries.length > 0 && (
          <div class="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">To</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {deliveries.data.deliveries.map((d) => (
                  <tr key={d.id}>
                    <th scope="row">{d.event}</th>
                    <td>{d.webhookId ? (names.get(d.webhookId) ?? d.url) : d.source === 'CALLBACK' ? `callback ${d.url}` : d.url}</td>
                    <td>
                      <Badge tone={d.status === 'SUCCEEDED' ? 'ok' : d.status === 'FAILED' ? 'bad' : 'warn'}>{d.status}</Badge>
                      {d.nextAttemptAt && <div class="muted">next {fmt.date(d.nextAttemptAt)}</div>}
                    </td>
                    <td>
                      <details>
                        <summary>
                          {d.attemptCount} {d.lastStatusCode ? `(last ${d.lastStatusCode})` : d.lastError ? `(${d.lastError})` : ''}
                        </summary>
                        <ol>
                          {d.attempts.map((a) => (
                            <li key={a.attempt}>
                              {fmt.date(a.attemptedAt)}: {a.success ? 'ok' : 'failed'} {a.statusCode ?? ''} {a.error ?? ''} in {a.durationMs} ms
                            </li>
                          ))}
                        </ol>
                      </details>
                    </td>
                    <td>{fmt.date(d.createdAt)}</td>
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
