import { randomBytes } from 'node:crypto';
import { PzkClient } from '../../examples/pzk-client';
import { encryptText, generateKeyPair, exportPublicKey, sha256Hex, toB64 } from '../../lib/pzk-crypto';
import { dumpAllRows } from '../support/database-dump';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Zero-knowledge encryption over HTTP (spec document 2, issue 15): the company and project
 * switches and their 403/404, ZK off → the dual-mode endpoint stores a plain prompt, the reference
 * client's round trip for two (and three) members with client-made and server-made share
 * envelopes, revoke, rotation, every spec error; and after it all, neither a dump of the whole
 * database (every row of every table, as text) nor any log line holds the plaintext prompt, response or an unwrapped key.
 */
let stack: Stack;
let company: TestCompany;
let other: TestCompany;
let admin: string;
const logs: string[] = [];
const users: Record<string, { userId: string; email: string; password: string; session: string }> = {};

type Body = Record<string, any>;
const call = (method: string, path: string, token: string, body?: unknown) => stack.http<Body>(method, path, { token, body });
const tag = randomBytes(6).toString('hex');
const SECRET_PROMPT = `Summarise the merger of Zephyr-${tag} with Quill Holdings for the board`;
const SECRET_SYSTEM = `You are the confidential counsel ${tag}`;
const SECRET_NAME = `Merger brief ${tag}`;
const SECRET_RESPONSE = `The Zephyr-${tag} merger closes on 3 March at 41 dollars a share`;

let repo: Body;
let projectId: string;

