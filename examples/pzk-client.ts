import {
  type EncryptedObject,
  type KeyEnvelope,
  decryptText,
  encryptText,
  envelopeFor,
  exportPublicKey,
  generateKeyPair,
  sha256Hex,
  unwrapKey,
} from '../lib/pzk-crypto';

/**
 * The reference zero-knowledge client: what a member's browser or CLI does, with WebCrypto only
 * (lib/pzk-crypto.ts) and fetch. It makes an X25519 key pair that never leaves it, bootstraps
 * (the server answers data keys wrapped for the public key), encrypts a prompt before it is sent,
 * stores it and a response with an API key, fetches and decrypts them, and shares a key with a
 * teammate (wrapping it for the teammate's public key itself, or asking the server to).
 *
 * Raw data keys live only in this object's memory; the server sees the public key, ciphertext and
 * the SHA-256 of the prompt (promptHash).
 */
export interface ZkKeyEntry {
  keyId: string;
  encryptedKey: string;
  algorithm: string;
  expiresAt: string;
  repositoryId: string | null;
  serverPublicKey: string;
  handshakeAlgorithm: string;
}

// biome-ignore lint/suspicious/noExplicitAny: server answers are read loosely, as a browser client would.
type Json = Record<string, any>;

export class PzkClient {
  private pair!: Awaited<ReturnType<typeof generateKeyPair>>;
  publicKey = '';
  private readonly keys = new Map<string, { raw: Uint8Array; repositoryId: string | null }>();

  constructor(private readonly opts: { baseUrl: string; session: string; apiKey?: string }) {}

  static async create(opts: { baseUrl: string; session: string; apiKey?: string }): Promise<PzkClient> {
    const c = new PzkClient(opts);
    c.pair = await generateKeyPair();
    c.publicKey = await exportPublicKey(c.pair.publicKey);
    return c;
  }

