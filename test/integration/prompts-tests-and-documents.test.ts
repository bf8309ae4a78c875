import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { type WebhookDelivery, createWebhookReceiver } from '../../examples/webhook-receiver';
import { seedDemoPromptLibrary } from '../../services/prompts/demo-library';
import { promptTestWorkflowId } from '../../temporal/workflow-ids';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Test sets and test runs (a real Temporal workflow `prompt-test:<runId>` executing each case
 * through the gateway), BAD_EXPECTED_PATTERN for each refused construct, custom documents bound
 * to a prompt and counted in DRY_RUN, resolveReferences, and the three prompt events delivered to
 * a webhook receiver that verifies their signatures.
 */
let stack: Stack;
let company: TestCompany;
let session: string;
let temporal: Client;
const servers: Server[] = [];
type Body = Record<string, any>;

beforeAll(async () => {
  stack = await startStack({ worker: true, env: { OUTBOUND_URL_ALLOWLIST: '127.0.0.1', PROMPT_DOCUMENT_TOKEN_BUDGET: '200' } });
  company = await stack.createCompany();
  session = await stack.login(company.adminEmail, company.adminPassword);
  temporal = new Client({ connection: await Connection.connect({ address: process.env.TEST_TEMPORAL_ADDRESS! }) });
});

afterAll(async () => {
  for (const s of servers) s.close();
  await temporal?.connection.close();
  await stack?.stop();
});

const call = (method: string, path: string, body?: unknown, token = session) => stack.http<Body>(method, path, { token, body });
let n = 0;
async function createPrompt(extra: Body = {}) {
  const res = await call('POST', '/api/v1/prompts', { name: `p ${++n}`, userPrompt: `The capital of {{country}} is {{city}} (${n})`, ...extra });
  expect(res.status).toBe(201);
  return res.body.prompt;
}

async function waitFor<T>(fn: () => Promise<T | null | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('test sets', () => {
  it.each([
    ['(a)\\1', 'backreference'],
    ['(?<n>a)\\k<n>', 'backreference'],
    ['foo(?=bar)', 'lookaround'],
    ['(?<!x)y', 'lookaround'],
    ['(a+)+b', 'nested-repetition'],
    ['(?:ab*)*', 'nested-repetition'],
    ['a{1001}', 'count-above-1000'],
    ['b{5,2000}', 'count-above-1000'],
  ])('refuses %s with 400 BAD_EXPECTED_PATTERN (%s), on create and on PUT values', async (pattern, construct) => {
    const p = await createPrompt();
    const created = await call('POST', `/api/v1/prompts/${p.promptId}/test-sets`, { name: 'bad', expectedPattern: pattern });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 'BAD_EXPECTED_PATTERN', error: expect.any(String), details: [{ path: ['expectedPattern'], construct }] });
    expect(created.headers.get('cache-control')).toBe('no-store');
    const ok = await call('POST', `/api/v1/prompts/${p.promptId}/test-sets`, { name: 'good', expectedPattern: 'capital' });
    expect(ok.status).toBe(201);
    const put = await call('PUT', `/api/v1/prompts/${p.promptId}/test-sets/${ok.body.testSet.id}/values`, { expectedPattern: pattern });
    expect(put.status).toBe(400);
    expect(put.body.code).toBe('BAD_EXPECTED_PATTERN');
    expect((await call('GET', `/api/v1/prompts/${p.promptId}/test-sets/${ok.body.testSet.id}/values`)).body.expectedPattern).toBe('capital');
  });

  it('refuses more than 20 phrases, phrases over 500 characters and patterns over 300', async () => {
    const p = await createPrompt();
    const many = await call('POST', `/api/v1/prompts/${p.promptId}/test-sets`, { name: 'many', expectedContains: Array.from({ length: 21 }, (_, i) => `p${i}`) });
    expect(many.status).toBe(400);
    const long = await call('POST', `/api/v1/prompts/${p.promptId}/test-sets`, { name: 'long', expectedContains: ['x'.repeat(501)] });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('INVALID_TEST_SET');
    const pattern = await call('POST', `/api/v1/prompts/${p.promptId}/test-sets`, { name: 'pattern', expectedPattern: 'x'.repeat(301) });
    expect(pattern.body.code).toBe('BAD_EXPECTED_PATTERN');
  });

  it('values: GET returns values and expectations; PUT may leave values out', async () => {
    const p = await createPrompt();
    const set = (await call('POST', `/api/v1/prompts/${p.promptId}/test-sets`, { name: 'v', values: { country: 'France', city: 'Paris' }, expectedContains: ['paris'] })).body.testSet;
    const put = await call('PUT', `/api/v1/prompts/${p.promptId}/test-sets/${set.id}/values`, { expectedContains: ['PARIS', 'france'], expectedPattern: 'capital of \\w+' });
    expect(put.body).toEqual({ testSetId: set.id, values: { country: 'France', city: 'Paris' }, expectedContains: ['PARIS', 'france'], expectedPattern: 'capital of \\w+' });
    const got = await call('GET', `/api/v1/prompts/${p.promptId}/test-sets/${set.id}/values`);
    expect(got.body).toEqual(put.body);
    expect(got.headers.get('cache-control')).toBe('no-store');
  });
});

