import type { Db } from '../../db/connection';
import { Company } from '../../db/models/company';
import { User } from '../../db/models/user';
import { GATEWAY_KEY_PERMISSIONS, type GatewayKeyType, SESSION_TOKEN_PREFIX } from '../../domain/api-keys';
import { featuresOf } from '../../domain/features';
import { type Permission, ROLE_PERMISSIONS, type Role, isRole } from '../../domain/roles';
import type { Config } from '../../lib/config';
import { hashPassword, randomToken, sha256Hex, verifyPassword } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { TtlCache } from '../../lib/ttl-cache';
import type { Principal } from '../../domain/principal';
import type { AuditService } from '../audit/audit';
import { publicCompany, publicUser } from '../tenancy/companies';
import type { MfaService } from './mfa';

interface CachedPrincipal {
  principal: Principal;
  /** Session or key expiry in epoch ms; the cache never outlives the credential. */
  expiresAt: number | null;
}

/** Hash used to keep timing equal when the email is unknown (never matches anything). */
let dummyHash: Promise<string> | null = null;

/**
 * Authentication: login (password, MFA, throttling), sessions, and resolving a bearer token or
 * cookie to a Principal. Lookups go by SHA-256 of the token and are cached for AUTH_CACHE_TTL_MS;
 * revocation through this service drops the cache entry at once (other api instances within the TTL).
 * lastUsedAt / lastSeenAt are written behind, batched once a second, so authentication costs no
 * write on the hot path.
 */
