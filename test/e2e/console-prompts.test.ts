import type { Browser, Page } from 'playwright-core';
import { type Stack, type TestCompany, startStack } from '../support/stack';
import { browserReady, signedInPage, describeWithBrowser, expectText, launchBrowser, present, screenshot } from './console-support';

/**
 * The console's prompt library in a real browser against the real stack (test runs are Temporal
 * workflows whose cases go through the gateway to the provider simulator, which echoes the prompt):
 * search and visibility, a prompt's versions and production label, its variables, running its test
 * sets with the result case by case, and a MEMBER who may read but not move the label.
 *
 * CONSOLE_SCREENSHOTS=1 writes docs/images/console-prompts.png.
 */
const ready = browserReady();
const describeWithBrowserOrSkip = describeWithBrowser();

jest.setTimeout(240_000);

type Any = any;
let stack: Stack;
let company: TestCompany;
let token: string;
let member: { email: string; password: string; token: string };
let browser: Browser;
let page: Page;
let haiku: Any;
const errors: string[] = [];

async function createPrompt(t: string, body: Record<string, unknown>): Promise<Any> {
  const res = await stack.http<Any>('POST', '/api/v1/prompts', { token: t, body });
  expect([res.status, res.body.error]).toEqual([201, undefined]);
  return res.body.prompt;
}
const names = async (l: ReturnType<Page['locator']>) => (await l.locator('tbody th a').allTextContents()).sort();