describe('test runs (workflow prompt-test:<runId>)', () => {
  it('runs every test set through the gateway and records answers, costs and each expectation', async () => {
    const p = await createPrompt();
    const passing = (await call('POST', `/api/v1/prompts/${p.promptId}/test-sets`, {
      name: 'france',
      values: { country: 'France', city: 'Paris' },
      expectedContains: ['capital of  FRANCE', 'is paris'],
      expectedPattern: 'capital of \\w+ is p[a-z]+',
    })).body.testSet;
    const failing = (await call('POST', `/api/v1/prompts/${p.promptId}/test-sets`, {
      name: 'germany',
      values: { country: 'Germany', city: 'Bonn' },
      expectedContains: ['is Berlin', 'germany'],
      expectedPattern: '^berlin$',
    })).body.testSet;
    const missing = (await call('POST', `/api/v1/prompts/${p.promptId}/test-sets`, { name: 'no city', values: { country: 'Spain' } })).body.testSet;

    const started = await call('POST', `/api/v1/prompts/${p.promptId}/test-runs`, {});
    expect(started.status).toBe(202);
    const runId = started.body.run.id;
    expect(started.body.run).toMatchObject({ status: 'QUEUED', total: 3, versionNumber: 1, workflowId: promptTestWorkflowId(runId) });

    const run = await waitFor(async () => {
      const r = await call('GET', `/api/v1/prompts/${p.promptId}/test-runs/${runId}`);
      return r.body.run.status === 'COMPLETED' ? r.body.run : null;
    });
    expect(run).toMatchObject({ passed: 1, failed: 1, errored: 1, total: 3 });
    const byName = Object.fromEntries(run.cases.map((c: Body) => [c.testSetName, c]));
    expect(byName.france).toMatchObject({ testSetId: passing.id, status: 'PASSED', provider: expect.any(String), model: expect.any(String), executionId: expect.any(String) });
    expect(byName.france.answer).toContain('The capital of France is Paris');
    expect(byName.france.tokens.total).toBeGreaterThan(0);
    expect(byName.france.costUSD).toBeGreaterThan(0);
    expect(byName.france.latencyMs).toBeGreaterThanOrEqual(0);
    expect(byName.france.checks).toEqual({
      results: [
        { kind: 'contains', expected: 'capital of  FRANCE', passed: true },
        { kind: 'contains', expected: 'is paris', passed: true },
        { kind: 'pattern', expected: 'capital of \\w+ is p[a-z]+', passed: true },
      ],
      passed: 3,
      total: 3,
    });
    expect(byName.germany).toMatchObject({ testSetId: failing.id, status: 'FAILED' });
    expect(byName.germany.checks.results.map((r: Body) => r.passed)).toEqual([false, true, false]);
    expect(byName['no city']).toMatchObject({ testSetId: missing.id, status: 'ERROR', error: { code: 'MISSING_VARIABLES', message: 'Missing variable: city' } });

    // The workflow ran on Temporal under its deterministic id and completed (the run's row is final
    // a moment before the workflow closes: wait for its result rather than race it).
    const handle = temporal.workflow.getHandle(promptTestWorkflowId(runId));
    await handle.result();
    const described = await handle.describe();
    expect(described.status.name).toBe('COMPLETED');
    const list = await call('GET', `/api/v1/prompts/${p.promptId}/test-runs`);
    expect(list.body.runs.map((r: Body) => r.id)).toContain(runId);
  });

  it('runs one test set against a chosen version; a deactivated prompt is 409', async () => {
    const p = await createPrompt({ userPrompt: 'v1 says {{word}}' });
    await call('PUT', `/api/v1/prompts/${p.promptId}`, { userPrompt: 'v2 says {{word}}' });
    const set = (await call('POST', `/api/v1/prompts/${p.promptId}/test-sets`, { name: 'one', values: { word: 'hi' }, expectedContains: ['v1 says hi'] })).body.testSet;
    await call('POST', `/api/v1/prompts/${p.promptId}/test-sets`, { name: 'other', values: { word: 'x' } });
    const started = await call('POST', `/api/v1/prompts/${p.promptId}/test-runs`, { versionNumber: 1, testSetId: set.id });
    expect(started.body.run).toMatchObject({ total: 1, versionNumber: 1, testSetId: set.id });
    const run = await waitFor(async () => {
      const r = await call('GET', `/api/v1/prompts/${p.promptId}/test-runs/${started.body.run.id}`);
      return r.body.run.status === 'COMPLETED' ? r.body.run : null;
    });
    expect(run).toMatchObject({ passed: 1, total: 1 });

    await call('PUT', `/api/v1/prompts/${p.promptId}`, { isActive: false });
    const refused = await call('POST', `/api/v1/prompts/${p.promptId}/test-runs`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PROMPT_DEACTIVATED');
    // Test sets of a deactivated prompt can still be created and edited.
    expect((await call('POST', `/api/v1/prompts/${p.promptId}/test-sets`, { name: 'still editable' })).status).toBe(201);
  });
});

describe('custom documents in the gateway', () => {
  it('injects bound documents and counts them in DRY_RUN, truncating past the token budget', async () => {
    const type = await call('POST', '/api/v1/custom-document-types', {
      name: `policy-${++n}`,
      displayName: 'Policy',
      metadataSchema: [{ name: 'owner', type: 'text', required: true }],
    });
    expect(type.status).toBe(201);
    const typeId = type.body.documentType.id;
    const badMeta = await call('POST', '/api/v1/custom-documents', { typeId, name: 'x', content: 'y', metadata: { colour: 'red' } });
    expect(badMeta.status).toBe(400);
    expect(badMeta.body.code).toBe('INVALID_METADATA');
    const short = (await call('POST', '/api/v1/custom-documents', { typeId, name: 'Tone guide', content: 'Always be polite.', metadata: { owner: 'Brand' }, tags: ['tone'] })).body.document;
    const long = (await call('POST', '/api/v1/custom-documents', { typeId, name: 'Handbook', content: 'rule '.repeat(400), metadata: { owner: 'HR' } })).body.document;

    const p = await createPrompt({ userPrompt: 'Answer the customer: {{question}}' });
    const bind = (docId: string, body: Body) => call('POST', `/api/v1/custom-documents/${docId}/bindings`, { storedPromptId: p.promptId, ...body });
    expect((await bind(short.id, { injectionMode: 'prepend' })).status).toBe(201);
    expect((await bind(short.id, { injectionMode: 'append' })).status).toBe(409);

    const dry = await call('POST', '/api/gateway/execute', { metadata: { promptId: p.promptId }, variables: { question: 'Where is my order?' }, executionMode: 'DRY_RUN' }, company.gatewayKey);
    expect(dry.status).toBe(200);
    expect(dry.body.routingPlan).toMatchObject({ documentsInjected: 1, tokensInjected: Math.ceil('Always be polite.'.length / 4), truncated: false });

    const run = await call('POST', '/api/gateway/execute', { metadata: { promptId: p.promptId }, variables: { question: 'Where is my order?' } }, company.gatewayKey);
    expect(run.body.result.content).toContain('<document name="Tone guide">');
    expect(run.body.result.content).toContain('Answer the customer: Where is my order?');

    // The 2,000-character handbook does not fit the 200-token budget: cut, marked, and said so.
    expect((await bind(long.id, { injectionMode: 'append', position: 1 })).status).toBe(201);
    const truncated = await call('POST', '/api/gateway/execute', { metadata: { promptId: p.promptId }, variables: { question: 'q' }, executionMode: 'DRY_RUN' }, company.gatewayKey);
    expect(truncated.body.routingPlan).toMatchObject({ documentsInjected: 2, truncated: true });
    expect(truncated.body.routingPlan.tokensInjected).toBeLessThanOrEqual(200);

    const bindings = await call('GET', `/api/v1/custom-documents/${long.id}/bindings`);
    expect(bindings.body.bindings).toEqual([expect.objectContaining({ storedPromptId: p.promptId, injectionMode: 'append', position: 1 })]);
    expect((await call('DELETE', `/api/v1/custom-documents/${long.id}/bindings/${bindings.body.bindings[0].id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/v1/custom-document-types/${typeId}`)).body.code).toBe('DOCUMENT_TYPE_IN_USE');
  });

  it('a placeholder binding fills its variable; resolveReferences resolves {{prompt:…}} and {{doc:…}}', async () => {
    const type = (await call('POST', '/api/v1/custom-document-types', { name: `faq-${++n}` })).body.documentType;
    const faq = (await call('POST', '/api/v1/custom-documents', { typeId: type.id, name: 'FAQ', content: 'Shipping takes {{days}} days.' })).body.document;
    const p = await createPrompt({ userPrompt: 'Context: {{faq}}\nQuestion: {{question}}' });
    expect((await call('POST', `/api/v1/custom-documents/${faq.id}/bindings`, { storedPromptId: p.id, injectionMode: 'placeholder', placeholder: 'faq' })).status).toBe(201);
    const res = await call('POST', '/api/gateway/execute', { metadata: { promptId: p.promptId }, variables: { question: 'How long?' } }, company.gatewayKey);
    // Document text is literal: its {{days}} is not a variable the caller must send.
    expect(res.body.result.content).toContain('Context: Shipping takes {{days}} days.\nQuestion: How long?');
    const missing = await call('POST', '/api/gateway/execute', { metadata: { promptId: p.promptId } }, company.gatewayKey);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, code: 'MISSING_VARIABLES', error: 'Missing variable: question' });

    const greeting = await createPrompt({ userPrompt: 'Greet {{name}} politely' });
    const refs = await call(
      'POST',
      '/api/gateway/execute',
      { prompt: `First {{prompt:${greeting.promptId}}}, then use {{doc:${faq.id}}}`, variables: { name: 'Ada' }, resolveReferences: true, executionMode: 'DRY_RUN' },
      company.gatewayKey,
    );
    expect(refs.body.routingPlan).toMatchObject({ documentsInjected: 1, truncated: false });
    const executed = await call(
      'POST',
      '/api/gateway/execute',
      { prompt: `First {{prompt:${greeting.promptId}}}, then use {{doc:${faq.id}}}`, variables: { name: 'Ada' }, resolveReferences: true },
      company.gatewayKey,
    );
    expect(executed.body.result.content).toContain('First Greet Ada politely, then use Shipping takes {{days}} days.');
    const unknown = await call('POST', '/api/gateway/execute', { prompt: 'x {{prompt:prompt_1_nothere}}', resolveReferences: true }, company.gatewayKey);
    expect(unknown.body.code).toBe('REFERENCE_NOT_FOUND');
    // Without resolveReferences, references are plain text.
    const plain = await call('POST', '/api/gateway/execute', { prompt: `x {{prompt:${greeting.promptId}}}` }, company.gatewayKey);
    expect(plain.body.result.content).toContain(`x {{prompt:${greeting.promptId}}}`);
  });
});

