import { useEffect, useState } from 'preact/hooks';
import { PROTECTIVE_PROMPT_TYPES } from '../../../domain/security/protective-prompts';
import { del, errorText, get, patch, post } from '../api';
import { Badge, Empty, Field, FilterSelect, Loading, Notice, TableHead, fmt, useAct, useLoad } from '../components/ui';
import { useSession } from '../session';

export interface SyntheticPrompt {
  id: string;
  name: string;
  category: string;
  expectedBehavior: string;
  language: string | null;
  libraryKey: string | null;
}
interface LibraryEntry {
  key: string;
  name: string;
  category: string;
  language: string;
  expectedBehavior: string;
}
export interface Schedule {
  id: string;
  name: string;
  syntheticPromptId: string;
  scheduleType: 'ONE_TIME' | 'RECURRING';
  cronExpression: string | null;
  intervalMinutes: number | null;
  runAt: string | null;
  isActive: boolean;
  aiProviderId: string | null;
  providerGroupId: string | null;
  enableProtection: boolean;
  protectivePromptId: string | null;
  lastRunAt: string | null;
}
export interface LogEntry {
  id: string;
  provider: string;
  model: string;
  status: 'SUCCESS' | 'FAILED';
  responseTimeSec: number;
  tokensUsed: number;
  costEstimate: number;
  attackDetected: boolean;
  behaviorPassed: boolean;
  kpiCompliant: boolean;
  syntheticPromptId: string | null;
  scheduleId: string | null;
  category: string | null;
  protectionMode: string;
  errorCode: string | null;
  errorMessage: string | null;
  startedAt: string;
}
interface Named {
  id: string;
  name: string;
}

/** The probe log refreshes itself this often while the page is open (runs land within seconds). */
export const LOG_POLL_MS = 5000;

export function describeWhen(s: Pick<Schedule, 'scheduleType' | 'cronExpression' | 'intervalMinutes' | 'runAt'>): string {
  if (s.scheduleType === 'ONE_TIME') return `once, ${fmt.date(s.runAt)}`;
  if (s.cronExpression) return `cron ${s.cronExpression}`;
  const m = s.intervalMinutes ?? 0;
  return m >= 60 && m % 60 === 0 ? `every ${m / 60} h` : m < 1 ? `every ${Math.round(m * 60)} s` : `every ${m} min`;
}

