import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { SecretBox } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';

/**
 * Protected handoff's surrogate keys: the keys that wrap every scope generation's secret and every
 * handoff's own mapping key. Derived (HKDF-SHA256) from the sanitizer's master key ENCRYPTION_KEY,
 * so they exist only in this process; the api stores what they wrap and cannot open it.
 *
 * The active key wraps everything new. Keys derived from SHIELD_PREVIOUS_ENCRYPTION_KEYS still
 * unwrap what was made under them, so a master-key change does not lose live handoffs; an admin
 * then rotates the scopes still on an old key ({keyId}) and the old key can be dropped. A key id is
 * the first 16 hex digits of SHA-256 over the derived key: it names the key and reveals nothing.
 */
const INFO = 'gatehouse shield surrogate key v1';

function derive(masterBase64: string): { id: string; box: SecretBox } {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(masterBase64, 'base64'), Buffer.alloc(0), INFO, 32));
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 16), box: new SecretBox(key.toString('base64')) };
}

export class SurrogateKeys {
  private readonly active: { id: string; box: SecretBox };
  private readonly byId = new Map<string, SecretBox>();

  constructor(master: string, previous: string[] = []) {
    this.active = derive(master);
    this.byId.set(this.active.id, this.active.box);
    for (const p of previous) {
      const k = derive(p);
      if (!this.byId.has(k.id)) this.byId.set(k.id, k.box);
    }
  }

  get activeKeyId(): string {
    return this.active.id;
  }

  get keyIds(): string[] {
    return [...this.byId.keys()];
  }

  wrap(secret: Buffer): { keyId: string; wrapped: string } {
    return { keyId: this.active.id, wrapped: this.active.box.encrypt(secret.toString('base64')) };
  }

  /** 409 SURROGATE_KEY_CHANGED when the key is not held any more (the master key changed and the old one was dropped). */
  unwrap(keyId: string, wrapped: string): Buffer {
    const box = this.byId.get(keyId);
    if (!box) {
      throw new ApiError(409, 'SURROGATE_KEY_CHANGED', `The protection key ${keyId} is no longer held by the protection service; an admin must rotate the scope`);
    }
    return Buffer.from(box.decrypt(wrapped), 'base64');
  }

  holds(keyId: string): boolean {
    return this.byId.has(keyId);
  }

  /** A fresh scope generation secret, wrapped by the active key. */
  mintSalt(): { keyId: string; wrapped: string } {
    return this.wrap(randomBytes(32));
  }
}
