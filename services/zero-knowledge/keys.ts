import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { roleHas } from '../../domain/roles';
import type { SecretBox } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { DATA_KEY_ALGORITHM, HANDSHAKE_ALGORITHM, fromB64, importPublicKey, newDataKey, toB64, wrapKey } from '../../lib/pzk-crypto';
import type { AuditService } from '../audit/audit';
import type { ZkSettingsService } from './settings';

/**
 * Zero-knowledge data keys and the bootstrap handshake (POST/GET /api/v1/pzk/bootstrap).
 *
 * A data key is 256 random bits made here, stored only sealed under ENCRYPTION_KEY (the escrow that
 * lets the server hand the key to another entitled member later), and delivered to a member's
 * client wrapped for the X25519 public key the client sent (lib/pzk-crypto.ts). The raw key exists
 * in this process's memory only while a key is made or wrapped; prompts and responses never reach
 * the server in the clear, so the server never decrypts content. docs/SECURITY.md states the limits.
 *
 * Who receives a key: the company key, every member; a repository key, company admins, the key's
 * creator, the repository's creator and members holding an active share of it. initialize makes
 * missing keys, rotate (admins) replaces active ones, get returns what exists; an expired active
 * key is replaced on initialize and get. Every creation, rotation and delivery is audited (key ids
 * only).
 */
export interface KeyRow {
  id: string;
  company_id: string;
  key_ref: string;
  repository_id: string | null;
  algorithm: string;
  escrow: string;
  is_active: boolean;
  expires_at: Date;
  created_by_user_id: string | null;
  created_at: Date;
}

export interface BootstrapInput {
  action: 'initialize' | 'get' | 'rotate';
  repositoryIds?: string[];
  clientPublicKey: string;
  keyIds?: string[];
}

const FEATURES = { clientEncryption: true, keyRotation: true, secureSharing: true, auditLogging: true };
const isAdmin = (p: Principal) => p.role !== null && roleHas(p.role, 'prompts.admin');
export const repositoryNotFound = (id: string) => ApiError.notFound(`Repository not found: ${id}`, 'repository_not_found');

export class ZkKeyService {
  constructor(private readonly deps: { db: Db; box: SecretBox; audit: AuditService; settings: ZkSettingsService; keyTtlDays: number }) {}

  rawKey(row: KeyRow): Uint8Array {
    return fromB64(this.deps.box.decrypt(row.escrow));
  }

  /** A key of the caller's company by its public ref (or database id), else null. */
  async byRef(companyId: string, ref: string, trx: Db = this.deps.db): Promise<KeyRow | null> {
    const q = trx('zk_keys').where({ company_id: companyId });
    const row = await (isUuid(ref) ? q.andWhere({ id: ref }) : q.andWhere({ key_ref: ref })).first();
    return (row as KeyRow | undefined) ?? null;
  }

  /** Resolves public repository ids (or database ids) of the company; unknown → 404. */
  async repositories(principal: Principal, ids: string[], trx: Db = this.deps.db) {
    const out: Array<{ id: string; repositoryId: string; createdByUserId: string | null }> = [];
    for (const id of [...new Set(ids)]) {
      const q = trx('repositories').where({ company_id: principal.companyId });
      const r = await (isUuid(id) ? q.andWhere({ id }) : q.andWhere({ repository_id: id })).first('id', 'repository_id', 'created_by_user_id');
      if (!r) throw repositoryNotFound(id);
      out.push({ id: r.id, repositoryId: r.repository_id, createdByUserId: r.created_by_user_id });
    }
    return out;
  }

  /** Whether the principal may receive this key (see the header). */
  async mayReceive(principal: Principal, key: KeyRow, trx: Db = this.deps.db): Promise<boolean> {
    if (!key.repository_id || isAdmin(principal) || key.created_by_user_id === principal.userId) return true;
    if (!principal.userId) return false;
    const repo = await trx('repositories').where({ id: key.repository_id }).first('created_by_user_id');
    if (repo?.created_by_user_id === principal.userId) return true;
    const share = await trx('zk_shares')
      .where({ key_id: key.id, recipient_user_id: principal.userId, status: 'active' })
      .andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', trx.fn.now()))
      .first('id');
    return Boolean(share);
  }

  private async create(principal: Principal, repositoryId: string | null, trx: Db): Promise<KeyRow> {
    const raw = newDataKey();
    const [row] = await trx('zk_keys')
      .insert({
        company_id: principal.companyId,
        key_ref: `zkk_${randomBytes(12).toString('hex')}`,
        repository_id: repositoryId,
        algorithm: DATA_KEY_ALGORITHM,
        escrow: this.deps.box.encrypt(toB64(raw)),
        expires_at: new Date(Date.now() + this.deps.keyTtlDays * 86_400_000),
        created_by_user_id: principal.userId,
      })
      .returning('*');
    raw.fill(0);
    await this.deps.audit.recordFor(principal, { action: 'zk.key.created', resourceType: 'zk_key', resourceId: row.id, details: { keyId: row.key_ref, repositoryId } }, trx);
    return row as KeyRow;
  }

  private async retire(principal: Principal, key: KeyRow, reason: 'rotated' | 'expired', trx: Db) {
    await trx('zk_keys').where({ id: key.id }).update({ is_active: false, rotated_at: trx.fn.now(), updated_at: trx.fn.now() });
    await this.deps.audit.recordFor(principal, { action: 'zk.key.rotated', resourceType: 'zk_key', resourceId: key.id, details: { keyId: key.key_ref, reason } }, trx);
  }

