import type { Browser, Page } from 'playwright-core';
import type { Stack, TestCompany } from '../support/stack';
import { DAY, dayStart, newKey, seedEvents } from '../support/usage';
import { browserReady, signedInPage, describeWithBrowser, expectText, present, screenshot, openConsoleSession, closeConsoleSession } from './console-support';

/**
 * The console's Usage page (routing-advisory subscribers) in a real browser against the real api:
 * a subscription added through the form, usage events of today read back as totals, the daily
 * alert acknowledged, the export; a role the api refuses (ADMIN: usage is role-based) is not shown
 * the page.
 *
 * CONSOLE_SCREENSHOTS=1 writes docs/images/console-usage.png.
 */
const ready = browserReady();
const describeIf = describeWithBrowser();

jest.setTimeout(180_000);

type Any = any;
let stack: Stack;
let company: TestCompany;
let token: string;
let browser: Browser;
let page: Page;
const errors: string[] = [];

const api = async (method: string, path: string, body?: unknown, t = token) => stack.http<Any>(method, path, { token: t, body });

beforeAll(async () => {
  if (!ready) return;
  ({ stack, company, token, browser, page } = await openConsoleSession('Usage Console Co', errors));
});

afterAll(() => closeConsoleSession(browser, stack));

describeIf('the console: usage', () => {
  it('adds a subscription, shows today’s requests as the API counts them, acknowledges the daily alert, and exports', async () => {
    // The daily window is the UTC day: keep the seeded events and the reads inside one.
    const left = DAY - (Date.now() - dayStart());
    if (left < 240_000) await new Promise((r) => setTimeout(r, left + 5_000));
    const key = await newKey(stack, company);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Usage' }).click();
    await page.getByRole('heading', { level: 1, name: 'Usage' }).waitFor();
    await page.getByText('Add a subscription').click();
    const form = page.getByRole('form', { name: 'Add a subscription' });
    await form.getByLabel('Subscriber name').fill('Console subscriber');
    await form.getByLabel('Contact email').fill('ops@example.test');
    await form.getByLabel('Daily limit (optional)').fill('10');
    await present(form.locator(`option[value="${key.id}"]`));
    await form.getByLabel('API key').selectOption(key.id);
    await form.getByRole('button', { name: 'Add subscription' }).click();
    await page.getByText('Subscription Console subscriber added.').waitFor();
    const sub = (await api('GET', '/api/v1/advisory-subscriptions')).body.subscriptions[0];
    expect(sub).toMatchObject({ name: 'Console subscriber', tier: 'STARTER', hourlyLimit: 500, dailyLimit: 10, apiKeyId: key.id });

    // Eight requests today (one refused): 80% of the daily limit, a warning.
    const now = Date.now();
    await seedEvents(
      stack,
      Array.from({ length: 8 }, (_, i) => ({ subscriptionId: sub.id, companyId: company.companyId, at: new Date(Math.max(dayStart(now), now - (i + 1) * 1000)), success: i !== 0 })),
    );
    await page.reload();
    const usage = (await api('GET', '/api/v1/usage?timeRange=day')).body;
    expect(usage.summary).toMatchObject({ totalRequests: 8, successfulRequests: 7, failedRequests: 1 });
    const stats = page.getByRole('list', { name: 'Totals' });
    await expectText(stats.locator('[data-stat="requests"] .stat-value'), '8');
    expect(await stats.locator('[data-stat="failed"] .stat-value').textContent()).toBe('1');
    expect(await stats.locator('[data-stat="success-rate"] .stat-value').textContent()).toBe(`${usage.summary.successRate.toFixed(2)}%`);
    await expectText(page.getByTestId('by-subscriber'), 'Console subscriber');

    const alert = page.locator('[data-testid="alerts"] [data-alert-type="DAILY_USAGE_WARNING"]');
    await alert.waitFor();
    const current = (await api('GET', '/api/v1/usage/alerts')).body.alerts;
    expect(current.map((a: Any) => a.type)).toEqual(['DAILY_USAGE_WARNING']);
    await expectText(alert, current[0].message);
    await screenshot(page, 'console-usage.png', { fullPage: true });
    await alert.getByRole('button', { name: 'Acknowledge' }).click();
    await page.getByText('Alert acknowledged.').waitFor();
    expect((await api('GET', '/api/v1/usage/alerts')).body.alerts).toEqual([]);
    expect(await alert.count()).toBe(0);

    // The download link answers the API's CSV: a header and one line per event.
    const href = await page.getByRole('link', { name: 'Download' }).getAttribute('href');
    const csv = await page.evaluate((url) => fetch(url!).then((r) => r.text()), href);
    expect(csv.trim().split('\n')).toHaveLength(1 + 8);
  });

  it('an ADMIN (not one of the usage roles) is not shown the page, and the API refuses it', async () => {
    const admin = await stack.addUser(company.companyId, 'ADMIN');
    const { context: other, page: p } = await signedInPage(browser, stack.url, admin, errors);
    await p.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Security' }).waitFor();
    expect(await p.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Usage' }).count()).toBe(0);
    await p.goto(`${stack.url}/console/usage`);
    await p.getByTestId('not-permitted').waitFor();
    const adminToken = await stack.login(admin.email, admin.password);
    expect((await api('GET', '/api/v1/usage', undefined, adminToken)).status).toBe(403);
    await other.close();
    expect(errors).toEqual([]);
  });
});
