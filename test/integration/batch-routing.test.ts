import { Client, Connection } from '@temporalio/client';
import { simulatorProviders } from '../../services/providers/simulator-providers';
import { randomToken } from '../../lib/crypto';
import { batchRepairScheduleId, batchWorkflowId } from '../../temporal/workflow-ids';
import { waitForBatch } from '../support/batch';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Batch jobs choose providers through the routing engine (issue 4): the job's routing policy (or
 * the company default), qualityTier as a strategy, providerHint and model. Every simulator
 * provider of the company gets its own API key, so /_sim/stats shows which providers were called.
 */
let stack: Stack;
let company: TestCompany;
/** provider name → its simulator key */
const keys: Record<string, string> = {};

beforeAll(async () => {
  stack = await startStack({
    worker: true,
    env: { BATCH_POLL_INITIAL_MS: '200', BATCH_POLL_MAX_MS: '1000', BATCH_PAGE_SIZE: '200', BATCH_REPAIR_INTERVAL_SECONDS: '5' },
  });
  company = await stack.createCompany({ withSimulator: false });
  const tag = randomToken('', 8);
  for (const input of simulatorProviders(stack.simulatorUrl)) {
    const key = `sim;id=${tag}-${input.name}`;
    keys[input.name] = key;
    await stack.container.services.providers.create(company.companyId, { ...input, apiKey: key }, { userId: company.adminUserId });
  }
});

afterAll(async () => {
  await stack?.stop();
});

const call = (method: string, path: string, body?: unknown, token = company.gatewayKey) => stack.http<any>(method, path, { token, body });

async function createPolicy(name: string, policyJson: unknown, token = company.gatewayKey): Promise<string> {
  const res = await call('POST', '/api/v1/routing/policies', { name: `${name}-${randomToken('', 6)}`, scope: 'company', policyJson }, token);
  expect(res.status).toBe(200);
  return res.body.policy.id;
}

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `i-${i}`, prompt: `Question ${i}` }));

async function requestsByProvider(): Promise<Record<string, number>> {
  const stats = await stack.simStats();
  return Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, stats.byKey[key]?.requests ?? 0]));
}

