import { type HttpResult, type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Issue 17, architect sessions over the provider simulator (which answers architect requests with
 * deterministic JSON, and with malformed or invalid JSON when the provider's key says so): the
 * full path to ACCEPTED with every provisioned resource read back through its own API and one
 * provisioned prompt executed; the malformed-analysis fallback; a proposal failing validation
 * (422, back to DIALOGUE with qualityIssues); the one re-ask of a malformed proposal; every
 * wrong-state call refused with 400; 503 when every provider's breaker is open; reject; transfer;
 * PATCH clearing the derived fields; a failure forced half-way through accept leaving nothing
 * behind; 404 across companies. A real Temporal server runs each session's workflow.
 */
jest.setTimeout(180_000);

type Any = any;
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    worker: true,
    env: {
      ARCHITECT_PROVISION_ATTEMPTS: '2',
      ARCHITECT_MODEL_ATTEMPTS: '2',
      BREAKER_MIN_SAMPLES: '3',
      BREAKER_COOLDOWN_SECONDS: '120',
      BREAKER_FLUSH_INTERVAL_MS: '100',
      BREAKER_REFRESH_INTERVAL_MS: '100',
    },
  });
});

afterAll(async () => {
  await stack?.stop();
});

const BASE = '/api/v1/architect/sessions';
const REQUIREMENTS = {
  description: 'Answer customer e-mails about insurance claims: classify each one, draft a reply, check it before it goes out.',
  industry: 'insurance',
  useCase: 'customer support',
  securityLevel: 'standard',
  targetFramework: 'LangGraph agents',
};

interface Account {
  co: TestCompany;
  token: string;
}

async function account(simKey?: string): Promise<Account> {
  const co = await stack.createCompany({ withSimulator: !simKey });
  if (simKey) {
    await stack.container.services.providers.create(
      co.companyId,
      {
        type: 'OPENAI',
        name: 'architect-openai',
        baseUrl: `${stack.simulatorUrl}/v1`,
        apiKey: simKey,
        defaultModel: 'gpt-4o-mini',
        models: [{ name: 'gpt-4o-mini', inputPricePerMillion: 0.15, outputPricePerMillion: 0.6 }],
        isDefault: true,
      },
      { userId: co.adminUserId },
    );
  }
  return { co, token: await stack.login(co.adminEmail, co.adminPassword) };
}

const call = (a: Account, method: string, path: string, body?: unknown): Promise<HttpResult<Any>> => stack.http<Any>(method, `${BASE}${path}`, { token: a.token, body });

async function create(a: Account, title: string, requirements: Record<string, unknown> = REQUIREMENTS): Promise<Any> {
  const res = await call(a, 'POST', '', { title, requirements });
  expect([res.status, res.body.error]).toEqual([201, undefined]);
  return res.body.session;
}

/** Create, analyze and answer every required question: the session is GENERATING. */
async function readyToGenerate(a: Account, title: string): Promise<Any> {
  const s = await create(a, title);
  const analyzed = await call(a, 'POST', `/${s.id}/analyze`);
  expect([analyzed.status, analyzed.body.error]).toEqual([200, undefined]);
  const answers = Object.fromEntries(analyzed.body.session.analysis.gaps.questions.filter((q: Any) => q.required).map((q: Any) => [q.id, `Answer to ${q.id}`]));
  const d = await call(a, 'POST', `/${s.id}/dialogue`, { answers });
  expect([d.status, d.body.status]).toEqual([200, 'GENERATING']);
  return s;
}

