/**
 * The console talks only to the public API, with the session cookie (same origin). The browser sends
 * an Origin header on every POST/PATCH/DELETE (see referrerPolicy below), which the api's CSRF check (api/middleware/csrf.ts)
 * requires; a 401 anywhere means the session ended, and the app goes back to the sign-in page.
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** Called when a request answers 401 while signed in: the session expired or was revoked. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export async function api<T = Record<string, unknown>>(method: string, path: string, body?: unknown, opts: { quiet401?: boolean } = {}): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    // The api's headers say Referrer-Policy: no-referrer, under which a browser sends `Origin: null`
    // on same-origin POSTs; the CSRF check needs the real origin, which this policy keeps.
    referrerPolicy: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { error: text };
  }
  if (!res.ok) {
    if (res.status === 401 && !opts.quiet401) for (const l of unauthorizedListeners) l();
    const message = typeof parsed.error === 'string' ? parsed.error : `${res.status} ${res.statusText}`;
    throw new ApiFailure(res.status, typeof parsed.code === 'string' ? parsed.code : undefined, message, parsed);
  }
  return parsed as T;
}

export const get = <T = Record<string, unknown>>(path: string) => api<T>('GET', path);
export const post = <T = Record<string, unknown>>(path: string, body?: unknown) => api<T>('POST', path, body ?? {});
export const patch = <T = Record<string, unknown>>(path: string, body: unknown) => api<T>('PATCH', path, body);
export const put = <T = Record<string, unknown>>(path: string, body: unknown) => api<T>('PUT', path, body);
export const del = <T = Record<string, unknown>>(path: string) => api<T>('DELETE', path);

export function errorText(err: unknown): string {
  if (err instanceof ApiFailure) {
    const details = Array.isArray(err.body.details)
      ? (err.body.details as { path?: string[]; message?: string }[])
          .map((d) => (d.path?.length ? `${d.path.join('.')}: ${d.message}` : d.message))
          .filter(Boolean)
      : [];
    return details.length ? `${err.message} (${details.join('; ')})` : err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

export interface Me {
  authenticatedVia: 'session' | 'api_key';
  user: { id: string; email: string; firstName: string | null; lastName: string | null; mfaEnabled?: boolean } | null;
  company: { id: string; name: string } | null;
  role: string | null;
  permissions: string[];
  features: string[];
}
