import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type Me, api, onUnauthorized, post } from './api';
import { Loading } from './components/ui';
import { Account } from './pages/account';
import { ApiKeys } from './pages/api-keys';
import { Architect } from './pages/architect';
import { AuditLog } from './pages/audit';
import { Dashboard } from './pages/dashboard';
import { Policies } from './pages/policies';
import { Prompts } from './pages/prompts';
import { Providers } from './pages/providers';
import { ReviewQueue } from './pages/review';
import { SignIn } from './pages/sign-in';
import { Security } from './pages/security';
import { Simulate } from './pages/simulate';
import { Synthetic } from './pages/synthetic';
import { USAGE_ROLES, UsagePage } from './pages/usage';
import { Users } from './pages/users';
import { Webhooks } from './pages/webhooks';
import { Link, navigate, usePath } from './router';
import { SessionContext, type SessionValue, sessionExpiry, useSession } from './session';
import { ThemeToggle } from './theme';

interface Page {
  path: string;
  label: string;
  /** Shown only to roles with this permission; the api refuses the calls anyway. */
  permission?: string;
  /** Shown only to these roles, where the api checks roles rather than a permission (usage). */
  roles?: readonly string[];
  render: () => preact.JSX.Element;
}

const PAGES: Page[] = [
  { path: '/review', label: 'Review queue', permission: 'holds.view', render: () => <ReviewQueue /> },
  { path: '/dashboard', label: 'Dashboard', permission: 'usage.view', render: () => <Dashboard /> },
  { path: '/providers', label: 'Providers', permission: 'providers.view', render: () => <Providers /> },
  { path: '/policies', label: 'Routing policies', permission: 'routing.policies.view', render: () => <Policies /> },
  { path: '/simulate', label: 'Simulate', permission: 'routing.policies.view', render: () => <Simulate /> },
  // Architect sessions take any signed-in role (spec document 3): the api checks only the company.
  { path: '/architect', label: 'Architect', render: () => <Architect /> },
  // Every role has a prompt library; what each sees is the api's visibility rule.
  { path: '/prompts', label: 'Prompts', render: () => <Prompts /> },
  { path: '/synthetic', label: 'Synthetic testing', permission: 'synthetic.results.view', render: () => <Synthetic /> },
  { path: '/security', label: 'Security', permission: 'routing.policies.view', render: () => <Security /> },
  { path: '/usage', label: 'Usage', roles: USAGE_ROLES, render: () => <UsagePage /> },
  { path: '/api-keys', label: 'API keys', permission: 'api_keys.manage', render: () => <ApiKeys /> },
  { path: '/users', label: 'Users', permission: 'users.manage', render: () => <Users /> },
  { path: '/webhooks', label: 'Webhooks', permission: 'webhooks.manage', render: () => <Webhooks /> },
  { path: '/audit', label: 'Audit log', permission: 'audit.view', render: () => <AuditLog /> },
  { path: '/account', label: 'Account', render: () => <Account /> },
];

export function App() {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const path = usePath();

  const refresh = useCallback(async () => {
    try {
      setMe(await api<Me>('GET', '/api/auth/me', undefined, { quiet401: true }));
    } catch {
      sessionExpiry.clear();
      setMe(null);
    }
  }, []);

  useEffect(() => {
    if (sessionExpiry.get() === null) setMe(null);
    else void refresh();
  }, [refresh]);

  // Any 401 while signed in: the session expired (or was signed out elsewhere).
  useEffect(
    () =>
      onUnauthorized(() => {
        sessionExpiry.clear();
        setNotice('Your session has expired. Sign in again to continue.');
        setMe(null);
      }),
    [],
  );

  // Sign out on the dot when the session's expiry (reported at login) passes, not on the next click.
  useEffect(() => {
    const at = sessionExpiry.get();
    if (!me || !at) return;
    const timer = setTimeout(() => void refresh().then(() => setNotice('Your session has expired. Sign in again to continue.')), Math.max(0, at - Date.now()) + 1000);
    return () => clearTimeout(timer);
  }, [me, refresh]);

  const signOut = useCallback(async () => {
    try {
      await post('/api/auth/logout');
    } finally {
      sessionExpiry.clear();
      setNotice('You have signed out.');
      setMe(null);
      navigate('/', { replace: true });
    }
  }, []);

  const session = useMemo<SessionValue | null>(
    () => (me ? { me, can: (p) => me.permissions.includes(p), refresh, signOut } : null),
    [me, refresh, signOut],
  );

  if (me === undefined) return <Loading />;
  if (!me || !session) {
    return (
      <SignIn
        notice={notice}
        onSignedIn={() => {
          setNotice(null);
          void refresh();
        }}
      />
    );
  }
  const visible = PAGES.filter((p) => (!p.permission || session.can(p.permission)) && (!p.roles || p.roles.includes(me.role ?? '')));
  const page = visible.find((p) => path === p.path || path.startsWith(`${p.path}/`));
  const hidden = !page && PAGES.some((p) => path === p.path || path.startsWith(`${p.path}/`));
  return (
    <SessionContext.Provider value={session}>
      <Shell pages={visible} active={page?.path}>
        {page ? (
          page.render()
        ) : hidden ? (
          <div class="card" data-testid="not-permitted">
            <h1>Not available</h1>
            <p>Your role ({me.role}) does not include this page. Ask a company administrator if you need it.</p>
          </div>
        ) : (
          <Redirect to={visible[0]!.path} />
        )}
      </Shell>
    </SessionContext.Provider>
  );
}

function Redirect(props: { to: string }) {
  useEffect(() => navigate(props.to, { replace: true }), [props.to]);
  return null;
}

function Shell(props: { pages: Page[]; active?: string; children: preact.ComponentChildren }) {
  const { me, signOut } = useSession();
  const main = useRef<HTMLElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  // Focus moves to the page after navigation, so keyboard and screen-reader users start there; not on
  // the first load, where the first Tab reaches the skip link.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else main.current?.focus({ preventScroll: true });
    setMenuOpen(false);
  }, [props.active]);
  return (
    <div class="shell">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <button type="button" class="menu-toggle" aria-expanded={menuOpen} aria-controls="nav" onClick={() => setMenuOpen(!menuOpen)}>
          Menu
        </button>
        <span class="brand">Gatehouse</span>
        <span class="company" title="Company">
          {me.company?.name}
        </span>
        <span class="spacer" />
        <span class="who">
          {me.user?.email} · {me.role}
        </span>
        <ThemeToggle />
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <nav id="nav" class={menuOpen ? 'nav open' : 'nav'} aria-label="Console">
        <ul>
          {props.pages.map((p) => (
            <li key={p.path}>
              <Link href={p.path} aria-current={p.path === props.active ? 'page' : undefined}>
                {p.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" ref={main} tabIndex={-1}>
        {props.children}
      </main>
    </div>
  );
}
