import { Client, Connection } from '@temporalio/client';
import { batchSplitWorkflowId, batchWorkflowId } from '../../temporal/workflow-ids';
import { waitForBatch } from '../support/batch';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * config.sanitization on batch jobs: every item is protected through the sanitizer before any
 * provider facility sees it (OPENAI and ANTHROPIC native batches, GOOGLE concurrent), and the
 * stored results are restored. The simulator's request capture holds every byte it received
 * (the OpenAI JSONL upload included); the simulator echoes the prompt, so a restored result
 * holds the originals again.
 */
let stack: Stack;
let company: TestCompany;
let temporal: Client;

const PEOPLE = [
  { name: 'Sarah Thompson', email: 'sarah.thompson@example.com', iban: 'GB82WEST12345698765432' },
  { name: 'Michael Anderson', email: 'michael.anderson@example.org', iban: 'DE89370400440532013000' },
  { name: 'Emily Parker', email: 'emily.parker@example.net', iban: 'GB33BUKB20201555555555' },
];
const ORIGINALS = PEOPLE.flatMap((p) => [p.name, p.email, p.iban]);
// Larger than the sanitizer accepts (SANITIZER_MAX_DOCUMENT_BYTES below): it cannot be protected.
const OVERSIZE_MARKER = 'oversize.customer@example.com';

function items() {
  return [
    ...PEOPLE.map((p, i) => ({
      id: `p-${i}`,
      prompt: `Customer ${p.name} (email ${p.email}) asks us to refund the order to IBAN ${p.iban}. Draft a short reply.`,
    })),
    { id: 'sys', systemPrompt: `You answer on behalf of ${PEOPLE[0]!.name}.`, prompt: `Write to ${PEOPLE[1]!.email} about the refund.` },
    { id: 'vars', prompt: 'Confirm to {{customer}} that IBAN {{iban}} is on file.', variables: { customer: PEOPLE[2]!.name, iban: PEOPLE[2]!.iban } },
    { id: 'big', prompt: `Contact ${OVERSIZE_MARKER}. ${'lorem ipsum dolor sit amet '.repeat(1000)}` },
  ];
}

beforeAll(async () => {
  stack = await startStack({
    worker: true,
    sanitizer: { env: { SANITIZER_MAX_DOCUMENT_BYTES: '20000' } },
    env: { BATCH_POLL_INITIAL_MS: '200', BATCH_POLL_MAX_MS: '500', BATCH_PAGE_SIZE: '50' },
  });
  company = await stack.createCompany();
  temporal = new Client({ connection: await Connection.connect({ address: process.env.TEST_TEMPORAL_ADDRESS! }) });
});

afterAll(async () => {
  await temporal?.connection.close();
  await stack?.stop();
});