  private async active(companyId: string, repositoryId: string | null, trx: Db): Promise<KeyRow | null> {
    const q = trx('zk_keys').where({ company_id: companyId, is_active: true });
    const row = await (repositoryId ? q.andWhere({ repository_id: repositoryId }) : q.whereNull('repository_id')).first();
    return (row as KeyRow | undefined) ?? null;
  }

  async bootstrap(principal: Principal, input: BootstrapInput) {
    await this.deps.settings.assertEnabled(principal);
    try {
      await importPublicKey(input.clientPublicKey);
    } catch {
      throw ApiError.badRequest('clientPublicKey must be a base64 raw X25519 public key (32 bytes)', [{ path: ['clientPublicKey'], message: 'not an X25519 public key' }], 'invalid_request');
    }
    if (input.action === 'rotate' && !isAdmin(principal)) throw ApiError.forbidden('Only company admins rotate zero-knowledge keys', 'forbidden');
    const action = input.action;
    const keys = await this.deps.db.transaction(async (trx) => {
      // One bootstrap per company at a time: two first initializations cannot both make a key.
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`zk-keys:${principal.companyId}`]);
      const repos = await this.repositories(principal, input.repositoryIds ?? [], trx);
      for (const r of repos) {
        if (!(await this.deps.settings.enabledForRepository(principal, r.id, trx))) throw ApiError.forbidden(`Zero-knowledge encryption is disabled for repository ${r.repositoryId}`, 'zero_knowledge_disabled');
      }
      if (principal.userId) {
        await trx('zk_public_keys')
          .insert({ company_id: principal.companyId, user_id: principal.userId, public_key: input.clientPublicKey, algorithm: 'X25519', updated_at: trx.fn.now() })
          .onConflict(['company_id', 'user_id'])
          .merge();
      }
      // The scopes this call covers: the company key and the named repositories; rotate and get
      // without names cover every repository that has an active key.
      let scopes: Array<string | null> = [null, ...repos.map((r) => r.id)];
      if (!input.repositoryIds && action !== 'initialize') {
        const withKeys: string[] = await trx('zk_keys').where({ company_id: principal.companyId, is_active: true }).whereNotNull('repository_id').pluck('repository_id');
        scopes = [null, ...withKeys];
      }
      const out: KeyRow[] = [];
      for (const scope of scopes) {
        let key = await this.active(principal.companyId, scope, trx);
        if (key && (action === 'rotate' || key.expires_at.getTime() <= Date.now())) {
          await this.retire(principal, key, action === 'rotate' ? 'rotated' : 'expired', trx);
          key = await this.create(principal, scope, trx);
        } else if (!key && action !== 'get') {
          key = await this.create(principal, scope, trx);
        }
        if (key) out.push(key);
      }
      for (const ref of input.keyIds ?? []) {
        const key = await this.byRef(principal.companyId, ref, trx);
        if (!key) throw ApiError.notFound(`Key not found: ${ref}`, 'not_found');
        if (!out.some((k) => k.id === key.id)) out.push(key);
      }
      const deliverable: KeyRow[] = [];
      for (const key of out) if (await this.mayReceive(principal, key, trx)) deliverable.push(key);
      if (deliverable.length) {
        await this.deps.audit.recordFor(principal, { action: 'zk.key.delivered', resourceType: 'zk_key', details: { keyIds: deliverable.map((k) => k.key_ref), action } }, trx);
      }
      return deliverable;
    });
    const repoIds = new Map<string, string>();
    const ids = [...new Set(keys.map((k) => k.repository_id).filter((x): x is string => Boolean(x)))];
    if (ids.length) for (const r of await this.deps.db('repositories').whereIn('id', ids).select('id', 'repository_id')) repoIds.set(r.id, r.repository_id);
    const wrapped = [];
    for (const key of keys) {
      const raw = this.rawKey(key);
      const w = await wrapKey(input.clientPublicKey, raw, key.key_ref);
      raw.fill(0);
      wrapped.push({
        keyId: key.key_ref,
        encryptedKey: w.wrapped,
        algorithm: key.algorithm,
        expiresAt: key.expires_at,
        repositoryId: key.repository_id ? (repoIds.get(key.repository_id) ?? null) : null,
        serverPublicKey: w.epk,
        handshakeAlgorithm: HANDSHAKE_ALGORITHM,
        isActive: key.is_active,
      });
    }
    return { keys: wrapped, action: ({ initialize: 'initialized', get: 'retrieved', rotate: 'rotated' } as const)[action] };
  }

  async status(principal: Principal) {
    const enabled = await this.deps.settings.enabled(principal);
    const key = await this.active(principal.companyId, null, this.deps.db);
    return {
      initialized: Boolean(key),
      companyKeyId: key?.key_ref ?? null,
      repositoriesWithZK: await this.deps.settings.repositoriesWithZk(principal),
      enabled,
      features: FEATURES,
    };
  }

  /** A member's registered public key (for a client that wraps a share itself), else 404. */
  async publicKey(principal: Principal, userId: string) {
    const row = isUuid(userId)
      ? await this.deps.db('zk_public_keys as k')
          .join('memberships as m', function () {
            this.on('m.user_id', 'k.user_id').andOn('m.company_id', 'k.company_id');
          })
          .where({ 'k.company_id': principal.companyId, 'k.user_id': userId })
          .whereNull('m.deactivated_at')
          .first('k.public_key', 'k.algorithm', 'k.updated_at')
      : undefined;
    if (!row) throw ApiError.notFound('This member has no registered public key', 'not_found');
    return { userId, publicKey: row.public_key as string, algorithm: row.algorithm as string, updatedAt: row.updated_at as Date };
  }
}