async function waitFor<T>(fn: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the full path', () => {
  it('creates, analyzes, converses, generates and accepts; every provisioned resource is readable through its own API and a provisioned prompt executes', async () => {
    const a = await account();
    const s = await create(a, 'Claims mail desk');
    expect(s).toMatchObject({ status: 'INPUT', sessionId: expect.stringMatching(/^arch_[0-9a-z]{16}$/), title: 'Claims mail desk', analysis: null, proposal: null });
    expect(s.requirements).toMatchObject(REQUIREMENTS);

    const analyzed = await call(a, 'POST', `/${s.id}/analyze`);
    expect(analyzed.status).toBe(200);
    const analysis = analyzed.body.session.analysis;
    expect(analyzed.body.session.status).toBe('DIALOGUE');
    expect(analysis.fallback).toBeUndefined();
    expect(analysis.gaps.analysis).toContain('Claims mail desk');
    // A target framework is given, so the simulator does not ask about one.
    expect(analysis.gaps.questions.map((q: Any) => q.id)).toEqual(['audience', 'volume']);
    expect(analysis.quickWins.length).toBeGreaterThan(0);
    expect(analysis.decisions[0]).toMatchObject({ topic: 'routing', choice: 'BALANCED' });
    expect(analysis.conflicts).toEqual({ notes: [], qualityIssues: [] });

    // One answer leaves a required question open: DIALOGUE; the second is enough: GENERATING.
    const first = await call(a, 'POST', `/${s.id}/dialogue`, { answers: { audience: 'claims handlers' } });
    expect([first.status, first.body.status]).toEqual([200, 'DIALOGUE']);
    const second = await call(a, 'POST', `/${s.id}/dialogue`, { answers: { volume: 'about 400 mails a day' } });
    expect([second.status, second.body.status, second.body.session.status]).toEqual([200, 'GENERATING', 'GENERATING']);
    expect(second.body.session.dialogueHistory.filter((e: Any) => e.type === 'answers').map((e: Any) => e.answers)).toEqual([{ audience: 'claims handlers' }, { volume: 'about 400 mails a day' }]);

    const generated = await call(a, 'POST', `/${s.id}/generate`);
    expect([generated.status, generated.body.error]).toEqual([200, undefined]);
    const proposal = generated.body.session.proposal;
    expect(generated.body.session.status).toBe('PROPOSAL_READY');
    expect(proposal.prompts.map((p: Any) => [p.key, p.kind])).toEqual([
      ['intake', 'TASK'],
      ['draft', 'TASK'],
      ['review', 'EVALUATION'],
      ['summarize', 'SKILL'],
    ]);
    expect(proposal.mcpArchitecture.enabled).toBe(true);
    expect(proposal.mcpArchitecture.servers[0].tools[0]).toMatchObject({ name: 'classify_request', promptKey: 'intake', inputSchema: { type: 'object' } });
    // The answers reached the model: the draft prompt names the audience given in the dialogue.
    expect(proposal.prompts[1].description).toContain('claims handlers');

    const shown = await call(a, 'GET', `/${s.id}/proposal`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ success: true, status: 'PROPOSAL_READY', proposal, provisioned: null });

    const accepted = await call(a, 'POST', `/${s.id}/accept`);
    expect([accepted.status, accepted.body.error]).toEqual([200, undefined]);
    expect(accepted.body.session.status).toBe('ACCEPTED');
    const ids = accepted.body.generatedIds;
    expect(accepted.body.session.generatedIds).toEqual(ids);

    // Every resource through its own API, as the accepting user.
    const get = (path: string) => stack.http<Any>('GET', path, { token: a.token });
    const project = await get(`/api/v1/projects/${ids.projectId}`);
    expect(project.status).toBe(200);
    expect(project.body.project).toMatchObject({ name: 'Claims mail desk', description: proposal.projectDescription });
    expect(project.body.project.members).toEqual([expect.objectContaining({ userId: a.co.adminUserId, role: 'EDITOR' })]);
    const repo = await get(`/api/v1/repositories/${ids.repositoryId}`);
    expect(repo.status).toBe(200);
    expect(repo.body.repository).toMatchObject({ projectId: ids.projectId, name: 'Claims mail desk prompts' });
    const policy = await get(`/api/v1/routing/policies/${ids.routingPolicyId}`);
    expect(policy.status).toBe(200);
    expect(policy.body.policy).toMatchObject({ name: 'Claims mail desk routing', scope: 'prompt', isDefault: false, policyJson: { strategy: 'BALANCED', fallback: { maxRetries: 2 } } });
    expect(ids.prompts).toHaveLength(4);
    for (const [i, p] of ids.prompts.entries()) {
      const res = await get(`/api/v1/prompts/${p.promptId}`);
      expect(res.status).toBe(200);
      expect(res.body.prompt).toMatchObject({
        name: `Claims mail desk: ${proposal.prompts[i].name}`,
        userPrompt: proposal.prompts[i].userPrompt,
        variables: proposal.prompts[i].variables.map((v: Any) => v.name),
        category: proposal.prompts[i].kind,
        visibility: 'SHARED',
        repositoryId: ids.repositoryId,
        version: { versionNumber: 1 },
      });
    }
    const type = await get(`/api/v1/custom-document-types/${ids.referenceLibrary.documentTypeId}`);
    expect(type.status).toBe(200);
    expect(type.body.documentType).toMatchObject({ scope: 'PROJECT', projectId: ids.projectId, displayName: proposal.referenceLibrary.name });
    expect(ids.referenceLibrary.documents.map((d: Any) => d.key)).toEqual(['glossary', 'style-guide', 'implementation-guide']);
    for (const d of ids.referenceLibrary.documents) {
      const res = await get(`/api/v1/custom-documents/${d.id}`);
      expect(res.status).toBe(200);
      expect(res.body.document.typeId).toBe(ids.referenceLibrary.documentTypeId);
      expect(res.body.document.metadata).toEqual({ purpose: expect.any(String), architectSession: s.sessionId });
    }
    const guide = await get(`/api/v1/custom-documents/${ids.referenceLibrary.documents[2].id}`);
    expect(guide.body.document.content).toContain('## Integration');
    const glossary = await get(`/api/v1/custom-documents/${ids.referenceLibrary.documents[0].id}`);
    expect(glossary.body.document.content).toContain('## Terms');
    const bound = await get(`/api/v1/custom-documents/${ids.referenceLibrary.documents[0].id}/bindings`);
    expect(bound.body.bindings.map((b: Any) => b.storedPromptId).sort()).toEqual([ids.prompts[0].promptId, ids.prompts[1].promptId].sort());
    expect(ids.bindings).toHaveLength(4);
    const audit = await get('/api/v1/audit-logs?action=ARCHITECT_ACCEPT_PROPOSAL');
    expect(audit.body.entries).toEqual([expect.objectContaining({ action: 'ARCHITECT_ACCEPT_PROPOSAL', userId: a.co.adminUserId })]);

    // A provisioned prompt runs through the gateway under the provisioned policy, with its bound glossary.
    const exec = await stack.http<Any>('POST', '/api/gateway/execute', {
      token: a.co.gatewayKey,
      body: { metadata: { promptId: ids.prompts[0].promptId }, variables: { request: 'My car was hit while parked.' }, policyId: ids.routingPolicyId },
    });
    expect([exec.status, exec.body.error]).toEqual([200, undefined]);
    expect(exec.body.result.content).toContain('classify this request');
    expect(exec.body.result.content).toContain('My car was hit while parked.');
    expect(exec.body.policyName).toBe('Claims mail desk routing');

    // The model calls were recorded with purpose architect: analysis, two dialogue rounds, the proposal.
    const architectCalls = await waitFor(
      () => stack.container.db('executions').where({ company_id: a.co.companyId, purpose: 'architect' }).select('metadata', 'status'),
      (rows) => rows.length >= 4,
    );
    expect(architectCalls.map((r: Any) => r.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS']);

    const afterwards = await call(a, 'GET', `/${s.id}/proposal`);
    expect(afterwards.body).toMatchObject({ status: 'ACCEPTED', provisioned: { generatedIds: ids } });
    const transfer = await call(a, 'POST', `/${s.id}/transfer`);
    expect([transfer.status, transfer.body.project.id]).toEqual([200, ids.projectId]);

    // The row mirrored every transition once, in order.
    const row = await call(a, 'GET', `/${s.id}`);
    expect(row.body.transitions.map((t: Any) => t.status)).toEqual(['ANALYZING', 'DIALOGUE', 'DIALOGUE', 'GENERATING', 'GENERATING', 'PROPOSAL_READY', 'ACCEPTED']);
    const list = await call(a, 'GET', '?status=ACCEPTED&limit=1');
    expect(list.body.sessions.map((x: Any) => x.id)).toEqual([s.id]);
    expect(list.body.pagination).toMatchObject({ total: 1, limit: 1, offset: 0, hasMore: false });
  });
});

