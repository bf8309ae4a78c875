import { useState } from 'preact/hooks';
import { ARCHITECT_STATES, SECURITY_LEVELS } from '../../../domain/architect/session';
import { errorText, get, post } from '../api';
import { Empty, Field, FilterSelect, Loading, Notice, PageHeader, Pager, TableHead, fmt, useLoad } from '../components/ui';
import { Link, navigate, usePath } from '../router';
import { ArchitectSessionPage, type ArchitectSession, type Requirements, StateBadge } from './architect-session';

const PAGE = 20;
/** The model sees the first and last 30,000 characters of a file; the api takes at most 500,000. */
const FILE_MAX = 500_000;

/** /architect lists the sessions and starts one; /architect/<id> is one session. */
export function Architect() {
  const path = usePath();
  const id = path.startsWith('/architect/') ? decodeURIComponent(path.slice('/architect/'.length)) : '';
  return id ? <ArchitectSessionPage id={id} /> : <ArchitectSessions />;
}

function ArchitectSessions() {
  const [status, setStatus] = useState('ALL');
  const [offset, setOffset] = useState(0);
  const list = useLoad(
    () => get<{ sessions: ArchitectSession[]; pagination: { total: number } }>(`/api/v1/architect/sessions?status=${status}&limit=${PAGE}&offset=${offset}`),
    [status, offset],
  );
  const sessions = list.data?.sessions ?? [];
  const total = list.data?.pagination.total ?? 0;
  return (
    <>
      <PageHeader title="Architect" />
      <p class="muted">
        Describe what you want to build; the architect asks what it needs to know, then proposes prompts, a routing policy, tools and a reference library. Nothing is
        created until you accept the proposal.
      </p>
      <NewSession />
      <section class="card" aria-labelledby="sessions-title">
        <div class="page-header">
          <h2 id="sessions-title">Sessions</h2>
          <FilterSelect
            id="session-status"
            label="Status"
            all="ALL"
            value={status}
            options={ARCHITECT_STATES.map((x) => [x, x])}
            onChange={(v) => {
              setStatus(v);
              setOffset(0);
            }}
          />
        </div>
        {list.error && <Notice kind="error">{list.error}</Notice>}
        {!list.data && list.loading && <Loading />}
        {list.data && sessions.length === 0 && <Empty title="No sessions">Start one above with a description of what you want to build.</Empty>}
        {sessions.length > 0 && (
          <div class="table-scroll">
            <table data-testid="architect-sessions">
              <TableHead columns={['Title', 'Status', 'Session id', 'Updated']} />
              <tbody>
                {sessions.map((s) => (
                  <tr key={s.id} data-session-id={s.id}>
                    <th scope="row">
                      <Link href={`/architect/${s.id}`}>{s.title}</Link>
                    </th>
                    <td>
                      <StateBadge status={s.status} />
                    </td>
                    <td>
                      <code>{s.sessionId}</code>
                    </td>
                    <td>{fmt.date(s.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager offset={offset} page={PAGE} total={total} onOffset={setOffset} />
      </section>
    </>
  );
}

export interface RequirementsDraft {
  description: string;
  fileContent: string;
  industry: string;
  useCase: string;
  securityLevel: string;
  providers: string;
  targetFramework: string;
  frameworkDetails: string;
}

export function draftOf(r: Requirements | null): RequirementsDraft {
  return {
    description: r?.description ?? '',
    fileContent: r?.fileContent ?? '',
    industry: r?.industry ?? '',
    useCase: r?.useCase ?? '',
    securityLevel: r?.securityLevel ?? 'standard',
    providers: (r?.providers ?? []).join(', '),
    targetFramework: r?.targetFramework ?? '',
    frameworkDetails: r?.frameworkDetails ?? '',
  };
}

/**
 * The requirements as the api takes them. For a PATCH (merge over the stored ones) a field left
 * empty is sent as "" so the api removes it; for a create it is left out.
 */
export function requirementsOf(d: RequirementsDraft, forPatch: boolean): Record<string, unknown> {
  const text = (v: string) => (v.trim() ? v.trim() : forPatch ? '' : undefined);
  const providers = d.providers
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const out: Record<string, unknown> = {
    description: text(d.description),
    fileContent: d.fileContent.trim() ? d.fileContent : forPatch ? '' : undefined,
    industry: text(d.industry),
    useCase: text(d.useCase),
    securityLevel: d.securityLevel,
    targetFramework: text(d.targetFramework),
    frameworkDetails: text(d.frameworkDetails),
  };
  if (providers.length || forPatch) out.providers = providers;
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/** The requirement fields, shared by the new-session form and the session's edit form. */
export function RequirementFields(props: { draft: RequirementsDraft; onChange: (d: RequirementsDraft) => void; idPrefix: string }) {
  const { draft: d, onChange, idPrefix: p } = props;
  const providers = useLoad(() => get<{ providers: { id: string; name: string; type: string; isActive: boolean }[] }>('/api/v1/providers'));
  const [fileNote, setFileNote] = useState<string | null>(null);
  const set = (k: keyof RequirementsDraft) => (e: Event) => onChange({ ...d, [k]: (e.currentTarget as HTMLInputElement).value });
  const active = (providers.data?.providers ?? []).filter((x) => x.isActive);
  return (
    <>
      <div class="field wide">
        <label for={`${p}-description`}>Description</label>
        <textarea
          id={`${p}-description`}
          rows={5}
          maxLength={20_000}
          value={d.description}
          onInput={set('description')}
          aria-describedby={`${p}-description-hint`}
        />
        <small id={`${p}-description-hint`} class="hint">
          What should it do, for whom, with what inputs? A description or a file (below) is required.
        </small>
      </div>
      <div class="field wide">
        <label for={`${p}-file`}>File text (optional)</label>
        <textarea id={`${p}-file`} class="code" rows={5} value={d.fileContent} onInput={set('fileContent')} aria-describedby={`${p}-file-hint`} />
        <small id={`${p}-file-hint`} class="hint">
          Paste a document (a handbook, a process description), or load a text file:{' '}
          <input
            type="file"
            aria-label="Load the file text from a file"
            accept=".txt,.md,.markdown,.csv,.json,.yaml,.yml,.xml,.html,text/*"
            onChange={async (e) => {
              const file = e.currentTarget.files?.[0];
              if (!file) return;
              const text = await file.text();
              onChange({ ...d, fileContent: text.slice(0, FILE_MAX) });
              setFileNote(text.length > FILE_MAX ? `${file.name}: cut to the first ${fmt.int(FILE_MAX)} characters (the limit).` : `${file.name} loaded (${fmt.int(text.length)} characters).`);
            }}
          />
          {fileNote && <span role="status"> {fileNote}</span>} The model reads its first and last 30,000 characters.
        </small>
      </div>
      <Field label="Industry" id={`${p}-industry`}>
        <input id={`${p}-industry`} value={d.industry} onInput={set('industry')} />
      </Field>
      <Field label="Use case" id={`${p}-use-case`}>
        <input id={`${p}-use-case`} value={d.useCase} onInput={set('useCase')} />
      </Field>
      <Field label="Security level" id={`${p}-security`}>
        <select id={`${p}-security`} value={d.securityLevel} onChange={set('securityLevel')}>
          {SECURITY_LEVELS.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </select>
      </Field>
      <Field
        label="Providers (types or names, comma-separated)"
        id={`${p}-providers`}
        hint={`Empty: any active provider. ${active.length ? `Active now: ${active.map((x) => `${x.name} (${x.type})`).join(', ')}.` : ''}`}
      >
        <input id={`${p}-providers`} value={d.providers} onInput={set('providers')} />
      </Field>
      <Field label="Target framework" id={`${p}-framework`} hint="An agent framework (LangGraph, MCP, CrewAI…) makes the proposal include tools">
        <input id={`${p}-framework`} value={d.targetFramework} onInput={set('targetFramework')} />
      </Field>
      <Field label="Framework details" id={`${p}-framework-details`}>
        <input id={`${p}-framework-details`} value={d.frameworkDetails} onInput={set('frameworkDetails')} />
      </Field>
    </>
  );
}

function NewSession() {
  const [title, setTitle] = useState('');
  const [draft, setDraft] = useState<RequirementsDraft>(draftOf(null));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const empty = !draft.description.trim() && !draft.fileContent.trim();
  return (
    <form
      class="card form-grid"
      aria-label="Start a session"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        setBusy(true);
        try {
          const res = await post<{ session: ArchitectSession }>('/api/v1/architect/sessions', {
            ...(title.trim() ? { title: title.trim() } : {}),
            requirements: requirementsOf(draft, false),
          });
          navigate(`/architect/${res.session.id}`);
        } catch (err) {
          setError(errorText(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2>Start a session</h2>
      {error && <Notice kind="error">{error}</Notice>}
      <Field label="Title" id="arch-title" hint="Optional: the description's first words otherwise">
        <input id="arch-title" maxLength={200} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
      </Field>
      <RequirementFields draft={draft} onChange={setDraft} idPrefix="arch" />
      <div class="form-actions">
        <button type="submit" class="primary" disabled={busy || empty}>
          Start session
        </button>
        {empty && <span class="muted">Write a description or add a file's text first.</span>}
      </div>
    </form>
  );
}
