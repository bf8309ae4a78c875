import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { deleteHandoffRows, leaverDeadlineOf } from '../../activities/shield';
import { SanitizerRefused, SanitizerUnavailable } from '../../activities/sanitizer/client';
import type { HandoffSanitizerClient, ProtectAnswer, SealedVault } from '../../activities/sanitizer/handoff-client';
import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import {
  expiryFor,
  findCodes,
  HANDOFF_DOCUMENT_TYPES,
  HANDOFF_LIMITS,
  keepLimitReached,
  RETENTIONS,
  type Retention,
  SENSITIVITY_THRESHOLD,
} from '../../domain/shield';
import type { Config } from '../../lib/config';
import { ApiError, isUniqueViolation } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import { requireShield } from './access';
import type { ShieldQuota } from './quota';
import type { HandoffRetention } from './retention';
import { type ScopeService, surrogateUnavailable } from './scopes';
import type { ShieldSettingsService } from './settings';

/**
 * Protected handoff (spec document 2): create, list, fetch, restore, retention and delete.
 *
 * A handoff row holds no content: counts, dates, its scope generation and its sealed mapping (the
 * originals, readable only by the sanitizer). The sanitizer does the document work (services/
 * sanitizer/handoff.ts); this service checks the request, keeps the records in one transaction
 * (a failure creates nothing: no handoff, no scope, no stand-in, no quota use) and starts the
 * handoff's retention workflow. Ownership is absolute: only the creator sees, restores, changes or
 * deletes a handoff; for anyone else (admins included) it behaves as if it did not exist.
 */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface HandoffRecord {
  id: string;
  createdAt: string;
  expiresAt: string | null;
  lastRestoredAt: string | null;
  entryCount: number;
  fileCount: number;
  retention: Retention;
}

interface HandoffRow {
  id: string;
  company_id: string;
  user_id: string;
  retention: Retention;
  created_at: Date;
  expires_at: Date | null;
  last_restored_at: Date | null;
  entry_count: number;
  file_count: number;
  vault_key_id: string;
  vault_wrapped_key: string;
  vault_ciphertext: string;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const toRecord = (r: HandoffRow): HandoffRecord => ({
  id: r.id,
  createdAt: iso(r.created_at)!,
  expiresAt: iso(r.expires_at),
  lastRestoredAt: iso(r.last_restored_at),
  entryCount: r.entry_count,
  fileCount: r.file_count,
  retention: r.retention,
});

function badFile(index: number, message: string): ApiError {
  return new ApiError(400, 'BAD_FILE', `File ${index}: ${message}`, { fileIndex: index }, { fileIndex: index });
}

function retentionOf(value: unknown): Retention {
  if (value === undefined || value === null) return 'DEFAULT';
  if (typeof value !== 'string' || !(RETENTIONS as readonly string[]).includes(value)) {
    throw ApiError.badRequest(`retention must be one of ${RETENTIONS.join(', ')}`, undefined, 'BAD_RETENTION');
  }
  return value as Retention;
}

export class HandoffService {
  constructor(
    private readonly deps: {
      db: Db;
      config: Config;
      logger: Logger;
      client: HandoffSanitizerClient;
      scopes: ScopeService;
      settings: ShieldSettingsService;
      quota: ShieldQuota;
      retention: HandoffRetention;
    },
  ) {}

  private get daySeconds() {
    return this.deps.config.SHIELD_RETENTION_DAY_SECONDS;
  }

