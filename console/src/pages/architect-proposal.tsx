import { Badge, TableHead } from '../components/ui';

/** The architect's proposal (docs/API.md, "Architect sessions": the spec does not show its sections). */
export interface Proposal {
  projectName: string;
  projectDescription: string;
  prompts: {
    key: string;
    name: string;
    kind: string;
    description: string;
    systemPrompt?: string | null;
    userPrompt: string;
    variables: { name: string; description: string; required: boolean }[];
    mcpEnabled: boolean;
    skill?: { name: string; description: string; triggers: string[] } | null;
    referenceDocuments: string[];
  }[];
  routingPolicy: { name: string; description: string; policyJson: Record<string, unknown> };
  mcpArchitecture: { enabled: boolean; servers: { name: string; description: string; tools: { name: string; description: string; promptKey: string; inputSchema: Record<string, unknown> }[] }[] };
  skillsArchitecture: { skills: { name: string; promptKey: string; description: string; metadata?: Record<string, unknown> }[] };
  referenceLibrary: { name: string; description: string; documents: { key: string; title: string; purpose: string; sections: string[] }[] };
  implementationGuide: { sections: { title: string; content: string }[] };
}

const NAMES: Record<string, string> = {
  projectName: 'Project name',
  projectDescription: 'Project description',
  prompts: 'Prompts',
  routingPolicy: 'Routing policy',
  policyJson: 'policy',
  mcpArchitecture: 'MCP design',
  skillsArchitecture: 'Skills',
  referenceLibrary: 'Reference library',
  implementationGuide: 'Implementation guide',
  sections: 'sections',
  documents: 'documents',
  servers: 'servers',
  tools: 'tools',
};

/** A validation issue's path in words: ['implementationGuide', 'sections', '0', 'content'] → "Implementation guide › sections › 1 › content". */
export function issuePath(path: string[]): string {
  if (!path.length) return 'The answer';
  return path.map((p) => (/^\d+$/.test(p) ? `#${Number(p) + 1}` : (NAMES[p] ?? p))).join(' › ');
}

/** Splits a prompt's text so its {{variables}} stand out. */
function Template(props: { text: string }) {
  const parts = props.text.split(/(\{\{[^}]+\}\})/g);
  return (
    <pre class="text">
      {parts.map((part, i) =>
        /^\{\{[^}]+\}\}$/.test(part) ? (
          <mark key={i} class="variable">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

const section = (id: string, title: string) => ({ id: `proposal-${id}`, title });
const SECTIONS = [
  section('project', 'Project'),
  section('prompts', 'Prompts'),
  section('routing', 'Routing policy'),
  section('mcp', 'MCP and skills'),
  section('library', 'Reference library'),
  section('guide', 'Implementation guide'),
];

export function ProposalView(props: { proposal: Proposal }) {
  const p = props.proposal;
  const policy = p.routingPolicy.policyJson;
  const skills = p.skillsArchitecture?.skills ?? [];
  const servers = p.mcpArchitecture?.servers ?? [];
  return (
    <div class="proposal">
      <nav aria-label="Proposal sections">
        <ul class="toc">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="proposal-project">
        <h3 id="proposal-project">Project: {p.projectName}</h3>
        <p class="prewrap">{p.projectDescription}</p>
      </section>

      <section aria-labelledby="proposal-prompts">
        <h3 id="proposal-prompts">Prompts ({p.prompts.length})</h3>
        <ul class="plain proposal-prompts">
          {p.prompts.map((pr) => (
            <li key={pr.key} data-prompt-key={pr.key}>
              <article class="subcard" aria-labelledby={`prompt-${pr.key}`}>
                <header class="hold-head">
                  <h4 id={`prompt-${pr.key}`} class="plain-heading">
                    {pr.name}
                  </h4>
                  <Badge>{pr.kind}</Badge>
                  {pr.mcpEnabled && <Badge tone="ok">MCP tool</Badge>}
                  {pr.skill && <Badge tone="ok">skill: {pr.skill.triggers.join(', ')}</Badge>}
                </header>
                <p>{pr.description}</p>
                {pr.variables.length > 0 && (
                  <p>
                    Variables:{' '}
                    {pr.variables.map((v, i) => (
                      <span key={v.name}>
                        {i > 0 && ', '}
                        <code>{`{{${v.name}}}`}</code> {v.description}
                        {v.required ? '' : ' (optional)'}
                      </span>
                    ))}
                  </p>
                )}
                {pr.referenceDocuments.length > 0 && <p class="muted">Reads: {pr.referenceDocuments.map((k) => p.referenceLibrary.documents.find((d) => d.key === k)?.title ?? k).join(', ')}</p>}
                <details>
                  <summary>Prompt text</summary>
                  {pr.systemPrompt && (
                    <>
                      <h5>System prompt</h5>
                      <Template text={pr.systemPrompt} />
                    </>
                  )}
                  <h5>User prompt</h5>
                  <Template text={pr.userPrompt} />
                </details>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="proposal-routing">
        <h3 id="proposal-routing">Routing policy: {p.routingPolicy.name}</h3>
        <p>{p.routingPolicy.description}</p>
        <dl class="facts">
          <dt>Strategy</dt>
          <dd data-testid="proposal-strategy">{String(policy.strategy ?? '—')}</dd>
        </dl>
        <details>
          <summary>Policy document</summary>
          <pre class="text">{JSON.stringify(policy, null, 2)}</pre>
        </details>
      </section>

      <section aria-labelledby="proposal-mcp">
        <h3 id="proposal-mcp">MCP and skills</h3>
        {p.mcpArchitecture?.enabled && servers.length > 0 ? (
          servers.map((s) => (
            <div key={s.name}>
              <h4>{s.name}</h4>
              <p>{s.description}</p>
              <div class="table-scroll">
                <table>
                  <TableHead columns={['Tool', 'What it does', 'Prompt', 'Inputs']} />
                  <tbody>
                    {s.tools.map((t) => (
                      <tr key={t.name}>
                        <th scope="row">
                          <code>{t.name}</code>
                        </th>
                        <td>{t.description}</td>
                        <td>{p.prompts.find((x) => x.key === t.promptKey)?.name ?? t.promptKey}</td>
                        <td>
                          <code>{Object.keys((t.inputSchema?.properties as Record<string, unknown>) ?? {}).join(', ') || '—'}</code>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ))
        ) : (
          <p class="muted">No MCP tools: nothing in the requirements asks for an agent framework.</p>
        )}
        {skills.length > 0 && (
          <>
            <h4>Skills</h4>
            <ul>
              {skills.map((s) => (
                <li key={s.name}>
                  <strong>{s.name}</strong> ({p.prompts.find((x) => x.key === s.promptKey)?.name ?? s.promptKey}): {s.description}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="proposal-library">
        <h3 id="proposal-library">Reference library: {p.referenceLibrary.name}</h3>
        <p>{p.referenceLibrary.description}</p>
        <ul>
          {p.referenceLibrary.documents.map((d) => (
            <li key={d.key}>
              <strong>{d.title}</strong>: {d.purpose} <span class="muted">(sections: {d.sections.join(', ')})</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="proposal-guide">
        <h3 id="proposal-guide">Implementation guide</h3>
        {p.implementationGuide.sections.map((s) => (
          <div key={s.title}>
            <h4>{s.title}</h4>
            <p class="prewrap">{s.content}</p>
          </div>
        ))}
      </section>
    </div>
  );
}
