import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { holdWorkflowId } from '../../temporal/workflow-ids';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * SUPERVISED execution and execution holds: the hold workflow on a real Temporal server, approve /
 * reject as workflow Updates, expiry in seconds, tenancy, and a worker restart that loses nothing.
 */
let stack: Stack;
let company: TestCompany;
let session: string;
let temporal: Client;

beforeAll(async () => {
  stack = await startStack({ worker: true });
  company = await stack.createCompany();
  session = await stack.login(company.adminEmail, company.adminPassword);
  temporal = new Client({ connection: await Connection.connect({ address: process.env.TEST_TEMPORAL_ADDRESS! }) });
});

afterAll(async () => {
  await temporal?.connection.close();
  await stack?.stop();
});

async function supervised(s: Stack, key: string, prompt = 'Draft a reply to the customer') {
  const res = await s.http<any>('POST', '/api/gateway/execute', {
    token: key,
    body: { prompt, executionMode: 'SUPERVISED', providerType: 'ANTHROPIC' },
  });
  expect(res.status).toBe(200);
  return res.body;
}

const patch = (s: Stack, token: string, id: string, body: unknown) =>
  s.http<any>('PATCH', `/api/v1/execution-holds/${id}`, { token, body });

async function waitFor<T>(fn: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('SUPERVISED execution', () => {
  it('calls the provider, withholds the content and returns a hold id', async () => {
    const before = (await stack.simStats()).total;
    const body = await supervised(stack, company.gatewayKey, 'Secret draft');
    expect(body).toEqual({
      success: true,
      mode: 'SUPERVISED',
      holdId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      message: expect.any(String),
      timeline: expect.objectContaining({ providerMs: expect.any(Number), totalMs: expect.any(Number) }),
    });
    expect(JSON.stringify(body)).not.toContain('Secret draft');
    expect((await stack.simStats()).total).toBe(before + 1);

    const hold = await stack.http<any>('GET', `/api/v1/execution-holds/${body.holdId}`, { token: session });
    expect(hold.status).toBe(200);
    expect(hold.body).toMatchObject({
      id: body.holdId,
      companyId: company.companyId,
      executionMode: 'SUPERVISED',
      status: 'PENDING_REVIEW',
      requestPayload: { prompt: 'Secret draft', systemPrompt: null, model: 'claude-haiku-4-5', provider: 'sim-anthropic' },
      routingDecision: { provider: 'sim-anthropic', model: 'claude-haiku-4-5', policyId: null },
      responsePayload: { content: expect.stringContaining('Secret draft'), model: 'claude-haiku-4-5' },
      resolvedBy: null,
      resolvedAt: null,
      resolution: null,
      resolver: null,
    });
    expect(hold.body.costEstimate).toBeGreaterThan(0);
    expect(new Date(hold.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);

    const description = await temporal.workflow.getHandle(holdWorkflowId(body.holdId)).describe();
    expect(description.status.name).toBe('RUNNING');
    expect(description.type).toBe('executionHoldWorkflow');
  });

  it('approve returns the hold and the held response, and the workflow completes', async () => {
    const { holdId } = await supervised(stack, company.gatewayKey, 'Approve me');
    const res = await patch(stack, session, holdId, { action: 'approve' });
    expect(res.status).toBe(200);
    expect(res.body.hold).toMatchObject({
      id: holdId,
      status: 'APPROVED',
      resolvedBy: company.adminUserId,
      resolution: 'APPROVED',
      resolver: { id: company.adminUserId, email: company.adminEmail },
    });
    expect(new Date(res.body.hold.resolvedAt).getTime()).not.toBeNaN();
    expect(res.body.responsePayload).toEqual({
      content: expect.stringContaining('Approve me'),
      usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number), totalTokens: expect.any(Number) },
      model: 'claude-haiku-4-5',
    });
    const handle = temporal.workflow.getHandle(holdWorkflowId(holdId));
    expect(await handle.result()).toBe('APPROVED');

    // The recorded history replays against the current workflow code: no non-determinism.
    const history = await handle.fetchHistory();
    await expect(
      Worker.runReplayHistory({ workflowBundle: { codePath: process.env.WORKFLOW_BUNDLE_PATH! } }, history, holdWorkflowId(holdId)),
    ).resolves.toBeUndefined();
  });

  it('reject stores the reason as the resolution', async () => {
    const { holdId } = await supervised(stack, company.gatewayKey);
    const res = await patch(stack, session, holdId, { action: 'reject', reason: 'Tone is off' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: holdId, status: 'REJECTED', resolution: 'Tone is off', resolvedBy: company.adminUserId });
    expect(res.body.responsePayload).toBeDefined();
  });

  it('a second resolve answers 400, sequential or concurrent', async () => {
    const { holdId } = await supervised(stack, company.gatewayKey);
    expect((await patch(stack, session, holdId, { action: 'approve' })).status).toBe(200);
    const again = await patch(stack, session, holdId, { action: 'reject' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'HOLD_ALREADY_RESOLVED' });

    const second = await supervised(stack, company.gatewayKey);
    const results = await Promise.all([
      patch(stack, session, second.holdId, { action: 'approve' }),
      patch(stack, session, second.holdId, { action: 'reject', reason: 'race' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const final = await stack.http<any>('GET', `/api/v1/execution-holds/${second.holdId}`, { token: session });
    const winner = results.find((r) => r.status === 200)!.body;
    expect(final.body.status).toBe(winner.hold?.status ?? winner.status);
  });

  it('answers 400 for an invalid body', async () => {
    const { holdId } = await supervised(stack, company.gatewayKey);
    expect((await patch(stack, session, holdId, { action: 'maybe' })).status).toBe(400);
    expect((await patch(stack, session, holdId, {})).status).toBe(400);
  });

  it('takes a session only: an API key gets 401', async () => {
    const { holdId } = await supervised(stack, company.gatewayKey);
    expect((await stack.http('GET', '/api/v1/execution-holds', { token: company.gatewayKey })).status).toBe(401);
    expect((await patch(stack, company.gatewayKey, holdId, { action: 'approve' })).status).toBe(401);
  });

  it("another company's hold is 404", async () => {
    const { holdId } = await supervised(stack, company.gatewayKey);
    const other = await stack.createCompany();
    const otherSession = await stack.login(other.adminEmail, other.adminPassword);
    expect((await stack.http('GET', `/api/v1/execution-holds/${holdId}`, { token: otherSession })).status).toBe(404);
    expect((await patch(stack, otherSession, holdId, { action: 'approve' })).status).toBe(404);
    const list = await stack.http<any>('GET', '/api/v1/execution-holds?status=ALL', { token: otherSession });
    expect(list.body.holds.map((h: any) => h.id)).not.toContain(holdId);
    expect((await stack.http('GET', '/api/v1/execution-holds/not-a-uuid', { token: session })).status).toBe(404);
  });

  it('lists with a status filter and pagination', async () => {
    const own = await stack.createCompany();
    const ownSession = await stack.login(own.adminEmail, own.adminPassword);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await supervised(stack, own.gatewayKey, `item ${i}`)).holdId);
    await patch(stack, ownSession, ids[0], { action: 'approve' });

    const pending = await stack.http<any>('GET', '/api/v1/execution-holds', { token: ownSession });
    expect(pending.status).toBe(200);
    expect(pending.body.holds.map((h: any) => h.status)).toEqual(['PENDING_REVIEW', 'PENDING_REVIEW']);
    expect(pending.body.pagination).toEqual({ total: 2, limit: 50, offset: 0, hasMore: false });

    const page = await stack.http<any>('GET', '/api/v1/execution-holds?status=ALL&limit=2&offset=0', { token: ownSession });
    expect(page.body.pagination).toEqual({ total: 3, limit: 2, offset: 0, hasMore: true });
    expect(page.body.holds).toHaveLength(2);
    const rest = await stack.http<any>('GET', '/api/v1/execution-holds?status=ALL&limit=2&offset=2', { token: ownSession });
    expect(rest.body.pagination.hasMore).toBe(false);
    expect(rest.body.holds).toHaveLength(1);

    const approved = await stack.http<any>('GET', '/api/v1/execution-holds?status=APPROVED', { token: ownSession });
    expect(approved.body.holds.map((h: any) => h.id)).toEqual([ids[0]]);

    expect((await stack.http('GET', '/api/v1/execution-holds?limit=101', { token: ownSession })).status).toBe(400);
    expect((await stack.http('GET', '/api/v1/execution-holds?status=DONE', { token: ownSession })).status).toBe(400);
  });
});

describe('expiry', () => {
  let short: Stack;
  let co: TestCompany;
  let coSession: string;

  beforeAll(async () => {
    short = await startStack({ worker: true, env: { HOLD_EXPIRY_SECONDS: '2' } });
    co = await short.createCompany();
    coSession = await short.login(co.adminEmail, co.adminPassword);
  });
  afterAll(async () => short?.stop());

  it('expires an unresolved hold and then refuses to resolve it', async () => {
    const { holdId } = await supervised(short, co.gatewayKey);
    const expired = await waitFor(
      () => short.http<any>('GET', `/api/v1/execution-holds/${holdId}`, { token: coSession }),
      (r) => r.body.status !== 'PENDING_REVIEW',
    );
    expect(expired.body).toMatchObject({ status: 'EXPIRED', resolution: 'EXPIRED', resolvedBy: null });
    expect(await temporal.workflow.getHandle(holdWorkflowId(holdId)).result()).toBe('EXPIRED');
    const res = await patch(short, coSession, holdId, { action: 'approve' });
    expect(res.status).toBe(400);
  });
});

describe('worker restart', () => {
  let s: Stack;
  let co: TestCompany;
  let coSession: string;
  const root = path.resolve(__dirname, '../..');

  function spawnWorker(): ChildProcess {
    return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'workers', 'worker.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: s.config.DATABASE_URL,
        TEMPORAL_ADDRESS: s.config.TEMPORAL_ADDRESS,
        TEMPORAL_TASK_QUEUE: s.config.TEMPORAL_TASK_QUEUE,
        WORKFLOW_BUNDLE_PATH: process.env.WORKFLOW_BUNDLE_PATH,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
  }

  beforeAll(async () => {
    s = await startStack({ worker: false });
    co = await s.createCompany();
    coSession = await s.login(co.adminEmail, co.adminPassword);
  });
  afterAll(async () => s?.stop());

  it('a hold created before the worker is killed is approved after it restarts', async () => {
    const first = spawnWorker();
    try {
      const { holdId } = await supervised(s, co.gatewayKey, 'survive the restart');
      const handle = temporal.workflow.getHandle(holdWorkflowId(holdId));
      // Wait until the first worker has run the workflow (its timer is scheduled).
      await waitFor(
        async () => (await handle.fetchHistory()).events?.some((e) => e.timerStartedEventAttributes) ?? false,
        Boolean,
      );
      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));

      const second = spawnWorker();
      try {
        const res = await patch(s, coSession, holdId, { action: 'approve' });
        expect(res.status).toBe(200);
        expect(res.body.hold.status).toBe('APPROVED');
        expect(res.body.responsePayload.content).toContain('survive the restart');
        expect(await handle.result()).toBe('APPROVED');
      } finally {
        second.kill('SIGTERM');
        await new Promise((r) => second.once('exit', r));
      }
    } finally {
      if (first.exitCode === null && first.signalCode === null) first.kill('SIGKILL');
    }
  }, 90_000);
});