beforeAll(async () => {
  stack = await startStack({ captureLogs: logs });
  company = await stack.createCompany();
  other = await stack.createCompany();
  admin = await stack.login(company.adminEmail, company.adminPassword);
  for (const name of ['b', 'c', 'd']) {
    const u = await stack.addUser(company.companyId, 'MEMBER');
    users[name] = { ...u, session: await stack.login(u.email, u.password) };
  }
  const project = await call('POST', '/api/v1/projects', admin, { name: `ZK project ${tag}` });
  expect(project.status).toBe(201);
  projectId = project.body.project.id;
  const r = await call('POST', '/api/v1/repositories', admin, { name: `zk-repo-${tag}`, projectId });
  expect(r.status).toBe(201);
  repo = r.body.repository;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('settings', () => {
  it('shows the company setting to admins only; members get 403 on GET and PUT', async () => {
    const res = await call('GET', '/api/v1/zero-knowledge/company', admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ companyId: company.companyId, globalEnabled: true, zeroKnowledgeEnabled: false });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await call('GET', '/api/v1/zero-knowledge/company', users.b!.session)).status).toBe(403);
    expect((await call('PUT', '/api/v1/zero-knowledge/company', users.b!.session, { enabled: true })).status).toBe(403);
    const bad = await call('PUT', '/api/v1/zero-knowledge/company', admin, { enabled: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_request', details: [expect.objectContaining({ path: ['enabled'] })] });
    expect((await stack.http('GET', '/api/v1/zero-knowledge/company')).status).toBe(401);
  });

  it('refuses to turn ZK on for a package without it (globalEnabled false)', async () => {
    const pro = await stack.createCompany({ packageName: 'professional' });
    const s = await stack.login(pro.adminEmail, pro.adminPassword);
    expect((await call('GET', '/api/v1/zero-knowledge/company', s)).body.globalEnabled).toBe(false);
    const res = await call('PUT', '/api/v1/zero-knowledge/company', s, { enabled: true });
    expect(res.status).toBe(403);
  });

  it('with ZK off: bootstrap, encrypted prompts, responses and shares are 403; the dual-mode endpoint stores a plain prompt', async () => {
    const pub = await exportPublicKey((await generateKeyPair()).publicKey);
    const boot = await call('POST', '/api/v1/pzk/bootstrap', admin, { action: 'initialize', clientPublicKey: pub });
    expect(boot.status).toBe(403);
    expect(boot.body.code).toBe('zero_knowledge_disabled');
    const key = new Uint8Array(32);
    const enc = await encryptText(key, 'x');
    const p = await call('POST', '/api/v1/pzk/encrypted-prompts', company.gatewayKey, { repositoryId: repo.repositoryId, encryptedUserPrompt: enc, encryptionKeyRef: 'zkk_x', promptHash: 'a'.repeat(64) });
    expect(p.status).toBe(403);
    const r = await call('POST', '/api/v1/pzk/encrypted-responses', company.gatewayKey, {
      executionId: 'e1', provider: 'openai', model: 'm', inputTokens: 1, outputTokens: 1, totalTokens: 2, costCents: 0, executionTime: 5, encryptedContent: enc, encryptionKeyRef: 'zkk_x',
    });
    expect(r.status).toBe(403);
    const s = await call('POST', '/api/v1/pzk/shares', admin, { encryptionKeyId: 'zkk_x', recipientUserId: users.b!.userId });
    expect(s.status).toBe(403);
    const status = await call('GET', '/api/v1/pzk/bootstrap', admin);
    expect(status.body).toMatchObject({ initialized: false, companyKeyId: null, repositoriesWithZK: [], enabled: false });

    const plain = await call('POST', '/api/v1/prompts/zk', admin, { name: `plain ${tag}`, userPrompt: `Plain prompt ${tag}` });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ success: true, mode: 'standard', prompt: { name: `plain ${tag}`, userPrompt: `Plain prompt ${tag}` } });
    const read = await call('GET', `/api/v1/prompts/${plain.body.prompt.promptId}`, admin);
    expect(read.body.prompt.userPrompt).toBe(`Plain prompt ${tag}`);
    const badPlain = await call('POST', '/api/v1/prompts/zk', admin, { name: '' });
    expect(badPlain.status).toBe(400);
  });

  it('turns ZK on; a project inherits it, its editors or admins may switch it, others 403, another company 404', async () => {
    const on = await call('PUT', '/api/v1/zero-knowledge/company', admin, { enabled: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ companyId: company.companyId, globalEnabled: true, zeroKnowledgeEnabled: true });
    const proj = await call('GET', `/api/v1/zero-knowledge/projects/${projectId}`, users.b!.session);
    expect(proj.body).toMatchObject({ projectId, companyEnabled: true, projectEnabled: null, enabled: true });
    expect((await call('PUT', `/api/v1/zero-knowledge/projects/${projectId}`, users.b!.session, { enabled: false })).status).toBe(403);
    const otherAdmin = await stack.login(other.adminEmail, other.adminPassword);
    expect((await call('GET', `/api/v1/zero-knowledge/projects/${projectId}`, otherAdmin)).status).toBe(404);
    expect((await call('PUT', `/api/v1/zero-knowledge/projects/${projectId}`, otherAdmin, { enabled: false })).status).toBe(404);
    expect((await call('GET', '/api/v1/zero-knowledge/projects/00000000-0000-4000-8000-000000000000', admin)).status).toBe(404);

    const off = await call('PUT', `/api/v1/zero-knowledge/projects/${projectId}`, admin, { enabled: false });
    expect(off.body).toMatchObject({ success: true, projectEnabled: false, enabled: false });
    expect((await call('GET', '/api/v1/pzk/bootstrap', admin)).body.repositoriesWithZK).not.toContain(repo.repositoryId);
    const pub = await exportPublicKey((await generateKeyPair()).publicKey);
    const boot = await call('POST', '/api/v1/pzk/bootstrap', admin, { action: 'initialize', repositoryIds: [repo.repositoryId], clientPublicKey: pub });
    expect(boot.status).toBe(403);
    expect((await call('PUT', `/api/v1/zero-knowledge/projects/${projectId}`, admin, { enabled: true })).body.enabled).toBe(true);
    const status = await call('GET', '/api/v1/pzk/bootstrap', admin);
    expect(status.body).toMatchObject({ enabled: true, repositoriesWithZK: [repo.repositoryId], features: { clientEncryption: true, keyRotation: true, secureSharing: true, auditLogging: true } });
  });
});

