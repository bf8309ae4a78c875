import { useState } from 'preact/hooks';
import { get, post } from '../api';
import { Badge, Empty, Field, Loading, Notice, PageHeader, Stat, TableHead, fmt, useAct, useLoad } from '../components/ui';
import { useSession } from '../session';

/**
 * The roles the api lets read usage and manage advisory subscriptions (services/usage/scope.ts:
 * the spec names roles here, not a permission). SUPER_ADMIN sees every company.
 */
export const USAGE_ROLES = ['SUPER_ADMIN', 'ACCOUNT_OWNER', 'SYNTHETIC_ADMIN'];

type TimeRange = 'hour' | 'day' | 'week' | 'month';
const TIME_RANGES: [TimeRange, string][] = [
  ['hour', 'Last hour'],
  ['day', 'Last 24 hours'],
  ['week', 'Last 7 days'],
  ['month', 'Last 30 days'],
];
const TIERS = ['STARTER', 'PROFESSIONAL', 'ENTERPRISE'];

interface Usage {
  summary: { totalRequests: number; successfulRequests: number; failedRequests: number; successRate: number };
  requestsByType: Record<string, number>;
  requestsBySubscriber?: { subscriberId: string; subscriberName: string; subscriptionTier: string; requests: number }[];
}
interface Subscription {
  id: string;
  name: string;
  contactEmail: string;
  tier: string;
  hourlyLimit: number;
  dailyLimit: number;
  expiresAt: string | null;
  apiKeyId: string;
}
interface Alert {
  id: string;
  type: string;
  severity: 'CRITICAL' | 'WARNING' | 'INFO';
  subscriberId: string;
  subscriberName: string;
  message: string;
  createdAt: string;
}

