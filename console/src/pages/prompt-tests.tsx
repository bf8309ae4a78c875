import { useEffect, useState } from 'preact/hooks';
import { errorText, get, post } from '../api';
import { Badge, Empty, Field, Loading, Notice, TableHead, fmt, useLoad } from '../components/ui';
import type { Version } from './prompt-detail';
import type { Prompt } from './prompts';

interface TestSet {
  id: string;
  name: string;
  description: string | null;
  values: Record<string, unknown>;
  expectedContains: string[];
  expectedPattern: string | null;
}
interface Run {
  id: string;
  versionNumber: number | null;
  testSetId: string | null;
  status: 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED';
  passed: number;
  failed: number;
  errored: number;
  total: number;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
}
interface Case {
  id: string;
  testSetName: string;
  values: Record<string, unknown>;
  status: 'PENDING' | 'PASSED' | 'FAILED' | 'ERROR';
  answer: string | null;
  provider: string | null;
  model: string | null;
  tokens: { total: number } | null;
  costUSD: number | null;
  latencyMs: number | null;
  checks: { results: { kind: 'contains' | 'pattern'; expected: string; passed: boolean }[]; passed: number; total: number } | null;
  error: { code: string; message: string | null } | null;
}

/** Runs are a workflow: the page asks for the run's state this often until it ends. */
const POLL_MS = 1000;
const finished = (r: Run) => r.status === 'COMPLETED' || r.status === 'FAILED';
const runTone = (r: Run) => (r.status === 'FAILED' || r.errored > 0 ? 'bad' : r.status !== 'COMPLETED' ? 'neutral' : r.failed > 0 ? 'warn' : 'ok');
const caseTone = (c: Case) => (c.status === 'PASSED' ? 'ok' : c.status === 'FAILED' ? 'warn' : c.status === 'ERROR' ? 'bad' : 'neutral');