describe('model answers that cannot be used', () => {
  it('a malformed analysis falls back to a minimal analysis object (never a 500)', async () => {
    const a = await account('sim;architect=malformed-analysis;id=arch-malformed-analysis');
    const s = await create(a, 'Fallback desk', { description: 'Summarise contracts for the legal team.' });
    const res = await call(a, 'POST', `/${s.id}/analyze`);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    expect(res.body.session.status).toBe('DIALOGUE');
    const analysis = res.body.session.analysis;
    expect(analysis.fallback).toBe(true);
    expect(analysis.gaps.analysis).toContain('could not be read');
    expect(analysis.gaps.questions.map((q: Any) => q.id)).toEqual(['use_case', 'industry', 'inputs', 'success']);
    expect(analysis).toMatchObject({ quickWins: [], decisions: [], conflicts: { notes: [], qualityIssues: [] } });
  });

  it('a proposal failing validation answers 422 and returns the session to DIALOGUE with conflicts.qualityIssues', async () => {
    const a = await account('sim;architect=invalid-proposal;id=arch-invalid');
    const s = await readyToGenerate(a, 'Invalid desk');
    const res = await call(a, 'POST', `/${s.id}/generate`);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'ARCHITECT_PROPOSAL_INVALID', status: 'DIALOGUE' });
    const paths = res.body.details.map((i: Any) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['projectDescription', 'prompts', 'routingPolicy.policyJson.strategy', 'implementationGuide.sections', 'implementationGuide.sections.0.content']));
    const row = (await call(a, 'GET', `/${s.id}`)).body;
    expect(row.status).toBe('DIALOGUE');
    expect(row.proposal).toBeNull();
    expect(row.analysis.conflicts.qualityIssues).toEqual(res.body.details);
    expect(row.dialogueHistory.at(-1)).toMatchObject({ type: 'quality', issues: res.body.details });
    // From DIALOGUE, generate may be tried again.
    expect((await call(a, 'POST', `/${s.id}/generate`)).status).toBe(422);
    expect((await call(a, 'GET', `/${s.id}/proposal`)).status).toBe(400);
  });

  it('a proposal that is not valid JSON is asked for once more', async () => {
    const a = await account('sim;architect=malformed-proposal;id=arch-repair');
    const s = await readyToGenerate(a, 'Repair desk');
    const res = await call(a, 'POST', `/${s.id}/generate`);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    expect(res.body.session.status).toBe('PROPOSAL_READY');
    expect(res.body.session.dialogueHistory.at(-1)).toMatchObject({ type: 'proposal', executionIds: [expect.any(String), expect.any(String)] });
  });

  it('a model that never answers JSON leaves a quality issue, not a 500', async () => {
    const a = await account('sim;architect=malformed;id=arch-never');
    const s = await create(a, 'Never desk');
    const analyzed = await call(a, 'POST', `/${s.id}/analyze`);
    expect(analyzed.body.session.analysis.fallback).toBe(true);
    const res = await call(a, 'POST', `/${s.id}/generate`);
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual([{ path: [], message: 'The model did not answer one valid JSON object, even when asked again' }]);
  });
});

