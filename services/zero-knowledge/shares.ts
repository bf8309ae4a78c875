import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { roleHas } from '../../domain/roles';
import { ApiError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { envelopeFor } from '../../lib/pzk-crypto';
import type { AuditService } from '../audit/audit';
import type { ZkKeyService } from './keys';
import type { ShareCreate } from './requests';
import type { ZkSettingsService } from './settings';

/**
 * Key shares (GET/POST /api/v1/pzk/shares, DELETE /api/v1/pzk/shares/:id to revoke).
 *
 * A share gives a member a data key. The envelope is either made by the grantor's client (the key
 * wrapped for the recipient's public key: the server only stores it) or, when none is given, made
 * here for the recipient's registered public key (422 when the recipient never bootstrapped). An
 * active, unexpired share also lets bootstrap deliver the key to the recipient. Revoking ends that
 * and marks the record revoked; it cannot make a client forget a key it already opened, so the
 * remedy for a leaked key is rotation (docs/SECURITY.md).
 */
const isAdmin = (p: Principal) => p.role !== null && roleHas(p.role, 'prompts.admin');
const shareNotFound = () => ApiError.notFound('Share not found', 'not_found');

interface ShareRow {
  id: string;
  company_id: string;
  key_id: string;
  recipient_user_id: string;
  granted_by_user_id: string | null;
  scope: string;
  envelope: unknown;
  status: string;
  expires_at: Date | null;
  notes: string | null;
  revoked_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export class ZkShareService {
  constructor(private readonly deps: { db: Db; audit: AuditService; settings: ZkSettingsService; keys: ZkKeyService }) {}

  private async member(companyId: string, userId: string, trx: Db) {
    return trx('memberships as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where({ 'm.company_id': companyId, 'm.user_id': userId })
      .whereNull('m.deactivated_at')
      .first('u.id', 'u.email', 'u.first_name', 'u.last_name');
  }

  async create(principal: Principal, input: ShareCreate) {
    await this.deps.settings.assertEnabled(principal);
    if (!principal.userId) throw ApiError.forbidden('Shares are made by a signed-in member', 'forbidden');
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw ApiError.badRequest('Invalid body: expiresAt: must be in the future', [{ path: ['expiresAt'], message: 'must be in the future' }], 'invalid_request');
    }
    if (input.recipientUserId === principal.userId) {
      throw ApiError.badRequest('Invalid body: recipientUserId: you already hold this key', [{ path: ['recipientUserId'], message: 'cannot share with yourself' }], 'invalid_request');
    }
    const id = await this.deps.db.transaction(async (trx) => {
      const key = await this.deps.keys.byRef(principal.companyId, input.encryptionKeyId, trx);
      if (!key) throw ApiError.notFound(`Encryption key not found: ${input.encryptionKeyId}`, 'not_found');
      if (!(await this.deps.keys.mayReceive(principal, key, trx))) throw ApiError.forbidden('You can share only keys you hold', 'forbidden');
      if (!(await this.member(principal.companyId, input.recipientUserId, trx))) throw ApiError.notFound('Recipient not found in this company', 'not_found');
      let envelope: unknown = input.envelope;
      if (envelope === undefined) {
        const pub = await trx('zk_public_keys').where({ company_id: principal.companyId, user_id: input.recipientUserId }).first('public_key');
        if (!pub) {
          throw new ApiError(422, 'recipient_public_key_missing', 'The recipient has no registered public key (they never bootstrapped) and no envelope was given');
        }
        const raw = this.deps.keys.rawKey(key);
        envelope = await envelopeFor(pub.public_key, raw, key.key_ref);
        raw.fill(0);
      }
      const [row] = await trx('zk_shares')
        .insert({
          company_id: principal.companyId,
          key_id: key.id,
          recipient_user_id: input.recipientUserId,
          granted_by_user_id: principal.userId,
          scope: input.scope,
          envelope: JSON.stringify(envelope),
          expires_at: expiresAt,
          notes: input.notes ?? null,
        })
        .returning('id');
      await this.deps.audit.recordFor(
        principal,
        { action: 'zk.share.created', resourceType: 'zk_share', resourceId: row.id, details: { keyId: key.key_ref, recipientUserId: input.recipientUserId, serverWrapped: input.envelope === undefined } },
        trx,
      );
      return row.id as string;
    });
    return this.get(principal, id);
  }

  private base(companyId: string) {
    return this.deps.db('zk_shares as s').join('zk_keys as k', 'k.id', 's.key_id').leftJoin('repositories as r', 'r.id', 'k.repository_id').where('s.company_id', companyId);
  }

  private async dtos(rows: Array<ShareRow & Record<string, unknown>>) {
    const userIds = [...new Set(rows.flatMap((r) => [r.recipient_user_id, r.granted_by_user_id]).filter((x): x is string => Boolean(x)))];
    const users = new Map<string, { id: string; email: string; firstName: string | null; lastName: string | null }>();
    if (userIds.length) {
      for (const u of await this.deps.db('users').whereIn('id', userIds).select('id', 'email', 'first_name', 'last_name')) {
        users.set(u.id, { id: u.id, email: u.email, firstName: u.first_name, lastName: u.last_name });
      }
    }
    const now = Date.now();
    return rows.map((r) => ({
      id: r.id,
      encryptionKeyId: r.key_ref as string,
      recipientUserId: r.recipient_user_id,
      grantedByUserId: r.granted_by_user_id,
      scope: r.scope,
      envelope: r.envelope,
      status: r.status === 'active' && r.expires_at && r.expires_at.getTime() <= now ? 'expired' : r.status,
      expiresAt: r.expires_at,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      revokedAt: r.revoked_at,
      notes: r.notes,
      encryptionKey: { id: r.key_id, keyRef: r.key_ref as string, companyId: r.company_id, repositoryId: (r.public_repository_id as string | null) ?? null, isActive: r.key_is_active as boolean, createdAt: r.key_created_at as Date },
      grantedBy: r.granted_by_user_id ? (users.get(r.granted_by_user_id) ?? null) : null,
      recipient: users.get(r.recipient_user_id) ?? null,
    }));
  }

  private select(q: ReturnType<ZkShareService['base']>) {
    return q.select('s.*', 'k.key_ref', 'k.is_active as key_is_active', 'k.created_at as key_created_at', 'r.repository_id as public_repository_id');
  }

  /** A share the caller granted or received (admins: any of the company); else 404. */
  async get(principal: Principal, id: string) {
    const row = isUuid(id) ? await this.select(this.base(principal.companyId).andWhere('s.id', id)).first() : undefined;
    if (!row || (!isAdmin(principal) && row.granted_by_user_id !== principal.userId && row.recipient_user_id !== principal.userId)) throw shareNotFound();
    return (await this.dtos([row]))[0]!;
  }

  async list(principal: Principal, query: { role: 'granted' | 'received'; status: 'active' | 'revoked' | 'expired' | 'all' }) {
    const q = this.select(this.base(principal.companyId)).andWhere(query.role === 'granted' ? 's.granted_by_user_id' : 's.recipient_user_id', principal.userId);
    if (query.status === 'revoked') q.andWhere('s.status', 'revoked');
    if (query.status === 'active') q.andWhere('s.status', 'active').andWhere((w) => w.whereNull('s.expires_at').orWhere('s.expires_at', '>', this.deps.db.fn.now()));
    if (query.status === 'expired') q.andWhere('s.status', 'active').andWhere('s.expires_at', '<=', this.deps.db.fn.now());
    return { shares: await this.dtos(await q.orderBy('s.created_at', 'desc').limit(500)) };
  }

  /** Revoke: the grantor or a company admin; idempotent. */
  async revoke(principal: Principal, id: string) {
    const share = await this.get(principal, id);
    if (!isAdmin(principal) && share.grantedByUserId !== principal.userId) throw ApiError.forbidden('Only the grantor or a company admin revokes a share', 'forbidden');
    if (share.status !== 'revoked') {
      await this.deps.db.transaction(async (trx) => {
        await trx('zk_shares').where({ id: share.id }).update({ status: 'revoked', revoked_at: trx.fn.now(), revoked_by_user_id: principal.userId, updated_at: trx.fn.now() });
        await this.deps.audit.recordFor(principal, { action: 'zk.share.revoked', resourceType: 'zk_share', resourceId: share.id, details: { keyId: share.encryptionKeyId } }, trx);
      });
    }
    return this.get(principal, id);
  }
}