  async create(principal: Principal, body: { prompt?: unknown; files?: unknown; projectId?: unknown; retention?: unknown }) {
    const userId = requireShield(principal);
    const { db } = this.deps;

    // --- The request, in the spec's order of errors (nothing has been done yet).
    if (typeof body.prompt !== 'string' || body.prompt.trim() === '') throw ApiError.badRequest('prompt is required and may not be empty', undefined, 'EMPTY_PROMPT');
    if (body.prompt.length > HANDOFF_LIMITS.promptChars) {
      throw new ApiError(413, 'TOO_LARGE', `The prompt is longer than ${HANDOFF_LIMITS.promptChars} characters`, { reason: 'prompt' });
    }
    const rawFiles = body.files ?? [];
    if (!Array.isArray(rawFiles)) throw ApiError.badRequest('files must be an array of {documentType, base64}', undefined, 'BAD_REQUEST');
    if (rawFiles.length > HANDOFF_LIMITS.files) throw ApiError.badRequest(`At most ${HANDOFF_LIMITS.files} files per handoff`, undefined, 'TOO_MANY_FILES');
    let total = 0;
    const files = rawFiles.map((f, index) => {
      const file = (f ?? {}) as { documentType?: unknown; base64?: unknown };
      if (typeof file.documentType !== 'string' || !(HANDOFF_DOCUMENT_TYPES as readonly string[]).includes(file.documentType)) {
        throw badFile(index, `documentType must be one of ${HANDOFF_DOCUMENT_TYPES.join(', ')}`);
      }
      if (typeof file.base64 !== 'string') throw badFile(index, 'base64 is required');
      const compact = file.base64.replace(/\s+/g, '');
      if (!BASE64.test(compact) || compact.length % 4 === 1) throw badFile(index, 'base64 is not valid');
      const bytes = Math.floor((compact.length * 3) / 4) - (compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0);
      if (bytes === 0) throw badFile(index, 'the file is empty');
      total += bytes;
      return { document_type: file.documentType, document: compact };
    });
    if (total > HANDOFF_LIMITS.totalDecodedBytes) {
      throw new ApiError(413, 'TOO_LARGE', `The files are larger than ${HANDOFF_LIMITS.totalDecodedBytes / (1024 * 1024)} MB together`, { reason: 'files' });
    }
    const retention = retentionOf(body.retention);
    const settings = await this.deps.settings.get(principal.companyId);
    if (retention === 'NO_LIMIT' && !settings.noLimitAllowed) throw ApiError.forbidden('Your company does not allow handoffs without a time limit', 'NO_LIMIT_NOT_ALLOWED');
    let owner: { userId: string } | { projectId: string } = { userId };
    if (body.projectId !== undefined && body.projectId !== null) {
      if (typeof body.projectId !== 'string' || !(await this.deps.scopes.projectAccessible(principal, body.projectId))) {
        throw ApiError.forbidden('The project does not exist or you cannot use it', 'PROJECT_NOT_ACCESSIBLE');
      }
      owner = { projectId: body.projectId };
    }
    await this.deps.quota.check(principal.companyId);
    if ((await this.liveStandIns(db, principal.companyId)) >= this.deps.config.SHIELD_MAX_LIVE_STAND_INS) throw tooManyStandIns(this.deps.config.SHIELD_MAX_LIVE_STAND_INS);

    // --- The sanitizer protects everything under the scope's current generation.
    const found = await this.deps.scopes.find(db, principal.companyId, owner);
    const generation = found?.scope.active_generation ?? 1;
    const bumps = found ? ((await db('shield_code_bumps').where({ scope_id: found.scope.id, generation }).select('fingerprint', 'attempt')) as { fingerprint: string; attempt: number }[]) : [];
    const handoffId = randomUUID();
    const answer = await this.protect({
      handoff_id: handoffId,
      prompt: body.prompt,
      files,
      profiles: settings.profiles,
      threshold: SENSITIVITY_THRESHOLD[settings.sensitivity],
      image_policy: settings.handoffImagePolicy,
      scope: { key_id: found?.generation?.key_id ?? null, wrapped_salt: found?.generation?.wrapped_salt ?? null },
      code_bumps: bumps,
    });

    // --- One transaction: quota, scope, stand-ins, the handoff. Any refusal leaves nothing behind.
    const now = new Date();
    const expiresAt = expiryFor(retention, settings, now, now, this.daySeconds);
    let collided: { scopeId: string; fingerprints: { fingerprint: string; attempt: number }[] } | null = null;
    try {
      await db.transaction(async (trx) => {
        await this.deps.quota.count(trx, principal.companyId, now);
        const scopeId = await this.lockScope(trx, principal.companyId, owner, generation, found?.generation?.key_id ?? null, answer);
        const entryIds = await this.storeEntries(trx, principal.companyId, scopeId, generation, answer, (c) => {
          collided = { scopeId, fingerprints: c };
        });
        const live = await this.liveStandIns(trx, principal.companyId);
        if (live > this.deps.config.SHIELD_MAX_LIVE_STAND_INS) throw tooManyStandIns(this.deps.config.SHIELD_MAX_LIVE_STAND_INS);
        await trx('shield_handoffs').insert({
          id: handoffId,
          company_id: principal.companyId,
          user_id: userId,
          scope_id: scopeId,
          generation,
          retention,
          created_at: now,
          expires_at: expiresAt,
          entry_count: entryIds.length,
          file_count: files.length,
          vault_key_id: answer.vault.key_id,
          vault_wrapped_key: answer.vault.wrapped_key,
          vault_ciphertext: answer.vault.ciphertext,
        });
        if (entryIds.length) await trx('shield_handoff_entries').insert(entryIds.map((entry_id) => ({ handoff_id: handoffId, entry_id })));
        const newBumps = answer.entries.filter((e) => e.attempt > 0);
        if (newBumps.length) {
          await trx('shield_code_bumps')
            .insert(newBumps.map((e) => ({ scope_id: scopeId, generation, fingerprint: e.fingerprint, attempt: e.attempt })))
            .onConflict(['scope_id', 'generation', 'fingerprint'])
            .merge(['attempt']);
        }
      });
    } catch (err) {
      const c = collided as { scopeId: string; fingerprints: { fingerprint: string; attempt: number }[] } | null;
      if (c) {
        // The next try draws these values' next codes (nothing else was kept).
        await db('shield_code_bumps')
          .insert(c.fingerprints.map((f) => ({ scope_id: c.scopeId, generation, fingerprint: f.fingerprint, attempt: f.attempt + 1 })))
          .onConflict(['scope_id', 'generation', 'fingerprint'])
          .merge(['attempt']);
      }
      throw err;
    }

    // --- Retention is a durable workflow; without one the handoff could never expire, so it goes again.
    try {
      await this.deps.retention.start(handoffId, expiresAt, await leaverDeadlineOf(db, principal.companyId, userId, this.daySeconds));
    } catch (err) {
      this.deps.logger.error({ err: (err as Error).message, handoffId }, 'handoff retention workflow could not start; handoff removed');
      await db.transaction(async (trx) => {
        await deleteHandoffRows(trx, handoffId);
        await trx.raw(`UPDATE shield_usage SET requests = greatest(requests - 1, 0) WHERE company_id = ? AND month = ?`, [principal.companyId, now.toISOString().slice(0, 7)]);
      });
      throw new ApiError(503, 'RETENTION_UNAVAILABLE', 'The handoff could not be scheduled for deletion, so it was not created; try again');
    }

    return {
      handoffId,
      expiresAt: iso(expiresAt),
      handoffFile: { name: answer.handoff_file.name, mediaType: answer.handoff_file.media_type, base64: answer.handoff_file.base64 },
      files: answer.files,
      images: answer.images,
      protectedCounts: answer.protected_counts,
      resultFileName: answer.result_file_name,
    };
  }

