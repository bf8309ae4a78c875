import { useMemo, useState } from 'preact/hooks';
import { renderSVG } from 'uqr';
import { errorText, get, post } from '../api';
import { Field, Loading, Notice, PageHeader, useLoad } from '../components/ui';
import { useSession } from '../session';

/** The signed-in user's account: MFA set-up (QR code drawn here from the otpauth URI), sign-out. */
export function Account() {
  const { me, refresh, signOut } = useSession();
  const status = useLoad(() => get<{ mfaEnabled: boolean; mfaVerifiedAt: string | null }>('/api/account/mfa/status'));
  const [setup, setSetup] = useState<{ secret: string; otpauth: string } | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The secret never leaves this page's memory: no storage, no network but the api.
  const qr = useMemo(() => (setup ? renderSVG(setup.otpauth, { border: 2 }) : null), [setup]);

  async function run(action: () => Promise<void>) {
    setError(null);
    setDone(null);
    try {
      await action();
    } catch (err) {
      setError(errorText(err));
    }
  }

  return (
    <>
      <PageHeader title="Account" />
      <section class="card">
        <h2>You</h2>
        <dl class="facts">
          <dt>Email</dt>
          <dd>{me.user?.email}</dd>
          <dt>Company</dt>
          <dd>{me.company?.name}</dd>
          <dt>Role</dt>
          <dd>{me.role}</dd>
        </dl>
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </section>
      <section class="card" aria-labelledby="mfa-title">
        <h2 id="mfa-title">Two-factor authentication (TOTP)</h2>
        {status.loading && !status.data && <Loading />}
        {done && <Notice kind="success">{done}</Notice>}
        {error && <Notice kind="error">{error}</Notice>}
        {status.data && !status.data.mfaEnabled && !setup && (
          <>
            <p>MFA is off. With it on, signing in asks for a code from an authenticator app.</p>
            <button
              type="button"
              class="primary"
              onClick={() => run(async () => setSetup(await post<{ secret: string; otpauth: string }>('/api/account/mfa/setup')))}
            >
              Set up MFA
            </button>
          </>
        )}
        {setup && qr && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void run(async () => {
                await post('/api/account/mfa/verify', { token: code });
                setSetup(null);
                setCode('');
                setDone('MFA is on. Your next sign-in asks for a code.');
                await status.reload();
                await refresh();
              });
            }}
          >
            <p>Scan this code with your authenticator app, then enter the 6-digit code it shows.</p>
            <div class="qr" role="img" aria-label="QR code of the otpauth URI" dangerouslySetInnerHTML={{ __html: qr }} />
            <details>
              <summary>Can't scan? Enter the key by hand</summary>
              <code data-testid="mfa-secret">{setup.secret}</code>
            </details>
            <Field label="Code from the app" id="mfa-verify-code">
              <input id="mfa-verify-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required value={code} onInput={(e) => setCode(e.currentTarget.value)} />
            </Field>
            <button type="submit" class="primary">
              Turn on MFA
            </button>
          </form>
        )}
        {status.data?.mfaEnabled && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void run(async () => {
                await post('/api/account/mfa/disable', { password, mfaCode: code });
                setPassword('');
                setCode('');
                setDone('MFA is off.');
                await status.reload();
              });
            }}
          >
            <p>MFA is on{status.data.mfaVerifiedAt ? ` since ${new Date(status.data.mfaVerifiedAt).toLocaleDateString()}` : ''}.</p>
            <Field label="Password" id="mfa-disable-password">
              <input id="mfa-disable-password" type="password" autoComplete="current-password" required value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
            </Field>
            <Field label="Current code" id="mfa-disable-code">
              <input id="mfa-disable-code" inputMode="numeric" maxLength={6} required value={code} onInput={(e) => setCode(e.currentTarget.value)} />
            </Field>
            <button type="submit" class="danger">
              Turn off MFA
            </button>
          </form>
        )}
      </section>
    </>
  );
}