describe('states', () => {
  const expect400 = async (a: Account, method: string, path: string, body?: unknown) => {
    const res = await call(a, method, path, body);
    expect([method, path, res.status]).toEqual([method, path, 400]);
    return res;
  };

  it('refuses every wrong-state call with 400', async () => {
    const a = await account();
    const s = await create(a, 'State desk');
    const id = s.id;
    // INPUT
    for (const op of ['dialogue', 'generate', 'reject', 'accept', 'transfer']) {
      const res = await expect400(a, 'POST', `/${id}/${op}`, op === 'dialogue' ? { answers: { audience: 'x' } } : undefined);
      expect(res.body.code).toBe('ARCHITECT_INVALID_STATE');
    }
    await expect400(a, 'GET', `/${id}/proposal`);
    // DIALOGUE
    expect((await call(a, 'POST', `/${id}/analyze`)).status).toBe(200);
    for (const op of ['analyze', 'reject', 'accept', 'transfer']) expect((await expect400(a, 'POST', `/${id}/${op}`)).body.error).toContain('the session is DIALOGUE');
    // GENERATING: PATCH, analyze and dialogue are refused.
    const answers = { audience: 'a', volume: 'b' };
    expect((await call(a, 'POST', `/${id}/dialogue`, { answers })).body.status).toBe('GENERATING');
    await expect400(a, 'PATCH', `/${id}`, { title: 'renamed' });
    await expect400(a, 'POST', `/${id}/analyze`);
    await expect400(a, 'POST', `/${id}/dialogue`, { answers });
    // PROPOSAL_READY
    expect((await call(a, 'POST', `/${id}/generate`)).status).toBe(200);
    for (const op of ['analyze', 'generate']) await expect400(a, 'POST', `/${id}/${op}`);
    await expect400(a, 'POST', `/${id}/dialogue`, { answers });
    await expect400(a, 'PATCH', `/${id}`, { title: 'renamed' });
    // REJECTED: nothing moves, transfer included.
    expect((await call(a, 'POST', `/${id}/reject`)).status).toBe(200);
    for (const op of ['analyze', 'generate', 'reject', 'accept', 'transfer']) expect((await expect400(a, 'POST', `/${id}/${op}`)).body.error).toContain('the session is REJECTED');
    await expect400(a, 'PATCH', `/${id}`, { title: 'renamed' });
    expect((await call(a, 'GET', `/${id}`)).body.status).toBe('REJECTED');
  });

  it('refuses invalid bodies with 400', async () => {
    const a = await account();
    await expect400(a, 'POST', '', { title: 'x', requirements: { industry: 'retail' } });
    await expect400(a, 'POST', '', { title: 'x', requirements: { description: '   ' } });
    await expect400(a, 'POST', '', { title: 'x', requirements: { description: 'ok', securityLevel: 'extreme' } });
    await expect400(a, 'GET', '?limit=101');
    await expect400(a, 'GET', '?status=DONE');
    const s = await create(a, 'Body desk', { fileContent: 'Our policy handbook: every claim over 10,000 EUR needs a second reviewer.' });
    expect(s.title).toBe('Body desk');
    await call(a, 'POST', `/${s.id}/analyze`);
    await expect400(a, 'POST', `/${s.id}/dialogue`, { answers: {} });
    await expect400(a, 'POST', `/${s.id}/dialogue`, { answers: { audience: '' } });
    await expect400(a, 'PATCH', `/${s.id}`, {});
    await expect400(a, 'PATCH', `/${s.id}`, { requirements: { fileContent: '' } });
  });

  it('PATCH clears analysis, dialogue, proposal and generated ids and goes back to INPUT', async () => {
    const a = await account();
    const s = await create(a, 'Patch desk');
    await call(a, 'POST', `/${s.id}/analyze`);
    const d = await call(a, 'POST', `/${s.id}/dialogue`, { answers: { audience: 'brokers' } });
    expect(d.body.session.dialogueHistory.length).toBe(2);
    const res = await call(a, 'PATCH', `/${s.id}`, { title: 'Patched desk', requirements: { industry: 'reinsurance', providers: ['OPENAI'] } });
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    expect(res.body.session).toMatchObject({ status: 'INPUT', title: 'Patched desk', analysis: null, dialogueHistory: [], proposal: null, generatedIds: null });
    expect(res.body.session.requirements).toMatchObject({ ...REQUIREMENTS, industry: 'reinsurance', providers: ['OPENAI'] });
    // INPUT again: analyze works (its preflight honours providers: OPENAI exists and is healthy).
    const again = await call(a, 'POST', `/${s.id}/analyze`);
    expect([again.status, again.body.session.status]).toEqual([200, 'DIALOGUE']);
    const none = await call(a, 'PATCH', `/${s.id}`, { requirements: { providers: ['no-such-provider'] } });
    expect(none.body.session.status).toBe('INPUT');
    const refused = await call(a, 'POST', `/${s.id}/analyze`);
    expect([refused.status, refused.body.code]).toEqual([503, 'ARCHITECT_PREFLIGHT_FAILED']);
    expect(refused.body.error).toContain('no active provider matches no-such-provider');
    expect((await call(a, 'GET', `/${s.id}`)).body.status).toBe('INPUT');
  });
});