beforeAll(async () => {
  if (!ready) return;
  stack = await startStack({ worker: true });
  company = await stack.createCompany({ name: 'Prompt Console Co' });
  token = await stack.login(company.adminEmail, company.adminPassword);
  const m = await stack.addUser(company.companyId, 'MEMBER');
  member = { ...m, token: await stack.login(m.email, m.password) };

  haiku = await createPrompt(token, { name: 'Haiku about a city', description: 'Seventeen syllables', userPrompt: 'Write a haiku about {{city}}.', visibility: 'SHARED' });
  // A second version that is not in production yet (a new version never moves the label by itself).
  const v2 = await stack.http<Any>('PUT', `/api/v1/prompts/${haiku.promptId}`, { token, body: { userPrompt: 'Write a haiku about {{city}} at night.', versionNote: 'at night' } });
  expect(v2.body.prompt).toMatchObject({ version: { versionNumber: 2 }, productionVersion: { versionNumber: 1 } });
  const set = await stack.http<Any>('POST', `/api/v1/prompts/${haiku.promptId}/test-sets`, { token, body: { name: 'Paris', values: { city: 'Paris' }, expectedContains: ['Paris'] } });
  expect(set.status).toBe(201);
  await createPrompt(token, { name: 'Private notes', userPrompt: 'Summarise these notes: {{notes}}', visibility: 'PRIVATE' });
  await createPrompt(member.token, { name: 'Member scratch', userPrompt: 'Translate {{text}} into German', visibility: 'PRIVATE' });

  browser = await launchBrowser();
  // 400: the refused expectation pattern this test sends on purpose.
  ({ page } = await signedInPage(browser, stack.url, { email: company.adminEmail, password: company.adminPassword }, errors, /40[013]/));
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describeWithBrowserOrSkip('the console: prompt library', () => {
  it('searches the library and filters it by visibility, as the API lists it', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Prompts' }).click();
    const list = page.getByTestId('prompt-list');
    await present(list.getByRole('link', { name: 'Member scratch' }));
    // A company admin sees every prompt of the company, the member's private one included.
    expect(await names(list)).toEqual(['Haiku about a city', 'Member scratch', 'Private notes']);

    const search = page.getByRole('form', { name: 'Search prompts' });
    await search.getByLabel('Name or description').fill('syllables');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForFunction(() => (globalThis as Any).document.querySelectorAll('[data-testid="prompt-list"] tbody tr').length === 1);
    expect(await names(list)).toEqual(['Haiku about a city']);

    await search.getByLabel('Name or description').fill('');
    await search.getByRole('button', { name: 'Search' }).click();
    await search.getByLabel('Visibility').selectOption('PRIVATE');
    await page.waitForFunction(() => (globalThis as Any).document.querySelectorAll('[data-testid="prompt-list"] tbody tr').length === 2);
    const api = await stack.http<Any>('GET', '/api/v1/prompts?visibility=PRIVATE', { token });
    expect(await names(list)).toEqual(api.body.prompts.map((p: Any) => p.name).sort());
    expect(await names(list)).toEqual(['Member scratch', 'Private notes']);
    await search.getByLabel('Visibility').selectOption('');
  });

  it('shows a prompt’s variables and versions, moves the production label, and runs its test sets with the result', async () => {
    await page.getByTestId('prompt-list').getByRole('link', { name: 'Haiku about a city' }).click();
    await page.getByRole('heading', { level: 1, name: 'Haiku about a city' }).waitFor();
    expect(await page.getByTestId('prompt-variables').textContent()).toBe('{{city}} ');
    const versions = page.getByTestId('versions');
    await expectText(versions.locator('[data-version="2"]'), 'latest');
    await expectText(versions.locator('[data-version="1"]'), 'production');
    await expectText(versions.locator('[data-version="2"]'), 'at night');

    await versions.getByRole('button', { name: 'Make version 2 production' }).click();
    await page.getByText('Version 2 is now in production').waitFor();
    const after = await stack.http<Any>('GET', `/api/v1/prompts/${haiku.promptId}`, { token });
    expect(after.body.prompt.productionVersion.versionNumber).toBe(2);
    await expectText(page.getByTestId('prompt-production'), 'version 2');
    expect(await versions.getByRole('button', { name: /Make version 2 production/ }).count()).toBe(0);

    // Run every test set against the latest version: the simulator echoes the prompt, so "Paris" is in the answer.
    const form = page.getByRole('form', { name: 'Run tests' });
    await form.getByRole('button', { name: 'Run tests' }).click();
    const result = page.getByTestId('run-result');
    await page.locator('[data-testid="run-result"][data-status="COMPLETED"]').waitFor({ timeout: 90_000 });
    await expectText(result.getByTestId('run-counts'), '1 passed, 0 failed, 0 errors of 1');
    const runs = await stack.http<Any>('GET', `/api/v1/prompts/${haiku.promptId}/test-runs`, { token });
    const run = runs.body.runs[0];
    expect(run).toMatchObject({ status: 'COMPLETED', passed: 1, failed: 0, errored: 0, total: 1, versionNumber: 2 });
    const detail = await stack.http<Any>('GET', `/api/v1/prompts/${haiku.promptId}/test-runs/${run.id}`, { token });
    const [c] = detail.body.run.cases;
    expect(c).toMatchObject({ status: 'PASSED', checks: { passed: 1, total: 1 } });
    await expectText(result.locator('tr[data-case-status="PASSED"]'), c.provider);
    await expectText(result.locator('tr[data-case-status="PASSED"]'), '✓ contains “Paris”');

    // A pattern the api refuses is said with its reason; a test set that fails shows which check failed.
    await page.getByText('Add a test set').click();
    const add = page.getByRole('form', { name: 'Add a test set' });
    await add.getByLabel('Test set name').fill('Berlin');
    await add.getByLabel('Value of {{city}}').fill('Berlin');
    await add.getByLabel('The answer must contain (one phrase a line)').fill('Paris');
    await add.getByLabel('…and match the pattern (optional)').fill('(?<=night)Berlin');
    await add.getByRole('button', { name: 'Add test set' }).click();
    await expectText(add.getByRole('alert'), 'expectedPattern refused');
    await add.getByLabel('…and match the pattern (optional)').fill('berlin');
    await add.getByRole('button', { name: 'Add test set' }).click();
    await add.getByText('Test set Berlin added.').waitFor();
    await expectText(page.getByTestId('test-sets'), 'Berlin');
    const sets = await stack.http<Any>('GET', `/api/v1/prompts/${haiku.promptId}/test-sets`, { token });
    const berlin = sets.body.testSets.find((t: Any) => t.name === 'Berlin');
    expect(berlin).toMatchObject({ values: { city: 'Berlin' }, expectedContains: ['Paris'], expectedPattern: 'berlin' });

    await form.getByLabel('Test set').selectOption(berlin.id);
    await form.getByLabel('Version').selectOption({ label: 'v1' });
    await form.getByRole('button', { name: 'Run tests' }).click();
    await page.locator('[data-testid="run-result"][data-status="COMPLETED"] tr[data-case-status="FAILED"]').waitFor({ timeout: 90_000 });
    await expectText(result.getByTestId('run-counts'), '0 passed, 1 failed, 0 errors of 1');
    await expectText(result.locator('tr[data-case-status="FAILED"]'), '✗ contains “Paris”');
    await expectText(result.locator('tr[data-case-status="FAILED"]'), '✓ matches /berlin/i');
    const latest = (await stack.http<Any>('GET', `/api/v1/prompts/${haiku.promptId}/test-runs`, { token })).body.runs[0];
    expect(latest).toMatchObject({ status: 'COMPLETED', failed: 1, versionNumber: 1, testSetId: berlin.id });
    await screenshot(page, 'console-prompts.png', { fullPage: true });
  });

  it('a MEMBER reads shared prompts but not others’ private ones, and is not offered the production label (the API refuses it too)', async () => {
    const { context: other, page: p } = await signedInPage(browser, stack.url, member, errors, /40[134]/);
    await p.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Prompts' }).click();
    const list = p.getByTestId('prompt-list');
    await present(list.getByRole('link', { name: 'Haiku about a city' }));
    expect(await names(list)).toEqual(['Haiku about a city', 'Member scratch']);

    await list.getByRole('link', { name: 'Haiku about a city' }).click();
    await p.getByTestId('versions').locator('[data-version="1"]').waitFor();
    await p.getByText('Only the prompt’s author and company admins move the production label.').waitFor();
    expect(await p.getByRole('button', { name: /Make version \d+ production/ }).count()).toBe(0);
    const refused = await stack.http<Any>('PUT', `/api/v1/prompts/${haiku.promptId}/production`, { token: member.token, body: { versionNumber: 1 } });
    expect([refused.status, refused.body.code]).toEqual([403, 'PROMPT_EDIT_FORBIDDEN']);
    // An admin's private prompt is not there, even by its address.
    const hidden = (await stack.http<Any>('GET', '/api/v1/prompts?visibility=PRIVATE', { token })).body.prompts.find((x: Any) => x.name === 'Private notes');
    await p.goto(`${stack.url}/console/prompts/${hidden.promptId}`);
    await expectText(p.getByRole('alert'), /not found/i);
    await other.close();
    expect(errors).toEqual([]);
  });
});
