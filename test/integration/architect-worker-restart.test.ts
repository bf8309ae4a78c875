import { deleteSanitizerCleanupSchedule } from '../../temporal/sanitizer-schedule';
import { type Stack, startStack } from '../support/stack';
import { type WorkerProcess, spawnWorkerProcess } from '../support/worker-process';

/**
 * Issue 17: "a worker killed while generate is running resumes and the session ends in
 * PROPOSAL_READY exactly once". The worker is a process of its own, SIGKILLed while the proposal's
 * model call is in flight (the simulator holds every answer 2.5 s); the HTTP call to generate keeps
 * waiting on the workflow Update. A fresh worker picks the step up after its heartbeat timeout
 * (ARCHITECT_STEP_HEARTBEAT_MS, 4 s here), calls the model again and writes the proposal once.
 */
jest.setTimeout(240_000);

type Any = any;
const SIM_KEY = 'sim;latency=2500;id=architect-restart';
const WORKER_ENV = { BREAKER_HEALTH_SCHEDULE: 'false', BATCH_REPAIR_SCHEDULE: 'false' };
let stack: Stack;
let worker: WorkerProcess | null = null;

beforeAll(async () => {
  stack = await startStack({ worker: false, env: { ARCHITECT_STEP_HEARTBEAT_MS: '4000' } });
});

afterAll(async () => {
  await worker?.kill();
  if (stack) await deleteSanitizerCleanupSchedule(await stack.container.temporal.client(), stack.config.TEMPORAL_TASK_QUEUE).catch(() => {});
  await stack?.stop();
});

const simCalls = async () => (await stack.simStats()).byKey[SIM_KEY]?.requests ?? 0;

it('a worker killed mid-generate: a fresh worker resumes and the session reaches PROPOSAL_READY exactly once', async () => {
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
  const token = await stack.login(co.adminEmail, co.adminPassword);
  const call = (method: string, path: string, body?: unknown) => stack.http<Any>(method, `/api/v1/architect/sessions${path}`, { token, body });

  worker = await spawnWorkerProcess(stack.config, { env: WORKER_ENV });
  const created = await call('POST', '', { title: 'Restart desk', requirements: { description: 'Route support tickets to the right team and draft first replies.' } });
  expect(created.status).toBe(201);
  const id = created.body.session.id;
  expect((await call('POST', `/${id}/analyze`)).status).toBe(200);
  const d = await call('POST', `/${id}/dialogue`, { answers: { audience: 'support leads', volume: '200 tickets a day' } });
  expect(d.body.status).toBe('GENERATING');
  const before = await simCalls(); // analysis and the dialogue round

  const generate = call('POST', `/${id}/generate`);
  // The proposal request reached the simulator and cannot be answered for 2.5 s: kill the worker now.
  const deadline = Date.now() + 60_000;
  while ((await simCalls()) < before + 1) {
    if (Date.now() > deadline) throw new Error(`generate never called the model:\n${worker.output.slice(-20).join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const killed = worker;
  worker = null;
  await killed.kill();
  expect((await call('GET', `/${id}`)).body.status).toBe('GENERATING');

  worker = await spawnWorkerProcess(stack.config, { env: WORKER_ENV });
  const res = await generate;
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  expect(res.body.session.status).toBe('PROPOSAL_READY');

  const row = (await call('GET', `/${id}`)).body;
  expect(row.transitions.filter((t: Any) => t.status === 'PROPOSAL_READY')).toHaveLength(1);
  expect(row.dialogueHistory.filter((e: Any) => e.type === 'proposal')).toHaveLength(1);
  expect(row.proposal.prompts.length).toBeGreaterThanOrEqual(3);
  // The lost call was made again on the fresh worker (at-least-once to the provider), once more at most.
  const calls = (await simCalls()) - before;
  expect(calls).toBeGreaterThanOrEqual(2);
  expect(calls).toBeLessThanOrEqual(3);
  const history = await (await stack.container.temporal.client()).workflow.getHandle(`architect:${id}`).fetchHistory();
  const attempts = (history.events ?? []).filter((e) => e.activityTaskStartedEventAttributes).map((e) => e.activityTaskStartedEventAttributes!.attempt ?? 1);
  expect(Math.max(...attempts)).toBeGreaterThanOrEqual(2);

  // The session goes on normally on the new worker.
  const accepted = await call('POST', `/${id}/accept`);
  expect([accepted.status, accepted.body.session.status]).toEqual([200, 'ACCEPTED']);
});