  async list(principal: Principal): Promise<{ handoffs: HandoffRecord[] }> {
    const userId = requireShield(principal);
    const rows = (await this.live(this.deps.db)
      .where({ company_id: principal.companyId, user_id: userId })
      .orderBy('created_at', 'desc')
      .limit(HANDOFF_LIMITS.listMax)) as HandoffRow[];
    return { handoffs: rows.map(toRecord) };
  }

  async get(principal: Principal, id: string): Promise<HandoffRecord> {
    return toRecord(await this.own(this.deps.db, principal, id));
  }

  async setRetention(principal: Principal, id: string, body: { retention?: unknown }): Promise<HandoffRecord> {
    const retention = retentionOf(body.retention ?? '');
    const settings = await this.deps.settings.get(principal.companyId);
    const row = await this.deps.db.transaction(async (trx) => {
      const current = await this.own(trx, principal, id, true);
      if (retention === 'NO_LIMIT' && !settings.noLimitAllowed) throw ApiError.forbidden('Your company does not allow handoffs without a time limit', 'NO_LIMIT_NOT_ALLOWED');
      const now = new Date();
      if (retention === 'KEEP' && keepLimitReached(settings, new Date(current.created_at), now, this.daySeconds)) {
        throw ApiError.conflict(`The handoff is older than the company's keep maximum (${settings.keepMaxDays} days)`, 'KEEP_LIMIT_REACHED');
      }
      const expiresAt = expiryFor(retention, settings, now, new Date(current.created_at), this.daySeconds);
      const [updated] = (await trx('shield_handoffs').where({ id }).update({ retention, expires_at: expiresAt }).returning('*')) as HandoffRow[];
      return updated!;
    });
    await this.deps.retention.lifetime(id, row.expires_at);
    return toRecord(row);
  }

