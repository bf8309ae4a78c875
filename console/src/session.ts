import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Me } from './api';

export interface SessionValue {
  me: Me;
  can: (permission: string) => boolean;
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside a signed-in app');
  return value;
}

const EXPIRY_KEY = 'gatehouse.sessionExpiresAt';
/**
 * The session's expiry as login reported it (the cookie is httpOnly: the page cannot read it). Kept
 * in localStorage so every tab sees it; without it the app does not ask /api/auth/me on load (a
 * first visit would otherwise start with a 401 in the browser's console).
 */
export const sessionExpiry = {
  set(iso: string) {
    localStorage.setItem(EXPIRY_KEY, iso);
  },
  get(): number | null {
    const v = localStorage.getItem(EXPIRY_KEY);
    return v ? Date.parse(v) : null;
  },
  clear() {
    localStorage.removeItem(EXPIRY_KEY);
  },
};
