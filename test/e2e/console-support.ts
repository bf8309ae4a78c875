import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { CONSOLE_DIST_DIR } from '../../api/console-static';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * What every console browser test shares: Debian's Chromium driven by playwright-core against the
 * real stack (test/support/stack.ts), signing in as a person does, waiting on what the page shows,
 * and screenshots for the README (CONSOLE_SCREENSHOTS=1 writes them into docs/images/).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = path.resolve(__dirname, '../..');

/** describe, or describe.skip with the reason when Chromium or the console build is missing (never skipped in CI). */
export function describeWithBrowser(): jest.Describe {
  const haveChromium = existsSync(CHROMIUM);
  const haveBuild = existsSync(path.join(CONSOLE_DIST_DIR, 'index.html'));
  if (haveChromium && haveBuild) return describe;
  const why = !haveChromium ? `${CHROMIUM} is missing (apt-get install -y chromium; npm test installs it as root)` : 'console/dist is missing (npm run build:console)';
  if (process.env.CI) throw new Error(`console browser tests cannot run: ${why}`);
  console.warn(`SKIPPING the console browser tests: ${why}`);
  return describe.skip;
}

export const browserReady = () => existsSync(CHROMIUM) && existsSync(path.join(CONSOLE_DIST_DIR, 'index.html'));

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/**
 * Collects page errors and console errors into `errors`. Failed requests whose status matches
 * `expectedStatus` are answers the test asks for (401 and 403 by default).
 */
export function watchErrors(p: Page, errors: string[], expectedStatus = /40[13]/) {
  const expected = new RegExp(`Failed to load resource: the server responded with a status of (${expectedStatus.source})`);
  p.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  p.on('console', (msg) => {
    if (msg.type() === 'error' && !expected.test(msg.text())) errors.push(`${msg.text()} at ${JSON.stringify(msg.location())} on ${p.url()}`);
  });
}

export async function signIn(p: Page, baseUrl: string, email: string, password: string, mfaCode?: () => Promise<string>) {
  await p.goto(`${baseUrl}/`);
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password').fill(password);
  await p.getByRole('button', { name: 'Sign in' }).click();
  if (mfaCode) {
    await p.getByLabel('MFA code').fill(await mfaCode());
    await p.getByRole('button', { name: 'Sign in' }).click();
  }
  // The top bar, not the navigation: on a phone the navigation is folded behind the Menu button.
  await p.locator('header.topbar').waitFor();
}

/** The locator's text once it contains `expected` (polled: the page renders asynchronously); the last text on timeout. */
export async function textContaining(l: Locator, expected: string | RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let text = '';
  for (;;) {
    text = (await l.count()) > 0 ? ((await l.first().textContent()) ?? '') : '';
    if (typeof expected === 'string' ? text.includes(expected) : expected.test(text)) return text;
    if (Date.now() > deadline) return text;
    await new Promise((r) => setTimeout(r, 100));
  }
}
export const expectText = async (l: Locator, expected: string | RegExp, timeoutMs?: number) =>
  typeof expected === 'string' ? expect(await textContaining(l, expected, timeoutMs)).toContain(expected) : expect(await textContaining(l, expected, timeoutMs)).toMatch(expected);
export const gone = (l: Locator, timeout = 10_000) => l.first().waitFor({ state: 'detached', timeout });
export const present = (l: Locator, timeout = 10_000) => l.first().waitFor({ state: 'attached', timeout });

/** A chart's data table as {bucket start (unix s): {series label: value}}. */
export async function chartData(p: Page, id: string): Promise<Record<string, Record<string, number | null>>> {
  return p.$eval(`[data-testid="chart-table-${id}"]`, (table) => {
    const labels = [...table.querySelectorAll('thead th')].slice(1).map((th) => th.textContent ?? '');
    const out: Record<string, Record<string, number | null>> = {};
    for (const row of table.querySelectorAll('tbody tr')) {
      const cells = [...row.querySelectorAll('td')];
      out[row.getAttribute('data-bucket')!] = Object.fromEntries(
        cells.map((td, i) => [labels[i]!, td.getAttribute('data-value') === '' ? null : Number(td.getAttribute('data-value'))]),
      );
    }
    return out;
  });
}

export async function screenshot(p: Page, name: string, opts: { fullPage?: boolean } = {}) {
  if (!process.env.CONSOLE_SCREENSHOTS) return;
  mkdirSync(path.join(ROOT, 'docs/images'), { recursive: true });
  await p.screenshot({ path: path.join(ROOT, 'docs/images', name), fullPage: opts.fullPage ?? false });
}

/** A page of its own browser context (light, 1280 × 900), signed in; console errors collected into `errors`. */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  user: { email: string; password: string },
  errors: string[],
  expectedStatus?: RegExp,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  const page = await context.newPage();
  watchErrors(page, errors, expectedStatus);
  await signIn(page, baseUrl, user.email, user.password);
  return { context, page };
}

/** What most console tests open with: a stack, one company, its admin's API token, and a page signed in as that admin. */
export interface ConsoleSession {
  stack: Stack;
  company: TestCompany;
  token: string;
  browser: Browser;
  page: Page;
}

export async function openConsoleSession(companyName: string, errors: string[], stackOptions?: Parameters<typeof startStack>[0]): Promise<ConsoleSession> {
  const stack = await startStack(stackOptions);
  const company = await stack.createCompany({ name: companyName });
  const token = await stack.login(company.adminEmail, company.adminPassword);
  const browser = await launchBrowser();
  const { page } = await signedInPage(browser, stack.url, { email: company.adminEmail, password: company.adminPassword }, errors);
  return { stack, company, token, browser, page };
}

/** Closes what openConsoleSession opened (either part may be missing when the opening failed or was skipped). */
export async function closeConsoleSession(browser: Browser | undefined, stack: Stack | undefined): Promise<void> {
  await browser?.close();
  await stack?.stop();
}