  async delete(principal: Principal, id: string): Promise<{ deleted: true }> {
    await this.deps.db.transaction(async (trx) => {
      await this.own(trx, principal, id, true);
      await deleteHandoffRows(trx, id);
    });
    await this.deps.retention.deleted(id);
    return { deleted: true };
  }

  async restore(principal: Principal, body: { text?: unknown }) {
    const userId = requireShield(principal);
    if (typeof body.text !== 'string' || body.text === '') throw ApiError.badRequest('text is required', undefined, 'BAD_REQUEST');
    if (body.text.length > HANDOFF_LIMITS.restoreChars) {
      throw new ApiError(413, 'TOO_LARGE', `The text is longer than ${HANDOFF_LIMITS.restoreChars} characters`, { reason: 'text' });
    }
    const text = body.text;
    const { db } = this.deps;
    await this.deps.quota.check(principal.companyId);

    // The caller's live handoffs that hold a code of the text; nobody else's are ever opened.
    const codes = [...new Set(findCodes(text).flatMap((c) => (c.code ? [c.code] : [])))];
    const vaults: SealedVault[] = codes.length
      ? (
          (await this.live(db)
            .where({ company_id: principal.companyId, user_id: userId })
            .whereIn(
              'id',
              db('shield_handoff_entries as he').join('shield_scope_entries as e', 'e.id', 'he.entry_id').where('e.company_id', principal.companyId).whereIn('e.code', codes).select('he.handoff_id'),
            )
            .orderBy('created_at', 'desc')
            .limit(1000)
            .select('id', 'vault_key_id', 'vault_wrapped_key', 'vault_ciphertext')) as HandoffRow[]
        ).map((r) => ({ handoff_id: r.id, key_id: r.vault_key_id, wrapped_key: r.vault_wrapped_key, ciphertext: r.vault_ciphertext }))
      : [];
    let answer: Awaited<ReturnType<HandoffSanitizerClient['restore']>>;
    try {
      answer = await this.deps.client.restore(text, vaults);
    } catch (err) {
      if (err instanceof SanitizerUnavailable) throw surrogateUnavailable();
      throw new ApiError(502, 'SANITIZER_FAILED', 'The protection service could not restore the text');
    }

    const settings = await this.deps.settings.get(principal.companyId);
    const now = new Date();
    const expiresAt = expiryFor('DEFAULT', settings, now, now, this.daySeconds);
    const extended = await db.transaction(async (trx) => {
      await this.deps.quota.count(trx, principal.companyId, now);
      if (!answer.used_handoff_ids.length) return [] as HandoffRow[];
      // A restore that used a handoff extends its life (DEFAULT retention; KEEP and NO_LIMIT keep theirs).
      await trx('shield_handoffs').whereIn('id', answer.used_handoff_ids).where({ company_id: principal.companyId, user_id: userId }).update({ last_restored_at: now });
      return (await trx('shield_handoffs')
        .whereIn('id', answer.used_handoff_ids)
        .where({ company_id: principal.companyId, user_id: userId, retention: 'DEFAULT' })
        .update({ expires_at: expiresAt })
        .returning(['id', 'expires_at'])) as HandoffRow[];
    });
    for (const h of extended) await this.deps.retention.lifetime(h.id, h.expires_at);

    return {
      text: answer.text,
      verdict: answer.verdict,
      replaced: answer.replaced,
      distinct: answer.distinct,
      expiredOrDeleted: answer.expired_or_deleted,
      unrecognised: answer.unrecognised,
      highlights: answer.highlights,
    };
  }

