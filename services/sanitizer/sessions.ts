import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection';
import { SecretBox, sha256Hex } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';

/**
 * Sanitizer sessions in PostgreSQL (table sanitizer_sessions, see the migration).
 *
 * Each session gets its own random AES-256-GCM key. That key is stored only wrapped by the master
 * key (ENCRYPTION_KEY); the stand-in mapping (the serialised vault) and the documents are stored
 * only encrypted under the session key. A purge deletes the one row that holds all three, so they
 * are destroyed in a single statement. The token itself is never stored: rows are found by its
 * SHA-256, so a database dump does not hand out restore capabilities.
 */
export type SessionStatus = 'active' | 'restored';

export interface SessionDocuments {
  sanitized_document: string;
  protected_document: string;
  protected_context: string;
  protection_manifest: unknown[];
}

export interface DetectionSummary {
  total_entities_found: number;
  by_category: Record<string, number>;
}

export interface LoadedSession {
  token: string;
  status: SessionStatus;
  documentType: string;
  profiles: string[];
  detectionSummary: DetectionSummary;
  createdAt: Date;
  expiresAt: Date;
  /** The serialised stand-in vault (decrypted). */
  vault: string;
  documents: SessionDocuments;
}

interface SessionRow {
  token_hash: string;
  token_hint: string;
  status: SessionStatus;
  document_type: string;
  profiles: string[];
  detection_summary: DetectionSummary;
  wrapped_key: string;
  vault_ciphertext: string;
  documents_ciphertext: string;
  created_at: Date;
  expires_at: Date;
}

export const SESSION_TOKEN_PATTERN = /^stk_[0-9a-f]{32}$/;

export const newSessionToken = () => `stk_${randomBytes(16).toString('hex')}`;
export const tokenHash = (token: string) => sha256Hex(token);
export const tokenHint = (token: string) => token.slice(0, 10);

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly master: SecretBox,
  ) {}

  async create(input: {
    documentType: string;
    profiles: string[];
    detectionSummary: DetectionSummary;
    vault: string;
    documents: SessionDocuments;
    ttlSeconds: number;
  }): Promise<{ token: string; expiresAt: Date }> {
    const token = newSessionToken();
    const sessionKey = randomBytes(32).toString('base64');
    const box = new SecretBox(sessionKey);
    const expiresAt = new Date(Date.now() + input.ttlSeconds * 1000);
    await this.db('sanitizer_sessions').insert({
      token_hash: tokenHash(token),
      token_hint: tokenHint(token),
      status: 'active',
      document_type: input.documentType,
      profiles: JSON.stringify(input.profiles),
      detection_summary: JSON.stringify(input.detectionSummary),
      wrapped_key: this.master.encrypt(sessionKey),
      vault_ciphertext: box.encrypt(input.vault),
      documents_ciphertext: box.encrypt(JSON.stringify(input.documents)),
      expires_at: expiresAt,
    });
    return { token, expiresAt };
  }

  /** A live session, decrypted. 404 when unknown, purged or past its TTL (restore is no longer guaranteed). */
  async load(token: string): Promise<LoadedSession> {
    const row = await this.row(token);
    const box = this.boxOf(row);
    return {
      token,
      status: row.status,
      documentType: row.document_type,
      profiles: row.profiles,
      detectionSummary: row.detection_summary,
      createdAt: new Date(row.created_at),
      expiresAt: new Date(row.expires_at),
      vault: box.decrypt(row.vault_ciphertext),
      documents: JSON.parse(box.decrypt(row.documents_ciphertext)) as SessionDocuments,
    };
  }

  /**
   * Replaces the vault and documents of a live session (the gateway protects several parts of one
   * request in one session). The session key stays; the TTL is not extended.
   */
  async update(token: string, input: { vault: string; documents: SessionDocuments; detectionSummary: DetectionSummary }): Promise<void> {
    const row = await this.row(token);
    const box = this.boxOf(row);
    const updated = await this.db('sanitizer_sessions')
      .where({ token_hash: row.token_hash })
      .andWhere('expires_at', '>', new Date())
      .update({
        vault_ciphertext: box.encrypt(input.vault),
        documents_ciphertext: box.encrypt(JSON.stringify(input.documents)),
        detection_summary: JSON.stringify(input.detectionSummary),
        updated_at: new Date(),
      });
    if (updated === 0) throw sessionNotFound();
  }

  async markRestored(token: string): Promise<void> {
    await this.db('sanitizer_sessions')
      .where({ token_hash: tokenHash(token) })
      .update({ status: 'restored', restored_at: new Date(), updated_at: new Date() });
  }

  /** Destroys the wrapped key, mapping and documents in one statement. False when nothing was there. */
  async purge(token: string): Promise<boolean> {
    if (!SESSION_TOKEN_PATTERN.test(token)) return false;
    const deleted = await this.db('sanitizer_sessions').where({ token_hash: tokenHash(token) }).delete();
    return deleted > 0;
  }

  private async row(token: string): Promise<SessionRow> {
    if (!SESSION_TOKEN_PATTERN.test(token)) throw sessionNotFound();
    const row = (await this.db('sanitizer_sessions').where({ token_hash: tokenHash(token) }).first()) as SessionRow | undefined;
    if (!row) throw sessionNotFound();
    if (new Date(row.expires_at).getTime() <= Date.now()) {
      throw ApiError.notFound('Session expired: restore is no longer available', 'SESSION_EXPIRED');
    }
    return row;
  }

  private boxOf(row: SessionRow): SecretBox {
    return new SecretBox(this.master.decrypt(row.wrapped_key));
  }
}

export function sessionNotFound() {
  return ApiError.notFound('Session not found or purged', 'SESSION_NOT_FOUND');
}

/**
 * Removes sessions whose TTL has passed (the scheduled cleanup workflow's activity). Deletes in
 * batches so one run never holds a long lock; returns how many rows went.
 */
export async function deleteExpiredSanitizerSessions(db: Db, now = new Date(), batchSize = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db('sanitizer_sessions')
      .whereIn('token_hash', db('sanitizer_sessions').select('token_hash').where('expires_at', '<=', now).limit(batchSize))
      .delete();
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