/** Schedules (each a Temporal Schedule): create one from a prompt or the starter library, pause, resume, run now, delete. */
export function Schedules(props: {
  schedules: { data: { schedules: Schedule[] } | null; error: string | null; loading: boolean };
  prompts: SyntheticPrompt[];
  reload: () => Promise<void>;
  onRun: () => void;
}) {
  const { can } = useSession();
  const manage = can('synthetic.tests.run');
  const schedules = props.schedules;
  const providers = useLoad(() => get<{ providers: (Named & { type: string; isActive: boolean })[] }>('/api/v1/providers'));
  const groups = useLoad(() => get<{ groups: Named[] }>('/api/v1/provider-groups'));
  const { message, setMessage, act } = useAct(props.reload);
  const promptName = new Map(props.prompts.map((p) => [p.id, p.name]));
  const targetName = new Map([...(providers.data?.providers ?? []), ...(groups.data?.groups ?? [])].map((x) => [x.id, x.name]));
  const list = schedules.data?.schedules ?? [];


  return (
    <section class="card" aria-labelledby="schedules-title">
      <h2 id="schedules-title">Schedules</h2>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {schedules.error && <Notice kind="error">{schedules.error}</Notice>}
      {!schedules.data && schedules.loading && <Loading />}
      {schedules.data && list.length === 0 && <Empty title="No schedules">{manage ? 'Create one below from a prompt of the starter library.' : 'Ask a synthetic admin to create one.'}</Empty>}
      {list.length > 0 && (
        <div class="table-scroll">
          <table data-testid="schedules">
            <TableHead columns={['Schedule', 'Prompt', 'Probes', 'When', 'State', 'Last run', '']} />
            <tbody>
              {list.map((s) => (
                <tr key={s.id} data-schedule-id={s.id}>
                  <th scope="row">{s.name}</th>
                  <td>{promptName.get(s.syntheticPromptId) ?? '—'}</td>
                  <td>
                    {targetName.get(s.aiProviderId ?? s.providerGroupId ?? '') ?? '—'}
                    {s.providerGroupId && <span class="muted"> (group)</span>}
                    {(s.enableProtection || s.protectivePromptId) && <div class="muted">protected{s.protectivePromptId ? `: ${s.protectivePromptId}` : ''}</div>}
                  </td>
                  <td>{describeWhen(s)}</td>
                  <td>{s.isActive ? <Badge tone="ok">active</Badge> : <Badge tone="warn">paused</Badge>}</td>
                  <td>{fmt.date(s.lastRunAt)}</td>
                  <td>
                    {manage && (
                      <div class="row-actions">
                        <button
                          type="button"
                          onClick={() =>
                            void act(`${s.name}: run started; its probes appear in the log below within seconds.`, async () => {
                              await post(`/api/v1/synthetic/schedules/${s.id}/run`);
                              props.onRun();
                            })
                          }
                        >
                          Run now
                        </button>
                        <button
                          type="button"
                          onClick={() => void act(s.isActive ? `${s.name} paused.` : `${s.name} resumed.`, () => patch(`/api/v1/synthetic/schedules/${s.id}`, { isActive: !s.isActive }))}
                        >
                          {s.isActive ? 'Pause' : 'Resume'}
                        </button>
                        <button
                          type="button"
                          class="danger"
                          onClick={() => {
                            if (window.confirm(`Delete the schedule ${s.name}? Its probe log stays.`)) void act(`${s.name} deleted.`, () => del(`/api/v1/synthetic/schedules/${s.id}`));
                          }}
                        >
                          Delete
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {manage && (
        <NewSchedule
          prompts={props.prompts}
          providers={(providers.data?.providers ?? []).filter((p) => p.isActive)}
          groups={groups.data?.groups ?? []}
          onCreated={async (name) => {
            setMessage({ kind: 'success', text: `Schedule ${name} created.` });
            await props.reload();
          }}
        />
      )}
    </section>
  );
}

function NewSchedule(props: { prompts: SyntheticPrompt[]; providers: (Named & { type: string })[]; groups: Named[]; onCreated: (name: string) => Promise<void> }) {
  const { me, can } = useSession();
  const canImport = can('synthetic.prompts.create');
  const library = useLoad(() => (canImport ? get<{ prompts: LibraryEntry[] }>('/api/v1/synthetic/library') : Promise.resolve({ prompts: [] })), [canImport]);
  const imported = new Set(props.prompts.map((p) => p.libraryKey).filter(Boolean));
  const fresh = (library.data?.prompts ?? []).filter((p) => !imported.has(p.key));
  const [f, setF] = useState({ name: '', prompt: '', target: 'provider', providerId: '', groupId: '', type: 'RECURRING', interval: '60', cron: '', runAt: '', protect: false, protective: '', active: true });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof f) => (e: Event) => setF({ ...f, [k]: (e.currentTarget as HTMLInputElement).value });
  // Preselect the first provider once the list arrives.
  useEffect(() => {
    if (!f.providerId && props.providers[0]) setF((x) => ({ ...x, providerId: props.providers[0]!.id }));
  }, [props.providers]);

  async function create(e: Event) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      let syntheticPromptId = f.prompt.slice(2);
      // A starter-library prompt is imported into the company first (idempotent by its key).
      if (f.prompt.startsWith('l:')) {
        const res = await post<{ prompts: SyntheticPrompt[] }>('/api/v1/synthetic/library/import', { keys: [syntheticPromptId] });
        const all = res.prompts.length ? res.prompts : (await get<{ prompts: SyntheticPrompt[] }>('/api/v1/synthetic/prompts')).prompts;
        syntheticPromptId = all.find((p) => p.libraryKey === syntheticPromptId)!.id;
      }
      const when =
        f.type === 'ONE_TIME'
          ? { runAt: new Date(f.runAt).toISOString() }
          : f.cron.trim()
            ? { cronExpression: f.cron.trim(), ...(f.interval ? { intervalMinutes: Number(f.interval) } : {}) }
            : { intervalMinutes: Number(f.interval) };
      await post('/api/v1/synthetic/schedules', {
        name: f.name.trim(),
        syntheticPromptId,
        scheduleType: f.type,
        ...when,
        ...(f.target === 'provider' ? { aiProviderId: f.providerId } : { providerGroupId: f.groupId }),
        enableProtection: f.protect,
        ...(f.protective ? { protectivePromptId: f.protective } : {}),
        isActive: f.active,
      });
      await props.onCreated(f.name.trim());
      setF({ ...f, name: '', prompt: '' });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="form-grid subcard" aria-label="Create a schedule" onSubmit={create}>
      <h3 class="wide">Create a schedule</h3>
      {error && (
        <div class="wide">
          <Notice kind="error">{error}</Notice>
        </div>
      )}
      <Field label="Schedule name" id="sched-name">
        <input id="sched-name" required maxLength={200} value={f.name} onInput={set('name')} />
      </Field>
      <Field label="Prompt" id="sched-prompt" hint={canImport ? 'A starter-library prompt is copied into your prompts when the schedule is saved' : undefined}>
        <select id="sched-prompt" required value={f.prompt} onChange={set('prompt')}>
          <option value="" disabled>
            Choose a prompt
          </option>
          {props.prompts.length > 0 && (
            <optgroup label="Your synthetic prompts">
              {props.prompts.map((p) => (
                <option key={p.id} value={`p:${p.id}`}>
                  {p.name} ({p.category}, {p.expectedBehavior})
                </option>
              ))}
            </optgroup>
          )}
          {fresh.length > 0 && (
            <optgroup label="Starter library">
              {fresh.map((p) => (
                <option key={p.key} value={`l:${p.key}`}>
                  {p.name} ({p.category}, {p.language})
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </Field>
      <fieldset class="checks wide">
        <legend>Probe</legend>
        <label>
          <input type="radio" name="sched-target" checked={f.target === 'provider'} onChange={() => setF({ ...f, target: 'provider' })} /> one provider
        </label>
        <label>
          <input type="radio" name="sched-target" checked={f.target === 'group'} disabled={!props.groups.length} onChange={() => setF({ ...f, target: 'group', groupId: f.groupId || props.groups[0]?.id || '' })} />{' '}
          every member of a provider group
        </label>
      </fieldset>
      {f.target === 'provider' ? (
        <Field label="Provider" id="sched-provider" hint="Probed at its default model">
          <select id="sched-provider" value={f.providerId} onChange={set('providerId')}>
            {props.providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.type})
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <Field label="Provider group" id="sched-group">
          <select id="sched-group" value={f.groupId} onChange={set('groupId')}>
            {props.groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field label="Runs" id="sched-type">
        <select id="sched-type" value={f.type} onChange={set('type')}>
          <option value="RECURRING">repeatedly</option>
          <option value="ONE_TIME">once</option>
        </select>
      </Field>
      {f.type === 'RECURRING' ? (
        <>
          <Field label="Every (minutes)" id="sched-interval" hint="Fractions allowed: 0.5 is every 30 s">
            <input id="sched-interval" type="number" min="0.05" step="any" required={!f.cron.trim()} value={f.interval} onInput={set('interval')} />
          </Field>
          <Field label="Cron (optional)" id="sched-cron" hint="Five fields, UTC; wins over the interval">
            <input id="sched-cron" placeholder="*/15 * * * *" value={f.cron} onInput={set('cron')} />
          </Field>
        </>
      ) : (
        <Field label="At" id="sched-run-at">
          <input id="sched-run-at" type="datetime-local" required value={f.runAt} onInput={set('runAt')} />
        </Field>
      )}
      <div class="field checkbox">
        <input id="sched-protect" type="checkbox" checked={f.protect} onChange={(e) => setF({ ...f, protect: e.currentTarget.checked })} />
        <label for="sched-protect">Wrap the probe in the standard injection guard</label>
      </div>
      {me.role === 'SUPER_ADMIN' && (
        <Field label="Protective prompt (SUPER_ADMIN)" id="sched-protective">
          <select id="sched-protective" value={f.protective} onChange={set('protective')}>
            <option value="">none</option>
            {PROTECTIVE_PROMPT_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </Field>
      )}
      <div class="field checkbox">
        <input id="sched-active" type="checkbox" checked={f.active} onChange={(e) => setF({ ...f, active: e.currentTarget.checked })} />
        <label for="sched-active">Start active (otherwise paused)</label>
      </div>
      <div class="form-actions">
        <button type="submit" class="primary" disabled={busy || !f.prompt || (f.target === 'provider' ? !f.providerId : !f.groupId)}>
          Create schedule
        </button>
      </div>
    </form>
  );
}

/** The newest probes, refreshed every few seconds, optionally of one schedule. */
export function ProbeLog(props: { schedules: Schedule[]; prompts: SyntheticPrompt[]; refreshKey: number }) {
  const [scheduleId, setScheduleId] = useState('');
  const log = useLoad(() => get<{ executions: LogEntry[]; pagination: { total: number } }>(`/api/v1/synthetic/executions?limit=25${scheduleId ? `&scheduleId=${scheduleId}` : ''}`), [scheduleId, props.refreshKey]);
  useEffect(() => {
    const poll = setInterval(() => void log.reload(), LOG_POLL_MS);
    return () => clearInterval(poll);
  }, [log.reload]);
  const promptName = new Map(props.prompts.map((p) => [p.id, p.name]));
  const entries = log.data?.executions ?? [];
  return (
    <section class="card" aria-labelledby="log-title">
      <div class="page-header">
        <h2 id="log-title">Latest probes</h2>
        <FilterSelect id="log-schedule" label="Schedule" value={scheduleId} options={props.schedules.map((x) => [x.id, x.name])} onChange={setScheduleId} />
      </div>
      <p class="muted" aria-live="polite">
        {log.data ? `${fmt.int(log.data.pagination.total)} in the log` : ''} · refreshed every {LOG_POLL_MS / 1000} s
      </p>
      {log.error && <Notice kind="error">{log.error}</Notice>}
      {log.data && entries.length === 0 && <Empty title="No probes yet">A schedule’s probes appear here when it runs; “Run now” runs one at once.</Empty>}
      {entries.length > 0 && (
        <div class="table-scroll">
          <table data-testid="probe-log">
            <TableHead columns={['Started', 'Provider · model', 'Prompt', 'Status', 'Verdict', 'Time', 'Cost']} />
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} data-log-id={e.id} data-status={e.status}>
                  <th scope="row">{fmt.date(e.startedAt)}</th>
                  <td>
                    {e.provider} · {e.model}
                  </td>
                  <td>
                    {(e.syntheticPromptId && promptName.get(e.syntheticPromptId)) ?? '—'}
                    {e.category && <div class="muted">{e.category}</div>}
                  </td>
                  <td>
                    <Badge tone={e.status === 'SUCCESS' ? 'ok' : 'bad'}>{e.status}</Badge>
                    {e.errorCode && (
                      <div class="muted">
                        {e.errorCode}
                        {e.errorMessage ? `: ${e.errorMessage}` : ''}
                      </div>
                    )}
                  </td>
                  <td>
                    {e.behaviorPassed ? <Badge tone="ok">as expected</Badge> : <Badge tone="warn">not as expected</Badge>}
                    {e.attackDetected && <Badge tone="bad">attack got through</Badge>}
                  </td>
                  <td>{fmt.ms(e.responseTimeSec * 1000)}</td>
                  <td>{fmt.usd(e.costEstimate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
