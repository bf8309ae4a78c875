import { tokenHash } from '../../services/sanitizer/sessions';
import { type Stack, startStack } from '../support/stack';

/**
 * Expired sanitizer sessions disappear: the worker creates the cleanup Schedule for its queue at
 * start, and the scheduled workflow deletes every session past its TTL (key, mapping and documents
 * in the same row). A live session stays.
 */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ sanitizer: true, worker: true, env: { SANITIZER_CLEANUP_INTERVAL_SECONDS: '1' } });
});
afterAll(async () => {
  await stack?.stop();
});

const rowExists = async (token: string) =>
  Boolean(await stack.sanitizer!.container.db('sanitizer_sessions').where({ token_hash: tokenHash(token) }).first());

const newSession = (ttlSeconds: number) =>
  stack.sanitizer!.container.sessions.create({
    documentType: 'txt',
    profiles: ['personal_information'],
    detectionSummary: { total_entities_found: 0, by_category: {} },
    vault: '{"entries":[]}',
    documents: { sanitized_document: '', protected_document: '', protected_context: '', protection_manifest: [] },
    ttlSeconds,
  });

it('deletes expired sessions on schedule and keeps live ones', async () => {
  const expiring = await newSession(1);
  const live = await newSession(3600);
  expect(expiring.token).toMatch(/^stk_[0-9a-f]{32}$/);

  expect((await stack.sanitizerHttp('GET', `/api/v1/sessions/${expiring.token}`)).status).toBe(200);
  // Past its TTL the session no longer answers (SESSION_EXPIRED before cleanup, SESSION_NOT_FOUND after).
  await new Promise((r) => setTimeout(r, 1200));
  const expired = await stack.sanitizerHttp<{ code: string }>('GET', `/api/v1/sessions/${expiring.token}`);
  expect(expired.status).toBe(404);
  expect(['SESSION_EXPIRED', 'SESSION_NOT_FOUND']).toContain(expired.body.code);

  const deadline = Date.now() + 30_000;
  while ((await rowExists(expiring.token)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
  expect(await rowExists(expiring.token)).toBe(false);
  expect(await rowExists(live.token)).toBe(true);
  expect((await stack.sanitizerHttp('GET', `/api/v1/sessions/${live.token}`)).status).toBe(200);
});