describe('provider preflight', () => {
  it('answers 503 when every provider of the company has its circuit breaker open, and changes nothing', async () => {
    const a = await account('sim;fail=500;id=arch-broken');
    const s = await create(a, 'Broken desk');
    // Failing calls open the breaker (3 samples, 50% errors).
    await waitFor(
      async () => {
        await stack.http('POST', '/api/gateway/execute', { token: a.co.gatewayKey, body: { prompt: 'open the breaker' } });
        return stack.container.db('provider_breakers').where({ company_id: a.co.companyId }).first('state');
      },
      (row) => row?.state === 'open',
    );
    const res = await call(a, 'POST', `/${s.id}/analyze`);
    expect([res.status, res.body.code]).toEqual([503, 'ARCHITECT_PREFLIGHT_FAILED']);
    expect(res.body.error).toContain("circuit breaker is open");
    const row = (await call(a, 'GET', `/${s.id}`)).body;
    expect(row).toMatchObject({ status: 'INPUT', analysis: null, transitions: [] });
  });
});

describe('reject and transfer', () => {
  it('reject stores the reason in the dialogue history with audit ARCHITECT_REJECT_PROPOSAL', async () => {
    const a = await account();
    const s = await readyToGenerate(a, 'Reject desk');
    expect((await call(a, 'POST', `/${s.id}/generate`)).status).toBe(200);
    const res = await call(a, 'POST', `/${s.id}/reject`, { reason: 'Too many prompts for a first step' });
    expect([res.status, res.body.session.status]).toEqual([200, 'REJECTED']);
    expect(res.body.session.dialogueHistory.at(-1)).toMatchObject({ type: 'rejection', reason: 'Too many prompts for a first step', userId: a.co.adminUserId });
    expect(res.body.session.rejectedAt).toEqual(expect.any(String));
    const audit = await stack.http<Any>('GET', '/api/v1/audit-logs?action=ARCHITECT_REJECT_PROPOSAL', { token: a.token });
    expect(audit.body.entries).toEqual([expect.objectContaining({ resourceId: s.id })]);
    expect(await stack.container.db('projects').where({ company_id: a.co.companyId }).count('* as n').first()).toEqual({ n: '0' });
  });

  it('transfer of a PROPOSAL_READY session accepts it and returns the linked project', async () => {
    const a = await account();
    const s = await readyToGenerate(a, 'Transfer desk');
    expect((await call(a, 'POST', `/${s.id}/generate`)).status).toBe(200);
    const res = await call(a, 'POST', `/${s.id}/transfer`);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    expect(res.body.session.status).toBe('ACCEPTED');
    expect(res.body.project).toMatchObject({ id: res.body.generatedIds.projectId, name: 'Transfer desk' });
    // Again: the same project, nothing provisioned twice.
    const again = await call(a, 'POST', `/${s.id}/transfer`);
    expect(again.body.project.id).toBe(res.body.project.id);
    expect(await stack.container.db('projects').where({ company_id: a.co.companyId }).count('* as n').first()).toEqual({ n: '1' });
  });
});