/** A prompt's test sets, running them against a version, and the results case by case. */
export function PromptTests(props: { prompt: Prompt; versions: Version[] }) {
  const base = `/api/v1/prompts/${encodeURIComponent(props.prompt.promptId)}`;
  const sets = useLoad(() => get<{ testSets: TestSet[] }>(`${base}/test-sets`), [base]);
  const runs = useLoad(() => get<{ runs: Run[] }>(`${base}/test-runs?limit=10`), [base]);
  const [versionId, setVersionId] = useState('');
  const [testSetId, setTestSetId] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const testSets = sets.data?.testSets ?? [];

  async function run(e: Event) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const res = await post<{ run: Run }>(`${base}/test-runs`, { ...(versionId ? { versionId } : {}), ...(testSetId ? { testSetId } : {}) });
      setShown(res.run.id);
      await runs.reload();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="card" aria-labelledby="tests-title">
      <h2 id="tests-title">Tests</h2>
      {sets.error && <Notice kind="error">{sets.error}</Notice>}
      {!sets.data && sets.loading && <Loading />}
      {sets.data && testSets.length === 0 && <Empty title="No test sets">Add one below: variable values and what the answer must contain.</Empty>}
      {testSets.length > 0 && (
        <>
          <div class="table-scroll">
            <table data-testid="test-sets">
              <TableHead columns={['Test set', 'Values', 'The answer must']} />
              <tbody>
                {testSets.map((t) => (
                  <tr key={t.id}>
                    <th scope="row">{t.name}</th>
                    <td>
                      <code class="details">{JSON.stringify(t.values)}</code>
                    </td>
                    <td>
                      {t.expectedContains.map((c) => `contain “${c}”`).join(', ')}
                      {t.expectedPattern && `${t.expectedContains.length ? ', ' : ''}match /${t.expectedPattern}/i`}
                      {!t.expectedContains.length && !t.expectedPattern && <span class="muted">(no expectation: only errors fail)</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <form class="inline-form" aria-label="Run tests" onSubmit={run}>
            <Field label="Version" id="run-version">
              <select id="run-version" value={versionId} onChange={(e) => setVersionId(e.currentTarget.value)}>
                <option value="">Latest (v{props.prompt.version.versionNumber})</option>
                {props.versions.map((v) => (
                  <option key={v.id} value={v.id}>
                    v{v.versionNumber}
                    {v.isProduction ? ' (production)' : ''}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Test set" id="run-test-set">
              <select id="run-test-set" value={testSetId} onChange={(e) => setTestSetId(e.currentTarget.value)}>
                <option value="">All ({testSets.length})</option>
                {testSets.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </Field>
            <div class="field">
              <button type="submit" class="primary" disabled={busy || !props.prompt.isActive}>
                Run tests
              </button>
            </div>
          </form>
          {!props.prompt.isActive && <p class="muted">The prompt is deactivated: reactivate it to run tests.</p>}
        </>
      )}
      {error && <Notice kind="error">{error}</Notice>}
      {shown && <RunResult base={base} runId={shown} onFinished={() => void runs.reload()} />}
      <NewTestSet base={base} variables={props.prompt.variables} onCreated={() => void sets.reload()} />
      {(runs.data?.runs.length ?? 0) > 0 && (
        <details>
          <summary>Recent runs ({runs.data!.runs.length})</summary>
          <table data-testid="test-runs">
            <TableHead columns={['Started', 'Version', 'Result', '']} />
            <tbody>
              {runs.data!.runs.map((r) => (
                <tr key={r.id}>
                  <th scope="row">{fmt.date(r.createdAt)}</th>
                  <td>v{r.versionNumber ?? '?'}</td>
                  <td>
                    <Badge tone={runTone(r)}>{r.status}</Badge> {r.passed}/{r.total} passed
                  </td>
                  <td>
                    <button type="button" disabled={shown === r.id} onClick={() => setShown(r.id)}>
                      Show
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </section>
  );
}

function RunResult(props: { base: string; runId: string; onFinished: () => void }) {
  const [run, setRun] = useState<(Run & { cases: Case[] }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setRun(null);
    const poll = async () => {
      try {
        const res = await get<{ run: Run & { cases: Case[] } }>(`${props.base}/test-runs/${props.runId}`);
        if (stop) return;
        setRun(res.run);
        if (finished(res.run)) props.onFinished();
        else timer = setTimeout(() => void poll(), POLL_MS);
      } catch (err) {
        if (!stop) setError(errorText(err));
      }
    };
    void poll();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [props.base, props.runId]);

  if (error) return <Notice kind="error">{error}</Notice>;
  if (!run) return <Loading />;
  return (
    <div class="subcard" data-testid="run-result" data-status={run.status} aria-live="polite">
      <h3>
        Run of version {run.versionNumber ?? '?'}: <Badge tone={runTone(run)}>{run.status}</Badge>{' '}
        {finished(run) ? (
          <span data-testid="run-counts">
            {run.passed} passed, {run.failed} failed, {run.errored} errors of {run.total}
          </span>
        ) : (
          <span class="muted">running… ({run.passed + run.failed + run.errored} of {run.total} done)</span>
        )}
      </h3>
      {run.error && <Notice kind="error">{run.error}</Notice>}
      <div class="table-scroll">
        <table>
          <TableHead columns={['Test set', 'Result', 'Checks', 'Answer', 'Provider, time, cost']} />
          <tbody>
            {run.cases.map((c) => (
              <tr key={c.id} data-case-status={c.status}>
                <th scope="row">{c.testSetName}</th>
                <td>
                  <Badge tone={caseTone(c)}>{c.status}</Badge>
                  {c.error && (
                    <div class="muted">
                      {c.error.code}
                      {c.error.message ? `: ${c.error.message}` : ''}
                    </div>
                  )}
                </td>
                <td>
                  {c.checks?.results.length ? (
                    <ul class="plain">
                      {c.checks.results.map((r) => (
                        <li key={`${r.kind}:${r.expected}`}>
                          {r.passed ? '✓' : '✗'} {r.kind === 'contains' ? `contains “${r.expected}”` : `matches /${r.expected}/i`}
                          <span class="sr-only">{r.passed ? ' (met)' : ' (not met)'}</span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    '—'
                  )}
                </td>
                <td>{c.answer ? <pre class="text small">{c.answer}</pre> : '—'}</td>
                <td>
                  {c.provider ? `${c.provider} · ${c.model}` : '—'}
                  <div class="muted">
                    {fmt.ms(c.latencyMs)}
                    {c.costUSD !== null && ` · ${fmt.usd(c.costUSD)}`}
                    {c.tokens && ` · ${fmt.int(c.tokens.total)} tokens`}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function NewTestSet(props: { base: string; variables: string[]; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [contains, setContains] = useState('');
  const [pattern, setPattern] = useState('');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  return (
    <details class="add-test-set">
      <summary>Add a test set</summary>
      <form
        class="form-grid"
        aria-label="Add a test set"
        onSubmit={async (e) => {
          e.preventDefault();
          setMessage(null);
          try {
            await post(`${props.base}/test-sets`, {
              name: name.trim(),
              values: Object.fromEntries(props.variables.map((v) => [v, values[v] ?? ''])),
              expectedContains: contains
                .split('\n')
                .map((l) => l.trim())
                .filter(Boolean),
              ...(pattern.trim() ? { expectedPattern: pattern.trim() } : {}),
            });
            setMessage({ kind: 'success', text: `Test set ${name.trim()} added.` });
            setName('');
            setValues({});
            setContains('');
            setPattern('');
            props.onCreated();
          } catch (err) {
            setMessage({ kind: 'error', text: errorText(err) });
          }
        }}
      >
        {message && <Notice kind={message.kind}>{message.text}</Notice>}
        <Field label="Test set name" id="set-name">
          <input id="set-name" required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </Field>
        {props.variables.map((v) => (
          <Field key={v} label={`Value of {{${v}}}`} id={`set-value-${v}`}>
            <input id={`set-value-${v}`} value={values[v] ?? ''} onInput={(e) => setValues({ ...values, [v]: e.currentTarget.value })} />
          </Field>
        ))}
        <Field label="The answer must contain (one phrase a line)" id="set-contains" hint="Ignoring case and extra spaces; at most 20">
          <textarea id="set-contains" rows={2} value={contains} onInput={(e) => setContains(e.currentTarget.value)} />
        </Field>
        <Field label="…and match the pattern (optional)" id="set-pattern" hint="A regular expression, ignoring case; no lookarounds or backreferences">
          <input id="set-pattern" maxLength={300} value={pattern} onInput={(e) => setPattern(e.currentTarget.value)} />
        </Field>
        <div class="form-actions">
          <button type="submit" class="primary">
            Add test set
          </button>
        </div>
      </form>
    </details>
  );
}