export class AuthService {
  private readonly cache: TtlCache<string, CachedPrincipal>;
  /** Lookups in flight by `via:hash`, and a counter forget() moves so a lookup it overtook is not cached. */
  private readonly loading = new Map<string, Promise<CachedPrincipal | null>>();
  private generation = 0;
  private readonly touchedKeys = new Set<string>();
  private readonly touchedSessions = new Set<string>();
  private flushTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly audit: AuditService,
    private readonly mfa: MfaService,
    private readonly logger: Logger,
  ) {
    this.cache = new TtlCache(config.AUTH_CACHE_TTL_MS, 50_000);
  }

  start(): void {
    this.flushTimer = setInterval(() => void this.flushTouches(), 1000);
    this.flushTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.flushTimer) clearInterval(this.flushTimer);
    this.flushTimer = null;
    await this.flushTouches();
  }

  async authenticate(token: string, via: 'session' | 'api_key'): Promise<Principal | null> {
    const hash = sha256Hex(token);
    const cached = this.cache.get(hash);
    if (cached && (cached.expiresAt === null || cached.expiresAt > Date.now())) return cached.principal;
    // Concurrent misses for one credential (its entry just expired at concurrency 32) share one lookup.
    const key = `${via}:${hash}`;
    let loading = this.loading.get(key);
    if (!loading) {
      const generation = this.generation;
      const settle = () => {
        if (this.loading.get(key) === loading) this.loading.delete(key);
      };
      loading = (via === 'session' ? this.loadSession(hash) : this.loadApiKey(hash)).then(
        (loaded) => {
          settle();
          // Not stored when forget() ran during the lookup: it may have read what was just revoked.
          if (loaded && generation === this.generation) this.cache.set(hash, loaded);
          return loaded;
        },
        (err: unknown) => {
          settle();
          throw err;
        },
      );
      this.loading.set(key, loading);
    }
    return (await loading)?.principal ?? null;
  }

  /** Drops cached principals, e.g. after a key is revoked or a role changes; lookups in flight are not cached. */
  forget(predicate: (p: Principal) => boolean): void {
    this.cache.deleteWhere((entry) => predicate(entry.principal));
    this.generation++;
    this.loading.clear();
  }

  touch(principal: Principal): void {
    if (principal.apiKey) this.touchedKeys.add(principal.apiKey.id);
    else if (principal.sessionId) this.touchedSessions.add(principal.sessionId);
  }

  async flushTouches(): Promise<void> {
    const keys = [...this.touchedKeys];
    const sessions = [...this.touchedSessions];
    this.touchedKeys.clear();
    this.touchedSessions.clear();
    try {
      if (keys.length) await this.db('api_keys').whereIn('id', keys).update({ last_used_at: this.db.fn.now() });
      if (sessions.length) await this.db('sessions').whereIn('id', sessions).update({ last_seen_at: this.db.fn.now() });
    } catch (err) {
      this.logger.warn({ err }, 'could not record last use of credentials');
    }
  }

  private async loadSession(tokenHash: string): Promise<CachedPrincipal | null> {
    const row = await this.db('sessions as s')
      .join('users as u', 'u.id', 's.user_id')
      .join('companies as c', 'c.id', 's.company_id')
      .leftJoin('memberships as m', function () {
        // A deactivated membership is no membership: the session is refused (spec document 2, rule 4).
        this.on('m.user_id', 's.user_id').andOn('m.company_id', 's.company_id').andOnNull('m.deactivated_at');
      })
      .where('s.token_hash', tokenHash)
      .whereNull('s.revoked_at')
      .where('s.expires_at', '>', this.db.fn.now())
      .where('u.is_active', true)
      .first('s.id as session_id', 's.user_id', 's.company_id', 's.expires_at', 'm.role', 'c.package_name', 'c.features');
    if (!row?.role || !isRole(row.role)) return null;
    const role: Role = row.role;
    return {
      principal: {
        via: 'session',
        companyId: row.company_id,
        userId: row.user_id,
        role,
        permissions: ROLE_PERMISSIONS[role],
        features: featuresOf(row.package_name, row.features),
        sessionId: row.session_id,
      },
      expiresAt: new Date(row.expires_at).getTime(),
    };
  }

  private async loadApiKey(keyHash: string): Promise<CachedPrincipal | null> {
    const row = await this.db('api_keys as k')
      .join('companies as c', 'c.id', 'k.company_id')
      .leftJoin('memberships as m', function () {
        this.on('m.user_id', 'k.created_by_user_id').andOn('m.company_id', 'k.company_id').andOnNull('m.deactivated_at');
      })
      .leftJoin('users as o', 'o.id', 'k.created_by_user_id')
      .where('k.key_hash', keyHash)
      .whereNull('k.revoked_at')
      .where((q) => q.whereNull('k.expires_at').orWhere('k.expires_at', '>', this.db.fn.now()))
      .first(
        'k.id',
        'k.kind',
        'k.type',
        'k.scopes',
        'k.company_id',
        'k.created_by_user_id',
        'k.expires_at',
        'm.role',
        'o.is_active as owner_active',
        'c.package_name',
        'c.features',
      );
    if (!row) return null;
    const role: Role | null = row.role && isRole(row.role) ? row.role : null;
    // A key acts for its owner: once the owner has left the company or been deactivated (a session
    // of theirs is refused too), the key is refused outright. Empty permissions alone would not be
    // enough, since external and Shield key routes check scopes or kind, not permissions.
    if (row.created_by_user_id && (!role || row.owner_active !== true)) return null;
    return {
      principal: {
        via: 'api_key',
        companyId: row.company_id,
        userId: row.created_by_user_id,
        role,
        permissions: keyPermissions(row.kind, row.type, row.created_by_user_id ? { role } : null),
        features: featuresOf(row.package_name, row.features),
        apiKey: { id: row.id, kind: row.kind, type: row.type, scopes: row.scopes ?? [] },
      },
      expiresAt: row.expires_at ? new Date(row.expires_at).getTime() : null,
    };
  }

  async login(input: { email: string; password: string; mfaCode?: string; ip: string | null; userAgent: string | null }) {
    const email = input.email.trim().toLowerCase();
    await this.assertNotThrottled(email, input.ip);

    const user = await User.query(this.db).whereRaw('lower(email) = ?', [email]).first();
    dummyHash ??= hashPassword('not-a-real-password');
    const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash));
    if (!user || !passwordOk || !user.isActive) {
      await this.recordAttempt(email, input.ip, false);
      throw ApiError.unauthorized('Invalid email or password');
    }

    if (user.mfaEnabled) {
      if (!input.mfaCode) {
        // Not a failed attempt: the client now asks the user for a code.
        throw new ApiError(401, 'MFA_REQUIRED', 'MFA code required', undefined, { mfaRequired: true });
      }
      const ok = await this.mfa.consumeCode(user, input.mfaCode);
      if (!ok) {
        await this.recordAttempt(email, input.ip, false);
        throw new ApiError(401, 'INVALID_MFA_TOKEN', 'Invalid MFA token', undefined, { mfaRequired: true });
      }
    }

    const membership = await this.db('memberships')
      .where({ user_id: user.id })
      .whereNull('deactivated_at')
      .orderByRaw('company_id = ? desc, created_at asc', [user.homeCompanyId])
      .first('company_id', 'role');
    if (!membership) {
      await this.recordAttempt(email, input.ip, false);
      throw ApiError.forbidden('This user is not a member of any company');
    }

    const token = randomToken(SESSION_TOKEN_PREFIX, 43);
    const expiresAt = new Date(Date.now() + this.config.SESSION_TTL_HOURS * 3_600_000);
    const [session] = await this.db('sessions')
      .insert({
        token_hash: sha256Hex(token),
        user_id: user.id,
        company_id: membership.company_id,
        ip: input.ip,
        user_agent: input.userAgent?.slice(0, 500) ?? null,
        expires_at: expiresAt,
      })
      .returning(['id']);
    await this.recordAttempt(email, input.ip, true);
    await this.audit.record({
      companyId: membership.company_id,
      userId: user.id,
      action: 'auth.login',
      resourceType: 'session',
      resourceId: session.id,
      details: { mfa: user.mfaEnabled },
      ip: input.ip,
    });
    return { token, expiresAt, user: publicUser(user), companyId: membership.company_id, role: membership.role as Role };
  }

  async logout(principal: Principal, ip: string | null): Promise<void> {
    if (!principal.sessionId) throw ApiError.badRequest('Only a session can log out');
    await this.db('sessions').where({ id: principal.sessionId }).update({ revoked_at: this.db.fn.now() });
    this.forget((p) => p.sessionId === principal.sessionId);
    await this.audit.record({
      companyId: principal.companyId,
      userId: principal.userId,
      action: 'auth.logout',
      resourceType: 'session',
      resourceId: principal.sessionId,
      ip,
    });
  }

  async me(principal: Principal) {
    const [user, company] = await Promise.all([
      principal.userId ? User.query(this.db).findById(principal.userId) : undefined,
      Company.query(this.db).findById(principal.companyId),
    ]);
    return {
      authenticatedVia: principal.via,
      user: user ? publicUser(user) : null,
      company: company ? publicCompany(company) : null,
      role: principal.role,
      permissions: [...principal.permissions].sort(),
      features: [...principal.features].sort(),
      apiKey: principal.apiKey ?? null,
    };
  }

  /**
   * Throttling: LOGIN_MAX_FAILURES failed attempts for one email (or 4× that from one IP) within
   * LOGIN_LOCKOUT_SECONDS lock further attempts until the window passes. Kept in PostgreSQL so
   * every api instance sees the same count.
   *
   * The lock lifts when the max-th newest failure leaves the window, so Retry-After is computed from
   * that failure's time: a client told to wait the whole window after most of it has passed would
   * wait for nothing.
   */
  private async assertNotThrottled(email: string, ip: string | null): Promise<void> {
    const lockoutMs = this.config.LOGIN_LOCKOUT_SECONDS * 1000;
    const windowStart = new Date(Date.now() - lockoutMs);
    const max = this.config.LOGIN_MAX_FAILURES;
    const nthNewestFailure = (where: Record<string, string>, n: number) =>
      this.db('login_attempts')
        .where({ ...where, succeeded: false })
        .where('created_at', '>', windowStart)
        .orderBy('created_at', 'desc')
        .offset(n - 1)
        .first<{ created_at: Date } | undefined>('created_at');
    const [byEmail, byIp] = await Promise.all([
      nthNewestFailure({ email }, max),
      ip ? nthNewestFailure({ ip }, max * 4) : Promise.resolve(undefined),
    ]);
    const lockedUntil = Math.max(
      byEmail ? new Date(byEmail.created_at).getTime() + lockoutMs : 0,
      byIp ? new Date(byIp.created_at).getTime() + lockoutMs : 0,
    );
    if (lockedUntil > 0) {
      const retryAfter = Math.max(1, Math.ceil((lockedUntil - Date.now()) / 1000));
      throw new ApiError(429, 'TOO_MANY_ATTEMPTS', 'Too many failed login attempts; try again later', undefined, { retryAfter });
    }
  }

  /**
   * Only failures are kept (successful logins are in the audit log). A success clears the slate for
   * that email: its earlier failures no longer count.
   */
  private async recordAttempt(email: string, ip: string | null, succeeded: boolean): Promise<void> {
    if (succeeded) await this.db('login_attempts').where({ email }).delete();
    else await this.db('login_attempts').insert({ email, ip, succeeded: false });
  }
}