describe('prompt events', () => {
  it('delivers prompt.created, prompt.executed and prompt.deleted with valid signatures', async () => {
    let secret = '';
    const received: WebhookDelivery[] = [];
    const rejected: string[] = [];
    const receiver = createWebhookReceiver({
      get secret() {
        return secret;
      },
      onDelivery: (d) => void received.push(d),
      onRejected: (r) => void rejected.push(r),
    });
    servers.push(receiver);
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const hook = await call('POST', '/api/v1/webhooks', { name: 'prompts', url, events: ['prompt.created', 'prompt.executed', 'prompt.deleted'] });
    expect(hook.status).toBeLessThan(300);
    secret = hook.body.webhook.secret;

    const p = await createPrompt({ userPrompt: 'Event for {{who}}' });
    const exec = await call('POST', '/api/gateway/execute', { metadata: { promptId: p.promptId }, variables: { who: 'me' } }, company.gatewayKey);
    expect(exec.status).toBe(200);
    await call('PUT', `/api/v1/prompts/${p.promptId}`, { isActive: false });
    expect((await call('DELETE', `/api/v1/prompts/${p.promptId}`)).status).toBe(200);

    const events = await waitFor(async () => {
      const mine = received.filter((d) => d.data.promptId === p.promptId);
      return mine.length >= 3 ? mine : null;
    });
    expect(rejected).toEqual([]);
    const byEvent = Object.fromEntries(events.map((d) => [d.event, d]));
    expect(byEvent['prompt.created']!.data).toMatchObject({ promptId: p.promptId, id: p.id, name: p.name, visibility: 'PRIVATE', versionNumber: 1 });
    expect(byEvent['prompt.executed']!.data).toMatchObject({
      promptId: p.promptId,
      executionTimeMs: expect.any(Number),
      provider: exec.body.provider.name,
      model: exec.body.provider.model,
      tokensUsed: exec.body.usage.totalTokens,
      executionId: exec.body.executionId,
    });
    expect(byEvent['prompt.deleted']!.data).toMatchObject({ promptId: p.promptId, id: p.id, name: p.name });
  });
});

