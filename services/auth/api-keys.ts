import type { Db } from '../../db/connection';
import { ApiKey } from '../../db/models/api-key';
import {
  type ApiKeyKind,
  EXTERNAL_KEY_SCOPES,
  type GatewayKeyType,
  KEY_PREFIX,
} from '../../domain/api-keys';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Principal } from '../../domain/principal';
import type { AuditService } from '../audit/audit';
import type { AuthService } from './auth';

export interface NewApiKey {
  name: string;
  kind: ApiKeyKind;
  type?: GatewayKeyType;
  scopes?: string[];
  maxRequestsPerMonth?: number | null;
  maxTokensPerMonth?: number | null;
  expiresAt?: Date | null;
}

/** What may change on an existing key: never its secret, kind, type or scopes (create a new key). */
export interface ApiKeyPatch {
  name?: string;
  maxRequestsPerMonth?: number | null;
  maxTokensPerMonth?: number | null;
  expiresAt?: Date | null;
}

export function publicApiKey(k: ApiKey) {
  return {
    id: k.id,
    name: k.name,
    kind: k.kind,
    type: k.type,
    scopes: k.scopes,
    keyPrefix: k.keyPrefix,
    maxRequestsPerMonth: k.maxRequestsPerMonth,
    maxTokensPerMonth: k.maxTokensPerMonth === null ? null : Number(k.maxTokensPerMonth),
    usageMonth: k.usageMonth,
    requestsThisMonth: k.requestsThisMonth,
    tokensThisMonth: Number(k.tokensThisMonth),
    createdByUserId: k.createdByUserId,
    lastUsedAt: k.lastUsedAt,
    expiresAt: k.expiresAt,
    revokedAt: k.revokedAt,
    isActive: !k.revokedAt && (!k.expiresAt || new Date(k.expiresAt).getTime() > Date.now()),
    createdAt: k.createdAt,
  };
}

/**
 * API keys: the secret is shown once, at creation; only its SHA-256 hash is stored and looked up.
 * Gateway keys carry a type; external keys carry scopes; Shield keys reach protected handoff only.
 */
export class ApiKeyService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly auth: AuthService,
  ) {}

  async create(companyId: string, input: NewApiKey, actor: { userId: string | null; apiKeyId?: string | null; ip?: string | null }) {
    if (input.kind === 'GATEWAY' && !input.type) throw ApiError.badRequest('A gateway key needs a type');
    if (input.kind !== 'GATEWAY' && input.type) throw ApiError.badRequest('Only gateway keys have a type');
    const scopes = input.scopes ?? [];
    if (input.kind === 'EXTERNAL') {
      const unknown = scopes.filter((s) => !(EXTERNAL_KEY_SCOPES as readonly string[]).includes(s));
      if (unknown.length) throw ApiError.badRequest(`Unknown scopes: ${unknown.join(', ')}`);
      if (!scopes.length) throw ApiError.badRequest('An external key needs at least one scope');
    } else if (scopes.length) {
      throw ApiError.badRequest('Only external keys have scopes');
    }
    const secret = randomToken(KEY_PREFIX[input.kind], 40);
    // Key and audit entry in one transaction: an audited action must not succeed without its entry.
    const key = await this.db.transaction(async (trx) => {
      const created = await ApiKey.query(trx).insertAndFetch({
        companyId,
        createdByUserId: actor.userId,
        name: input.name,
        kind: input.kind,
        type: input.type ?? null,
        scopes,
        keyHash: sha256Hex(secret),
        keyPrefix: `${secret.slice(0, KEY_PREFIX[input.kind].length + 6)}…`,
        maxRequestsPerMonth: input.maxRequestsPerMonth ?? null,
        maxTokensPerMonth: input.maxTokensPerMonth ?? null,
        expiresAt: input.expiresAt ?? null,
      });
      await this.audit.record(
        {
          companyId,
          userId: actor.userId,
          apiKeyId: actor.apiKeyId ?? null,
          action: 'api_key.created',
          resourceType: 'api_key',
          resourceId: created.id,
          details: { name: created.name, kind: created.kind, type: created.type, scopes },
          ip: actor.ip ?? null,
        },
        trx,
      );
      return created;
    });
    return { apiKey: publicApiKey(key), key: secret };
  }

  async list(companyId: string, opts: { includeRevoked: boolean }) {
    const q = ApiKey.query(this.db).where({ company_id: companyId }).orderBy('created_at', 'desc');
    if (!opts.includeRevoked) q.whereNull('revoked_at');
    return (await q).map(publicApiKey);
  }

  /**
   * One key of the company. A malformed id is answered like an unknown one (PostgreSQL would reject
   * it as a uuid and turn the lookup into a 500), and another company's key like a missing one.
   */
  async get(companyId: string, id: string): Promise<ApiKey> {
    const key = isUuid(id) ? await ApiKey.query(this.db).findOne({ id, company_id: companyId }) : undefined;
    if (!key) throw ApiError.notFound('API key not found');
    return key;
  }

  async update(principal: Principal, id: string, patch: ApiKeyPatch, ip: string | null) {
    const key = await this.get(principal.companyId, id);
    const changes: Partial<ApiKey> = {};
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.maxRequestsPerMonth !== undefined) changes.maxRequestsPerMonth = patch.maxRequestsPerMonth;
    if (patch.maxTokensPerMonth !== undefined) changes.maxTokensPerMonth = patch.maxTokensPerMonth;
    if (patch.expiresAt !== undefined) changes.expiresAt = patch.expiresAt;
    const updated = await this.db.transaction(async (trx) => {
      const row = await ApiKey.query(trx).patchAndFetchById(key.id, changes);
      await this.audit.recordFor(
        principal,
        {
          action: 'api_key.updated',
          resourceType: 'api_key',
          resourceId: key.id,
          details: { fields: Object.keys(changes).sort() },
          ip,
        },
        trx,
      );
      return row;
    });
    // The cached principal carries the expiry: drop it so a shortened expiry applies at once.
    this.auth.forget((p) => p.apiKey?.id === key.id);
    return publicApiKey(updated);
  }

  async revoke(principal: Principal, id: string, ip: string | null) {
    const key = await this.get(principal.companyId, id);
    if (key.revokedAt) return publicApiKey(key);
    const revoked = await this.db.transaction(async (trx) => {
      const row = await ApiKey.query(trx).patchAndFetchById(id, { revokedAt: new Date() });
      await this.audit.recordFor(
        principal,
        {
          action: 'api_key.revoked',
          resourceType: 'api_key',
          resourceId: id,
          details: { name: key.name },
          ip,
        },
        trx,
      );
      return row;
    });
    this.auth.forget((p) => p.apiKey?.id === id);
    return publicApiKey(revoked);
  }
}
