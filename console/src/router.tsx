import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** A small history router under /console/: the api answers every /console path with index.html. */
export const BASE = '/console';
const listeners = new Set<(path: string) => void>();

function current(): string {
  const p = window.location.pathname;
  return p.startsWith(BASE) ? p.slice(BASE.length) || '/' : '/';
}

export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  const url = to.startsWith(BASE) ? to : `${BASE}${to}`;
  if (opts.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  for (const l of listeners) l(current());
}

export function usePath(): string {
  const [path, setPath] = useState(current);
  useEffect(() => {
    const update = () => setPath(current());
    listeners.add(setPath);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(setPath);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return path;
}

export function useQuery(): URLSearchParams {
  usePath();
  return new URLSearchParams(window.location.search);
}

export function Link(props: { href: string; children: ComponentChildren; class?: string; 'aria-current'?: 'page' }) {
  const { href, children, ...rest } = props;
  return (
    <a
      {...rest}
      href={`${BASE}${href}`}
      onClick={(e) => {
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}
