import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { totpCode } from '../../lib/totp';
import { type Stack, type TestCompany, startStack } from '../support/stack';
import { browserReady, chartData, describeWithBrowser, expectText, gone, launchBrowser, present, screenshot, signIn as signInAt, watchErrors as watchErrorsInto } from './console-support';

/**
 * The console in a real browser: Debian's Chromium driven by playwright-core against the real api,
 * worker, simulator, PostgreSQL and Temporal (test/support/stack.ts). What a person does in the
 * console is checked again through the API, and what the console hides is refused by the API too.
 *
 * CONSOLE_SCREENSHOTS=1 also writes docs/images/console-review-queue.png and console-dashboard.png.
 */
// Browser globals inside page.evaluate callbacks (the project's tsconfig has no DOM lib: it is Node code).
declare const document: any;
declare const window: any;
type HTMLCanvasElement = any;
type HTMLFormElement = any;

const ready = browserReady();
const describeIf = describeWithBrowser();

jest.setTimeout(90_000);

let stack: Stack;
let company: TestCompany;
let browser: Browser;
let admin: BrowserContext;
let page: Page;
let adminToken: string;
let mfaSecret: string;
const consoleErrors: string[] = [];

const watchErrors = (p: Page) => watchErrorsInto(p, consoleErrors);
const signIn = (p: Page, email: string, password: string, mfaCode?: () => Promise<string>) => signInAt(p, stack.url, email, password, mfaCode);

async function supervised(prompt: string): Promise<string> {
  const res = await stack.http<{ holdId: string }>('POST', '/api/gateway/execute', {
    token: company.gatewayKey,
    body: { prompt, executionMode: 'SUPERVISED', providerType: 'ANTHROPIC' },
  });
  expect(res.status).toBe(200);
  return res.body.holdId;
}

const holdCard = (p: Page, id: string) => p.locator(`article[data-hold-id="${id}"]`);

