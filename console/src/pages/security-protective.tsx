import { useState } from 'preact/hooks';
import { BUILT_IN_PROTECTIVE_PROMPTS, PROTECTIVE_PROMPT_TYPES, type ProtectivePromptType } from '../../../domain/security/protective-prompts';
import { del, get, patch, post, put } from '../api';
import { Badge, Empty, Field, Notice, TableHead, fmt, useAct, useLoad } from '../components/ui';

interface ProtectivePrompt {
  id: string;
  type: ProtectivePromptType;
  name: string;
  description: string | null;
  content: string;
  version: number;
  isActive: boolean;
  updatedAt: string;
}
interface Assignment {
  id: string;
  protectivePromptId: string;
  targetType: 'routing_policy' | 'api_key';
  targetId: string;
}

/**
 * Protective prompts (SUPER_ADMIN only: the api answers 403 to every other role): the company's
 * versioned wrappers, and which routing policy or API key has one.
 */
export function ProtectivePrompts() {
  const list = useLoad(() => get<{ protectivePrompts: ProtectivePrompt[] }>('/api/v1/security/protective-prompts'));
  const assignments = useLoad(() => get<{ assignments: Assignment[] }>('/api/v1/security/protective-prompts/assignments'));
  const policies = useLoad(() => get<{ policies: { id: string; name: string }[] }>('/api/v1/routing/policies'));
  const keys = useLoad(() => get<{ apiKeys: { id: string; name: string }[] }>('/api/v1/api-keys'));
  const { message, act } = useAct(() => Promise.all([list.reload(), assignments.reload()]));
  const [editing, setEditing] = useState<string | null>(null);
  const prompts = list.data?.protectivePrompts ?? [];
  const targets = [
    ...(policies.data?.policies ?? []).map((p) => ({ key: `routing_policy:${p.id}`, label: `Policy: ${p.name}` })),
    ...(keys.data?.apiKeys ?? []).map((k) => ({ key: `api_key:${k.id}`, label: `API key: ${k.name}` })),
  ];
  const targetLabel = new Map(targets.map((t) => [t.key, t.label]));


  return (
    <section class="card" aria-labelledby="protective-title" data-testid="protective-prompts">
      <h2 id="protective-title">Protective prompts</h2>
      <p class="muted">Instructions placed in front of the system prompt a provider receives. Only SUPER_ADMIN sees and changes them.</p>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {list.error && <Notice kind="error">{list.error}</Notice>}
      {list.data && prompts.length === 0 && <Empty title="No stored protective prompts">The three built-in types apply by name; add one below to keep your own versions.</Empty>}
      <ul class="plain">
        {prompts.map((p) => (
          <li key={p.id} data-protective-id={p.id}>
            <article class="subcard" aria-label={p.name}>
              <header class="hold-head">
                <h3>{p.name}</h3>
                <Badge>{p.type}</Badge>
                <Badge tone="neutral">version {p.version}</Badge>
                {p.isActive ? <Badge tone="ok">active</Badge> : <Badge tone="warn">inactive</Badge>}
                <span class="muted">changed {fmt.date(p.updatedAt)}</span>
              </header>
              {editing === p.id ? (
                <ContentForm
                  initial={p.content}
                  submit="Save as a new version"
                  onCancel={() => setEditing(null)}
                  onSubmit={(content) =>
                    act(`${p.name}: version ${p.version + 1} saved.`, async () => {
                      await patch(`/api/v1/security/protective-prompts/${p.id}`, { content });
                      setEditing(null);
                    })
                  }
                />
              ) : (
                <details>
                  <summary>Text</summary>
                  <pre class="text">{p.content}</pre>
                </details>
              )}
              <div class="row-actions">
                {editing !== p.id && (
                  <button type="button" onClick={() => setEditing(p.id)}>
                    Edit text
                  </button>
                )}
                <button type="button" onClick={() => void act(`${p.name} ${p.isActive ? 'deactivated' : 'activated'}.`, () => patch(`/api/v1/security/protective-prompts/${p.id}`, { isActive: !p.isActive }))}>
                  {p.isActive ? 'Deactivate' : 'Activate'}
                </button>
                <button
                  type="button"
                  class="danger"
                  onClick={() => {
                    if (window.confirm(`Delete ${p.name}? Its assignments go with it.`)) void act(`${p.name} deleted.`, () => del(`/api/v1/security/protective-prompts/${p.id}`));
                  }}
                >
                  Delete
                </button>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <NewProtectivePrompt onCreate={(body) => act(`${body.name} added.`, () => post('/api/v1/security/protective-prompts', body))} />

      <h3>Assignments</h3>
      {(assignments.data?.assignments.length ?? 0) > 0 && (
        <table data-testid="assignments">
          <TableHead columns={['Applies to', 'Protective prompt', '']} />
          <tbody>
            {assignments.data!.assignments.map((a) => (
              <tr key={a.id}>
                <th scope="row">{targetLabel.get(`${a.targetType}:${a.targetId}`) ?? a.targetId}</th>
                <td>{prompts.find((p) => p.id === a.protectivePromptId)?.name ?? a.protectivePromptId}</td>
                <td>
                  <button
                    type="button"
                    onClick={() => void act('Assignment removed.', () => put('/api/v1/security/protective-prompts/assignments', { targetType: a.targetType, targetId: a.targetId, protectivePromptId: null }))}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AssignForm
        targets={targets}
        prompts={prompts.filter((p) => p.isActive)}
        onAssign={(target, promptId) => {
          const [targetType, targetId] = target.split(':') as [string, string];
          return act(`Assigned to ${targetLabel.get(target)}.`, () => put('/api/v1/security/protective-prompts/assignments', { targetType, targetId, protectivePromptId: promptId }));
        }}
      />
    </section>
  );
}

function ContentForm(props: { initial: string; submit: string; onSubmit: (content: string) => Promise<void>; onCancel: () => void }) {
  const [content, setContent] = useState(props.initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void props.onSubmit(content);
      }}
    >
      <Field label="Protective text" id="protective-content">
        <textarea id="protective-content" class="code" rows={8} required value={content} onInput={(e) => setContent(e.currentTarget.value)} />
      </Field>
      <div class="form-actions">
        <button type="submit" class="primary" disabled={content.trim() === props.initial.trim()}>
          {props.submit}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function NewProtectivePrompt(props: { onCreate: (body: { type: string; name: string; content: string }) => Promise<void> }) {
  const [type, setType] = useState<ProtectivePromptType>('STANDARD_INJECTION_GUARD');
  const [name, setName] = useState('');
  const builtIn = BUILT_IN_PROTECTIVE_PROMPTS[type];
  return (
    <details class="add-test-set">
      <summary>Add a protective prompt</summary>
      <form
        class="form-grid"
        aria-label="Add a protective prompt"
        onSubmit={async (e) => {
          e.preventDefault();
          await props.onCreate({ type, name: name.trim() || builtIn.name, content: builtIn.content });
          setName('');
        }}
      >
        <Field label="Type" id="protective-type">
          <select id="protective-type" value={type} onChange={(e) => setType(e.currentTarget.value as ProtectivePromptType)}>
            {PROTECTIVE_PROMPT_TYPES.map((t) => (
              <option key={t} value={t}>
                {BUILT_IN_PROTECTIVE_PROMPTS[t].name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Name" id="protective-name" hint={`Default: ${builtIn.name}`}>
          <input id="protective-name" maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </Field>
        <p class="wide muted">Starts from the built-in text ({builtIn.description}); edit it afterwards to make version 2.</p>
        <div class="form-actions">
          <button type="submit" class="primary">
            Add protective prompt
          </button>
        </div>
      </form>
    </details>
  );
}

function AssignForm(props: { targets: { key: string; label: string }[]; prompts: ProtectivePrompt[]; onAssign: (target: string, promptId: string) => Promise<void> }) {
  const [target, setTarget] = useState('');
  const [promptId, setPromptId] = useState('');
  return (
    <form
      class="inline-form"
      aria-label="Assign a protective prompt"
      onSubmit={(e) => {
        e.preventDefault();
        void props.onAssign(target, promptId);
      }}
    >
      <Field label="Apply to" id="assign-target">
        <select id="assign-target" required value={target} onChange={(e) => setTarget(e.currentTarget.value)}>
          <option value="" disabled>
            Choose a policy or key
          </option>
          {props.targets.map((t) => (
            <option key={t.key} value={t.key}>
              {t.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Protective prompt" id="assign-prompt">
        <select id="assign-prompt" required value={promptId} onChange={(e) => setPromptId(e.currentTarget.value)}>
          <option value="" disabled>
            Choose one
          </option>
          {props.prompts.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} (v{p.version})
            </option>
          ))}
        </select>
      </Field>
      <div class="field">
        <button type="submit" class="primary" disabled={!target || !promptId}>
          Assign
        </button>
      </div>
    </form>
  );
}
