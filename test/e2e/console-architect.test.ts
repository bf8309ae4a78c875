import type { Browser, Page } from 'playwright-core';
import { type Stack, type TestCompany, startStack } from '../support/stack';
import { addSimulatorProvider, until } from '../support/synthetic';
import { browserReady, signedInPage, describeWithBrowser, expectText, launchBrowser, screenshot } from './console-support';

/**
 * The console's Architect page in a real browser against the real stack (a Temporal worker runs
 * each session's workflow; the provider simulator answers the architect's model calls with
 * deterministic JSON, or with a proposal that fails validation when the provider's key says so).
 * Each step is clicked as a user would and then read back through the API.
 *
 * CONSOLE_SCREENSHOTS=1 writes docs/images/console-architect.png.
 */
const ready = browserReady();
const describeIf = describeWithBrowser();

// Every step is a model call through the gateway and a Temporal Update: slow on a loaded machine.
jest.setTimeout(240_000);

type Any = any;
let stack: Stack;
let company: TestCompany;
let token: string;
let invalid: TestCompany;
let invalidToken: string;
let browser: Browser;
let page: Page;
const errors: string[] = [];

const BASE = '/api/v1/architect/sessions';
const REQUIREMENTS = {
  description: 'Answer customer e-mails about insurance claims: classify each one, draft a reply, check it before it goes out.',
  industry: 'insurance',
  useCase: 'customer support',
  securityLevel: 'standard',
};

const apiGet = async (t: string, id: string) => (await stack.http<Any>('GET', `${BASE}/${id}`, { token: t })).body;

/** A session made through the API and moved up to `upTo` (the UI test of each step is the first test). */
async function sessionVia(t: string, title: string, upTo: 'INPUT' | 'GENERATING' | 'PROPOSAL_READY', requirements: Record<string, unknown> = REQUIREMENTS): Promise<string> {
  const created = await stack.http<Any>('POST', BASE, { token: t, body: { title, requirements } });
  expect([created.status, created.body.error]).toEqual([201, undefined]);
  const id = created.body.session.id as string;
  if (upTo === 'INPUT') return id;
  const analyzed = await stack.http<Any>('POST', `${BASE}/${id}/analyze`, { token: t });
  expect([analyzed.status, analyzed.body.error]).toEqual([200, undefined]);
  const answers = Object.fromEntries(analyzed.body.session.analysis.gaps.questions.map((q: Any) => [q.id, `Answer to ${q.id}`]));
  const d = await stack.http<Any>('POST', `${BASE}/${id}/dialogue`, { token: t, body: { answers } });
  expect([d.status, d.body.status]).toEqual([200, 'GENERATING']);
  if (upTo === 'GENERATING') return id;
  const g = await stack.http<Any>('POST', `${BASE}/${id}/generate`, { token: t });
  expect([g.status, g.body.error]).toEqual([200, undefined]);
  return id;
}

