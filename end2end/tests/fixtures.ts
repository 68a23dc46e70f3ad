// Shared helpers for Cardsmith's specs.
//
// Contract with the app (see end2end/README.md):
//  - after hydration the app sets <html data-hydrated="true">; before that, clicks and
//    typing may be lost, so every full page load waits for it (gotoHydrated / waitHydrated);
//  - uncaught page errors (a WASM panic, a broken wasm-opt output) and console errors (a
//    failed request nobody meant to fail, a warning the app logs as an error) fail the test.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

export const ADMIN_EMAIL = process.env.CARDSMITH_E2E_ADMIN_EMAIL ?? 'admin@example.com';
export const ADMIN_PASSWORD = process.env.CARDSMITH_E2E_ADMIN_PASSWORD ?? 'correct-horse-battery';
export const SCREENSHOT_DIR =
  process.env.CARDSMITH_E2E_SCREENSHOT_DIR ?? path.join(__dirname, '..', 'screenshots');

const HYDRATION_TIMEOUT_MS = 30_000;

/** Watches every page of `context` (also pages opened later): uncaught errors and console
 * errors of pages on `origin` (Cardsmith's) go to `errors`, every console line to `lines`. A console error the browser logs for
 * a refused request is the page's fault only when nobody asked for a refusal: a GET or HEAD
 * that fails (a missing image, a probe answering 404) or any 5xx. A 4xx answer to a request
 * that changes something (a form the test fills wrongly on purpose) and a page navigated to
 * on purpose (a revoked link's 404 page) are what the test is looking at. */
function watch(context: BrowserContext, origin: string, errors: string[], lines: string[]): void {
  const failed = new Map<string, { method: string; status: number; navigation: boolean }>();
  const onPage = (page: Page) => {
    page.on('pageerror', (err) => errors.push(`${err.name}: ${err.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) {
        const request = response.request();
        failed.set(response.url(), {
          method: request.method(),
          status: response.status(),
          navigation: request.isNavigationRequest(),
        });
      }
    });
    page.on('console', (msg) => {
      lines.push(`[console.${msg.type()}] ${msg.text()} (${msg.location().url})`);
      // other servers' pages (the OIDC provider's sign-in) are not ours to judge
      if (msg.type() !== 'error' || !page.url().startsWith(origin)) return;
      if (msg.text().startsWith('Failed to load resource')) {
        const answer = failed.get(msg.location().url);
        const wanted =
          answer !== undefined &&
          answer.status < 500 &&
          (answer.navigation || !['GET', 'HEAD'].includes(answer.method));
        if (wanted) return;
      }
      errors.push(`console error on ${page.url()}: ${msg.text()} (${msg.location().url})`);
    });
  };
  context.pages().forEach(onPage);
  context.on('page', onPage);
}

export const test = base.extend<{ pageErrors: string[] }>({
  // Collects console output, uncaught page errors and console errors of every page the test
  // opens (in its own context and in any context it makes); fails the test on any error.
  pageErrors: [
    async ({ page, browser, baseURL }, use, testInfo) => {
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const errors: string[] = [];
      const consoleLines: string[] = [];
      watch(page.context(), origin, errors, consoleLines);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const context = await newContext(...args);
        watch(context, origin, errors, consoleLines);
        return context;
      };
      try {
        await use(errors);
      } finally {
        browser.newContext = newContext;
      }
      if (consoleLines.length) {
        await testInfo.attach('browser-console.txt', { body: consoleLines.join('\n'), contentType: 'text/plain' });
      }
      expect(errors, 'uncaught errors and console errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Waits until the app has hydrated the current document. */
export async function waitHydrated(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
      timeout: HYDRATION_TIMEOUT_MS,
    });
  } catch (err) {
    throw new Error(
      `page ${page.url()} never set <html data-hydrated="true"> within ${HYDRATION_TIMEOUT_MS} ms ` +
        `(WASM failed to load or panicked? see browser-console.txt): ${(err as Error).message}`,
    );
  }
}

/** Makes every later document of `page` note when it set its hydrated marker, in its own
 * clock (0 = navigation start), as `window.__hydratedAt`: what the hydration measurements
 * read. */
export async function noteHydrationTime(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __hydratedAt?: number };
    new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.hydrated === 'true') {
        w.__hydratedAt = performance.now();
        observer.disconnect();
      }
      // the document, not <html>: init scripts run before <html> exists
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  });
}

/** Full page load of `path`, then waits for hydration. */
export async function gotoHydrated(page: Page, urlPath: string): Promise<void> {
  await page.goto(urlPath);
  await waitHydrated(page);
}

/** Waits until the URL's path is exactly `urlPath` (query and hash ignored) and that page has
 * hydrated: every link and redirect is a full page load (pages render on the server, only
 * their islands hydrate), so its controls answer only from then on. */
export async function waitForPath(page: Page, urlPath: string): Promise<void> {
  await page.waitForURL((url) => url.pathname.replace(/\/+$/, '') === urlPath.replace(/\/+$/, ''));
  await waitHydrated(page);
}

export function currentPath(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Screenshot into end2end/screenshots/NAME: the full page, or only the viewport (`fullPage:
 * false`), which is what a person sees while a dialog covers the page. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage });
}

/** Fills the login form on the current (hydrated) /login page and submits it. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in as the admin from a fresh /login and waits for the hydrated /cards page. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await gotoHydrated(page, '/login');
  await submitLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await waitForPath(page, '/cards');
  await waitHydrated(page); // no-op after a client-side navigation; waits after a full load
}

export const NAV_LINKS = ['Cards', 'Collections', 'Labels', 'Devices', 'Import', 'Accounts', 'Settings'] as const;

export function mainNav(page: Page) {
  return page.locator('nav[aria-label="Main"]');
}

/** Opens the Admin menu of the main navigation and follows its link `name` (a laptop-sized
 * page: on a phone the Menu button comes first). */
export async function followAdminLink(page: Page, name: string): Promise<void> {
  await mainNav(page).getByRole('button', { name: 'Admin', exact: true }).click();
  await mainNav(page).getByRole('link', { name, exact: true }).click();
}

/** `seconds` of a tone made by ffmpeg in `dir`, as a file to upload. */
export function tone(dir: string, name: string, seconds: number, hz: number): { name: string; mimeType: string; buffer: Buffer } {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${seconds}`, file]);
  return { name, mimeType: name.endsWith('.mp3') ? 'audio/mpeg' : 'audio/wav', buffer: fs.readFileSync(file) };
}

/** Signs `email` in from a fresh browser and says whether it reached the cards page. */
export async function canSignIn(browser: Browser, email: string, password: string): Promise<boolean> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await gotoHydrated(page, '/login');
  await submitLogin(page, email, password);
  const reached = await page
    .waitForURL('**/cards', { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  await context.close();
  return reached;
}

/** The row of `email` on the admin's Users page. */
export function userRow(page: Page, email: string) {
  return page.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ hasText: email });
}

