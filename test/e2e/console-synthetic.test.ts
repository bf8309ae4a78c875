import type { Browser, Page } from 'playwright-core';
import { syntheticScheduleId } from '../../temporal/workflow-ids';
import type { Stack, TestCompany } from '../support/stack';
import { until } from '../support/synthetic';
import { browserReady, signedInPage, chartData, describeWithBrowser, expectText, present, screenshot, openConsoleSession, closeConsoleSession } from './console-support';

/**
 * The console's synthetic testing page in a real browser against the real stack: schedules are
 * Temporal Schedules (checked with describe()), probes run through the gateway to the provider
 * simulator, and the analytics, charts and ranking are compared with what the API answers.
 *
 * CONSOLE_SCREENSHOTS=1 writes docs/images/console-synthetic.png.
 */
const ready = browserReady();
const describeIf = describeWithBrowser();

jest.setTimeout(240_000);

type Any = any;
let stack: Stack;
let company: TestCompany;
let token: string;
let browser: Browser;
let page: Page;
const errors: string[] = [];

const api = async (method: string, path: string, body?: unknown) => (await stack.http<Any>(method, path, { token, body })).body;
const scheduleNamed = async (name: string) => (await api('GET', '/api/v1/synthetic/schedules')).schedules.find((s: Any) => s.name === name);
const paused = async (id: string) => (await (await stack.container.temporal.client()).schedule.getHandle(syntheticScheduleId(id)).describe()).state.paused;

beforeAll(async () => {
  if (!ready) return;
  ({ stack, company, token, browser, page } = await openConsoleSession('Synthetic Console Co', errors, { worker: true }));
});

afterAll(() => closeConsoleSession(browser, stack));

/** Fills the create form and saves it; the schedule as the API then reports it. */
async function createSchedule(name: string, promptOption: string, provider: string, interval: string): Promise<Any> {
  const form = page.getByRole('form', { name: 'Create a schedule' });
  await form.getByLabel('Schedule name').fill(name);
  await form.getByLabel('Prompt', { exact: true }).selectOption({ label: promptOption });
  await form.getByLabel('Provider', { exact: true }).selectOption({ label: provider });
  await form.getByLabel('Every (minutes)').fill(interval);
  await form.getByRole('button', { name: 'Create schedule' }).click();
  await page.getByText(`Schedule ${name} created.`).waitFor({ timeout: 30_000 });
  return scheduleNamed(name);
}

