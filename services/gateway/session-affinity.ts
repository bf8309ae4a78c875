/**
 * Provider session affinity (session_id / session_ttl / force_rotate): calls that share a session
 * id stay on the same provider while the session lives, so a conversation keeps one model's cache
 * and voice. In memory per api instance; a lost entry only means the next call picks afresh.
 */
export const DEFAULT_SESSION_TTL_SECONDS = 1800;

export class SessionAffinity {
  private readonly sessions = new Map<string, { providerId: string; model: string; expiresAt: number }>();

  constructor(
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(companyId: string, sessionId: string): { providerId: string; model: string } | null {
    const key = `${companyId}:${sessionId}`;
    const entry = this.sessions.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.sessions.delete(key);
      return null;
    }
    return { providerId: entry.providerId, model: entry.model };
  }

  set(companyId: string, sessionId: string, providerId: string, model: string, ttlSeconds: number): void {
    const key = `${companyId}:${sessionId}`;
    this.sessions.delete(key);
    if (this.sessions.size >= this.maxEntries) {
      const oldest = this.sessions.keys().next();
      if (!oldest.done) this.sessions.delete(oldest.value);
    }
    this.sessions.set(key, { providerId, model, expiresAt: this.now() + ttlSeconds * 1000 });
  }
}