beforeAll(async () => {
  if (!ready) return;
  stack = await startStack({ worker: true, env: { ARCHITECT_MODEL_ATTEMPTS: '2' } });
  company = await stack.createCompany({ name: 'Architect Console Co' });
  token = await stack.login(company.adminEmail, company.adminPassword);
  // A company whose only provider answers every proposal with one that fails validation.
  invalid = await stack.createCompany({ name: 'Invalid Proposal Co', withSimulator: false });
  await addSimulatorProvider(stack, invalid, { name: 'architect-openai', type: 'OPENAI', apiKey: 'sim;architect=invalid-proposal;id=console-arch-invalid', isDefault: true });
  invalidToken = await stack.login(invalid.adminEmail, invalid.adminPassword);
  browser = await launchBrowser();
  // 422 and 503 are answers these tests ask for, as are the 404s of another company's session.
  ({ page } = await signedInPage(browser, stack.url, { email: company.adminEmail, password: company.adminPassword }, errors, /40[134]|422|503/));
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describeIf('the console: Architect', () => {
  it('starts a session from a description and a loaded file, answers the questions, generates, shows the proposal and accepts it', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Architect' }).click();
    await page.getByRole('heading', { level: 1, name: 'Architect' }).waitFor();
    const form = page.getByRole('form', { name: 'Start a session' });
    expect(await form.getByRole('button', { name: 'Start session' }).isDisabled()).toBe(true);
    await form.getByLabel('Title').fill('Claims mail desk');
    await form.getByLabel('Description').fill(REQUIREMENTS.description);
    const handbook = '# Claims handbook\n\nEvery claim over 10,000 EUR needs a second reviewer.\nReplies go out within two working days.\n';
    await form.getByLabel('Load the file text from a file').setInputFiles({ name: 'handbook.md', mimeType: 'text/markdown', buffer: Buffer.from(handbook) });
    await expectText(form.getByRole('status'), 'handbook.md loaded');
    expect(await form.getByLabel('File text (optional)').inputValue()).toBe(handbook);
    await form.getByLabel('Industry').fill('insurance');
    await form.getByLabel('Use case').fill('customer support');
    await form.getByLabel('Target framework').fill('LangGraph agents');
    await form.getByRole('button', { name: 'Start session' }).click();
    await page.getByRole('heading', { level: 1, name: 'Claims mail desk' }).waitFor();

    const id = decodeURIComponent(page.url().split('/architect/')[1]!);
    let s = await apiGet(token, id);
    expect(s).toMatchObject({ status: 'INPUT', title: 'Claims mail desk', requirements: { description: REQUIREMENTS.description, fileContent: handbook, industry: 'insurance', targetFramework: 'LangGraph agents' } });
    expect(s.requirements.providers).toBeUndefined();

    await page.getByRole('button', { name: 'Analyze' }).click();
    const questions = page.getByTestId('questions');
    await questions.waitFor({ timeout: 60_000 });
    s = await apiGet(token, id);
    expect(s.status).toBe('DIALOGUE');
    expect(s.analysis.gaps.questions.map((q: Any) => q.id)).toEqual(['audience', 'volume']);
    await expectText(page.getByTestId('analysis'), 'Claims mail desk');

    // One required answer leaves the other open: still DIALOGUE; the second is enough: GENERATING.
    await questions.getByLabel('Who reads the answers, and what do they do with them? (required)').fill('Claims handlers, who send the reply after a check');
    await questions.getByRole('button', { name: 'Send answers' }).click();
    await page.getByText('Answers saved. The architect has more questions (below).').waitFor({ timeout: 60_000 });
    expect((await apiGet(token, id)).status).toBe('DIALOGUE');
    expect(await questions.getByLabel(/Who reads the answers/).count()).toBe(0);
    await expectText(questions, '1 required question is still open');
    await questions.getByLabel(/How many requests a day/).fill('About 300 a day; an answer within a minute');
    await questions.getByRole('button', { name: 'Send answers' }).click();
    await page.getByText('That is enough information: generate the proposal.').waitFor({ timeout: 60_000 });
    s = await apiGet(token, id);
    expect(s.status).toBe('GENERATING');
    expect(s.dialogueHistory.filter((h: Any) => h.type === 'answers').map((h: Any) => h.answers)).toEqual([
      { audience: 'Claims handlers, who send the reply after a check' },
      { volume: 'About 300 a day; an answer within a minute' },
    ]);

    await page.getByRole('button', { name: 'Generate proposal' }).click();
    const proposal = page.getByTestId('proposal');
    await proposal.waitFor({ timeout: 90_000 });
    s = await apiGet(token, id);
    expect(s.status).toBe('PROPOSAL_READY');
    // What the API holds is what the page shows: every prompt, the policy's strategy, the tools, the library, the guide.
    for (const p of s.proposal.prompts) await expectText(proposal.locator(`[data-prompt-key="${p.key}"]`), p.name);
    expect(await proposal.getByTestId('proposal-strategy').textContent()).toBe(s.proposal.routingPolicy.policyJson.strategy);
    await expectText(proposal.getByRole('region', { name: 'MCP and skills' }), 'classify_request');
    for (const d of s.proposal.referenceLibrary.documents) await expectText(proposal.getByRole('region', { name: /Reference library/ }), d.title);
    for (const g of s.proposal.implementationGuide.sections) await expectText(proposal.getByRole('region', { name: 'Implementation guide' }), g.title);
    await screenshot(page, 'console-architect.png', { fullPage: true });

    await proposal.getByRole('button', { name: 'Accept proposal' }).click();
    const created = page.getByTestId('provisioned');
    await created.waitFor({ timeout: 90_000 });
    s = await apiGet(token, id);
    expect(s.status).toBe('ACCEPTED');
    const ids = s.generatedIds;
    expect(ids.prompts).toHaveLength(s.proposal.prompts.length);
    // Links to what was created: each prompt by its public id, the policy in Simulate, the project's prompts.
    const hrefs = await created.getByTestId('provisioned-prompts').getByRole('link').evaluateAll((as) => as.map((a) => (a as Any).getAttribute('href')));
    expect(hrefs.sort()).toEqual(ids.prompts.map((p: Any) => `/console/prompts/${p.promptId}`).sort());
    const policy = (await stack.http<Any>('GET', `/api/v1/routing/policies/${ids.routingPolicyId}`, { token })).body.policy;
    await expectText(created.getByTestId('provisioned-policy'), policy.name);
    expect(await created.getByRole('link', { name: 'simulate it' }).getAttribute('href')).toBe(`/console/simulate?policyId=${ids.routingPolicyId}`);
    const project = (await stack.http<Any>('GET', `/api/v1/projects/${ids.projectId}`, { token })).body.project;
    await expectText(created.getByTestId('provisioned-project'), project.name);
    // The proposal stays readable; nothing to accept or reject any more.
    expect(await page.getByRole('button', { name: 'Accept proposal' }).count()).toBe(0);

    // A provisioned prompt's link opens it in the prompt library: version 1 in production.
    const first = ids.prompts[0];
    await created.getByRole('link', { name: first.name }).click();
    const promptName = (await stack.http<Any>('GET', `/api/v1/prompts/${first.promptId}`, { token })).body.prompt.name;
    await page.getByRole('heading', { level: 1, name: promptName }).waitFor();
    await expectText(page.getByTestId('prompt-production'), 'version 1');
    await page.goBack();

    // The list shows the session as ACCEPTED.
    await page.getByRole('link', { name: '← All sessions' }).click();
    await expectText(page.locator(`tr[data-session-id="${id}"]`), 'ACCEPTED');
  });

  it('rejects a proposal with a reason: REJECTED with the reason in the history, nothing created', async () => {
    const id = await sessionVia(token, 'Desk to reject', 'PROPOSAL_READY');
    await page.goto(`${stack.url}/console/architect/${id}`);
    const proposal = page.getByTestId('proposal');
    await proposal.getByRole('button', { name: 'Reject…' }).click();
    await proposal.getByLabel('Reason for rejecting (optional)').fill('Too many prompts for a first step');
    await proposal.getByRole('button', { name: 'Reject proposal' }).click();
    await page.getByText('Rejected. Nothing was created.').waitFor({ timeout: 60_000 });
    const s = await apiGet(token, id);
    expect(s).toMatchObject({ status: 'REJECTED', generatedIds: null });
    expect(s.dialogueHistory.at(-1)).toMatchObject({ type: 'rejection', reason: 'Too many prompts for a first step' });
    await expectText(page.getByTestId('rejection'), 'Too many prompts for a first step');
  });

  it('a 503 preflight names the provider that is missing and how to fix it; editing the providers lets the analysis run', async () => {
    const id = await sessionVia(token, 'Desk with a missing provider', 'INPUT', { ...REQUIREMENTS, providers: ['no-such-provider'] });
    await page.goto(`${stack.url}/console/architect/${id}`);
    await page.getByRole('button', { name: 'Analyze' }).click();
    const problem = page.getByTestId('architect-problem');
    await expectText(problem, 'no active provider matches no-such-provider', 60_000);
    await expectText(problem, 'Edit the requirements below and change or clear Providers');
    expect(await problem.getByRole('link', { name: 'Providers' }).getAttribute('href')).toBe('/console/providers');
    expect((await apiGet(token, id)).status).toBe('INPUT');

    await page.getByRole('button', { name: 'Edit requirements' }).click();
    const edit = page.getByRole('form', { name: 'Edit the requirements' });
    expect(await edit.getByLabel('Providers (types or names, comma-separated)').inputValue()).toBe('no-such-provider');
    await edit.getByLabel('Providers (types or names, comma-separated)').fill('sim-openai');
    await edit.getByRole('button', { name: 'Save requirements' }).click();
    await page.getByText('Requirements saved.').waitFor({ timeout: 60_000 });
    expect((await apiGet(token, id)).requirements.providers).toEqual(['sim-openai']);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByTestId('questions').waitFor({ timeout: 60_000 });
    expect((await apiGet(token, id)).status).toBe('DIALOGUE');
    expect(await page.getByTestId('architect-problem').count()).toBe(0);
  });

  it('a proposal that fails validation (422) lists each issue where it is, and the session is back at the questions; another company sees nothing', async () => {
    const id = await sessionVia(invalidToken, 'Desk with a weak proposal', 'GENERATING');
    const { context: other, page: p } = await signedInPage(browser, stack.url, { email: invalid.adminEmail, password: invalid.adminPassword }, errors, /40[134]|422|503/);
    await p.goto(`${stack.url}/console/architect/${id}`);
    await p.getByRole('button', { name: 'Generate proposal' }).click();
    const problem = p.getByTestId('architect-problem');
    await expectText(problem, 'The proposal did not pass the checks', 90_000);
    const s = await until('the session back in DIALOGUE', async () => {
      const v = await apiGet(invalidToken, id);
      return v.status === 'DIALOGUE' && v;
    });
    expect(s.proposal).toBeNull();
    const issues: { path: string[]; message: string }[] = s.analysis.conflicts.qualityIssues;
    expect(issues.length).toBeGreaterThan(0);
    // Every issue the API stored is listed, its path in words (e.g. "Implementation guide › sections").
    const listed = await problem.getByTestId('problem-issues').locator('li').allTextContents();
    expect(listed).toHaveLength(issues.length);
    for (const i of issues) expect(listed.some((l) => l.includes(i.message))).toBe(true);
    expect(listed.join('\n')).toContain('Implementation guide › sections');
    // The reloaded session keeps them in the analysis until a proposal passes.
    await expectText(p.getByTestId('quality-issues'), issues[0]!.message);
    await expectText(p.getByTestId('session-status'), 'DIALOGUE');

    // Company A's session is not there for company B: the page says so and shows nothing of it.
    const mine = await sessionVia(token, 'Company A private desk', 'INPUT');
    await p.goto(`${stack.url}/console/architect/${mine}`);
    await expectText(p.getByRole('alert'), /not found/i);
    expect(await p.content()).not.toContain('Company A private desk');
    await other.close();
    expect(errors).toEqual([]);
  });
});
