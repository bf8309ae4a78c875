import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { deleteSanitizerCleanupSchedule } from '../../temporal/sanitizer-schedule';
import { type Stack, type TestCompany, startStack } from '../support/stack';
import { type WorkerProcess, spawnWorkerProcess } from '../support/worker-process';

/**
 * Issue 12, "a chain run survives a worker restart in the middle and completes": a three-step
 * chain tool called through the official MCP SDK client; the worker (a process of its own) is
 * SIGKILLed while step 2's provider call is in flight and a fresh worker is started. Temporal
 * notices the lost step through its missed heartbeats (MCP_CHAIN_STEP_HEARTBEAT_MS, a few seconds
 * here) and runs it again on the new worker; step 1 is not run again (it is in the history). The
 * per-step delay is simulator latency, so the whole run takes seconds.
 *
 * Meanwhile step 3's prompt gets a new production version: the run uses the versions pinned when
 * it started.
 */
jest.setTimeout(240_000);

const SIM_KEY = 'sim;latency=2500;id=chain-restart';
const WORKER_ENV = { BREAKER_HEALTH_SCHEDULE: 'false', BATCH_REPAIR_SCHEDULE: 'false' };
let stack: Stack;
let worker: WorkerProcess | null = null;
let client: Client | null = null;

beforeAll(async () => {
  stack = await startStack({ worker: false, env: { MCP_CHAIN_STEP_HEARTBEAT_MS: '4000' } });
});

afterAll(async () => {
  await client?.close().catch(() => {});
  await worker?.kill();
  if (stack) await deleteSanitizerCleanupSchedule(await stack.container.temporal.client(), stack.config.TEMPORAL_TASK_QUEUE).catch(() => {});
  await stack?.stop();
});

async function companyWithSlowProvider(): Promise<TestCompany> {
  const co = await stack.createCompany({ withSimulator: false });
  await stack.container.services.providers.create(
    co.companyId,
    {
      type: 'OPENAI',
      name: 'slow-openai',
      baseUrl: `${stack.simulatorUrl}/v1`,
      apiKey: SIM_KEY,
      defaultModel: 'gpt-4o-mini',
      models: [{ name: 'gpt-4o-mini', inputPricePerMillion: 0.15, outputPricePerMillion: 0.6 }],
      isDefault: true,
    },
    { userId: co.adminUserId },
  );
  return co;
}

const simCalls = async () => (await stack.simStats()).byKey[SIM_KEY]?.requests ?? 0;

it('a chain run survives a worker killed mid-step and completes on a fresh worker, with its pinned versions', async () => {
  const co = await companyWithSlowProvider();
  const prompt = async (name: string, userPrompt: string) => {
    const res = await stack.http<{ prompt: { promptId: string } }>('POST', '/api/v1/prompts', { token: co.gatewayKey, body: { name, userPrompt } });
    expect(res.status).toBe(201);
    return res.body.prompt.promptId;
  };
  const steps = [await prompt('one', 'Step one about {{topic}}'), await prompt('two', 'Step two after: {{previousOutput}}'), await prompt('three', 'Step three v1 closing {{topic}}')];
  expect((await stack.http('POST', '/api/v1/mcp/tools', { token: co.gatewayKey, body: { name: 'slow_chain', type: 'chain', steps } })).status).toBe(201);

  worker = await spawnWorkerProcess(stack.config, { env: WORKER_ENV });
  const transport = new StreamableHTTPClientTransport(new URL(`${stack.url}/api/v1/mcp`), { requestInit: { headers: { Authorization: `Bearer ${co.gatewayKey}` } } });
  client = new Client({ name: 'restart-test', version: '1.0.0' });
  await client.connect(transport);
  const call = client.callTool({ name: 'slow_chain', arguments: { topic: 'tides' } }, undefined, { timeout: 200_000 });

  // Step 2 in flight: its provider request arrived (step 1 answered) and cannot be answered for 2.5 s.
  const deadline = Date.now() + 90_000;
  while ((await simCalls()) < 2) {
    if (Date.now() > deadline) throw new Error(`step 2 never started:\n${worker.output.slice(-20).join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const run = await stack.container.db('mcp_chain_runs').where({ company_id: co.companyId }).first();
  expect(run.status).toBe('RUNNING');
  const killed = worker;
  worker = null;
  await killed.kill();

  // A new production version of step 3 while the run is under way: the run keeps the pinned one.
  const admin = await stack.login(co.adminEmail, co.adminPassword);
  const changed = await stack.http('PUT', `/api/v1/prompts/${steps[2]}`, { token: admin, body: { userPrompt: 'Step three v2 closing {{topic}}', setProduction: true } });
  expect(changed.status).toBe(200);

  worker = await spawnWorkerProcess(stack.config, { env: WORKER_ENV });
  const result = (await call) as { content: Array<{ text: string }>; isError: boolean };
  const out = JSON.parse(result.content[0]!.text);
  expect(result.isError).toBe(false);
  expect(out.status).toBe('COMPLETED');
  expect(out.steps.map((s: { step: number }) => s.step)).toEqual([1, 2, 3]);
  expect(out.steps[0].content).toContain('tides');
  expect(out.steps[1].content).toContain('Step two after');
  expect(out.steps[2].content).toContain('Step three v1 closing tides');
  expect(out.steps[2].content).not.toContain('v2');

  // Step 1 ran once; step 2 ran again on the fresh worker (at-least-once provider delivery); step 3 once.
  const calls = await simCalls();
  expect(calls).toBeGreaterThanOrEqual(3);
  expect(calls).toBeLessThanOrEqual(4);
  const done = await stack.container.db('mcp_chain_runs').where({ id: out.runId }).first();
  expect(done).toMatchObject({ status: 'COMPLETED', total_tokens: out.totalTokens });
  expect(done.outputs).toHaveLength(3);
  // The workflow's history shows the retried step.
  const history = await (await stack.container.temporal.client()).workflow.getHandle(`chain:${out.runId}`).fetchHistory();
  const attempts = (history.events ?? []).filter((e) => e.activityTaskStartedEventAttributes).map((e) => e.activityTaskStartedEventAttributes!.attempt ?? 1);
  expect(Math.max(...attempts)).toBeGreaterThanOrEqual(2);
});