describe('routing policy in batch provider choice', () => {
  it('a geofenced policy never sends items to providers outside it (splits and simulator counts)', async () => {
    const policyId = await createPolicy('eu-only', { strategy: 'BALANCED', geoFenceRules: { allowedRegions: ['EU'] } });
    const before = await requestsByProvider();
    for (const splitStrategy of ['round-robin', 'cost-optimal'] as const) {
      const res = await call('POST', '/api/v1/batch', { items: items(6), config: { routingPolicyId: policyId, splitStrategy } });
      expect(res.status).toBe(201);
      const done = await waitForBatch(stack, company.gatewayKey, res.body.batchId, (b) => b.status === 'COMPLETED' || b.status === 'FAILED');
      expect(done).toMatchObject({ status: 'COMPLETED', completedItems: 6 });
      const names = done.splits.map((s: { providerName: string }) => s.providerName).sort();
      // Both EU providers (sim-google in DE, sim-custom in IE) get items; no split anywhere else.
      expect(names).toEqual(['sim-custom', 'sim-google']);
      expect(done.splits.reduce((n: number, s: { itemCount: number }) => n + s.itemCount, 0)).toBe(6);
      if (splitStrategy === 'round-robin') expect(done.splits.map((s: { itemCount: number }) => s.itemCount)).toEqual([3, 3]);
    }
    const after = await requestsByProvider();
    for (const outside of ['sim-openai', 'sim-anthropic', 'sim-deepseek']) expect(after[outside]).toBe(before[outside]);
    for (const inside of ['sim-google', 'sim-custom']) expect(after[inside]!).toBeGreaterThan(before[inside]!);
  });

  it('qualityTier cheap picks the cheapest provider/model the policy allows', async () => {
    const providers = simulatorProviders(stack.simulatorUrl);
    const cheapest = (allowed: (p: (typeof providers)[number]) => boolean) =>
      providers
        .filter(allowed)
        .flatMap((p) => p.models!.map((m) => ({ provider: p.name, model: m.name, blended: (m.inputPricePerMillion ?? 0) + (m.outputPricePerMillion ?? 0) })))
        .sort((a, b) => a.blended - b.blended)[0]!;

    // Without a policy: the cheapest of all (sim-openai's gpt-4o-mini).
    const all = cheapest(() => true);
    const plain = await call('POST', '/api/v1/batch', { items: items(2), config: { qualityTier: 'cheap' } });
    expect(plain.status).toBe(201);
    const plainDone = await waitForBatch(stack, company.gatewayKey, plain.body.batchId, (b) => b.status === 'COMPLETED' || b.status === 'FAILED');
    expect(plainDone).toMatchObject({ status: 'COMPLETED', qualityTier: 'cheap', providerName: all.provider, providerModel: all.model });

    // Under a policy that blocks US providers: the cheapest outside the US, not the default provider.
    const policyId = await createPolicy('no-us', { strategy: 'HIGHEST_QUALITY', geoFenceRules: { blockedCountries: ['US'] } });
    const outsideUs = cheapest((p) => p.locationCountry !== 'US');
    expect(outsideUs.provider).not.toBe(all.provider);
    const res = await call('POST', '/api/v1/batch', { items: items(2), config: { qualityTier: 'cheap', routingPolicyId: policyId } });
    const done = await waitForBatch(stack, company.gatewayKey, res.body.batchId, (b) => b.status === 'COMPLETED' || b.status === 'FAILED');
    expect(done).toMatchObject({ status: 'COMPLETED', providerName: outsideUs.provider, providerModel: outsideUs.model });
    expect(done.splits).toEqual([expect.objectContaining({ providerName: outsideUs.provider, providerModel: outsideUs.model, itemCount: 2 })]);

    // providerHint still leads, with the hinted provider's cheapest model.
    const hinted = await call('POST', '/api/v1/batch', { items: items(1), config: { qualityTier: 'cheap', providerHint: 'ANTHROPIC' } });
    const hintedDone = await waitForBatch(stack, company.gatewayKey, hinted.body.batchId, (b) => b.status === 'COMPLETED' || b.status === 'FAILED');
    expect(hintedDone).toMatchObject({ status: 'COMPLETED', providerName: 'sim-anthropic', providerModel: 'claude-haiku-4-5' });
  });

  it('an unknown or foreign policy is 404, a policy leaving no provider is 403; nothing is stored', async () => {
    const other = await stack.createCompany();
    const foreignPolicy = await createPolicy('theirs', { strategy: 'LOWEST_COST' }, other.gatewayKey);
    // Only Singapore, and HIPAA: sim-deepseek (SG) has no certification, so nothing qualifies.
    const ownEmpty = await createPolicy('nowhere', { geoFenceRules: { allowedCountries: ['SG'], requireCompliance: ['HIPAA'] } });
    const euOnly = await createPolicy('eu', { geoFenceRules: { allowedRegions: ['EU'] } });
    const before = (await call('GET', '/api/v1/batch?limit=100')).body.total;

    for (const routingPolicyId of ['not-a-policy', '00000000-0000-4000-8000-000000000000', foreignPolicy]) {
      const res = await call('POST', '/api/v1/batch', { items: items(1), config: { routingPolicyId } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: expect.stringContaining('not found'), code: 'POLICY_NOT_FOUND' });
    }
    const empty = await call('POST', '/api/v1/batch', { items: items(1), config: { routingPolicyId: ownEmpty } });
    expect(empty.status).toBe(403);
    expect(empty.body).toMatchObject({ code: 'POLICY_VIOLATION', error: expect.stringContaining('allows no provider') });
    const excludedHint = await call('POST', '/api/v1/batch', { items: items(1), config: { routingPolicyId: euOnly, providerHint: 'OPENAI' } });
    expect(excludedHint.status).toBe(403);
    expect(excludedHint.body.code).toBe('PROVIDER_EXCLUDED_BY_POLICY');
    const excludedModel = await call('POST', '/api/v1/batch', { items: items(1), config: { routingPolicyId: euOnly, model: 'gpt-4o' } });
    expect(excludedModel.status).toBe(403);
    expect(excludedModel.body.code).toBe('POLICY_VIOLATION');

    expect((await call('GET', '/api/v1/batch?limit=100')).body.total).toBe(before);
    // The other company's own key may use its policy.
    expect((await call('POST', '/api/v1/batch', { items: items(1), config: { routingPolicyId: foreignPolicy } }, other.gatewayKey)).status).toBe(201);
  });

  it('a policy that leaves no provider by the time the job is planned fails it with errorMessage', async () => {
    const policyId = await createPolicy('shrinking', { geoFenceRules: { allowedRegions: ['EU'] } });
    await stack.stopWorker();
    let batchId: string;
    try {
      const res = await call('POST', '/api/v1/batch', { items: items(2), config: { routingPolicyId: policyId } });
      expect(res.status).toBe(201);
      batchId = res.body.batchId;
      const patched = await call('PATCH', `/api/v1/routing/policies/${policyId}`, { policyJson: { geoFenceRules: { allowedCountries: ['SG'], requireCompliance: ['HIPAA'] } } });
      expect(patched.status).toBe(200);
    } finally {
      await stack.startWorker();
    }
    const failed = await waitForBatch(stack, company.gatewayKey, batchId!, (b) => b.status === 'FAILED' || b.status === 'COMPLETED');
    expect(failed).toMatchObject({ status: 'FAILED', errorMessage: expect.stringContaining('allows no provider'), splits: [] });
  });
});

describe('batch repair schedule', () => {
  it('the worker creates batch-repair:<taskQueue> at the configured interval; a run restarts a missing workflow', async () => {
    const temporal = new Client({ connection: await Connection.connect({ address: process.env.TEST_TEMPORAL_ADDRESS! }) });
    try {
      const handle = temporal.schedule.getHandle(batchRepairScheduleId(stack.config.TEMPORAL_TASK_QUEUE));
      const deadline = Date.now() + 20_000;
      let description = await handle.describe().catch(() => null);
      while (!description && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        description = await handle.describe().catch(() => null);
      }
      expect(description?.spec.intervals?.[0]?.every).toBe(5_000);
      expect(description?.action).toMatchObject({ type: 'startWorkflow', workflowType: 'batchRepairWorkflow', taskQueue: stack.config.TEMPORAL_TASK_QUEUE });

      // A job whose workflow an operator terminated before it ran: only the schedule can revive it.
      await stack.stopWorker();
      let batchId: string;
      try {
        const res = await call('POST', '/api/v1/batch', { items: items(2), config: { providerHint: 'GOOGLE' } });
        expect(res.status).toBe(201);
        batchId = res.body.batchId;
        await temporal.workflow.getHandle(batchWorkflowId(batchId)).terminate('test: lost workflow');
      } finally {
        await stack.startWorker();
      }
      const done = await waitForBatch(stack, company.gatewayKey, batchId!, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 60_000);
      expect(done).toMatchObject({ status: 'COMPLETED', completedItems: 2, providerName: 'sim-google' });
    } finally {
      await temporal.connection.close();
    }
  });
});