describe.each([
  ['OPENAI', 'native OpenAI batch'],
  ['ANTHROPIC', 'native Anthropic message batch'],
  ['GOOGLE', 'concurrent execution'],
])('%s (%s)', (providerHint, _facility) => {
  it('sends stand-ins only, stores restored results, and never sends an item it cannot protect', async () => {
    const before = (await stack.simCaptures()).length;
    const created = await stack.http<any>('POST', '/api/v1/batch', { token: company.gatewayKey, body: { items: items(), config: { providerHint, sanitization: true } } });
    expect(created.status).toBe(201);
    const batchId = created.body.batchId as string;
    const done = await waitForBatch(stack, company.gatewayKey, batchId, (b) => ['COMPLETED', 'FAILED'].includes(b.status), 90_000);
    expect(done).toMatchObject({ status: 'COMPLETED', sanitizationEnabled: true, totalItems: 6, completedItems: 5, failedItems: 1 });

    // Nothing the simulator received holds an original value (or the unprotectable item at all).
    const captured = (await stack.simCaptures()).slice(before).map((c) => c.body);
    expect(captured.length).toBeGreaterThan(0);
    expect(captured.join('\n')).toMatch(/\[\[ref:[0-9a-f]{8}:/);
    for (const body of captured) {
      for (const value of [...ORIGINALS, OVERSIZE_MARKER]) expect({ value, leaked: body.includes(value) }).toEqual({ value, leaked: false });
    }

    // The stored results are restored: the originals are back, no wrapper is left.
    const results = await stack.http<any>('GET', `/api/v1/batch/${batchId}/results`, { token: company.gatewayKey });
    const byId = Object.fromEntries((results.body.items as any[]).map((i) => [i.externalId, i]));
    PEOPLE.forEach((p, i) => {
      const r = byId[`p-${i}`];
      expect(r.status).toBe('SUCCESS');
      for (const value of [p.name, p.email, p.iban]) expect({ value, restored: r.response.includes(value) }).toEqual({ value, restored: true });
    });
    expect(byId.sys.response).toContain(PEOPLE[0]!.name);
    expect(byId.sys.response).toContain(PEOPLE[1]!.email);
    expect(byId.vars.response).toContain(PEOPLE[2]!.name);
    expect(byId.vars.response).toContain(PEOPLE[2]!.iban);
    for (const r of Object.values(byId) as any[]) if (r.response) expect(r.response).not.toMatch(/\[\[ref:[0-9a-f]{8}:/);
    expect(byId.big).toMatchObject({ status: 'ERROR', errorCode: 'SANITIZER_FAILED', response: null });
    expect(byId.big.errorMessage).toContain('not sent to a provider');

    // Session tokens stay in PostgreSQL, encrypted; the stored protected text holds no original.
    const rows = await stack.container.db('batch_items').where({ batch_id: batchId }).whereNot({ external_id: 'big' });
    for (const row of rows) {
      expect(row.sanitizer_session_encrypted).toMatch(/^v1:/);
      for (const value of ORIGINALS) expect(`${row.protected_prompt}\n${row.protected_system_prompt}`).not.toContain(value);
    }

    // Workflow histories carry ids and counts only: no prompt, no original, no session token.
    const workflowIds = [batchWorkflowId(batchId), ...done.splits.map((s: { id: string }) => batchSplitWorkflowId(batchId, s.id))];
    for (const id of workflowIds) {
      const history = JSON.stringify(await temporal.workflow.getHandle(id).fetchHistory());
      for (const value of ORIGINALS) expect(history).not.toContain(value);
      expect(history).not.toMatch(/stk_[0-9a-f]{32}/);
    }
  });
});

it('answers 403 SANITIZATION_FEATURE_UNAVAILABLE without the PII_SANITIZATION package; nothing is stored', async () => {
  const standard = await stack.createCompany({ packageName: 'standard' });
  const res = await stack.http<any>('POST', '/api/v1/batch', { token: standard.gatewayKey, body: { items: items().slice(0, 1), config: { sanitization: true } } });
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ code: 'SANITIZATION_FEATURE_UNAVAILABLE' });
  expect(await stack.container.db('batch_jobs').where({ company_id: standard.companyId })).toEqual([]);
});

it('fails the job before anything is sent when the sanitizer is unreachable', async () => {
  const down = await startStack({ worker: true, env: { SANITIZER_URL: 'http://127.0.0.1:9', SANITIZER_API_TOKEN: 'x'.repeat(32) } });
  try {
    const co = await down.createCompany();
    const created = await down.http<any>('POST', '/api/v1/batch', { token: co.gatewayKey, body: { items: items().slice(0, 2), config: { providerHint: 'GOOGLE', sanitization: true } } });
    expect(created.status).toBe(201);
    const failed = await waitForBatch(down, co.gatewayKey, created.body.batchId, (b) => b.status === 'FAILED', 60_000);
    expect(failed.errorMessage).toContain('sanitizer is unreachable');
    expect(failed.completedItems).toBe(0);
    expect((await down.simCaptures()).length).toBe(0);
  } finally {
    await down.stop();
  }
});
