import { useState } from 'preact/hooks';
import { errorText, get, post } from '../api';
import { Badge, Empty, Field, Notice, PageHeader, fmt, useLoad } from '../components/ui';
import { useQuery } from '../router';

interface Candidate {
  provider: string;
  providerId?: string;
  model: string;
  estimatedLatency: number | null;
  estimatedCost: number;
  qualityScore: number;
  availability: number;
  compositeScore: number;
  reasoning?: string;
}
interface Filtered {
  provider: string;
  model: string;
  reasons: string[];
}
interface Result {
  policyName: string;
  ranked: Candidate[];
  filteredOut: Filtered[];
  totalCandidates: number;
  basedOn: string | null;
  explanations: unknown[];
}

function explain(e: unknown): string {
  if (typeof e === 'string') return e;
  if (e && typeof e === 'object' && 'key' in e) {
    const { key, vars } = e as { key: string; vars?: Record<string, unknown> };
    return vars && Object.keys(vars).length ? `${key} ${JSON.stringify(vars)}` : key;
  }
  return JSON.stringify(e);
}

/** Which provider and model a policy would pick now, in what order the others would follow, and why the rest were filtered out. */
export function Simulate() {
  const query = useQuery();
  const policies = useLoad(() => get<{ policies: { id: string; name: string; isDefault: boolean }[] }>('/api/v1/routing/policies'));
  const [policyId, setPolicyId] = useState(query.get('policyId') ?? '');
  const [content, setContent] = useState('');
  const [taskCodes, setTaskCodes] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(e: Event) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const body = { ...(content ? { content } : {}), ...(taskCodes ? { taskCodes } : {}) };
    try {
      if (policyId) {
        const r = await post<{
          policy: { name: string };
          simulation: { primary: Candidate | null; fallbacks: Candidate[]; totalCandidates: number; filteredOut: Filtered[] };
          metadata: { basedOnWindow: { windowMinutes?: number; samples?: number } };
          taskFit: { explanations?: unknown[] } | null;
        }>(`/api/v1/routing/policies/${policyId}/simulate`, body);
        const w = r.metadata.basedOnWindow;
        setResult({
          policyName: r.policy.name,
          ranked: [...(r.simulation.primary ? [r.simulation.primary] : []), ...r.simulation.fallbacks],
          filteredOut: r.simulation.filteredOut,
          totalCandidates: r.simulation.totalCandidates,
          basedOn: w.windowMinutes ? `${w.samples ?? 0} attempts in the last ${w.windowMinutes} minutes` : null,
          explanations: r.taskFit?.explanations ?? [],
        });
      } else {
        const r = await post<{
          policy: { name: string } | null;
          ranking: Candidate[];
          filteredOut: Filtered[];
          totalCandidates: number;
          explanations: unknown[];
          metadata: { basedOnWindow?: { windowMinutes?: number; samples?: number } };
        }>('/api/v1/routing/rank', body);
        const w = r.metadata.basedOnWindow;
        setResult({
          policyName: r.policy?.name ?? 'built-in defaults',
          ranked: r.ranking,
          filteredOut: r.filteredOut,
          totalCandidates: r.totalCandidates,
          basedOn: w?.windowMinutes ? `${w.samples ?? 0} attempts in the last ${w.windowMinutes} minutes` : null,
          explanations: r.explanations,
        });
      }
    } catch (err) {
      setError(errorText(err));
      setResult(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader title="Simulate routing" />
      <form class="card form-grid" onSubmit={run} aria-label="Simulation">
        <Field label="Policy" id="sim-policy">
          <select id="sim-policy" value={policyId} onChange={(e) => setPolicyId(e.currentTarget.value)}>
            <option value="">Company default (or built-in defaults)</option>
            {(policies.data?.policies ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
                {p.isDefault ? ' (default)' : ''}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Task codes (optional)" id="sim-tasks" hint="e.g. coding, math: drives task fit when the policy enables it">
          <input id="sim-tasks" value={taskCodes} onInput={(e) => setTaskCodes(e.currentTarget.value)} aria-describedby="sim-tasks-hint" />
        </Field>
        <Field label="Prompt (optional)" id="sim-content" hint="Classified for task fit; nothing is sent to a provider">
          <textarea id="sim-content" rows={3} value={content} onInput={(e) => setContent(e.currentTarget.value)} aria-describedby="sim-content-hint" />
        </Field>
        <div class="form-actions">
          <button type="submit" class="primary" disabled={busy}>
            {busy ? 'Simulating…' : 'Simulate'}
          </button>
        </div>
      </form>
      {error && <Notice kind="error">{error}</Notice>}
      {result && (
        <section class="card" aria-labelledby="sim-result-title" data-testid="simulation-result">
          <h2 id="sim-result-title">
            Under <span data-testid="simulated-policy">{result.policyName}</span>: {result.ranked.length} of {result.totalCandidates} candidates pass
          </h2>
          {result.basedOn && <p class="muted">Latency and availability from {result.basedOn}.</p>}
          {result.ranked.length === 0 ? (
            <Empty title="No candidate passes this policy">See the reasons below; loosen the constraints or add providers that meet them.</Empty>
          ) : (
            <div class="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Rank</th>
                    <th scope="col">Provider · model</th>
                    <th scope="col">Score</th>
                    <th scope="col">Cost / 1K tokens</th>
                    <th scope="col">p50 latency</th>
                    <th scope="col">Quality</th>
                    <th scope="col">Availability</th>
                  </tr>
                </thead>
                <tbody>
                  {result.ranked.map((c, i) => (
                    <tr key={`${c.provider}/${c.model}`}>
                      <td>{i === 0 ? <Badge tone="ok">primary</Badge> : `fallback ${i}`}</td>
                      <th scope="row">
                        {c.provider} · {c.model}
                        {c.reasoning && <div class="muted">{c.reasoning}</div>}
                      </th>
                      <td>{c.compositeScore.toFixed(3)}</td>
                      <td>{fmt.usd(c.estimatedCost)}</td>
                      <td>{fmt.ms(c.estimatedLatency)}</td>
                      <td>{c.qualityScore}</td>
                      <td>{fmt.pct(c.availability)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {result.filteredOut.length > 0 && (
            <>
              <h3>Filtered out</h3>
              <ul class="filtered">
                {result.filteredOut.map((f) => (
                  <li key={`${f.provider}/${f.model}`}>
                    <strong>
                      {f.provider} · {f.model}
                    </strong>
                    : {f.reasons.join('; ')}
                  </li>
                ))}
              </ul>
            </>
          )}
          {result.explanations.length > 0 && (
            <details>
              <summary>Explanations ({result.explanations.length})</summary>
              <ul>
                {result.explanations.map((e, i) => (
                  <li key={i}>{explain(e)}</li>
                ))}
              </ul>
            </details>
          )}
        </section>
      )}
    </>
  );
}