  private async call(method: string, path: string, body: unknown, token: string): Promise<{ status: number; body: Json }> {
    const res = await fetch(this.opts.baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const parsed = text ? JSON.parse(text) : {};
    if (res.status >= 400) throw Object.assign(new Error(`${method} ${path}: ${res.status} ${text}`), { status: res.status, body: parsed });
    return { status: res.status, body: parsed };
  }

  private get apiKey(): string {
    if (!this.opts.apiKey) throw new Error('this client has no API key (encrypted prompts and responses need one)');
    return this.opts.apiKey;
  }

  /** Bootstrap: registers the public key and opens every delivered data key. */
  async bootstrap(action: 'initialize' | 'get' | 'rotate' = 'get', repositoryIds?: string[], keyIds?: string[]): Promise<ZkKeyEntry[]> {
    const { body } = await this.call('POST', '/api/v1/pzk/bootstrap', { action, repositoryIds, clientPublicKey: this.publicKey, keyIds }, this.opts.session);
    for (const k of body.keys as ZkKeyEntry[]) {
      const raw = await unwrapKey(this.pair.privateKey, this.publicKey, { epk: k.serverPublicKey, wrapped: k.encryptedKey }, k.keyId);
      this.keys.set(k.keyId, { raw, repositoryId: k.repositoryId });
    }
    return body.keys;
  }

  hasKey(keyId: string): boolean {
    return this.keys.has(keyId);
  }

  /** The key id to encrypt a repository's content with: its own key, else the company key. */
  keyFor(repositoryId: string): string {
    const entries = [...this.keys.entries()];
    const own = entries.find(([, k]) => k.repositoryId === repositoryId) ?? entries.find(([, k]) => k.repositoryId === null);
    if (!own) throw new Error('no key for this repository: bootstrap first');
    return own[0];
  }

  private raw(keyId: string): Uint8Array {
    const k = this.keys.get(keyId);
    if (!k) throw new Error(`key ${keyId} not held by this client`);
    return k.raw;
  }

  async encrypt(keyId: string, text: string): Promise<EncryptedObject> {
    return encryptText(this.raw(keyId), text);
  }

  async decrypt(keyId: string, obj: EncryptedObject): Promise<string> {
    return decryptText(this.raw(keyId), obj);
  }

  /** The body of POST /api/v1/pzk/encrypted-prompts (or /api/v1/prompts/zk with ZK on). */
  async encryptPrompt(repositoryId: string, p: { name: string; userPrompt: string; systemPrompt?: string }, keyId = this.keyFor(repositoryId)) {
    return {
      repositoryId,
      encryptedUserPrompt: await this.encrypt(keyId, p.userPrompt),
      encryptedSystemPrompt: p.systemPrompt === undefined ? undefined : await this.encrypt(keyId, p.systemPrompt),
      encryptedName: await this.encrypt(keyId, p.name),
      encryptionAlg: 'AES-GCM',
      encryptionKeyRef: keyId,
      promptHash: await sha256Hex(p.userPrompt),
    };
  }

  async storePrompt(repositoryId: string, p: { name: string; userPrompt: string; systemPrompt?: string }): Promise<Json> {
    return (await this.call('POST', '/api/v1/pzk/encrypted-prompts', await this.encryptPrompt(repositoryId, p), this.apiKey)).body.prompt;
  }

  async fetchPrompt(promptId: string): Promise<{ name: string; userPrompt: string; systemPrompt: string | null; stored: Json }> {
    const stored = (await this.call('GET', `/api/v1/pzk/encrypted-prompts?promptId=${encodeURIComponent(promptId)}`, undefined, this.apiKey)).body.prompt;
    const keyId = stored.encryptionKeyRef as string;
    const userPrompt = await this.decrypt(keyId, stored.encryptedUserPrompt);
    if ((await sha256Hex(userPrompt)) !== stored.promptHash) throw new Error('promptHash does not match the decrypted prompt');
    return {
      name: stored.encryptedName ? await this.decrypt(keyId, stored.encryptedName) : stored.name,
      userPrompt,
      systemPrompt: stored.encryptedSystemPrompt ? await this.decrypt(keyId, stored.encryptedSystemPrompt) : null,
      stored,
    };
  }

  async storeResponse(r: { executionId: string; promptId?: string; keyId: string; content: string; provider: string; model: string; inputTokens: number; outputTokens: number; costCents: number; executionTime: number }) {
    const body = {
      executionId: r.executionId,
      promptId: r.promptId,
      provider: r.provider,
      model: r.model,
      inputTokens: r.inputTokens,
      outputTokens: r.outputTokens,
      totalTokens: r.inputTokens + r.outputTokens,
      costCents: r.costCents,
      executionTime: r.executionTime,
      encryptionAlg: 'AES-GCM',
      encryptedContent: await this.encrypt(r.keyId, r.content),
      encryptionKeyRef: r.keyId,
    };
    return (await this.call('POST', '/api/v1/pzk/encrypted-responses', body, this.apiKey)).body.response;
  }

  async fetchResponses(executionId: string): Promise<string[]> {
    const { body } = await this.call('GET', `/api/v1/pzk/encrypted-responses?executionId=${encodeURIComponent(executionId)}`, undefined, this.apiKey);
    return Promise.all((body.responses as Json[]).map((r) => this.decrypt(r.encryptionKeyRef, r.encryptedContent)));
  }

  /** Shares a key: wrapped here for the recipient's registered public key (clientWrap) or by the server. */
  async share(keyId: string, recipientUserId: string, opts: { clientWrap?: boolean; notes?: string; expiresAt?: string } = {}): Promise<Json> {
    let envelope: KeyEnvelope | undefined;
    if (opts.clientWrap) {
      const { body } = await this.call('GET', `/api/v1/pzk/public-keys/${recipientUserId}`, undefined, this.opts.session);
      envelope = await envelopeFor(body.publicKey, this.raw(keyId), keyId);
    }
    return (await this.call('POST', '/api/v1/pzk/shares', { encryptionKeyId: keyId, recipientUserId, envelope, notes: opts.notes, expiresAt: opts.expiresAt }, this.opts.session)).body.share;
  }

  /** Opens every active share received (the envelopes), adding their keys. */
  async acceptShares(): Promise<string[]> {
    const { body } = await this.call('GET', '/api/v1/pzk/shares?role=received', undefined, this.opts.session);
    const opened: string[] = [];
    for (const s of body.shares as Json[]) {
      const env = (typeof s.envelope === 'string' ? JSON.parse(s.envelope) : s.envelope) as KeyEnvelope;
      const raw = await unwrapKey(this.pair.privateKey, this.publicKey, env, s.encryptionKeyId);
      this.keys.set(s.encryptionKeyId, { raw, repositoryId: s.encryptionKey.repositoryId });
      opened.push(s.encryptionKeyId);
    }
    return opened;
  }

  /** The raw key bytes as base64 (tests look for them in the database and logs). */
  exportRawKeyForTest(keyId: string): Uint8Array {
    return this.raw(keyId);
  }
}