beforeAll(async () => {
  if (!ready) return;
  stack = await startStack({ worker: true });
  company = await stack.createCompany({ name: 'Console Co' });
  adminToken = await stack.login(company.adminEmail, company.adminPassword);
  browser = await launchBrowser();
  admin = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  page = await admin.newPage();
  watchErrors(page);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describeIf('the console', () => {
  it('is served at /console with / redirecting to it, bundled (no other origin) and with a strict CSP', async () => {
    const root = await fetch(`${stack.url}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/console/');
    const deep = await fetch(`${stack.url}/console/review`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await deep.text();
    expect(html).toContain('<div id="app">');
    expect(html).not.toMatch(/src="https?:\/\//);
    expect((await fetch(`${stack.url}/console/assets/missing.js`)).status).toBe(404);
  });

  it('sets up MFA with a QR code, signs out, and signs in again with email, password and MFA code', async () => {
    await signIn(page, company.adminEmail, company.adminPassword);
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Set up MFA' }).click();
    const qr = page.getByRole('img', { name: 'QR code of the otpauth URI' });
    await qr.waitFor();
    // A real QR code: an SVG drawn from the otpauth URI, with many modules.
    expect(await qr.locator('svg path, svg rect').count()).toBeGreaterThan(0);
    await page.getByText("Can't scan? Enter the key by hand").click();
    mfaSecret = (await page.getByTestId('mfa-secret').textContent())!;
    expect(mfaSecret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel('Code from the app').fill(await totpCode({ secret: mfaSecret }));
    await page.getByRole('button', { name: 'Turn on MFA' }).click();
    await page.getByText('MFA is on. Your next sign-in asks for a code.').waitFor();
    const status = await stack.http<{ mfaEnabled: boolean }>('GET', '/api/account/mfa/status', { token: adminToken });
    expect(status.body.mfaEnabled).toBe(true);

    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have signed out.').waitFor();
    // The code of the verified time step is used up: the next step's (one step of drift is accepted).
    await signIn(page, company.adminEmail, company.adminPassword, () => totpCode({ secret: mfaSecret, epochSeconds: Math.floor(Date.now() / 1000) + 30 }));
    await expectText(page.locator('.who'), company.adminEmail);
    // The console's session is a real one: the cookie authenticates the API.
    const me = await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json() as Promise<{ user: { email: string } }>));
    expect(me.user.email).toBe(company.adminEmail);
  });

  it('approves one held answer and rejects another with a reason; a hold resolved elsewhere leaves the queue without a reload', async () => {
    const approveId = await supervised('Console approve: draft a thank-you note');
    const rejectId = await supervised('Console reject: draft a refund promise');
    const elsewhereId = await supervised('Console elsewhere: resolved through the API');
    await page.getByRole('link', { name: 'Review queue' }).click();

    const toApprove = holdCard(page, approveId);
    await toApprove.waitFor();
    expect(await toApprove.getByTestId('hold-prompt').textContent()).toBe('Console approve: draft a thank-you note');
    // The held answer is shown beside the request, with time left.
    expect((await toApprove.getByTestId('hold-answer').textContent())?.length).toBeGreaterThan(0);
    await expectText(toApprove.locator('.badge'), /min .* left/);
    await expectText(toApprove, 'Routing decision');
    await screenshot(page, 'console-review-queue.png');

    await toApprove.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Approved: the answer was released to the caller.').waitFor();
    await gone(toApprove);

    const toReject = holdCard(page, rejectId);
    await toReject.getByRole('button', { name: 'Reject…' }).click();
    await toReject.getByLabel('Reason for rejecting').fill('Promises a refund we cannot give');
    await toReject.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText('Rejected: the caller is told with your reason.').waitFor();

    const approved = await stack.http<any>('GET', `/api/v1/execution-holds/${approveId}`, { token: adminToken });
    expect(approved.body).toMatchObject({ status: 'APPROVED', resolver: { email: company.adminEmail } });
    const rejected = await stack.http<any>('GET', `/api/v1/execution-holds/${rejectId}`, { token: adminToken });
    expect(rejected.body).toMatchObject({ status: 'REJECTED', resolution: 'Promises a refund we cannot give' });

    // Another reviewer resolves one through the API: the open page drops it by polling.
    await present(holdCard(page, elsewhereId));
    const other = await stack.http('PATCH', `/api/v1/execution-holds/${elsewhereId}`, { token: adminToken, body: { action: 'approve' } });
    expect(other.status).toBe(200);
    await gone(holdCard(page, elsewhereId), 10_000);

    // Resolved and expired holds are listed under their status.
    await stack.container.db('execution_holds').insert({
      company_id: company.companyId,
      execution_id: randomUUID(),
      status: 'EXPIRED',
      request_payload: { prompt: 'Console expired: nobody looked', systemPrompt: null, model: 'claude-x', provider: 'sim-anthropic' },
      routing_decision: { provider: 'sim-anthropic', model: 'claude-x', policyId: null },
      response_payload: { content: 'too late', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 }, model: 'claude-x' },
      expires_at: new Date(Date.now() - 60_000),
      resolved_at: new Date(Date.now() - 60_000),
      workflow_id: `console-test-${randomUUID()}`,
    });
    await page.getByLabel('Status').selectOption('EXPIRED');
    const expired = page.locator('article.hold', { hasText: 'Console expired: nobody looked' });
    await expectText(expired.locator('.badge'), 'Expired');
    expect(await expired.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await page.getByLabel('Status').selectOption('REJECTED');
    await expectText(page.locator('article.hold', { hasText: 'Console reject' }), 'Promises a refund we cannot give');
  });

  it('draws the dashboard charts from the seeded executions', async () => {
    // Seeded execution records with known figures, in two one-minute buckets of the last hour.
    const minute = Math.floor((Date.now() - 10 * 60_000) / 60_000) * 60_000;
    const alpha = randomUUID();
    const beta = randomUUID();
    const row = (o: { at: number; provider: string; providerId: string; model: string; status: string; tokens: number; cost: number; latency: number; attempts?: number; policy?: string }) => ({
      id: randomUUID(),
      company_id: company.companyId,
      mode: 'AUTONOMOUS',
      status: o.status,
      provider_id: o.providerId,
      provider_type: 'CUSTOM',
      provider_name: o.provider,
      model: o.model,
      total_tokens: o.tokens,
      prompt_tokens: o.tokens / 2,
      completion_tokens: o.tokens / 2,
      cost_usd: o.cost,
      latency_ms: o.latency,
      attempts: JSON.stringify(
        Array.from({ length: o.attempts ?? 1 }, (_, i) => ({
          providerId: o.providerId,
          providerType: 'CUSTOM',
          providerName: o.provider,
          model: o.model,
          status: i === (o.attempts ?? 1) - 1 && o.status !== 'ERROR' ? 'SUCCESS' : 'ERROR',
          latencyMs: o.latency,
        })),
      ),
      metadata: JSON.stringify(o.policy ? { policyName: o.policy } : {}),
      created_at: new Date(o.at),
    });
    await stack.container.db('executions').insert([
      row({ at: minute + 5_000, provider: 'Seed Alpha', providerId: alpha, model: 'alpha-1', status: 'SUCCESS', tokens: 100, cost: 0.001, latency: 100 }),
      row({ at: minute + 15_000, provider: 'Seed Alpha', providerId: alpha, model: 'alpha-1', status: 'SUCCESS', tokens: 200, cost: 0.002, latency: 200, attempts: 2 }),
      row({ at: minute + 25_000, provider: 'Seed Alpha', providerId: alpha, model: 'alpha-1', status: 'SUCCESS', tokens: 300, cost: 0.003, latency: 300 }),
      row({ at: minute + 35_000, provider: 'Seed Alpha', providerId: alpha, model: 'alpha-1', status: 'ERROR', tokens: 0, cost: 0, latency: 50 }),
      row({ at: minute - 20 * 60_000, provider: 'Seed Beta', providerId: beta, model: 'beta-2', status: 'SUCCESS', tokens: 1000, cost: 0.01, latency: 400, policy: 'Seed policy' }),
      row({ at: minute - 20 * 60_000 + 30_000, provider: 'Seed Beta', providerId: beta, model: 'beta-2', status: 'SUCCESS', tokens: 1000, cost: 0.01, latency: 600, policy: 'Seed policy' }),
    ]);

    await page.getByRole('link', { name: 'Dashboard' }).click();
    // The approved and rejected holds of the previous test are executions too (HELD, SUPERVISED).
    const executions = await page.locator('[data-stat="executions"] .stat-value').textContent();
    expect(Number(executions)).toBeGreaterThanOrEqual(6);

    await page.getByRole('radio', { name: '1h (Last hour)' }).check();
    // The 24h charts are on the page until the hour's answer replaces them.
    await page.locator('.charts[data-range="1h"] [data-testid="chart-table-tokens"]').waitFor({ state: 'attached' });
    const at = String(minute / 1000);
    const before = String((minute - 20 * 60_000) / 1000);
    const A = 'Seed Alpha · alpha-1';
    const B = 'Seed Beta · beta-2';

    const counts = await chartData(page, 'executions');
    expect(counts[at]).toMatchObject({ [A]: 4, [B]: 0 });
    expect(counts[before]).toMatchObject({ [A]: 0, [B]: 2 });
    const tokens = await chartData(page, 'tokens');
    expect(tokens[at]).toMatchObject({ [A]: 600 });
    expect(tokens[before]).toMatchObject({ [B]: 2000 });
    const cost = await chartData(page, 'cost');
    expect(cost[at]![A]).toBeCloseTo(0.006, 8);
    expect(cost[before]![B]).toBeCloseTo(0.02, 8);
    // percentile_cont over the answered calls: p50 of 100/200/300 is 200, p95 is 290; 400/600 give 500 and 590.
    const latency = await chartData(page, 'latency');
    expect(latency[at]).toMatchObject({ [`${A} p50`]: 200, [`${A} p95`]: 290, [`${B} p50`]: null });
    expect(latency[before]).toMatchObject({ [`${B} p50`]: 500, [`${B} p95`]: 590 });
    const errorRate = await chartData(page, 'error-rate');
    expect(errorRate[at]![A]).toBeCloseTo(0.25, 6);
    expect(errorRate[before]![B]).toBe(0);
    const routing = await chartData(page, 'routing');
    expect(routing[at]).toMatchObject({ '(no policy)': 4, Fallbacks: 1 });
    expect(routing[before]).toMatchObject({ 'Seed policy': 2, Fallbacks: 0 });

    // The same figures are drawn: the canvas has painted pixels, and the legend names the series.
    const painted = await page.$eval('figure[data-chart="tokens"] canvas', (c) => {
      const canvas = c as HTMLCanvasElement;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
      return n;
    });
    expect(painted).toBeGreaterThan(500);
    await expectText(page.locator('figure[data-chart="tokens"] .u-legend'), A);
    // Breakers and provider trust for every provider; the batch section says what to do when empty.
    await expectText(page.getByRole('region', { name: 'Circuit breakers and provider trust' }), 'sim-anthropic');
    await expectText(page.getByRole('region', { name: 'Batch jobs' }), 'No batch jobs');
    await screenshot(page, 'console-dashboard.png');
  });

  it('creates a routing policy through the form, refuses an invalid JSON document, and shows the policy in simulate', async () => {
    await page.getByRole('link', { name: 'Routing policies' }).click();
    await page.getByRole('button', { name: 'New policy' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Console cheapest, no OpenAI');
    await page.getByLabel('Strategy').selectOption('LOWEST_COST');
    await page.getByLabel('Denied providers (names or types, comma-separated)').fill('sim-openai');
    await page.getByLabel('Denied providers (names or types, comma-separated)').press('Tab');

    // The JSON editor checks with the api's own zod schema as you type.
    await page.getByRole('tab', { name: 'JSON' }).click();
    const editor = page.getByLabel('policyJson');
    const valid = await editor.inputValue();
    expect(JSON.parse(valid)).toMatchObject({ strategy: 'LOWEST_COST', providerDenyList: ['sim-openai'] });
    await editor.fill(valid.replace('"LOWEST_COST"', '"CHEAPEST"'));
    await expectText(page.getByTestId('policy-issues'), 'strategy');
    expect(await page.getByRole('button', { name: 'Save policy' }).isDisabled()).toBe(true);
    await editor.fill(valid);
    expect(await page.getByRole('button', { name: 'Save policy' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Save policy' }).click();
    await page.getByText('Policy Console cheapest, no OpenAI saved.').waitFor();

    const policies = await stack.http<any>('GET', '/api/v1/routing/policies', { token: adminToken });
    const saved = policies.body.policies.find((p: { name: string }) => p.name === 'Console cheapest, no OpenAI');
    expect(saved.policyJson).toMatchObject({ strategy: 'LOWEST_COST', providerDenyList: ['sim-openai'] });

    await page.getByRole('row', { name: /Console cheapest, no OpenAI/ }).getByRole('link', { name: 'Simulate' }).click();
    await page.getByLabel('Policy').locator(`option[value="${saved.id}"]`).waitFor({ state: 'attached' });
    expect(await page.getByLabel('Policy').inputValue()).toBe(saved.id);
    await page.getByRole('button', { name: 'Simulate', exact: true }).click();
    const result = page.getByTestId('simulation-result');
    await expectText(result.getByTestId('simulated-policy'), 'Console cheapest, no OpenAI');
    await expectText(result.locator('.filtered'), 'sim-openai');
    await expectText(result.locator('.filtered'), 'deny list');
    // The primary is the cheapest candidate the API ranks first for the same policy.
    const api = await stack.http<any>('POST', `/api/v1/routing/policies/${saved.id}/simulate`, { token: adminToken, body: {} });
    const primary = api.body.simulation.primary;
    await expectText(result.getByRole('row').nth(1), `${primary.provider} · ${primary.model}`);
  });

  it('hides admin pages from a role without the permission, and the API refuses a crafted request; an ended session goes back to sign-in', async () => {
    const member = await stack.addUser(company.companyId, 'MEMBER');
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const p = await ctx.newPage();
    watchErrors(p);
    await signIn(p, member.email, member.password);
    // Phone width: the navigation is behind a Menu button, and nothing overflows sideways.
    await p.getByRole('button', { name: 'Menu' }).click();
    const nav = p.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Review queue' }).waitFor({ state: 'visible' });
    for (const hidden of ['API keys', 'Users', 'Audit log', 'Webhooks', 'Dashboard']) expect(await nav.getByRole('link', { name: hidden }).count()).toBe(0);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await p.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // A MEMBER may view holds but not resolve them: no buttons.
    await supervised('Console member: look but do not touch');
    await present(p.locator('article.hold', { hasText: 'Console member' }));
    expect(await p.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    await p.goto(`${stack.url}/console/api-keys`);
    await p.getByTestId('not-permitted').waitFor();
    const crafted = await p.evaluate(() =>
      fetch('/api/v1/api-keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'sneaky', kind: 'GATEWAY', type: 'FULL_ACCESS' }) }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      })),
    );
    expect(crafted).toEqual({ status: 403, body: expect.objectContaining({ code: 'FORBIDDEN' }) });
    const keys = await stack.http<any>('GET', '/api/v1/api-keys', { token: adminToken });
    expect(keys.body.apiKeys.map((k: { name: string }) => k.name)).not.toContain('sneaky');

    // The session ends elsewhere (signed out through the API): the open page goes back to sign-in.
    const cookie = (await ctx.cookies()).find((c) => c.name === 'gatehouse_session')!;
    expect((await stack.http('POST', '/api/auth/logout', { token: cookie.value })).status).toBe(200);
    await p.goto(`${stack.url}/console/review`);
    await p.getByRole('heading', { name: 'Sign in to Gatehouse' }).waitFor();
    await ctx.close();
  });

  it('refuses a state-changing request sent with the session cookie from another origin', async () => {
    // A page on another port of 127.0.0.1: same-site for the browser (so the Lax cookie goes along),
    // another origin for the api.
    const evil: Server = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><title>evil</title>
        <form id="f" method="POST" action="${stack.url}/api/v1/api-keys" enctype="text/plain">
          <input name='{"name":"csrf","kind":"GATEWAY","type":"FULL_ACCESS","x":"' value='"}'>
        </form>
        <script>
          // The answer is withheld from this page anyway (Cross-Origin-Resource-Policy), but the request
          // reaches the api: only the CSRF check keeps it from signing the victim out.
          window.logoutStatus = fetch('${stack.url}/api/auth/logout', { method: 'POST', mode: 'no-cors', credentials: 'include' }).then(
            () => 'answered',
            () => 'answer blocked',
          );
        </script>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', () => resolve()));
    const evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/`;
    try {
      const attacker = await admin.newPage();
      const sent: string[] = [];
      const refused: { url: string; status: number }[] = [];
      attacker.on('request', (r) => {
        if (r.url().startsWith(stack.url)) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
      });
      attacker.on('response', (r) => {
        if (r.url().startsWith(stack.url)) refused.push({ url: new URL(r.url()).pathname, status: r.status() });
      });
      await attacker.goto(evilUrl);
      await attacker.evaluate(() => (window as unknown as { logoutStatus: Promise<string> }).logoutStatus);
      await Promise.all([attacker.waitForURL(`${stack.url}/api/v1/api-keys`), attacker.evaluate(() => (document.getElementById('f') as HTMLFormElement).submit())]);
      const body = JSON.parse((await attacker.textContent('body'))!);
      expect(body).toMatchObject({ code: 'CSRF_ORIGIN_MISMATCH' });
      expect(sent).toEqual(expect.arrayContaining(['POST /api/auth/logout', 'POST /api/v1/api-keys']));
      expect(refused).toEqual(expect.arrayContaining([{ url: '/api/v1/api-keys', status: 403 }]));
      await attacker.close();
    } finally {
      await new Promise<void>((resolve) => evil.close(() => resolve()));
    }
    // Nothing happened: no key, and the admin's console session is still signed in.
    const keys = await stack.http<any>('GET', '/api/v1/api-keys', { token: adminToken });
    expect(keys.body.apiKeys.map((k: { name: string }) => k.name)).not.toContain('csrf');
    await page.reload();
    await page.getByRole('navigation', { name: 'Console' }).waitFor();

    // Without Origin or Referer a cookie request is refused too; a Bearer client is not affected, from anywhere.
    const cookie = (await admin.cookies()).find((c) => c.name === 'gatehouse_session')!;
    const bare = await stack.http('POST', '/api/account/mfa/setup', { headers: { cookie: `gatehouse_session=${cookie.value}` } });
    expect(bare).toMatchObject({ status: 403, body: { code: 'CSRF_ORIGIN_REQUIRED' } });
    const bearer = await stack.http<any>('POST', '/api/v1/api-keys', {
      token: adminToken,
      headers: { origin: 'http://evil.example' },
      body: { name: 'bearer from anywhere', kind: 'GATEWAY', type: 'READ_ONLY' },
    });
    expect(bearer.status).toBe(201);
  });

  it('shows a new API key once, and opens every admin page', async () => {
    await page.goto(`${stack.url}/console/api-keys`);
    await page.getByLabel('Name').fill('console key');
    await page.getByLabel('Type').selectOption('READ_ONLY');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-api-key').textContent())!;
    expect(key).toMatch(/^gh_/);
    const me = await stack.http<any>('GET', '/api/auth/me', { token: key });
    expect(me.body.apiKey).toMatchObject({ kind: 'GATEWAY', type: 'READ_ONLY' });
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expectText(page.getByRole('row', { name: /console key/ }), 'READ_ONLY');
    expect(await page.content()).not.toContain(key);

    const pages: [string, string][] = [
      ['Providers', 'Providers and models'],
      ['Users', 'Users and roles'],
      ['Webhooks', 'Webhooks'],
      ['Audit log', 'Audit log'],
      ['Account', 'Account'],
    ];
    for (const [link, heading] of pages) {
      await page.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    // The audit log filters by action: the approval of the review test is there.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Action').fill('execution_hold.approved');
    await page.getByRole('button', { name: 'Filter' }).click();
    // The unfiltered table had both; once the filter applies only the approval is left.
    await gone(page.getByTestId('audit-table').getByText('execution_hold.rejected', { exact: true }));
    await expectText(page.getByTestId('audit-table'), 'execution_hold.approved');
  });

  it('moves by keyboard, switches themes, and logged no console errors', async () => {
    await page.goto(`${stack.url}/console/review`);
    await page.getByRole('navigation', { name: 'Console' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    const before = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).not.toBe(before);
    expect(consoleErrors).toEqual([]);
  });
});
