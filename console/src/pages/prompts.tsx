import { useState } from 'preact/hooks';
import { get } from '../api';
import { Badge, Empty, Field, Loading, Notice, PageHeader, Pager, TableHead, fmt, useLoad } from '../components/ui';
import { Link, navigate, usePath, useQuery } from '../router';
import { PromptPage } from './prompt-detail';

export interface Prompt {
  id: string;
  promptId: string;
  name: string;
  description: string | null;
  userPrompt: string;
  systemPrompt: string | null;
  temperature: number;
  maxTokens: number;
  variables: string[];
  category: string | null;
  tags: string[];
  visibility: 'PRIVATE' | 'SHARED' | 'PUBLIC';
  sharedWithUserIds: string[];
  sharedWithTeamIds: string[];
  repositoryId: string | null;
  isActive: boolean;
  version: { id: string; versionNumber: number };
  productionVersion: { id: string; versionNumber: number } | null;
  versionCount: number;
  totalExecutions: number;
  lastExecutedAt: string | null;
  createdByUserId: string | null;
  createdAt: string;
  updatedAt: string;
}

const PAGE = 20;
const VISIBILITIES: [string, string][] = [
  ['', 'Any'],
  ['PRIVATE', 'Private'],
  ['SHARED', 'Shared in the company'],
  ['PUBLIC', 'Public'],
];

/** /prompts is the library; /prompts/<promptId> is one prompt. */
export function Prompts() {
  const path = usePath();
  const id = path.startsWith('/prompts/') ? decodeURIComponent(path.slice('/prompts/'.length)) : '';
  return id ? <PromptPage id={id} /> : <PromptLibrary />;
}

/** A prompt's variables as they are written in it: {{city}} {{date}}. */
export function Variables(props: { names: string[]; none?: string }) {
  if (!props.names.length) return <>{props.none ?? '—'}</>;
  return (
    <>
      {props.names.map((v) => (
        <code key={v}>{`{{${v}}} `}</code>
      ))}
    </>
  );
}

export function VisibilityBadge(props: { prompt: Pick<Prompt, 'visibility' | 'sharedWithUserIds' | 'sharedWithTeamIds'> }) {
  const p = props.prompt;
  if (p.visibility === 'PRIVATE') return <Badge>private</Badge>;
  if (p.visibility === 'PUBLIC') return <Badge tone="ok">public</Badge>;
  const n = p.sharedWithUserIds.length + p.sharedWithTeamIds.length;
  return <Badge tone="warn">{n ? `shared with ${n}` : 'shared: company'}</Badge>;
}

function PromptLibrary() {
  const params = useQuery();
  const repositoryId = params.get('repositoryId') ?? '';
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [visibility, setVisibility] = useState('');
  const [offset, setOffset] = useState(0);
  const qs = new URLSearchParams({ limit: String(PAGE), offset: String(offset), sortBy: 'updatedAt' });
  if (search) qs.set('query', search);
  if (visibility) qs.set('visibility', visibility);
  if (repositoryId) qs.set('repositoryId', repositoryId);
  const list = useLoad(() => get<{ prompts: Prompt[]; pagination: { total: number } }>(`/api/v1/prompts?${qs}`), [search, visibility, offset, repositoryId]);
  const prompts = list.data?.prompts ?? [];
  const total = list.data?.pagination.total ?? 0;
  const filtered = Boolean(search || visibility || repositoryId);
  return (
    <>
      <PageHeader title="Prompt library" />
      <form
        class="card inline-form"
        aria-label="Search prompts"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(query.trim());
          setOffset(0);
        }}
      >
        <Field label="Name or description" id="prompt-query">
          <input id="prompt-query" type="search" maxLength={200} value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
        </Field>
        <Field label="Visibility" id="prompt-visibility">
          <select
            id="prompt-visibility"
            value={visibility}
            onChange={(e) => {
              setVisibility(e.currentTarget.value);
              setOffset(0);
            }}
          >
            {VISIBILITIES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <div class="field">
          <button type="submit" class="primary">
            Search
          </button>
        </div>
      </form>
      {repositoryId && (
        <p>
          Only the prompts of repository <code>{repositoryId}</code> ·{' '}
          <button type="button" class="link" onClick={() => navigate('/prompts')}>
            show all
          </button>
        </p>
      )}
      {list.error && <Notice kind="error">{list.error}</Notice>}
      {!list.data && list.loading && <Loading />}
      {list.data && prompts.length === 0 && (
        <Empty title={filtered ? 'No prompt matches' : 'No prompts yet'}>
          {filtered ? (
            'Change the search or the visibility.'
          ) : (
            <>
              Create prompts with <code>POST /api/v1/prompts</code>, or let the <Link href="/architect">Architect</Link> propose a set.
            </>
          )}
        </Empty>
      )}
      {prompts.length > 0 && (
        <section class="card" aria-labelledby="prompts-title">
          <h2 id="prompts-title">
            {total} {total === 1 ? 'prompt' : 'prompts'}
          </h2>
          <div class="table-scroll">
            <table data-testid="prompt-list">
              <TableHead columns={['Name', 'Visibility', 'Versions', 'Variables', 'Executions', 'Updated']} />
              <tbody>
                {prompts.map((p) => (
                  <tr key={p.id} data-prompt-id={p.promptId}>
                    <th scope="row">
                      <Link href={`/prompts/${encodeURIComponent(p.promptId)}`}>{p.name}</Link>
                      {!p.isActive && <Badge tone="bad">deactivated</Badge>}
                      {p.description && <div class="muted">{p.description}</div>}
                    </th>
                    <td>
                      <VisibilityBadge prompt={p} />
                    </td>
                    <td>
                      {p.productionVersion ? `v${p.productionVersion.versionNumber} in production` : 'none in production'}
                      {p.version.versionNumber !== p.productionVersion?.versionNumber && <div class="muted">latest v{p.version.versionNumber}</div>}
                    </td>
                    <td>
                      <Variables names={p.variables} />
                    </td>
                    <td>{fmt.int(p.totalExecutions)}</td>
                    <td>{fmt.date(p.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager offset={offset} page={PAGE} total={total} onOffset={setOffset} />
        </section>
      )}
    </>
  );
}
