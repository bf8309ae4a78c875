import { useRef, useState } from 'preact/hooks';
import { ApiFailure, errorText, post } from '../api';
import { Field, Notice } from '../components/ui';
import { sessionExpiry } from '../session';

/** Email and password; the MFA code field appears when the api answers MFA_REQUIRED. */
export function SignIn(props: { onSignedIn: () => void; notice?: string | null }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [mfaCode, setMfaCode] = useState('');
  const [needMfa, setNeedMfa] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mfaInput = useRef<HTMLInputElement>(null);

  async function submit(e: Event) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await post<{ expiresAt: string }>('/api/auth/login', { email, password, ...(needMfa ? { mfaCode } : {}) });
      sessionExpiry.set(res.expiresAt);
      props.onSignedIn();
    } catch (err) {
      if (err instanceof ApiFailure && err.code === 'MFA_REQUIRED') {
        setNeedMfa(true);
        setTimeout(() => mfaInput.current?.focus(), 0);
      } else if (err instanceof ApiFailure && err.status === 429) {
        setError(`${err.message}. Wait a few minutes before trying again.`);
      } else setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" class="sign-in">
      <form class="card sign-in-card" onSubmit={submit} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in to Gatehouse</h1>
        {props.notice && <Notice kind="warning">{props.notice}</Notice>}
        <Field label="Email" id="email">
          <input id="email" type="email" autoComplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </Field>
        <Field label="Password" id="password">
          <input
            id="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </Field>
        {needMfa && (
          <Field label="MFA code" id="mfa-code" hint="The 6-digit code from your authenticator app">
            <input
              id="mfa-code"
              ref={mfaInput}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              aria-describedby="mfa-code-hint"
              value={mfaCode}
              onInput={(e) => setMfaCode(e.currentTarget.value)}
            />
          </Field>
        )}
        {error && <Notice kind="error">{error}</Notice>}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