describe('roles', () => {
  it('a role that may not create routing policies cannot accept or transfer a proposal (403, nothing provisioned); an admin then can', async () => {
    const a = await account();
    const s = await readyToGenerate(a, 'Member desk');
    expect((await call(a, 'POST', `/${s.id}/generate`)).status).toBe(200);
    const member = await stack.addUser(a.co.companyId, 'MEMBER');
    const m: Account = { co: a.co, token: await stack.login(member.email, member.password) };
    for (const op of ['accept', 'transfer']) {
      const res = await call(m, 'POST', `/${s.id}/${op}`);
      expect([op, res.status, res.body.code]).toEqual([op, 403, 'FORBIDDEN']);
    }
    expect((await call(a, 'GET', `/${s.id}`)).body.status).toBe('PROPOSAL_READY');
    expect(await stack.container.db('projects').where({ company_id: a.co.companyId }).count('* as n').first()).toEqual({ n: '0' });
    const accepted = await call(a, 'POST', `/${s.id}/accept`);
    expect([accepted.status, accepted.body.session.status]).toEqual([200, 'ACCEPTED']);
    // An ACCEPTED session's project may be fetched by any member (nothing is created).
    expect((await call(m, 'POST', `/${s.id}/transfer`)).status).toBe(200);
  });
});