  /** An admin holds (or releases) the handoffs of a member who left; their deadlines move. */
  async holdLeaver(principal: Principal, userId: string, held: boolean) {
    requireShield(principal);
    if (!isUuid(userId)) throw ApiError.notFound('User not found', 'NOT_FOUND');
    // Only a member of this company, someone who owns a handoff here, or a leaver already on record
    // (to release a hold): any other id, another company's user included, is 404 and writes nothing
    // (the generated tenant-isolation test found this route accepting any id).
    const scoped = { company_id: principal.companyId, user_id: userId };
    const known =
      (await this.deps.db('memberships').where(scoped).first('user_id')) ??
      (await this.deps.db('shield_handoffs').where(scoped).first('id')) ??
      (await this.deps.db('shield_leavers').where(scoped).first('user_id'));
    if (!known) throw ApiError.notFound('User not found', 'NOT_FOUND');
    await this.deps.db.transaction(async (trx) => {
      await trx('shield_leavers')
        .insert({ company_id: principal.companyId, user_id: userId, held, held_by_user_id: held ? principal.userId : null })
        .onConflict(['company_id', 'user_id'])
        .merge({ held, held_by_user_id: held ? principal.userId : null, updated_at: trx.fn.now() });
      await trx('audit_logs').insert({
        company_id: principal.companyId,
        user_id: principal.userId,
        action: held ? 'shield.leaver.held' : 'shield.leaver.released',
        resource_type: 'user',
        resource_id: userId,
        details: JSON.stringify({}),
      });
    });
    await this.deps.retention.ownerChanged(this.deps.db, principal.companyId, userId);
    const row = (await this.deps.db('shield_leavers').where({ company_id: principal.companyId, user_id: userId }).first()) as { left_at: Date | null; held: boolean };
    return { userId, held: row.held, leftAt: iso(row.left_at) };
  }

  // ---------------------------------------------------------------------------------------------

  private live(db: Knex | Knex.Transaction) {
    return db('shield_handoffs').where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', new Date()));
  }

  /** The caller's own live handoff, or 404 as if it did not exist (also for admins and other users). */
  private async own(db: Knex | Knex.Transaction, principal: Principal, id: string, lock = false): Promise<HandoffRow> {
    const userId = requireShield(principal);
    if (!isUuid(id)) throw ApiError.notFound('Handoff not found', 'NOT_FOUND');
    let q = this.live(db).where({ id, company_id: principal.companyId, user_id: userId });
    if (lock) q = q.forUpdate();
    const row = (await q.first()) as HandoffRow | undefined;
    if (!row) throw ApiError.notFound('Handoff not found', 'NOT_FOUND');
    return row;
  }

  private async liveStandIns(db: Knex | Knex.Transaction, companyId: string): Promise<number> {
    const row = (await db('shield_scope_entries').where({ company_id: companyId }).count<{ count: string }[]>('* as count'))[0];
    return Number(row?.count ?? 0);
  }

  private async protect(call: Parameters<HandoffSanitizerClient['protect']>[0]): Promise<ProtectAnswer> {
    try {
      return await this.deps.client.protect(call);
    } catch (err) {
      if (err instanceof SanitizerUnavailable) throw surrogateUnavailable();
      if (err instanceof SanitizerRefused) {
        if (err.code === 'SURROGATE_KEY_CHANGED') throw ApiError.conflict(err.message, 'SURROGATE_KEY_CHANGED');
        const fileIndex = /^File (\d+):/.exec(err.message)?.[1];
        if (fileIndex !== undefined) {
          const index = Number(fileIndex);
          if (err.status === 413) throw new ApiError(413, 'TOO_LARGE', err.message, { fileIndex: index }, { fileIndex: index });
          if (err.status === 422) throw new ApiError(422, 'UNREADABLE_FILE', err.message, { fileIndex: index }, { fileIndex: index });
          if (err.status === 400) throw badFile(index, err.message.replace(/^File \d+:\s*/, ''));
        }
      }
      throw new ApiError(502, 'SANITIZER_FAILED', 'The protection service failed; nothing was created');
    }
  }

