import { useState } from 'preact/hooks';
import { errorText, get, put } from '../api';
import { Badge, Loading, Notice, fmt, useLoad } from '../components/ui';
import { Link } from '../router';
import { useSession } from '../session';
import { PromptTests } from './prompt-tests';
import { type Prompt, Variables, VisibilityBadge } from './prompts';

export interface Version {
  id: string;
  versionNumber: number;
  userPrompt: string;
  systemPrompt: string | null;
  temperature: number;
  maxTokens: number;
  variables: string[];
  note: string | null;
  isProduction: boolean;
  createdAt: string;
}

/** One stored prompt: its variables, its versions with the production label, and its tests. */
export function PromptPage(props: { id: string }) {
  const { me, can } = useSession();
  const id = encodeURIComponent(props.id);
  const prompt = useLoad(() => get<{ prompt: Prompt }>(`/api/v1/prompts/${id}`), [id]);
  const versions = useLoad(() => get<{ versions: Version[]; productionVersionId: string | null }>(`/api/v1/prompts/${id}/versions?order=desc`), [id]);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const p = prompt.data?.prompt;
  if (!p) {
    return (
      <>
        <p>
          <Link href="/prompts">← Prompt library</Link>
        </p>
        {prompt.error ? <Notice kind="error">{prompt.error}</Notice> : <Loading />}
      </>
    );
  }
  // The api lets the prompt's creator and company admins move the label (403 PROMPT_EDIT_FORBIDDEN otherwise).
  const canEdit = (me.user !== null && p.createdByUserId === me.user.id) || can('prompts.admin');

  async function promote(v: Version) {
    setMessage(null);
    try {
      await put(`/api/v1/prompts/${id}/production`, { versionId: v.id });
      setMessage({ kind: 'success', text: `Version ${v.versionNumber} is now in production: executions by prompt id run it.` });
      await Promise.all([prompt.reload(), versions.reload()]);
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err) });
    }
  }

  const list = versions.data?.versions ?? [];
  return (
    <>
      <p>
        <Link href="/prompts">← Prompt library</Link>
      </p>
      <div class="page-header">
        <h1>{p.name}</h1>
        <div class="page-actions">
          <VisibilityBadge prompt={p} />
          {p.isActive ? <Badge tone="ok">active</Badge> : <Badge tone="bad">deactivated</Badge>}
          <code>{p.promptId}</code>
        </div>
      </div>
      {p.description && <p>{p.description}</p>}
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <section class="card" aria-labelledby="prompt-facts-title">
        <h2 id="prompt-facts-title">Overview</h2>
        <dl class="facts">
          <dt>Variables</dt>
          <dd data-testid="prompt-variables">
            <Variables names={p.variables} none="none" />
          </dd>
          <dt>Production</dt>
          <dd data-testid="prompt-production">{p.productionVersion ? `version ${p.productionVersion.versionNumber}` : 'no version'}</dd>
          <dt>Latest</dt>
          <dd>version {p.version.versionNumber}</dd>
          <dt>Category, tags</dt>
          <dd>{[p.category, ...p.tags].filter(Boolean).join(', ') || '—'}</dd>
          <dt>Executions</dt>
          <dd>
            {fmt.int(p.totalExecutions)}
            {p.lastExecutedAt && <span class="muted"> (last {fmt.date(p.lastExecutedAt)})</span>}
          </dd>
        </dl>
        <p class="muted">
          Run it through the gateway with <code>{`metadata: {promptId: "${p.promptId}"}`}</code> and its variables: the production version answers.
        </p>
      </section>

      <section class="card" aria-labelledby="versions-title">
        <h2 id="versions-title">Versions</h2>
        {!canEdit && <p class="muted">Only the prompt’s author and company admins move the production label.</p>}
        {versions.error && <Notice kind="error">{versions.error}</Notice>}
        {!versions.data && versions.loading && <Loading />}
        <ol class="plain" data-testid="versions">
          {list.map((v) => (
            <li key={v.id} data-version={v.versionNumber}>
              <article class="subcard" aria-labelledby={`version-${v.versionNumber}`}>
                <header class="hold-head">
                  <h3 id={`version-${v.versionNumber}`}>Version {v.versionNumber}</h3>
                  {v.isProduction && <Badge tone="ok">production</Badge>}
                  {v.versionNumber === p.version.versionNumber && <Badge>latest</Badge>}
                  <span class="muted">
                    {fmt.date(v.createdAt)} · temperature {v.temperature} · up to {fmt.int(v.maxTokens)} tokens
                  </span>
                  {canEdit && !v.isProduction && (
                    <button type="button" onClick={() => void promote(v)}>
                      Make version {v.versionNumber} production
                    </button>
                  )}
                </header>
                {v.note && <p>{v.note}</p>}
                <details open={v.isProduction}>
                  <summary>Text</summary>
                  {v.systemPrompt && (
                    <>
                      <h4>System prompt</h4>
                      <pre class="text">{v.systemPrompt}</pre>
                    </>
                  )}
                  <h4>User prompt</h4>
                  <pre class="text">{v.userPrompt}</pre>
                </details>
              </article>
            </li>
          ))}
        </ol>
      </section>

      <PromptTests prompt={p} versions={list} />
    </>
  );
}
