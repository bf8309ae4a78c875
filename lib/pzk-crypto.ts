/**
 * The zero-knowledge wire crypto, on WebCrypto only (globalThis.crypto.subtle: Node 20+ and every
 * current browser), shared by the server (wrapping data keys for a member's public key) and the
 * reference client (examples/pzk-client.ts). Nothing is hand-rolled: X25519 ECDH, HKDF-SHA256 and
 * AES-256-GCM are the platform's.
 *
 * Wrapping a 256-bit data key for a recipient's X25519 public key (bootstrap and shares):
 *   ephemeral X25519 pair → ECDH(ephemeral private, recipient public) → 32 shared bytes →
 *   HKDF-SHA256(salt = ephemeral public ‖ recipient public, info = "gatehouse/pzk/v1/wrap") →
 *   AES-256-GCM key → encrypt the data key with a random 12-byte IV and AAD = the key id.
 * The AAD binds a wrapped key to its id: a wrapped key moved to another id does not open. The
 * ephemeral pair is fresh per wrap, so the sender keeps no private key and two wraps never share
 * a wrapping key.
 *
 * Content (prompts, responses) is AES-256-GCM under the data key: the encrypted object
 * {alg: "AES-GCM", iv: base64 12 bytes, ct: base64, tag: base64 16 bytes (optional: appended to ct)}.
 */
import type { webcrypto } from 'node:crypto';

// Types only (erased at build): the module runs on any WebCrypto, the browser's included.
type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;
type KeyUsage = webcrypto.KeyUsage;

export const HANDSHAKE_ALGORITHM = 'ECDH-X25519+HKDF-SHA256+AES-256-GCM';
export const DATA_KEY_ALGORITHM = 'AES-GCM-256';
export const CONTENT_ALGORITHM = 'AES-GCM';
const WRAP_INFO = new TextEncoder().encode('gatehouse/pzk/v1/wrap');

const subtle = () => globalThis.crypto.subtle;

export function toB64(bytes: Uint8Array | ArrayBuffer): string {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let s = '';
  for (let i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode(...u8.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Strict base64 (standard alphabet, padding optional); throws on anything else. */
export function fromB64(b64: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) throw new Error('not base64');
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export async function generateKeyPair(): Promise<CryptoKeyPair> {
  return (await subtle().generateKey({ name: 'X25519' }, true, ['deriveBits'])) as CryptoKeyPair;
}

export async function exportPublicKey(key: CryptoKey): Promise<string> {
  return toB64(await subtle().exportKey('raw', key));
}

/** A base64 raw X25519 public key (32 bytes); throws when it is not one. */
export async function importPublicKey(b64: string): Promise<CryptoKey> {
  const raw = fromB64(b64);
  if (raw.length !== 32) throw new Error('an X25519 public key is 32 bytes');
  return subtle().importKey('raw', raw, { name: 'X25519' }, true, []);
}

async function wrappingKey(privateKey: CryptoKey, peer: CryptoKey, ephemeralRaw: Uint8Array, recipientRaw: Uint8Array, usage: KeyUsage) {
  const shared = await subtle().deriveBits({ name: 'X25519', public: peer }, privateKey, 256);
  const hkdf = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: concat(ephemeralRaw, recipientRaw), info: WRAP_INFO },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

export interface WrappedKey {
  /** The sender's ephemeral X25519 public key (base64 raw): the bootstrap's serverPublicKey. */
  epk: string;
  /** base64 of iv (12 bytes) ‖ ciphertext ‖ tag (16 bytes): the bootstrap's encryptedKey. */
  wrapped: string;
}

/** Wraps raw key bytes for the holder of recipientPublicKey; keyId is authenticated (AAD). */
export async function wrapKey(recipientPublicKey: string, rawKey: Uint8Array, keyId: string): Promise<WrappedKey> {
  const recipient = await importPublicKey(recipientPublicKey);
  const recipientRaw = fromB64(recipientPublicKey);
  const eph = await generateKeyPair();
  const ephRaw = new Uint8Array(await subtle().exportKey('raw', eph.publicKey));
  const kek = await wrappingKey(eph.privateKey, recipient, ephRaw, recipientRaw, 'encrypt');
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const ct = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(keyId) }, kek, rawKey));
  return { epk: toB64(ephRaw), wrapped: toB64(concat(iv, ct)) };
}

/** Opens a wrapped key with the recipient's private key; throws when anything was altered. */
export async function unwrapKey(privateKey: CryptoKey, ownPublicKey: string, w: WrappedKey, keyId: string): Promise<Uint8Array> {
  const epk = await importPublicKey(w.epk);
  const kek = await wrappingKey(privateKey, epk, fromB64(w.epk), fromB64(ownPublicKey), 'decrypt');
  const bytes = fromB64(w.wrapped);
  const plain = await subtle().decrypt({ name: 'AES-GCM', iv: bytes.subarray(0, 12), additionalData: new TextEncoder().encode(keyId) }, kek, bytes.subarray(12));
  return new Uint8Array(plain);
}

/** A share's envelope: the wrapped key plus what is needed to open it. */
export interface KeyEnvelope extends WrappedKey {
  v: 1;
  alg: typeof HANDSHAKE_ALGORITHM;
  keyId: string;
}

export async function envelopeFor(recipientPublicKey: string, rawKey: Uint8Array, keyId: string): Promise<KeyEnvelope> {
  return { v: 1, alg: HANDSHAKE_ALGORITHM, keyId, ...(await wrapKey(recipientPublicKey, rawKey, keyId)) };
}

export interface EncryptedObject {
  alg: 'AES-GCM';
  iv: string;
  ct: string;
  tag?: string;
}

async function contentKey(rawKey: Uint8Array, usage: KeyUsage): Promise<CryptoKey> {
  return subtle().importKey('raw', rawKey, { name: 'AES-GCM' }, false, [usage]);
}

/** AES-256-GCM under the data key; the tag is given separately (appendTag: inside ct). */
export async function encryptText(rawKey: Uint8Array, text: string, opts: { appendTag?: boolean } = {}): Promise<EncryptedObject> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const out = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, await contentKey(rawKey, 'encrypt'), new TextEncoder().encode(text)));
  if (opts.appendTag) return { alg: CONTENT_ALGORITHM, iv: toB64(iv), ct: toB64(out) };
  return { alg: CONTENT_ALGORITHM, iv: toB64(iv), ct: toB64(out.subarray(0, out.length - 16)), tag: toB64(out.subarray(out.length - 16)) };
}

export async function decryptText(rawKey: Uint8Array, obj: EncryptedObject): Promise<string> {
  const ct = obj.tag ? concat(fromB64(obj.ct), fromB64(obj.tag)) : fromB64(obj.ct);
  const plain = await subtle().decrypt({ name: 'AES-GCM', iv: fromB64(obj.iv) }, await contentKey(rawKey, 'decrypt'), ct);
  return new TextDecoder().decode(plain);
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await subtle().digest('SHA-256', new TextEncoder().encode(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A fresh 256-bit data key. */
export function newDataKey(): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(32));
}