const SHIELD_KEY_PERMISSIONS: ReadonlySet<Permission> = new Set<Permission>(['shield.use']);

/**
 * A gateway key may do what its type allows AND its owner's role allows (a key never exceeds its
 * owner); a Shield key likewise holds shield.use only if its owner does. A key created without an
 * owner (by the admin CLI, for the company) is a company-level key: its kind and type alone decide.
 * A key whose owner is no longer a member of the company may do nothing (loadApiKey refuses it).
 * External keys carry no permissions: they act within their scopes.
 */
export function keyPermissions(
  kind: string,
  type: GatewayKeyType | null,
  owner: { role: Role | null } | null,
): ReadonlySet<Permission> {
  if (owner && !owner.role) return new Set<Permission>();
  let byKind: ReadonlySet<Permission>;
  if (kind === 'SHIELD') byKind = SHIELD_KEY_PERMISSIONS;
  else if (kind === 'GATEWAY' && type && GATEWAY_KEY_PERMISSIONS[type]) byKind = GATEWAY_KEY_PERMISSIONS[type];
  else return new Set<Permission>();
  if (!owner?.role) return byKind;
  // Shield keys too are bounded by the owner: a SYNTHETIC_* user (no shield.use) cannot mint one
  // that reaches protected handoff.
  const byRole = ROLE_PERMISSIONS[owner.role];
  return new Set([...byKind].filter((p) => byRole.has(p)));
}
