import { type ComponentChildren, Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { ARCHITECT_OPERATIONS, type ArchitectOperation, type ArchitectRequirements, type ArchitectState } from '../../../domain/architect/session';
import { ApiFailure, del, errorText, get, patch, post } from '../api';
import { Badge, Field, Loading, Notice, ReasonForm, TableHead, fmt, useLoad } from '../components/ui';
import { Link, navigate } from '../router';
import { useSession } from '../session';
import { RequirementFields, draftOf, requirementsOf } from './architect';
import { type Proposal, ProposalView, issuePath } from './architect-proposal';

export type Requirements = ArchitectRequirements;
export interface Question {
  id: string;
  question: string;
  why?: string;
  required: boolean;
}
export interface Issue {
  path: string[];
  message: string;
}
interface Analysis {
  fallback?: boolean;
  gaps: { analysis: string; questions: Question[] };
  quickWins: string[];
  decisions: { topic: string; choice: string; rationale: string }[];
  conflicts: { notes: string[]; qualityIssues?: Issue[] };
}
type HistoryEntry =
  | { type: 'analysis'; at: string; fallback: boolean; questions: string[] }
  | { type: 'answers'; at: string; answers: Record<string, string>; next: string; newQuestions: string[] }
  | { type: 'quality'; at: string; issues: Issue[] }
  | { type: 'proposal'; at: string }
  | { type: 'rejection'; at: string; reason?: string | null };
interface GeneratedIds {
  projectId: string;
  repositoryId: string;
  routingPolicyId: string;
  prompts: { key: string; id: string; promptId: string; name: string; kind: string }[];
  referenceLibrary: { documentTypeId: string; documents: { key: string; id: string; name: string }[] };
}
export interface ArchitectSession {
  id: string;
  sessionId: string;
  title: string;
  status: ArchitectState;
  requirements: Requirements;
  analysis: Analysis | null;
  dialogueHistory: HistoryEntry[];
  proposal: Proposal | null;
  generatedIds: GeneratedIds | null;
  createdAt: string;
  updatedAt: string;
  acceptedAt: string | null;
  rejectedAt: string | null;
}

const STEPS: { label: string; states: ArchitectState[] }[] = [
  { label: 'Requirements', states: ['INPUT', 'ANALYZING'] },
  { label: 'Questions', states: ['DIALOGUE'] },
  { label: 'Generate', states: ['GENERATING'] },
  { label: 'Review the proposal', states: ['PROPOSAL_READY'] },
  { label: 'Accepted or rejected', states: ['ACCEPTED', 'REJECTED'] },
];

export function StateBadge(props: { status: ArchitectState }) {
  const tone = props.status === 'ACCEPTED' ? 'ok' : props.status === 'REJECTED' ? 'bad' : props.status === 'PROPOSAL_READY' ? 'warn' : 'neutral';
  return (
    <Badge tone={tone} data-testid="session-status">
      {props.status}
    </Badge>
  );
}

const allowed = (op: ArchitectOperation, s: ArchitectState) => (ARCHITECT_OPERATIONS[op] as readonly ArchitectState[]).includes(s);

/** What went wrong, said so the user can act on it: the api's message plus what to do next. */
interface Problem {
  title: string;
  message: string;
  issues?: Issue[];
  advice: ComponentChildren;
}

function problemOf(err: unknown, step: string): Problem {
  const message = err instanceof ApiFailure ? err.message : errorText(err);
  const code = err instanceof ApiFailure ? err.code : undefined;
  switch (code) {
    case 'ARCHITECT_PROPOSAL_INVALID':
      return {
        title: 'The proposal did not pass the checks',
        message,
        issues: (err as ApiFailure).body.details as Issue[] | undefined,
        advice: 'Nothing was stored and the session is back at the questions. Add what is missing to your answers or to the requirements, then generate again.',
      };
    case 'ARCHITECT_PREFLIGHT_FAILED':
      return {
        title: 'No provider can take the architect’s model calls',
        message,
        advice: /no active provider matches/.test(message) ? (
          <>
            The requirements name providers the company does not have (or has turned off). Edit the requirements below and change or clear <em>Providers</em>, or add
            the provider on the <Link href="/providers">Providers</Link> page.
          </>
        ) : /circuit breaker is open/.test(message) ? (
          <>
            The named providers are failing, so their circuit breakers are open; a breaker lets a trial call through after its cooldown. Try again later, or widen{' '}
            <em>Providers</em> in the requirements below. Breaker states are on the <Link href="/dashboard">Dashboard</Link>.
          </>
        ) : (
          <>
            Add or turn on a provider on the <Link href="/providers">Providers</Link> page, then try again.
          </>
        ),
      };
    case 'ARCHITECT_MODEL_UNAVAILABLE':
      return { title: `The model did not answer (${step})`, message, advice: 'Every provider failed after the retries. Nothing changed: try again in a moment.' };
    case 'BUDGET_EXCEEDED':
      return { title: 'The budget is used up', message, advice: 'Model calls are refused until the budget is raised or the period resets.' };
    case 'SECURITY_BLOCKED':
      return { title: 'Blocked by the security checks', message, advice: 'The requirements look like a prompt attack to the security checks. Reword them and try again.' };
    case 'ARCHITECT_INVALID_STATE':
      return { title: 'Not possible in this state', message, advice: 'Someone else may have moved the session; it has been reloaded.' };
    case 'DUPLICATE_PROMPT_CONTENT':
    case 'DUPLICATE_PROMPT_NAME':
      return { title: 'A proposed prompt already exists', message, advice: 'Nothing was created. Reject this proposal and start again, or change the existing prompt first.' };
    default:
      return { title: `${step} failed`, message, advice: 'Nothing changed. Try again; if it keeps failing, the server log has the request id.' };
  }
}

function ProblemNotice(props: { problem: Problem }) {
  const p = props.problem;
  return (
    <div class="notice notice-error" role="alert" data-testid="architect-problem">
      <strong>{p.title}</strong>
      <p class="problem-message">{p.message}</p>
      {p.issues && p.issues.length > 0 && (
        <ul data-testid="problem-issues">
          {p.issues.map((i) => (
            <li key={`${i.path.join('.')}:${i.message}`}>
              <strong>{issuePath(i.path)}</strong>: {i.message}
            </li>
          ))}
        </ul>
      )}
      <p>{p.advice}</p>
    </div>
  );
}

const BUSY_TEXT: Record<string, string> = {
  analyze: 'Analysing the requirements (a model call)…',
  dialogue: 'Reading your answers (a model call)…',
  generate: 'Generating the proposal (a model call; it may take a while)…',
  accept: 'Creating the project, prompts, policy and library…',
  reject: 'Rejecting…',
  revise: 'Saving the requirements…',
};

export function ArchitectSessionPage(props: { id: string }) {
  const load = useLoad(() => get<ArchitectSession>(`/api/v1/architect/sessions/${encodeURIComponent(props.id)}`), [props.id]);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const s = load.data;

  /** Runs one step; on failure shows what to do and reloads (a failed generate moves the session back to DIALOGUE). */
  async function step(op: string, label: string, run: () => Promise<unknown>, done?: (out: unknown) => string) {
    setBusy(op);
    setProblem(null);
    setMessage(null);
    try {
      const out = await run();
      if (done) setMessage(done(out));
    } catch (err) {
      setProblem(problemOf(err, label));
    } finally {
      setBusy(null);
      await load.reload();
    }
  }

  if (!s) {
    return (
      <>
        <p>
          <Link href="/architect">← All sessions</Link>
        </p>
        {load.error ? <Notice kind="error">{load.error}</Notice> : <Loading />}
      </>
    );
  }
  const base = `/api/v1/architect/sessions/${s.id}`;
  const current = STEPS.findIndex((x) => x.states.includes(s.status));
  return (
    <>
      <p>
        <Link href="/architect">← All sessions</Link>
      </p>
      <div class="page-header">
        <h1>{s.title}</h1>
        <div class="page-actions">
          <StateBadge status={s.status} />
          <code>{s.sessionId}</code>
        </div>
      </div>
      <ol class="steps" aria-label="Progress">
        {STEPS.map((x, i) => (
          <li key={x.label} class={i < current ? 'done' : i === current ? 'current' : ''} aria-current={i === current ? 'step' : undefined}>
            {x.label}
          </li>
        ))}
      </ol>
      {busy && (
        <p class="notice notice-info" role="status" aria-busy="true">
          {BUSY_TEXT[busy] ?? 'Working…'}
        </p>
      )}
      {problem && <ProblemNotice problem={problem} />}
      {message && <Notice kind="success">{message}</Notice>}

      <RequirementsCard
        session={s}
        editing={editing}
        busy={busy !== null}
        onEdit={setEditing}
        onSave={(requirements, title) =>
          step('revise', 'Saving', async () => {
            await patch(base, { title, requirements });
            setEditing(false);
          }, () => 'Requirements saved. The session is back at the start: analyse it again.')
        }
      />

      {s.status === 'INPUT' && (
        <section class="card" aria-labelledby="analyze-title">
          <h2 id="analyze-title">Analyse</h2>
          <p>The architect reads the requirements, notes what is missing and asks questions.</p>
          <button type="button" class="primary" disabled={busy !== null} onClick={() => void step('analyze', 'Analysis', () => post(`${base}/analyze`))}>
            Analyze
          </button>
        </section>
      )}

      {s.analysis && <AnalysisCard analysis={s.analysis} />}

      {(s.status === 'DIALOGUE' || s.status === 'GENERATING') && s.analysis && (
        <QuestionsCard
          session={s}
          busy={busy !== null}
          onAnswer={(answers) =>
            step('dialogue', 'Answering', () => post(`${base}/dialogue`, { answers }), (out) =>
              (out as { status?: string }).status === 'GENERATING'
                ? 'That is enough information: generate the proposal.'
                : 'Answers saved. The architect has more questions (below).',
            )
          }
          onGenerate={() => step('generate', 'Generating the proposal', () => post(`${base}/generate`), () => 'The proposal is ready: review it below, then accept or reject it.')}
        />
      )}

      {s.status === 'ACCEPTED' && s.generatedIds && <Provisioned ids={s.generatedIds} />}
      {s.status === 'REJECTED' && <Rejected session={s} />}

      {s.proposal && (
        <section class="card" aria-labelledby="proposal-title" data-testid="proposal">
          <h2 id="proposal-title">Proposal</h2>
          {s.status === 'PROPOSAL_READY' && (
            <Decision
              busy={busy !== null}
              onAccept={() =>
                step('accept', 'Accepting', () => post(`${base}/accept`), () => 'Accepted: the project, its prompts, the routing policy and the reference library were created.')
              }
              onReject={(reason) => step('reject', 'Rejecting', () => post(`${base}/reject`, reason ? { reason } : {}), () => 'Rejected. Nothing was created.')}
            />
          )}
          <ProposalView proposal={s.proposal} />
        </section>
      )}

      <History entries={s.dialogueHistory} questions={s.analysis?.gaps.questions ?? []} />
      <DeleteSession id={s.id} title={s.title} accepted={s.status === 'ACCEPTED'} busy={busy !== null} onError={(text) => setProblem(problemOf(new Error(text), 'Deleting'))} />
    </>
  );
}

function RequirementsCard(props: {
  session: ArchitectSession;
  editing: boolean;
  busy: boolean;
  onEdit: (on: boolean) => void;
  onSave: (requirements: Record<string, unknown>, title: string) => void;
}) {
  const s = props.session;
  const r = s.requirements;
  const [title, setTitle] = useState(s.title);
  const [draft, setDraft] = useState(draftOf(r));
  const revisable = allowed('revise', s.status);
  const rows: [string, string | undefined][] = [
    ['Industry', r.industry],
    ['Use case', r.useCase],
    ['Security level', r.securityLevel],
    ['Providers', r.providers?.length ? r.providers.join(', ') : 'any active provider'],
    ['Target framework', r.targetFramework],
    ['Framework details', r.frameworkDetails],
  ];
  return (
    <section class="card" aria-labelledby="requirements-title">
      <div class="page-header">
        <h2 id="requirements-title">Requirements</h2>
        {revisable && !props.editing && (
          <button
            type="button"
            onClick={() => {
              setTitle(s.title);
              setDraft(draftOf(r));
              props.onEdit(true);
            }}
          >
            Edit requirements
          </button>
        )}
      </div>
      {props.editing ? (
        <form
          class="form-grid"
          aria-label="Edit the requirements"
          onSubmit={(e) => {
            e.preventDefault();
            props.onSave(requirementsOf(draft, true), title.trim() || s.title);
          }}
        >
          {s.status !== 'INPUT' && <Notice kind="warning">Saving goes back to the start: the analysis and the answers so far are cleared.</Notice>}
          <Field label="Title" id="edit-title">
            <input id="edit-title" maxLength={200} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
          </Field>
          <RequirementFields draft={draft} onChange={setDraft} idPrefix="edit" />
          <div class="form-actions">
            <button type="submit" class="primary" disabled={props.busy || (!draft.description.trim() && !draft.fileContent.trim())}>
              Save requirements
            </button>
            <button type="button" onClick={() => props.onEdit(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          {r.description && <p class="prewrap">{r.description}</p>}
          {r.fileContent && (
            <details>
              <summary>File text ({fmt.int(r.fileContent.length)} characters)</summary>
              <pre class="text">{r.fileContent}</pre>
            </details>
          )}
          <dl class="facts">
            {rows
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <Fragment key={k}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </Fragment>
              ))}
          </dl>
        </>
      )}
    </section>
  );
}

function AnalysisCard(props: { analysis: Analysis }) {
  const a = props.analysis;
  const issues = a.conflicts.qualityIssues ?? [];
  return (
    <section class="card" aria-labelledby="analysis-title" data-testid="analysis">
      <h2 id="analysis-title">Analysis</h2>
      {a.fallback && <Notice kind="warning">The model’s analysis could not be read; these are the questions the requirements leave open.</Notice>}
      <p class="prewrap">{a.gaps.analysis}</p>
      {issues.length > 0 && (
        <div class="notice notice-warning" data-testid="quality-issues">
          <strong>The last proposal failed these checks</strong>
          <ul>
            {issues.map((i) => (
              <li key={`${i.path.join('.')}:${i.message}`}>
                <strong>{issuePath(i.path)}</strong>: {i.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {a.quickWins.length > 0 && (
        <>
          <h3>Quick wins</h3>
          <ul>
            {a.quickWins.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </>
      )}
      {a.decisions.length > 0 && (
        <>
          <h3>Decisions</h3>
          <div class="table-scroll">
            <table>
              <TableHead columns={['Topic', 'Choice', 'Why']} />
              <tbody>
                {a.decisions.map((d) => (
                  <tr key={d.topic}>
                    <th scope="row">{d.topic}</th>
                    <td>{d.choice}</td>
                    <td>{d.rationale}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {a.conflicts.notes.length > 0 && (
        <>
          <h3>Conflicts</h3>
          <ul>
            {a.conflicts.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The answers given so far, by question id (later answers win). */
function answeredSoFar(history: HistoryEntry[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of history) if (h.type === 'answers') Object.assign(out, h.answers);
  return out;
}

function QuestionsCard(props: { session: ArchitectSession; busy: boolean; onAnswer: (answers: Record<string, string>) => void; onGenerate: () => void }) {
  const s = props.session;
  const questions = s.analysis?.gaps.questions ?? [];
  const answered = answeredSoFar(s.dialogueHistory);
  const open = questions.filter((q) => !answered[q.id]?.trim());
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const filled = Object.fromEntries(Object.entries(answers).filter(([, v]) => v.trim()));
  const requiredOpen = open.filter((q) => q.required).length;
  return (
    <section class="card" aria-labelledby="questions-title" data-testid="questions">
      <h2 id="questions-title">Questions</h2>
      {s.status === 'DIALOGUE' && open.length > 0 && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            props.onAnswer(filled);
            setAnswers({});
          }}
        >
          {open.map((q) => (
            <Field key={q.id} label={`${q.question}${q.required ? ' (required)' : ''}`} id={`answer-${q.id}`} hint={q.why}>
              <textarea id={`answer-${q.id}`} rows={2} value={answers[q.id] ?? ''} onInput={(e) => setAnswers({ ...answers, [q.id]: e.currentTarget.value })} />
            </Field>
          ))}
          <div class="form-actions">
            <button type="submit" class="primary" disabled={props.busy || Object.keys(filled).length === 0}>
              Send answers
            </button>
          </div>
        </form>
      )}
      {Object.keys(answered).length > 0 && (
        <details open={open.length === 0}>
          <summary>Answered ({Object.keys(answered).length})</summary>
          <dl class="facts">
            {Object.entries(answered).map(([id, text]) => (
              <Fragment key={id}>
                <dt>{questions.find((q) => q.id === id)?.question ?? id}</dt>
                <dd>{text}</dd>
              </Fragment>
            ))}
          </dl>
        </details>
      )}
      <div class="form-actions">
        <button type="button" class={s.status === 'GENERATING' ? 'primary' : ''} disabled={props.busy} onClick={props.onGenerate}>
          Generate proposal
        </button>
        <span class="muted">
          {s.status === 'GENERATING'
            ? 'The architect has what it needs.'
            : requiredOpen > 0
              ? `${requiredOpen} required ${requiredOpen === 1 ? 'question is' : 'questions are'} still open; you may generate anyway.`
              : 'You may answer more or generate now.'}
        </span>
      </div>
    </section>
  );
}

function Decision(props: { busy: boolean; onAccept: () => void; onReject: (reason: string) => void }) {
  const [rejecting, setRejecting] = useState(false);
  // Accepting creates a routing policy: the api refuses it (403) to roles without routing.policies.create.
  const mayAccept = useSession().can('routing.policies.create');
  return (
    <div class="decision">
      <p>
        Accepting creates a project with these prompts (version 1 in production), the routing policy and the reference library, in one step.
        {!mayAccept && ' Your role may not create routing policies: an administrator accepts it.'}
      </p>
      {!rejecting ? (
        <div class="form-actions">
          {mayAccept && (
            <button type="button" class="primary" disabled={props.busy} onClick={props.onAccept}>
              Accept proposal
            </button>
          )}
          <button type="button" class="danger" disabled={props.busy} onClick={() => setRejecting(true)}>
            Reject…
          </button>
        </div>
      ) : (
        <ReasonForm
          id="reject-reason"
          label="Reason for rejecting (optional)"
          hint="Kept in the session's history"
          submit="Reject proposal"
          busy={props.busy}
          onSubmit={props.onReject}
          onCancel={() => setRejecting(false)}
        />
      )}
    </div>
  );
}

function Provisioned(props: { ids: GeneratedIds }) {
  const { can } = useSession();
  const ids = props.ids;
  const project = useLoad(() => get<{ project: { name: string } }>(`/api/v1/projects/${ids.projectId}`), [ids.projectId]);
  const policy = useLoad(() => get<{ policy: { name: string } }>(`/api/v1/routing/policies/${ids.routingPolicyId}`), [ids.routingPolicyId]);
  return (
    <section class="card" aria-labelledby="provisioned-title" data-testid="provisioned">
      <h2 id="provisioned-title">Created</h2>
      <dl class="facts">
        <dt>Project</dt>
        <dd data-testid="provisioned-project">
          {project.data?.project.name ?? ids.projectId} ·{' '}
          <Link href={`/prompts?repositoryId=${encodeURIComponent(ids.repositoryId)}`}>its prompts in the library</Link>
        </dd>
        <dt>Routing policy</dt>
        <dd data-testid="provisioned-policy">
          {policy.data?.policy.name ?? ids.routingPolicyId}
          {can('routing.policies.view') && (
            <>
              {' '}
              · <Link href={`/simulate?policyId=${encodeURIComponent(ids.routingPolicyId)}`}>simulate it</Link> ·{' '}
              <Link href="/policies">all policies</Link>
            </>
          )}
        </dd>
        <dt>Prompts</dt>
        <dd>
          <ul class="plain" data-testid="provisioned-prompts">
            {ids.prompts.map((p) => (
              <li key={p.id}>
                <Link href={`/prompts/${encodeURIComponent(p.promptId)}`}>{p.name}</Link> <Badge>{p.kind}</Badge>
              </li>
            ))}
          </ul>
        </dd>
        <dt>Reference library</dt>
        <dd>
          {ids.referenceLibrary.documents.map((d) => d.name).join(', ')} <span class="muted">(scaffolds to fill in; bound to the prompts that name them)</span>
        </dd>
      </dl>
    </section>
  );
}

function Rejected(props: { session: ArchitectSession }) {
  const rejection = [...props.session.dialogueHistory].reverse().find((h) => h.type === 'rejection') as { reason?: string | null } | undefined;
  return (
    <div data-testid="rejection">
      <Notice kind="info">
        Rejected {fmt.date(props.session.rejectedAt)}
        {rejection?.reason ? `: “${rejection.reason}”` : ' (no reason given)'}. Nothing was created.
      </Notice>
    </div>
  );
}

function History(props: { entries: HistoryEntry[]; questions: Question[] }) {
  if (!props.entries.length) return null;
  const q = (id: string) => props.questions.find((x) => x.id === id)?.question ?? id;
  const text = (h: HistoryEntry): string => {
    switch (h.type) {
      case 'analysis':
        return `Analysed${h.fallback ? ' (fallback: the answer could not be read)' : ''}; ${h.questions.length} questions`;
      case 'answers':
        return `Answered ${Object.keys(h.answers).length}${h.newQuestions.length ? `; new questions: ${h.newQuestions.map(q).join('; ')}` : ''}; next: ${h.next}`;
      case 'quality':
        return `A proposal failed ${h.issues.length} checks`;
      case 'proposal':
        return 'Proposal generated';
      case 'rejection':
        return `Rejected${h.reason ? `: “${h.reason}”` : ''}`;
      default:
        return (h as { type: string }).type;
    }
  };
  return (
    <details class="card">
      <summary>History ({props.entries.length})</summary>
      <ol data-testid="history">
        {props.entries.map((h) => (
          <li key={`${h.type}-${h.at}`}>
            {fmt.date(h.at)}: {text(h)}
          </li>
        ))}
      </ol>
    </details>
  );
}

function DeleteSession(props: { id: string; title: string; accepted: boolean; busy: boolean; onError: (text: string) => void }) {
  return (
    <div class="form-actions">
      <button
        type="button"
        class="danger"
        disabled={props.busy}
        onClick={async () => {
          const keep = props.accepted ? ' What it created stays.' : '';
          if (!window.confirm(`Delete the session ${props.title}?${keep}`)) return;
          try {
            await del(`/api/v1/architect/sessions/${props.id}`);
            navigate('/architect');
          } catch (err) {
            props.onError(errorText(err));
          }
        }}
      >
        Delete session
      </button>
    </div>
  );
}