describeIf('the console: synthetic testing', () => {
  it('creates schedules from the starter library, pauses and resumes one (its Temporal Schedule follows), and runs them now', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Synthetic testing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Synthetic testing' }).waitFor();
    await expectText(page.getByRole('region', { name: 'Schedules' }), 'No schedules');
    const library = (await api('GET', '/api/v1/synthetic/library')).prompts;
    const capital = library.find((p: Any) => p.key === 'functional.capital.en');
    const attack = library.find((p: Any) => p.category === 'security' && p.language === 'en');
    const providers = (await api('GET', '/api/v1/providers')).providers;
    const openai = providers.find((p: Any) => p.name === 'sim-openai');
    const anthropic = providers.find((p: Any) => p.name === 'sim-anthropic');

    const first = await createSchedule('Capital check', `${capital.name} (${capital.category}, en)`, 'sim-openai (OPENAI)', '60');
    expect(first).toMatchObject({ scheduleType: 'RECURRING', intervalMinutes: 60, cronExpression: null, aiProviderId: openai.id, providerGroupId: null, isActive: true });
    // The library prompt was copied into the company's prompts on save.
    const prompts = (await api('GET', '/api/v1/synthetic/prompts')).prompts;
    expect(prompts.find((p: Any) => p.id === first.syntheticPromptId)).toMatchObject({ libraryKey: 'functional.capital.en' });
    expect(await paused(first.id)).toBe(false);
    // An imported prompt is offered as the company's own, no longer under the starter library.
    const promptSelect = page.getByRole('form', { name: 'Create a schedule' }).getByLabel('Prompt', { exact: true });
    expect(await promptSelect.locator('optgroup[label="Your synthetic prompts"] option').allTextContents()).toEqual([`${capital.name} (${capital.category}, ${capital.expectedBehavior})`]);
    expect(await promptSelect.locator('optgroup[label="Starter library"] option', { hasText: capital.name }).count()).toBe(0);

    const second = await createSchedule('Attack check', `${attack.name} (security, en)`, 'sim-anthropic (ANTHROPIC)', '0.5');
    expect(second).toMatchObject({ intervalMinutes: 0.5, aiProviderId: anthropic.id, isActive: true });
    const row = (id: string) => page.locator(`tr[data-schedule-id="${id}"]`);
    await expectText(row(second.id), 'every 30 s');

    // Pause: the row, the API and the Temporal Schedule agree; then resume.
    await row(second.id).getByRole('button', { name: 'Pause' }).click();
    await page.getByText('Attack check paused.').waitFor();
    await expectText(row(second.id), 'paused');
    expect((await scheduleNamed('Attack check')).isActive).toBe(false);
    expect(await paused(second.id)).toBe(true);
    await row(second.id).getByRole('button', { name: 'Resume' }).click();
    await page.getByText('Attack check resumed.').waitFor();
    expect((await scheduleNamed('Attack check')).isActive).toBe(true);
    expect(await paused(second.id)).toBe(false);
    await row(second.id).getByRole('button', { name: 'Pause' }).click();
    await page.getByText('Attack check paused.').waitFor();

    // Run now (even while paused): each schedule's probe lands in the log the page refreshes.
    for (const s of [first, second]) {
      await row(s.id).getByRole('button', { name: 'Run now' }).click();
      await page.getByText(`run started`).first().waitFor();
    }
    const entries = await until(
      'a probe of each schedule in the log',
      async () => {
        const log = (await api('GET', '/api/v1/synthetic/executions?limit=50')).executions;
        return [first.id, second.id].every((id) => log.some((e: Any) => e.scheduleId === id)) && log;
      },
      90_000,
    );
    for (const e of entries) await present(page.locator(`[data-testid="probe-log"] tr[data-log-id="${e.id}"]`), 20_000);
    const capitalProbe = entries.find((e: Any) => e.scheduleId === first.id);
    expect(capitalProbe).toMatchObject({ status: 'SUCCESS', provider: 'sim-openai', category: 'functional' });
    await expectText(page.locator(`tr[data-log-id="${capitalProbe.id}"]`), capital.name);
    // The simulator repeats the system text, so the attack probe leaks the canary: the page says so.
    const attackProbe = entries.find((e: Any) => e.scheduleId === second.id);
    expect(attackProbe).toMatchObject({ category: 'security', attackDetected: true });
    await expectText(page.locator(`tr[data-log-id="${attackProbe.id}"]`), 'attack got through');
  });

  it('shows analytics for the range with charts drawn from the probes, and the ranking the API computes', async () => {
    await page.getByRole('radio', { name: '1h (Last hour)' }).check();
    const stats = page.locator('ul.stats[data-range="1h"]');
    await stats.waitFor();
    const analytics = await api('GET', '/api/v1/synthetic/analytics?range=1h');
    expect(analytics.metadata.totalExecutions).toBeGreaterThanOrEqual(2);
    expect(await stats.locator('[data-stat="probes"] .stat-value').textContent()).toBe(String(analytics.metadata.totalExecutions));
    expect(await stats.locator('[data-stat="success"] .stat-value').textContent()).toBe(`${(analytics.qualityMetrics.successRate * 100).toFixed(1)}%`);

    // The chart counts per provider and model add up to the analytics' counts.
    await page.locator('.charts[data-range="1h"] [data-testid="chart-table-synthetic-probes"]').waitFor({ state: 'attached' });
    const probes = await chartData(page, 'synthetic-probes');
    for (const p of analytics.providerStats) {
      const label = `${p.provider} · ${p.model}`;
      const sum = Object.values(probes).reduce((n, row) => n + (row[label] ?? 0), 0);
      expect([label, sum]).toEqual([label, p.totalExecutions]);
    }
    const success = await chartData(page, 'synthetic-success');
    expect(Object.values(success).every((row) => Object.values(row).every((v) => v === null || (v >= 0 && v <= 1)))).toBe(true);

    const ranking = (await api('POST', '/api/v1/synthetic/ranking', { timeRange: '1h', limit: 10 })).rankings;
    expect(ranking.length).toBe(2);
    const rows = page.getByTestId('ranking').locator('tbody tr');
    await until('the ranking rows', async () => (await rows.count()) === ranking.length);
    for (const [i, r] of ranking.entries()) {
      await expectText(rows.nth(i).locator('th'), `${r.provider} · ${r.model}`);
      expect(await rows.nth(i).getByTestId('score').textContent()).toBe(r.score.toFixed(2));
    }
    // The security category ranks only the provider that ran the attack, which let it through.
    await page.getByLabel('Category').selectOption('security');
    const security = (await api('POST', '/api/v1/synthetic/ranking', { timeRange: '1h', category: 'security' })).rankings;
    expect(security).toEqual([expect.objectContaining({ provider: 'sim-anthropic', metrics: expect.objectContaining({ attackBlockRate: 0 }) })]);
    await until('the security ranking', async () => (await rows.count()) === 1 && (await rows.first().textContent())!.includes('sim-anthropic'));
    // Columns: #, provider · model, score, success, attacks blocked, ...
    expect(await rows.first().locator('td').nth(3).textContent()).toBe('0.0%');
    expect(await rows.first().getByTestId('score').textContent()).toBe(security[0].score.toFixed(2));
    await page.getByLabel('Category').selectOption('');
    await screenshot(page, 'console-synthetic.png', { fullPage: true });

    // The export link answers the CSV the API makes, one line per provider/model.
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    const csv = await page.evaluate((url) => fetch(url!).then((r) => r.text()), href);
    expect(csv.trim().split('\n')).toHaveLength(1 + analytics.providerStats.length);
    expect(errors).toEqual([]);
  });

  it('a SYNTHETIC_OPERATOR runs tests but is not offered the starter library; a MEMBER does not see the page (the API refuses both)', async () => {
    const operator = await stack.addUser(company.companyId, 'SYNTHETIC_OPERATOR');
    const { context: other, page: p } = await signedInPage(browser, stack.url, operator, errors);
    await p.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Synthetic testing' }).click();
    const schedules = p.getByTestId('schedules');
    await present(schedules.getByRole('button', { name: 'Run now' }));
    const select = p.getByRole('form', { name: 'Create a schedule' }).getByLabel('Prompt', { exact: true });
    await present(select.locator('optgroup[label="Your synthetic prompts"] option'));
    expect(await select.locator('optgroup[label="Starter library"]').count()).toBe(0);
    const operatorToken = await stack.login(operator.email, operator.password);
    const refused = await stack.http<Any>('POST', '/api/v1/synthetic/library/import', { token: operatorToken, body: { keys: ['functional.capital.en'] } });
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    await other.close();

    const member = await stack.addUser(company.companyId, 'MEMBER');
    const { context: m, page: mp } = await signedInPage(browser, stack.url, member, errors);
    expect(await mp.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Synthetic testing' }).count()).toBe(0);
    await mp.goto(`${stack.url}/console/synthetic`);
    await mp.getByTestId('not-permitted').waitFor();
    const memberToken = await stack.login(member.email, member.password);
    expect((await stack.http('GET', '/api/v1/synthetic/schedules', { token: memberToken })).status).toBe(403);
    await m.close();
    expect(errors).toEqual([]);
  });
});