  /**
   * Locks the scope (or creates it with its first generation) and checks that the generation the
   * stand-ins were drawn from is still the active one: a rotation in between is 409 SCOPE_ROTATED.
   */
  private async lockScope(
    trx: Knex.Transaction,
    companyId: string,
    owner: { userId: string } | { projectId: string },
    generation: number,
    keyId: string | null,
    answer: ProtectAnswer,
  ): Promise<string> {
    const found = await this.deps.scopes.find(trx, companyId, owner, true);
    if (found) {
      if (found.scope.active_generation !== generation || (found.generation?.key_id ?? null) !== keyId || answer.scope.minted) {
        throw ApiError.conflict('The stand-in scope was renewed while the handoff was being made; nothing was created, try again', 'SCOPE_ROTATED');
      }
      return found.scope.id;
    }
    if (!answer.scope.minted || !answer.scope.wrapped_salt) throw ApiError.conflict('The stand-in scope changed while the handoff was being made; try again', 'SCOPE_ROTATED');
    try {
      const [scope] = (await trx('shield_scopes')
        .insert({
          company_id: companyId,
          kind: 'userId' in owner ? 'user' : 'project',
          user_id: 'userId' in owner ? owner.userId : null,
          project_id: 'projectId' in owner ? owner.projectId : null,
        })
        .returning('id')) as { id: string }[];
      await trx('shield_scope_generations').insert({ scope_id: scope!.id, generation: 1, key_id: answer.scope.key_id, wrapped_salt: answer.scope.wrapped_salt, provenance: 'MINTED' });
      return scope!.id;
    } catch (err) {
      // Two first handoffs of one scope at once: the other one's secret won.
      if (isUniqueViolation(err)) throw ApiError.conflict('The stand-in scope was created at the same time; nothing was created, try again', 'SCOPE_ROTATED');
      throw err;
    }
  }

  /**
   * The handoff's stand-ins in the scope: existing entries (same fingerprint) are reused, new ones
   * inserted. A new value whose code another value already holds in the company is a collision:
   * 409 STAND_IN_COLLISION, and the next try draws its next code.
   */
  private async storeEntries(
    trx: Knex.Transaction,
    companyId: string,
    scopeId: string,
    generation: number,
    answer: ProtectAnswer,
    onCollision: (fingerprints: { fingerprint: string; attempt: number }[]) => void,
  ): Promise<string[]> {
    if (!answer.entries.length) return [];
    for (let i = 0; i < answer.entries.length; i += 1000) {
      const chunk = answer.entries.slice(i, i + 1000);
      await trx('shield_scope_entries')
        .insert(chunk.map((e) => ({ company_id: companyId, scope_id: scopeId, generation, fingerprint: e.fingerprint, code: e.code, entity_type: e.entity_type })))
        .onConflict()
        .ignore();
    }
    const rows = (await trx('shield_scope_entries')
      .where({ scope_id: scopeId, generation })
      .whereIn('fingerprint', answer.entries.map((e) => e.fingerprint))
      .forShare()
      .select('id', 'fingerprint', 'code')) as { id: string; fingerprint: string; code: string }[];
    const byFingerprint = new Map(rows.map((r) => [r.fingerprint, r]));
    const collided = answer.entries.filter((e) => byFingerprint.get(e.fingerprint)?.code !== e.code);
    if (collided.length) {
      onCollision(collided.filter((e) => !byFingerprint.has(e.fingerprint)).map((e) => ({ fingerprint: e.fingerprint, attempt: e.attempt })));
      throw ApiError.conflict('A stand-in code collided with another value; nothing was created, try again', 'STAND_IN_COLLISION');
    }
    return rows.map((r) => r.id);
  }
}

function tooManyStandIns(limit: number): ApiError {
  return new ApiError(413, 'TOO_MANY_STAND_INS', `Your company has more than ${limit} live stand-ins; delete handoffs you no longer need`);
}