describe('accept is all or nothing', () => {
  it('a failure forced half-way through provisioning leaves no partial resource, and the session can be accepted afterwards', async () => {
    const a = await account();
    const s = await readyToGenerate(a, 'Atomic desk');
    expect((await call(a, 'POST', `/${s.id}/generate`)).status).toBe(200);
    const db = stack.container.db;
    const tables = ['projects', 'repositories', 'prompts', 'prompt_versions', 'routing_policies', 'custom_document_types', 'custom_documents', 'custom_document_bindings', 'audit_logs'];
    const snapshot = async () => Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await db(t).where({ company_id: a.co.companyId }).orderBy('id')])));
    const before = await snapshot();
    // The bindings come last: project, repository, policy, prompts, type and documents are written by then.
    const fn = `architect_fail_${a.co.companyId.replace(/-/g, '')}`;
    await db.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin
      if new.company_id = '${a.co.companyId}' then raise exception 'forced failure'; end if; return new; end $$`);
    await db.raw(`create trigger ${fn} before insert on custom_document_bindings for each row execute function ${fn}()`);
    try {
      const res = await call(a, 'POST', `/${s.id}/accept`);
      expect([res.status, res.body.code]).toEqual([500, 'ARCHITECT_PROVISIONING_FAILED']);
      expect(res.body.error).toContain('nothing was created');
    } finally {
      await db.raw(`drop trigger ${fn} on custom_document_bindings`);
      await db.raw(`drop function ${fn}()`);
    }
    expect(await snapshot()).toEqual(before);
    const row = (await call(a, 'GET', `/${s.id}`)).body;
    expect(row).toMatchObject({ status: 'PROPOSAL_READY', generatedIds: null });

    const res = await call(a, 'POST', `/${s.id}/accept`);
    expect([res.status, res.body.session.status]).toEqual([200, 'ACCEPTED']);
  });
});

describe('tenancy', () => {
  it('answers 404 for another company\u2019s session on every route, and lists only the caller\u2019s', async () => {
    const a = await account();
    const b = await account();
    const s = await create(a, 'Private desk');
    for (const [method, path, body] of [
      ['GET', `/${s.id}`],
      ['PATCH', `/${s.id}`, { title: 'stolen' }],
      ['POST', `/${s.id}/analyze`],
      ['POST', `/${s.id}/dialogue`, { answers: { audience: 'x' } }],
      ['POST', `/${s.id}/generate`],
      ['GET', `/${s.id}/proposal`],
      ['POST', `/${s.id}/reject`],
      ['POST', `/${s.id}/accept`],
      ['POST', `/${s.id}/transfer`],
      ['DELETE', `/${s.id}`],
    ] as Array<[string, string, unknown?]>) {
      const res = await call(b, method, path, body);
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect((await call(b, 'GET', '')).body.sessions).toEqual([]);
    expect((await call(a, 'GET', `/${s.id}`)).body.status).toBe('INPUT');
    expect((await call(a, 'GET', '/not-a-uuid')).status).toBe(404);

    // The owner deletes it: gone from the API, the workflow terminated.
    expect((await call(a, 'DELETE', `/${s.id}`)).status).toBe(200);
    expect((await call(a, 'GET', `/${s.id}`)).status).toBe(404);
    const description = await (await stack.container.temporal.client()).workflow.getHandle(`architect:${s.id}`).describe();
    expect(description.status.name).toBe('TERMINATED');
  });
});