describe('the demo prompt library (npm start)', () => {
  it('seeds example prompts, a passing test set and a bound document, once', async () => {
    const demo = await stack.createCompany();
    const owner = { companyId: demo.companyId, userId: demo.adminUserId };
    const seeded = await seedDemoPromptLibrary({ db: stack.container.db, ...stack.container.services }, owner);
    expect(seeded.created).toBe(true);
    expect((await seedDemoPromptLibrary({ db: stack.container.db, ...stack.container.services }, owner)).created).toBe(false);
    const token = await stack.login(demo.adminEmail, demo.adminPassword);
    const list = await call('GET', '/api/v1/prompts?sortBy=name&sortOrder=asc', undefined, token);
    expect(list.body.prompts.map((p: Body) => p.name)).toEqual(['SQL helper', 'Summarize ticket', 'Support reply']);

    const dry = await call('POST', '/api/gateway/execute', { metadata: { promptId: seeded.promptId }, variables: { company: 'Acme', message: 'hi' }, executionMode: 'DRY_RUN' }, demo.gatewayKey);
    expect(dry.body.routingPlan).toMatchObject({ documentsInjected: 1, truncated: false });
    const started = await call('POST', `/api/v1/prompts/${seeded.promptId}/test-runs`, {}, token);
    const run = await waitFor(async () => {
      const r = await call('GET', `/api/v1/prompts/${seeded.promptId}/test-runs/${started.body.run.id}`, undefined, token);
      return r.body.run.status === 'COMPLETED' ? r.body.run : null;
    });
    expect(run).toMatchObject({ passed: 1, total: 1 });
  });
});
