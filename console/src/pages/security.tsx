import { useEffect, useState } from 'preact/hooks';
import { SECURITY_MODES, type SecurityMode } from '../../../domain/security/modes';
import { errorText, get, post, put } from '../api';
import { Badge, Field, Loading, Notice, PageHeader, TableHead, useAct, useLoad } from '../components/ui';
import { Link } from '../router';
import { useSession } from '../session';
import { ProtectivePrompts } from './security-protective';

const MODE_TEXT: Record<SecurityMode, string> = {
  off: 'Prompts are not scanned. Document attachments are still scanned and findings recorded; nothing is refused.',
  monitor: 'Prompts and attachments are scanned; findings are recorded and audited (security.flagged), and the call goes ahead.',
  block: 'A prompt or attachment that fails a check is refused with 403 SECURITY_BLOCKED before anything reaches a provider.',
};

interface Check {
  type: string;
  passed: boolean;
  score: number;
  findings: { rule: string; start: number; end: number; evidence: string }[];
}

/** Security settings: the company's mode, the policies that override it, a scan to try the checks, and (SUPER_ADMIN) protective prompts. */
export function Security() {
  const { me, can } = useSession();
  const settings = useLoad(async () => (await get<{ settings: { mode: SecurityMode } }>('/api/v1/security/settings')).settings);
  const policies = useLoad(() => get<{ policies: { id: string; name: string; policyJson: { security?: { mode?: SecurityMode } } }[] }>('/api/v1/routing/policies'));
  const [mode, setMode] = useState<SecurityMode>('off');
  const { message, act } = useAct(() => settings.reload());
  const canEdit = can('routing.policies.edit');
  useEffect(() => {
    if (settings.data) setMode(settings.data.mode);
  }, [settings.data]);
  const overriding = (policies.data?.policies ?? []).filter((p) => p.policyJson.security?.mode);

  return (
    <>
      <PageHeader title="Security" />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <form
        class="card"
        aria-label="Security mode"
        onSubmit={(e) => {
          e.preventDefault();
          void act(`The company's security mode is now ${mode}.`, () => put('/api/v1/security/settings', { mode }));
        }}
      >
        <h2>Company security mode</h2>
        {settings.error && <Notice kind="error">{settings.error}</Notice>}
        {!settings.data && settings.loading && <Loading />}
        {settings.data && (
          <>
            <fieldset class="choices" disabled={!canEdit}>
              <legend>
                Mode for every request whose routing policy sets none (now <strong data-testid="current-mode">{settings.data.mode}</strong>)
              </legend>
              {SECURITY_MODES.map((m) => (
                <label key={m} class="choice">
                  <input type="radio" name="security-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                  <span>
                    <strong>{m}</strong>: {MODE_TEXT[m]}
                  </span>
                </label>
              ))}
            </fieldset>
            {mode === 'block' && settings.data.mode !== 'block' && (
              <Notice kind="warning">The checks flag about 8% of innocent prompts in our measurements: run in monitor first to see what your traffic would lose.</Notice>
            )}
            {canEdit ? (
              <div class="form-actions">
                <button type="submit" class="primary" disabled={mode === settings.data.mode}>
                  Save mode
                </button>
              </div>
            ) : (
              <p class="muted">Changing the mode needs the right to edit routing policies.</p>
            )}
          </>
        )}
        {overriding.length > 0 && (
          <>
            <h3>Routing policies with their own mode</h3>
            <ul data-testid="policy-modes">
              {overriding.map((p) => (
                <li key={p.id}>
                  {p.name}: <Badge>{p.policyJson.security!.mode}</Badge>
                </li>
              ))}
            </ul>
            <p class="muted">
              Set a policy's mode in its JSON (<code>security.mode</code>) on the <Link href="/policies">Routing policies</Link> page.
            </p>
          </>
        )}
      </form>
      {can('gateway.execute') && <ScanTry />}
      {me.role === 'SUPER_ADMIN' && <ProtectivePrompts />}
    </>
  );
}

/** Runs the checks on a text, as the gateway would: see what a prompt would be flagged for. */
function ScanTry() {
  const [text, setText] = useState('');
  const [result, setResult] = useState<{ passed: boolean; failed: string[]; checks: Check[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      class="card"
      aria-label="Try the checks"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        try {
          setResult(await post('/api/v1/security/scan', { prompt: text }));
        } catch (err) {
          setError(errorText(err));
        }
      }}
    >
      <h2>Try the checks</h2>
      <Field label="Text to scan" id="scan-text" hint="Scanned as a prompt; the text is audited only as pass/fail and its length">
        <textarea id="scan-text" rows={3} required maxLength={1_000_000} value={text} onInput={(e) => setText(e.currentTarget.value)} />
      </Field>
      <div class="form-actions">
        <button type="submit" class="primary" disabled={!text.trim()}>
          Scan
        </button>
      </div>
      {error && <Notice kind="error">{error}</Notice>}
      {result && (
        <div data-testid="scan-result" data-passed={String(result.passed)}>
          <p>
            {result.passed ? <Badge tone="ok">passed</Badge> : <Badge tone="bad">failed: {result.failed.join(', ')}</Badge>}
          </p>
          <div class="table-scroll">
            <table>
              <TableHead columns={['Check', 'Result', 'Findings']} />
              <tbody>
                {result.checks.map((c) => (
                  <tr key={c.type}>
                    <th scope="row">{c.type}</th>
                    <td>{c.passed ? <Badge tone="ok">pass</Badge> : <Badge tone="bad">fail</Badge>}</td>
                    <td>
                      {c.findings.length
                        ? c.findings.map((f) => (
                            <div key={`${f.rule}:${f.start}`}>
                              <code>{f.rule}</code>: “{f.evidence}”
                            </div>
                          ))
                        : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </form>
  );
}