/** Opens the folded section `id` of a card or collection page ("card-art", "card-details"),
 * unless it is open already (sections are remembered on the device). */
export async function openSection(page: Page, id: string): Promise<void> {
  const section = page.locator(`#section-${id}`);
  if (!(await section.evaluate((d) => (d as HTMLDetailsElement).open))) await section.locator(':scope > summary').click();
  await expect(section).toHaveJSProperty('open', true);
}

/** Opens every folded section of the page (a section draws its body when first opened), so a
 * sweep reads what the sections hold too. */
export async function openEverySection(page: Page): Promise<void> {
  const sections = page.locator('details[id^="section-"]');
  for (let i = 0; i < (await sections.count()); i++) {
    const section = sections.nth(i);
    if (!(await section.evaluate((d) => (d as HTMLDetailsElement).open))) await section.locator(':scope > summary').click();
    await expect(section).toHaveJSProperty('open', true);
    await expect(section.locator(':scope > div > *').first()).toBeAttached();
  }
}

/** Opens the way `name` of a card's "Add to this card" ("Record", "Upload files", "Type a
 * story", "Stream link"), unless it is open already (the last way is remembered). */
export async function chooseAddWay(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

/** Fails when the page is wider than the viewport (something runs off the side of a phone). */
export async function noSideScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing runs off the side').toBeLessThanOrEqual(0);
}

export type Provider = { id: string; enabled: boolean; [k: string]: unknown };

/** Turns the instance's providers (demo mode's simulator) on or off, so the offline drawer
 * draws; answers the ones it changed. */
export async function setSystemProviders(page: Page, enabled: boolean, only?: Provider[]): Promise<Provider[]> {
  const list: Provider[] = only ?? (await (await page.request.get('/api/admin/llm-providers')).json());
  const changed = list.filter((p) => p.enabled !== enabled);
  for (const p of changed) {
    const body = { provider: p.provider, model: p.model, budget_usd: p.budget_usd, enabled, priority: p.priority, monthly_budget_cents: p.monthly_budget_cents, base_url: p.base_url };
    expect((await page.request.put(`/api/admin/llm-providers/${p.id}`, { data: body })).status()).toBe(204);
  }
  return changed.map((p) => ({ ...p, enabled }));
}

/** The platform id of the linked account's own card `title` (what a parent would copy from its share link). */
export async function playerCardId(page: Page, title: string): Promise<string> {
  const accounts = await (await page.request.get('/api/player-accounts')).json();
  const library = await (await page.request.get(`/api/player-accounts/${accounts.accounts[0].id}/library`)).json();
  const card = library.find((c: { title: string }) => c.title === title);
  expect(card, `${title} on the account`).toBeTruthy();
  return card.player_card_id;
}

/** The demo platform simulator's origin, read from where linking sends the browser; its
 * `/__sim/…` routes steer it (expire tokens, inject faults). */
export async function simulatorOrigin(page: Page): Promise<string> {
  const r = await page.request.get('/api/player-accounts/link', { maxRedirects: 0 });
  expect(r.status()).toBe(204);
  return new URL(r.headers()['location']).origin;
}