/** Routing-advisory usage: totals by type and subscriber, alerts to acknowledge, subscriptions, export. */
export function UsagePage() {
  const { me } = useSession();
  const [range, setRange] = useState<TimeRange>('day');
  const usage = useLoad(() => get<Usage>(`/api/v1/usage?timeRange=${range}`), [range]);
  const alerts = useLoad(() => get<{ alerts: Alert[] }>('/api/v1/usage/alerts'));
  const subs = useLoad(() => get<{ subscriptions: Subscription[] }>('/api/v1/advisory-subscriptions'));
  const { message, act } = useAct(() => Promise.all([alerts.reload(), subs.reload(), usage.reload()]));
  const u = usage.data;
  return (
    <>
      <PageHeader title="Usage">
        <label for="usage-range" class="inline-label">
          Window
        </label>
        <select id="usage-range" value={range} onChange={(e) => setRange(e.currentTarget.value as TimeRange)}>
          {TIME_RANGES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </PageHeader>
      <p class="muted">
        Requests of routing-advisory subscribers (advice, cost estimates, provider health){me.role === 'SUPER_ADMIN' ? ', across every company' : ''}.
      </p>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {usage.error && <Notice kind="error">{usage.error}</Notice>}
      {!u && usage.loading && <Loading />}
      {u && (
        <>
          <ul class="stats" aria-label="Totals" data-range={range}>
            <Stat id="requests" name="Requests" value={fmt.int(u.summary.totalRequests)} />
            <Stat id="successful" name="Successful" value={fmt.int(u.summary.successfulRequests)} />
            <Stat id="failed" name="Refused or failed" value={fmt.int(u.summary.failedRequests)} />
            <Stat id="success-rate" name="Success rate" value={`${u.summary.successRate.toFixed(2)}%`} />
            {Object.entries(u.requestsByType).map(([type, n]) => (
              <Stat key={type} id={`type-${type}`} name={type.charAt(0) + type.slice(1).replace(/_/g, ' ').toLowerCase()} value={fmt.int(n)} />
            ))}
          </ul>
          {(u.requestsBySubscriber?.length ?? 0) > 0 && (
            <section class="card" aria-labelledby="by-subscriber-title">
              <h2 id="by-subscriber-title">By subscriber</h2>
              <table data-testid="by-subscriber">
                <TableHead columns={['Subscriber', 'Tier', 'Requests']} />
                <tbody>
                  {u.requestsBySubscriber!.map((s) => (
                    <tr key={s.subscriberId}>
                      <th scope="row">{s.subscriberName}</th>
                      <td>{s.subscriptionTier}</td>
                      <td>{fmt.int(s.requests)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </>
      )}

      <section class="card" aria-labelledby="alerts-title">
        <h2 id="alerts-title">Alerts</h2>
        {alerts.error && <Notice kind="error">{alerts.error}</Notice>}
        {alerts.data && alerts.data.alerts.length === 0 && <Empty title="No alerts">Alerts appear at 80% and 95% of a limit, near an expiry, and on unusual activity.</Empty>}
        <ul class="plain" data-testid="alerts">
          {(alerts.data?.alerts ?? []).map((a) => (
            <li key={`${a.subscriberId}:${a.id}`} class="subcard" data-alert-type={a.type}>
              <Badge tone={a.severity === 'CRITICAL' ? 'bad' : a.severity === 'WARNING' ? 'warn' : 'neutral'}>{a.severity}</Badge> <strong>{a.subscriberName}</strong>: {a.message}{' '}
              <span class="muted">since {fmt.date(a.createdAt)}</span>{' '}
              <button type="button" onClick={() => void act('Alert acknowledged.', () => post('/api/v1/usage/alerts', { alertId: a.id, subscriberId: a.subscriberId }))}>
                Acknowledge
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section class="card" aria-labelledby="subs-title">
        <h2 id="subs-title">Subscriptions</h2>
        {subs.error && <Notice kind="error">{subs.error}</Notice>}
        {subs.data && subs.data.subscriptions.length === 0 && <Empty title="No subscriptions">Add one below to meter an API key’s advisory requests.</Empty>}
        {(subs.data?.subscriptions.length ?? 0) > 0 && (
          <div class="table-scroll">
            <table data-testid="subscriptions">
              <TableHead columns={['Name', 'Tier', 'Limits (hour / day)', 'Expires', 'Contact']} />
              <tbody>
                {subs.data!.subscriptions.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">{s.name}</th>
                    <td>{s.tier}</td>
                    <td>
                      {fmt.int(s.hourlyLimit)} / {fmt.int(s.dailyLimit)}
                    </td>
                    <td>{s.expiresAt ? fmt.date(s.expiresAt) : 'never'}</td>
                    <td>{s.contactEmail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <NewSubscription taken={new Set((subs.data?.subscriptions ?? []).map((s) => s.apiKeyId))} onCreate={(body) => act(`Subscription ${body.name} added.`, () => post('/api/v1/advisory-subscriptions', body))} />
      </section>
      <UsageExport />
    </>
  );
}

function NewSubscription(props: { taken: Set<string>; onCreate: (body: Record<string, unknown> & { name: string }) => Promise<void> }) {
  const { can } = useSession();
  // Choosing the key needs the key list (api_keys.manage); without it the key's id is typed.
  const keys = useLoad(() => (can('api_keys.manage') ? get<{ apiKeys: { id: string; name: string; kind: string }[] }>('/api/v1/api-keys') : Promise.resolve({ apiKeys: [] })));
  const free = (keys.data?.apiKeys ?? []).filter((k) => k.kind !== 'SHIELD' && !props.taken.has(k.id));
  const [f, setF] = useState({ name: '', contactEmail: '', tier: 'STARTER', hourlyLimit: '', dailyLimit: '', apiKeyId: '' });
  const set = (k: keyof typeof f) => (e: Event) => setF({ ...f, [k]: (e.currentTarget as HTMLInputElement).value });
  return (
    <details class="add-test-set">
      <summary>Add a subscription</summary>
      <form
        class="form-grid"
        aria-label="Add a subscription"
        onSubmit={async (e) => {
          e.preventDefault();
          await props.onCreate({
            name: f.name.trim(),
            contactEmail: f.contactEmail.trim(),
            tier: f.tier,
            apiKeyId: f.apiKeyId,
            ...(f.hourlyLimit ? { hourlyLimit: Number(f.hourlyLimit) } : {}),
            ...(f.dailyLimit ? { dailyLimit: Number(f.dailyLimit) } : {}),
          });
        }}
      >
        <Field label="Subscriber name" id="sub-name">
          <input id="sub-name" required maxLength={200} value={f.name} onInput={set('name')} />
        </Field>
        <Field label="Contact email" id="sub-email">
          <input id="sub-email" type="email" required value={f.contactEmail} onInput={set('contactEmail')} />
        </Field>
        <Field label="Tier" id="sub-tier" hint="Default limits: STARTER 500 / 5,000, PROFESSIONAL 5,000 / 50,000, ENTERPRISE 50,000 / 500,000">
          <select id="sub-tier" value={f.tier} onChange={set('tier')}>
            {TIERS.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </Field>
        <Field label="Hourly limit (optional)" id="sub-hourly">
          <input id="sub-hourly" type="number" min="1" value={f.hourlyLimit} onInput={set('hourlyLimit')} />
        </Field>
        <Field label="Daily limit (optional)" id="sub-daily">
          <input id="sub-daily" type="number" min="1" value={f.dailyLimit} onInput={set('dailyLimit')} />
        </Field>
        <Field label="API key" id="sub-key" hint="The key the subscriber calls with; one subscription per key">
          {can('api_keys.manage') ? (
            <select id="sub-key" required value={f.apiKeyId} onChange={set('apiKeyId')}>
              <option value="" disabled>
                Choose a key
              </option>
              {free.map((k) => (
                <option key={k.id} value={k.id}>
                  {k.name} ({k.kind})
                </option>
              ))}
            </select>
          ) : (
            <input id="sub-key" required value={f.apiKeyId} onInput={set('apiKeyId')} />
          )}
        </Field>
        <div class="form-actions">
          <button type="submit" class="primary">
            Add subscription
          </button>
        </div>
      </form>
    </details>
  );
}

function UsageExport() {
  const today = new Date().toISOString().slice(0, 10);
  const [start, setStart] = useState(new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10));
  const [end, setEnd] = useState(today);
  const [format, setFormat] = useState('csv');
  const href = `/api/v1/usage/export?${new URLSearchParams({ startDate: start, endDate: `${end}T23:59:59Z`, format })}`;
  return (
    <section class="card" aria-labelledby="export-title">
      <h2 id="export-title">Export</h2>
      <div class="inline-form">
        <Field label="From" id="export-start">
          <input id="export-start" type="date" value={start} onInput={(e) => setStart(e.currentTarget.value)} />
        </Field>
        <Field label="To" id="export-end" hint="At most 90 days and 1,000 records">
          <input id="export-end" type="date" value={end} onInput={(e) => setEnd(e.currentTarget.value)} />
        </Field>
        <Field label="Format" id="export-format">
          <select id="export-format" value={format} onChange={(e) => setFormat(e.currentTarget.value)}>
            <option value="csv">CSV</option>
            <option value="json">JSON</option>
          </select>
        </Field>
        <div class="field">
          <a class="button" href={href} download>
            Download
          </a>
        </div>
      </div>
    </section>
  );
}
