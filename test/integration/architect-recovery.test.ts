import { architectWorkflowId } from '../../temporal/workflow-ids';
import { type Stack, startStack } from '../support/stack';

/**
 * Issue 17, the two ways a session's workflow stops short of a final state:
 * - idle: it ends after ARCHITECT_IDLE_HOURS without a call (a week by default; two seconds here),
 *   and the next call starts it again from the PostgreSQL row. Shown: the workflow really closes,
 *   the next call runs in a new run of the same workflow id with the state the row held, the state
 *   machine still refuses a wrong-state call in the new run, and the session goes on to
 *   PROPOSAL_READY;
 * - a model that keeps failing after the preflight passed (its breaker stays closed: too few
 *   samples): 503 ARCHITECT_MODEL_UNAVAILABLE after ARCHITECT_MODEL_ATTEMPTS, the session where it
 *   was, and once the provider answers again the same session analyzes.
 */
jest.setTimeout(180_000);

type Any = any;
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ worker: true, env: { ARCHITECT_IDLE_HOURS: String(2 / 3600), ARCHITECT_MODEL_ATTEMPTS: '2', BREAKER_MIN_SAMPLES: '1000', AUTH_CACHE_TTL_MS: '1000' } });
});

afterAll(async () => {
  await stack?.stop();
});

const BASE = '/api/v1/architect/sessions';

async function workflowStatus(sessionDbId: string): Promise<{ status: string; runId: string }> {
  const client = await stack.container.temporal.client();
  const d = await client.workflow.getHandle(architectWorkflowId(sessionDbId)).describe();
  return { status: d.status.name, runId: d.runId };
}

async function waitForStatus(sessionDbId: string, status: string, timeoutMs = 30_000): Promise<{ status: string; runId: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const d = await workflowStatus(sessionDbId);
    if (d.status === status) return d;
    if (Date.now() > deadline) throw new Error(`workflow still ${d.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

it('a session whose workflow ended while idle is started again from its row by the next call, state machine and all', async () => {
  const co = await stack.createCompany();
  const token = await stack.login(co.adminEmail, co.adminPassword);
  const call = (method: string, path: string, body?: unknown) => stack.http<Any>(method, `${BASE}${path}`, { token, body });

  const created = await call('POST', '', {
    title: 'Idle desk',
    requirements: { description: 'Sort incoming supplier invoices and flag the odd ones.', securityLevel: 'standard', targetFramework: 'LangGraph agents' },
  });
  expect(created.status).toBe(201);
  const id = created.body.session.id;
  const analyzed = await call('POST', `/${id}/analyze`);
  expect([analyzed.status, analyzed.body.session?.status]).toEqual([200, 'DIALOGUE']);
  const versionAfterAnalyze = (await stack.container.db('architect_sessions').where({ id }).first()).version;

  // Two seconds without a call: the workflow completes on its own.
  const first = await waitForStatus(id, 'COMPLETED');

  // A wrong-state call starts the workflow again from the row (DIALOGUE) and is refused by it.
  const refused = await call('POST', `/${id}/accept`);
  expect([refused.status, refused.body.code]).toEqual([400, 'ARCHITECT_INVALID_STATE']);
  const second = await workflowStatus(id);
  expect(second.runId).not.toBe(first.runId);

  const answers = Object.fromEntries(analyzed.body.session.analysis.gaps.questions.filter((q: Any) => q.required).map((q: Any) => [q.id, `Answer to ${q.id}`]));
  const dialogue = await call('POST', `/${id}/dialogue`, { answers });
  expect([dialogue.status, dialogue.body.status]).toEqual([200, 'GENERATING']);
  // The answers were added to the history the row kept, not to an empty one.
  expect(dialogue.body.session.dialogueHistory.filter((e: Any) => e.type === 'answers').map((e: Any) => e.answers)).toEqual([answers]);

  const generated = await call('POST', `/${id}/generate`);
  expect([generated.status, generated.body.session?.status]).toEqual([200, 'PROPOSAL_READY']);
  const row = await stack.container.db('architect_sessions').where({ id }).first();
  expect(row.status).toBe('PROPOSAL_READY');
  // Every transition since the restart wrote the next version: GENERATING, then PROPOSAL_READY.
  expect(row.version).toBeGreaterThan(versionAfterAnalyze);
  expect((await stack.http<Any>('GET', `${BASE}/${id}/proposal`, { token })).status).toBe(200);
});

it('a model failing after the preflight passed: 503 ARCHITECT_MODEL_UNAVAILABLE, the session unchanged, and it analyzes once the provider answers', async () => {
  const co = await stack.createCompany({ withSimulator: false });
  const simKey = 'sim;fail=500;id=architect-model-down';
  const provider = await stack.container.services.providers.create(
    co.companyId,
    {
      type: 'OPENAI',
      name: 'down-openai',
      baseUrl: `${stack.simulatorUrl}/v1`,
      apiKey: simKey,
      defaultModel: 'gpt-4o-mini',
      models: [{ name: 'gpt-4o-mini', inputPricePerMillion: 0.15, outputPricePerMillion: 0.6 }],
      isDefault: true,
    },
    { userId: co.adminUserId },
  );
  const token = await stack.login(co.adminEmail, co.adminPassword);
  const call = (method: string, path: string, body?: unknown) => stack.http<Any>(method, `${BASE}${path}`, { token, body });
  const created = await call('POST', '', { requirements: { description: 'Summarise board minutes for the staff newsletter.', securityLevel: 'standard' } });
  const id = created.body.session.id;

  const failed = await call('POST', `/${id}/analyze`);
  expect([failed.status, failed.body.code]).toEqual([503, 'ARCHITECT_MODEL_UNAVAILABLE']);
  expect(failed.body.error).toContain('the session is INPUT');
  // Both attempts reached the provider (the gateway has no other provider to fall back to).
  expect((await stack.simStats()).byKey[simKey]?.requests).toBeGreaterThanOrEqual(2);
  expect((await call('GET', `/${id}`)).body).toMatchObject({ status: 'INPUT', analysis: null });

  const patched = await stack.http<Any>('PATCH', `/api/v1/providers/${provider.id}`, { token, body: { apiKey: 'sim;id=architect-model-back' } });
  expect(patched.status).toBe(200);
  // The worker's process reads providers through its own cache (AUTH_CACHE_TTL_MS, 1 s here).
  await new Promise((r) => setTimeout(r, 1200));
  const analyzed = await call('POST', `/${id}/analyze`);
  expect([analyzed.status, analyzed.body.session?.status]).toEqual([200, 'DIALOGUE']);
});