describe('the reference client round trip', () => {
  let a: PzkClient;
  let b: PzkClient;
  let c: PzkClient;
  let repoKeyId: string;
  let companyKeyId: string;
  let promptId: string;
  const rawKeys: Uint8Array[] = [];

  it('A initializes keys, encrypts, stores, fetches and decrypts a prompt and a response', async () => {
    a = await PzkClient.create({ baseUrl: stack.url, session: admin, apiKey: company.gatewayKey });
    const keys = await a.bootstrap('initialize', [repo.repositoryId]);
    expect(keys).toHaveLength(2);
    for (const k of keys) {
      expect(k).toMatchObject({ keyId: expect.stringMatching(/^zkk_/), algorithm: 'AES-GCM-256', handshakeAlgorithm: 'ECDH-X25519+HKDF-SHA256+AES-256-GCM', serverPublicKey: expect.any(String), encryptedKey: expect.any(String) });
      expect(new Date(k.expiresAt).getTime()).toBeGreaterThan(Date.now());
      rawKeys.push(a.exportRawKeyForTest(k.keyId));
    }
    repoKeyId = keys.find((k) => k.repositoryId === repo.repositoryId)!.keyId;
    companyKeyId = keys.find((k) => k.repositoryId === null)!.keyId;
    const status = await call('GET', '/api/v1/pzk/bootstrap', admin);
    expect(status.body).toMatchObject({ initialized: true, companyKeyId });
    // A second initialize makes nothing new.
    const again = await call('POST', '/api/v1/pzk/bootstrap', admin, { action: 'initialize', repositoryIds: [repo.repositoryId], clientPublicKey: a.publicKey });
    expect(again.body.action).toBe('initialized');
    expect(again.body.keys.map((k: Body) => k.keyId).sort()).toEqual([companyKeyId, repoKeyId].sort());

    const stored = await a.storePrompt(repo.repositoryId, { name: SECRET_NAME, userPrompt: SECRET_PROMPT, systemPrompt: SECRET_SYSTEM });
    promptId = stored.promptId;
    expect(stored).toMatchObject({
      promptId: expect.stringMatching(/^prompt_\d+_[0-9a-z]+$/),
      name: '[ENCRYPTED]',
      encryptionAlg: 'AES-GCM',
      encryptionKeyRef: repoKeyId,
      encryptionKeyId: expect.any(String),
      promptHash: await sha256Hex(SECRET_PROMPT),
      repository: { repositoryId: repo.repositoryId, name: repo.name },
      encryptedUserPrompt: { alg: 'AES-GCM', iv: expect.any(String), ct: expect.any(String), tag: expect.any(String) },
      encryptedSystemPrompt: expect.objectContaining({ alg: 'AES-GCM' }),
      encryptedName: expect.objectContaining({ alg: 'AES-GCM' }),
      encryptedPayload: { userPrompt: expect.any(Object), systemPrompt: expect.any(Object), name: expect.any(Object) },
      metadata: {},
    });
    const back = await a.fetchPrompt(promptId);
    expect(back).toMatchObject({ name: SECRET_NAME, userPrompt: SECRET_PROMPT, systemPrompt: SECRET_SYSTEM });

    const response = await a.storeResponse({ executionId: `exec-${tag}`, promptId, keyId: repoKeyId, content: SECRET_RESPONSE, provider: 'openai', model: 'gpt-4o-mini', inputTokens: 12, outputTokens: 30, costCents: 1, executionTime: 850 });
    expect(response).toEqual({ executionId: `exec-${tag}`, promptId, createdAt: expect.any(String) });
    expect(await a.fetchResponses(`exec-${tag}`)).toEqual([SECRET_RESPONSE]);
  });

  it('B, a member, gets the company key only and cannot read the prompt until A shares the repository key (client-made envelope)', async () => {
    b = await PzkClient.create({ baseUrl: stack.url, session: users.b!.session, apiKey: company.gatewayKey });
    const keys = await b.bootstrap('get', [repo.repositoryId]);
    expect(keys.map((k) => k.keyId)).toEqual([companyKeyId]);
    await expect(b.fetchPrompt(promptId)).rejects.toThrow(/not held/);

    const share = await a.share(repoKeyId, users.b!.userId, { clientWrap: true, notes: 'for the board pack' });
    expect(share).toMatchObject({
      id: expect.any(String),
      encryptionKeyId: repoKeyId,
      recipientUserId: users.b!.userId,
      grantedByUserId: company.adminUserId,
      scope: 'read',
      status: 'active',
      expiresAt: null,
      notes: 'for the board pack',
      envelope: expect.objectContaining({ alg: 'ECDH-X25519+HKDF-SHA256+AES-256-GCM', keyId: repoKeyId }),
      encryptionKey: { id: expect.any(String), keyRef: repoKeyId, companyId: company.companyId, repositoryId: repo.repositoryId, isActive: true, createdAt: expect.any(String) },
      grantedBy: { id: company.adminUserId, email: company.adminEmail, firstName: null, lastName: null },
      recipient: expect.objectContaining({ id: users.b!.userId, email: users.b!.email }),
    });
    expect(await b.acceptShares()).toEqual([repoKeyId]);
    expect((await b.fetchPrompt(promptId)).userPrompt).toBe(SECRET_PROMPT);
    expect(await b.fetchResponses(`exec-${tag}`)).toEqual([SECRET_RESPONSE]);
    // With an active share, bootstrap delivers the repository key to B as well.
    expect((await b.bootstrap('get', [repo.repositoryId])).map((k) => k.keyId).sort()).toEqual([companyKeyId, repoKeyId].sort());
  });

  it('C gets a share wrapped by the server for the public key C registered; D, never bootstrapped, is 422', async () => {
    c = await PzkClient.create({ baseUrl: stack.url, session: users.c!.session, apiKey: company.gatewayKey });
    await c.bootstrap('get');
    const share = await a.share(repoKeyId, users.c!.userId, { expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(share.envelope).toMatchObject({ alg: 'ECDH-X25519+HKDF-SHA256+AES-256-GCM' });
    await c.acceptShares();
    expect((await c.fetchPrompt(promptId)).systemPrompt).toBe(SECRET_SYSTEM);

    const none = await call('POST', '/api/v1/pzk/shares', admin, { encryptionKeyId: repoKeyId, recipientUserId: users.d!.userId });
    expect(none.status).toBe(422);
    expect(none.body.code).toBe('recipient_public_key_missing');
    // With an envelope of its own the share is stored as given.
    const given = await call('POST', '/api/v1/pzk/shares', admin, { encryptionKeyId: repoKeyId, recipientUserId: users.d!.userId, envelope: 'opaque-envelope' });
    expect(given.status).toBe(201);
    expect(given.body.share.envelope).toBe('opaque-envelope');
  });

  it('lists shares by role and status, and revokes (grantor or admin only)', async () => {
    const granted = await call('GET', '/api/v1/pzk/shares?role=granted', admin);
    expect(granted.body.shares).toHaveLength(3);
    const received = await call('GET', '/api/v1/pzk/shares', users.b!.session);
    expect(received.body.shares).toHaveLength(1);
    const shareB = received.body.shares[0];
    const cShare = (await call('GET', '/api/v1/pzk/shares', users.c!.session)).body.shares[0];
    expect((await call('DELETE', `/api/v1/pzk/shares/${cShare.id}`, users.b!.session)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/pzk/shares/${shareB.id}`, users.b!.session)).status).toBe(403);
    const revoked = await call('DELETE', `/api/v1/pzk/shares/${shareB.id}`, admin);
    expect(revoked.status).toBe(200);
    expect(revoked.body.share).toMatchObject({ id: shareB.id, status: 'revoked', revokedAt: expect.any(String) });
    expect((await call('GET', '/api/v1/pzk/shares', users.b!.session)).body.shares).toEqual([]);
    expect((await call('GET', '/api/v1/pzk/shares?status=revoked', users.b!.session)).body.shares).toHaveLength(1);
    expect((await call('GET', '/api/v1/pzk/shares?role=both', users.b!.session)).body.code).toBe('invalid_request');
    // Revoked: bootstrap no longer delivers the repository key to B.
    const fresh = await PzkClient.create({ baseUrl: stack.url, session: users.b!.session });
    expect((await fresh.bootstrap('get', [repo.repositoryId])).map((k) => k.keyId)).toEqual([companyKeyId]);
  });

  it('rotates (admins only): new keys for new content, the old key still opens old content, encrypting with it is refused', async () => {
    expect((await call('POST', '/api/v1/pzk/bootstrap', users.c!.session, { action: 'rotate', clientPublicKey: c.publicKey })).status).toBe(403);
    const rotated = await call('POST', '/api/v1/pzk/bootstrap', admin, { action: 'rotate', clientPublicKey: a.publicKey });
    expect(rotated.status).toBe(200);
    expect(rotated.body.action).toBe('rotated');
    const ids = rotated.body.keys.map((k: Body) => k.keyId);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(repoKeyId);
    expect(ids).not.toContain(companyKeyId);
    const a2 = await PzkClient.create({ baseUrl: stack.url, session: admin, apiKey: company.gatewayKey });
    const old = await a2.bootstrap('get', undefined, [repoKeyId]);
    expect(old.find((k) => k.keyId === repoKeyId)).toBeTruthy();
    for (const k of old) rawKeys.push(a2.exportRawKeyForTest(k.keyId));
    expect((await a2.fetchPrompt(promptId)).userPrompt).toBe(SECRET_PROMPT);
    const stale = await call('POST', '/api/v1/pzk/encrypted-prompts', company.gatewayKey, await a2.encryptPrompt(repo.repositoryId, { name: 'n', userPrompt: `stale ${tag}` }, repoKeyId));
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ code: 'invalid_request', details: [{ path: ['encryptionKeyRef'], message: expect.stringContaining('rotated') }] });
  });

  it('the dual-mode endpoint stores encrypted fields when ZK is on, and refuses a plain body', async () => {
    const body = await a.encryptPrompt(repo.repositoryId, { name: 'dual', userPrompt: `Dual ${tag}` }, (await a.bootstrap('get', [repo.repositoryId])).find((k) => k.repositoryId)!.keyId);
    const res = await call('POST', '/api/v1/prompts/zk', admin, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, ok: true, mode: 'zero-knowledge', prompt: { name: '[ENCRYPTED]', promptHash: await sha256Hex(`Dual ${tag}`) } });
    const viaKey = await call('POST', '/api/v1/prompts/zk', company.gatewayKey, { ...body, promptHash: await sha256Hex('other') });
    expect(viaKey.status).toBe(201);
    const plain = await call('POST', '/api/v1/prompts/zk', admin, { name: 'plain', userPrompt: 'a plain prompt' });
    expect(plain.status).toBe(400);
    expect(plain.body.code).toBe('invalid_request');
  });

  it('an encrypted prompt is not executable by reference: the gateway does not find it', async () => {
    const res = await call('POST', '/api/gateway/execute', company.gatewayKey, { metadata: { promptId } });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(SECRET_PROMPT);
  });

  it('publishes every zero-knowledge route in the OpenAPI document', async () => {
    const doc = await stack.http<Body>('GET', '/api/openapi.json');
    for (const path of ['/api/v1/pzk/bootstrap', '/api/v1/pzk/encrypted-prompts', '/api/v1/pzk/encrypted-responses', '/api/v1/pzk/shares', '/api/v1/pzk/shares/{id}', '/api/v1/zero-knowledge/company', '/api/v1/zero-knowledge/projects/{id}', '/api/v1/prompts/zk', '/api/documents/parsing/preview', '/api/v1/files/parse']) {
      expect(Object.keys(doc.body.paths)).toContain(path);
    }
  });

  it('leaves no plaintext prompt, response or unwrapped key in a dump of the whole database or in any log line', async () => {
    const stdout = await dumpAllRows(stack.container.db);
    expect(stdout).toContain(promptId); // the dump is real and holds this run's rows
    expect(stdout).toContain(await sha256Hex(SECRET_PROMPT));
    // Positive control: the prompt stored with ZK off is plain text, and the dump shows it.
    expect(stdout).toContain(`Plain prompt ${tag}`);
    const logText = logs.join('\n');
    expect(logText).toContain('/api/v1/pzk/encrypted-prompts'); // the api logged these requests
    const needles = [SECRET_PROMPT, SECRET_SYSTEM, SECRET_NAME, SECRET_RESPONSE, `Zephyr-${tag}`];
    for (const raw of rawKeys) needles.push(toB64(raw), Buffer.from(raw).toString('hex'), Buffer.from(raw).toString('base64url'));
    expect(rawKeys.length).toBeGreaterThanOrEqual(4);
    for (const needle of needles) {
      expect(stdout.includes(needle)).toBe(false);
      expect(logText.includes(needle)).toBe(false);
    }
  }, 120_000);
});

describe('errors', () => {
  let client: PzkClient;
  let keyId: string;
  let body: Body;
  beforeAll(async () => {
    client = await PzkClient.create({ baseUrl: stack.url, session: admin, apiKey: company.gatewayKey });
    keyId = (await client.bootstrap('get', [repo.repositoryId])).find((k) => k.repositoryId)!.keyId;
    body = await client.encryptPrompt(repo.repositoryId, { name: 'e', userPrompt: `errors ${tag}` }, keyId);
  });
  const post = (b: unknown, token = company.gatewayKey) => call('POST', '/api/v1/pzk/encrypted-prompts', token, b);

  it.each([
    ['repositoryId missing', (b: Body) => ({ ...b, repositoryId: undefined }), 'repositoryId'],
    ['encryptedUserPrompt missing', (b: Body) => ({ ...b, encryptedUserPrompt: undefined }), 'encryptedUserPrompt'],
    ['iv not 12 bytes', (b: Body) => ({ ...b, encryptedUserPrompt: { ...b.encryptedUserPrompt, iv: toB64(new Uint8Array(16)) } }), 'encryptedUserPrompt'],
    ['tag not 16 bytes', (b: Body) => ({ ...b, encryptedUserPrompt: { ...b.encryptedUserPrompt, tag: toB64(new Uint8Array(8)) } }), 'encryptedUserPrompt'],
    ['alg not AES-GCM', (b: Body) => ({ ...b, encryptedUserPrompt: { ...b.encryptedUserPrompt, alg: 'AES-CBC' } }), 'encryptedUserPrompt'],
    ['ct not base64', (b: Body) => ({ ...b, encryptedUserPrompt: { ...b.encryptedUserPrompt, ct: 'not base64!' } }), 'encryptedUserPrompt'],
    ['promptHash too short', (b: Body) => ({ ...b, promptHash: 'abc123' }), 'promptHash'],
    ['encryptionKeyRef missing', (b: Body) => ({ ...b, encryptionKeyRef: undefined }), 'encryptionKeyRef'],
    ['encryptionAlg other', (b: Body) => ({ ...b, encryptionAlg: 'RSA' }), 'encryptionAlg'],
  ])('encrypted prompt: %s → 400 invalid_request with details', async (_label, change, field) => {
    const res = await post(change(body));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request', error: expect.stringContaining(field) });
    expect(res.body.details[0].path[0]).toBe(field);
  });

  it('a tag appended to ct is accepted', async () => {
    const appended = await encryptText(client.exportRawKeyForTest(keyId), `appended ${tag}`, { appendTag: true });
    const res = await post({ ...body, encryptedUserPrompt: appended, promptHash: await sha256Hex(`appended ${tag}`) });
    expect(res.status).toBe(201);
    expect(res.body.prompt.encryptedUserPrompt.tag).toBeUndefined();
  });

  it('404 for an unknown repository or key; 401 without a key or with a session; another company sees 404', async () => {
    expect((await post({ ...body, repositoryId: 'repo_missing' })).body).toMatchObject({ code: 'repository_not_found' });
    expect((await post({ ...body, repositoryId: 'repo_missing' })).status).toBe(404);
    expect((await post({ ...body, encryptionKeyRef: 'zkk_missing' })).status).toBe(404);
    expect((await stack.http('POST', '/api/v1/pzk/encrypted-prompts', { body })).status).toBe(401);
    expect((await post(body, 'not-a-key')).status).toBe(401);
    expect((await post(body, admin)).status).toBe(401);
    const stored = await post(body);
    expect(stored.status).toBe(201);
    const mine = await call('GET', `/api/v1/pzk/encrypted-prompts?promptId=${stored.body.prompt.promptId}`, company.gatewayKey);
    expect(mine.status).toBe(200);
    expect(mine.body.ok).toBe(true);
    expect((await call('GET', `/api/v1/pzk/encrypted-prompts?promptId=${stored.body.prompt.promptId}`, other.gatewayKey)).status).toBe(404);
    expect((await call('GET', '/api/v1/pzk/encrypted-prompts', company.gatewayKey)).body.code).toBe('invalid_request');
    // Another company's repository and key are unknown here.
    expect((await call('POST', '/api/v1/pzk/encrypted-prompts', other.gatewayKey, body)).status).toBe(403); // ZK is off there
  });

  it('a company key cannot be used with another repository key, and a repository key not outside its repository', async () => {
    const r2 = await call('POST', '/api/v1/repositories', admin, { name: `zk-repo-2-${tag}` });
    const res = await post({ ...body, repositoryId: r2.body.repository.repositoryId });
    expect(res.status).toBe(400);
    expect(res.body.details[0].path).toEqual(['encryptionKeyRef']);
  });

  it('encrypted responses: every field is required and checked; an unknown prompt is 404', async () => {
    const enc = await encryptText(client.exportRawKeyForTest(keyId), 'r');
    const ok = { executionId: 'x', provider: 'openai', model: 'm', inputTokens: 1, outputTokens: 2, totalTokens: 3, costCents: 0, executionTime: 10, encryptedContent: enc, encryptionKeyRef: keyId };
    for (const field of ['executionId', 'provider', 'model', 'inputTokens', 'outputTokens', 'totalTokens', 'costCents', 'executionTime', 'encryptedContent', 'encryptionKeyRef']) {
      const res = await call('POST', '/api/v1/pzk/encrypted-responses', company.gatewayKey, { ...ok, [field]: undefined });
      expect([res.status, res.body.code, res.body.details?.[0]?.path?.[0]]).toEqual([400, 'invalid_request', field]);
    }
    const frac = await call('POST', '/api/v1/pzk/encrypted-responses', company.gatewayKey, { ...ok, executionTime: 1.5 });
    expect(frac.status).toBe(400);
    const unknown = await call('POST', '/api/v1/pzk/encrypted-responses', company.gatewayKey, { ...ok, promptId: 'prompt_1_missing' });
    expect(unknown.status).toBe(404);
    // A repository key without a prompt of its repository is refused; the company key is fine.
    expect((await call('POST', '/api/v1/pzk/encrypted-responses', company.gatewayKey, ok)).status).toBe(400);
  });

  it('bootstrap: 400 without or with a bad clientPublicKey, 404 for an unknown repository, 401 with an API key', async () => {
    const missing = await call('POST', '/api/v1/pzk/bootstrap', admin, { action: 'get' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'invalid_request', details: [expect.objectContaining({ path: ['clientPublicKey'] })] });
    const bad = await call('POST', '/api/v1/pzk/bootstrap', admin, { clientPublicKey: toB64(new Uint8Array(31)) });
    expect(bad.status).toBe(400);
    const badAction = await call('POST', '/api/v1/pzk/bootstrap', admin, { action: 'destroy', clientPublicKey: client.publicKey });
    expect(badAction.body.code).toBe('invalid_request');
    const repoMissing = await call('POST', '/api/v1/pzk/bootstrap', admin, { repositoryIds: ['repo_nope'], clientPublicKey: client.publicKey });
    expect(repoMissing.status).toBe(404);
    expect((await call('POST', '/api/v1/pzk/bootstrap', company.gatewayKey, { clientPublicKey: client.publicKey })).status).toBe(401);
  });

  it('shares: notes over 500 characters, a past expiresAt and sharing with oneself are 400; an unknown key or recipient 404', async () => {
    const base = { encryptionKeyId: keyId, recipientUserId: users.c!.userId };
    const long = await call('POST', '/api/v1/pzk/shares', admin, { ...base, notes: 'x'.repeat(501) });
    expect([long.status, long.body.code, long.body.details[0].path[0]]).toEqual([400, 'invalid_request', 'notes']);
    expect((await call('POST', '/api/v1/pzk/shares', admin, { ...base, notes: 'x'.repeat(500) })).status).toBe(201);
    expect((await call('POST', '/api/v1/pzk/shares', admin, { ...base, expiresAt: '2020-01-01T00:00:00Z' })).status).toBe(400);
    expect((await call('POST', '/api/v1/pzk/shares', admin, { ...base, expiresAt: 'tomorrow' })).status).toBe(400);
    expect((await call('POST', '/api/v1/pzk/shares', admin, { ...base, recipientUserId: company.adminUserId })).status).toBe(400);
    expect((await call('POST', '/api/v1/pzk/shares', admin, { ...base, encryptionKeyId: 'zkk_nope' })).status).toBe(404);
    expect((await call('POST', '/api/v1/pzk/shares', admin, { ...base, recipientUserId: other.adminUserId })).status).toBe(404);
    // B holds no repository key any more (share revoked): cannot share it.
    expect((await call('POST', '/api/v1/pzk/shares', users.b!.session, { ...base, envelope: 'x' })).status).toBe(403);
  });
});
