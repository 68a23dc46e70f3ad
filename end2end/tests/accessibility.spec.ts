// WCAG 2.2 AA, checked by axe-core: every page signed out and signed in, on a laptop and on a
// phone, in the light and the dark theme, and with each dialog open — no finding of impact
// serious or critical. Moderate and minor findings are printed with the page they are on.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { axe, type Finding } from './a11y';
import { overflowAtDoubleText, smallTargets } from './targets';
import { SIGNED_IN, SIGNED_OUT } from './pages';
import { expect, gotoHydrated, screenshot, signInAsAdmin, submitLogin, test, tone, waitForPath } from './fixtures';

const PASSWORD = 'an accessible passphrase';
const SIZES = [
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;
const THEMES = ['light', 'dark'] as const;

type Family = { email: string; collection: string; card: string; pages: string[] };

/** An admin with a linked player account, a collection and a card with one ready track. */
async function family(browser: Browser, admin: Page): Promise<Family> {
  const email = `a11y-${Date.now().toString(36)}@example.com`;
  expect((await admin.request.post('/api/admin/users', { data: { email, password: PASSWORD, role: 'admin' } })).status()).toBe(201);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await page.goto('/api/player-accounts/link');
  await waitForPath(page, '/accounts');
  const shelf = await (await page.request.post('/api/collections', { data: { name: 'Bedtime', description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${shelf.id}/cards`, { data: { title: 'The Owl', description: '' } })).json();
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-a11y-'));
  const upload = await page.request.post(`/api/cards/${card.slug}/tracks`, { multipart: { file: tone(dir, 'owl.wav', 1, 440) } });
  expect(upload.status()).toBe(201);
  const track = await upload.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/cards/${card.slug}/tracks/${track.slug}`)).json()).transcode_status, { timeout: 30_000 })
    .toBe('ready');
  const mail = (await (await page.request.get('/api/admin/mail?limit=1')).json()).messages[0];
  await context.close();
  const pages = [...SIGNED_IN, `/collections/${shelf.slug}`, `/cards/${card.slug}`, `/admin/mail/${mail.id}`];
  return { email, collection: shelf.slug, card: card.slug, pages };
}

async function signIn(page: Page, email: string): Promise<void> {
  await gotoHydrated(page, '/login');
  await submitLogin(page, email, PASSWORD);
  await waitForPath(page, '/cards');
}

/** The dialogs of the pages, each opened by what a parent presses. */
const DIALOGS: { name: string; open: (page: Page, f: Family) => Promise<void> }[] = [
  {
    name: 'Publish to player',
    open: async (page, f) => {
      await gotoHydrated(page, `/cards/${f.card}`);
      await page.getByRole('button', { name: 'Publish to player' }).click();
    },
  },
  {
    name: 'Put on players',
    open: async (page, f) => {
      await gotoHydrated(page, `/collections/${f.collection}`);
      await page.getByRole('button', { name: 'Put on players…' }).click();
    },
  },
  {
    name: 'Add an AI provider',
    open: async (page) => {
      await gotoHydrated(page, '/settings');
      await page.getByRole('button', { name: 'Add provider' }).click();
    },
  },
];

function report(where: string, findings: Finding[], serious: string[], moderate: string[]) {
  for (const f of findings) {
    const line = `${where}: ${f.rule} (${f.impact}) ${f.help} — ${f.where.join(' | ')}`;
    (f.impact === 'serious' || f.impact === 'critical' ? serious : moderate).push(line);
  }
}

test('every page and dialog has no serious or critical accessibility finding, in both themes and sizes', async ({ page, browser }) => {
  test.setTimeout(900_000);
  await signInAsAdmin(page);
  const f = await family(browser, page);
  const serious: string[] = [];
  const moderate: string[] = [];
  const tooSmall: string[] = [];
  const tooWide: string[] = [];
  for (const size of SIZES) {
    const { name, ...options } = size;
    for (const theme of THEMES) {
      const contexts: BrowserContext[] = [];
      const visitor = await browser.newContext({ ...options, colorScheme: theme });
      contexts.push(visitor);
      const out = await visitor.newPage();
      for (const path of SIGNED_OUT) {
        await gotoHydrated(out, path);
        report(`${name} ${theme} ${path}`, await axe(out), serious, moderate);
      }
      const mine = await browser.newContext({ ...options, colorScheme: theme });
      contexts.push(mine);
      const page = await mine.newPage();
      await signIn(page, f.email);
      for (const path of f.pages) {
        await gotoHydrated(page, path);
        report(`${name} ${theme} ${path}`, await axe(page), serious, moderate);
        if (name === 'phone' && theme === 'light') {
          for (const small of await smallTargets(page)) tooSmall.push(`${path}: ${small}`);
          const over = await overflowAtDoubleText(page);
          if (over > 0) tooWide.push(`${path}: ${over}px`);
        }
        if (theme === 'dark' && path === `/cards/${f.card}`) await screenshot(page, `dark-${name}-card.png`);
      }
      for (const dialog of DIALOGS) {
        await dialog.open(page, f);
        await expect(page.getByRole('dialog', { name: dialog.name })).toBeVisible();
        report(`${name} ${theme} dialog ${dialog.name}`, await axe(page), serious, moderate);
      }
      for (const context of contexts) await context.close();
    }
  }
  // the same account in German (word order and longer words change names and layouts)
  const { viewport, isMobile, hasTouch } = SIZES[1];
  const german = await browser.newContext({ viewport, isMobile, hasTouch, locale: 'en-GB' });
  const page2 = await german.newPage();
  await signIn(page2, f.email);
  expect((await page2.request.patch('/api/auth/profile', { data: { display_name: 'A11y', locale: 'de' } })).status()).toBe(200);
  for (const path of f.pages) {
    await gotoHydrated(page2, path);
    await expect(page2.locator('html')).toHaveAttribute('lang', 'de');
    report(`phone de ${path}`, await axe(page2), serious, moderate);
  }
  await german.close();
  if (moderate.length) console.log(`moderate and minor findings:\n${[...new Set(moderate)].join('\n')}`);
  expect([...new Set(serious)], 'serious or critical accessibility findings').toEqual([]);
  expect({ tooSmall, tooWide }, 'touch targets under 44 × 44 px, and pages scrolling sideways with text at 200 %, on a phone').toEqual({ tooSmall: [], tooWide: [] });
});

test('movement stops for people who ask their system for less of it', async ({ browser }) => {
  const seconds = async (reducedMotion: 'reduce' | 'no-preference') => {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await signInAsAdmin(page);
    const shelf = await (await page.request.post('/api/collections', { data: { name: `Still ${reducedMotion}`, description: '' } })).json();
    const card = await (await page.request.post(`/api/collections/${shelf.id}/cards`, { data: { title: 'Still', description: '' } })).json();
    await gotoHydrated(page, `/cards/${card.slug}`);
    // a folded section's arrow turns as it opens
    const turning = page.locator('.transition-transform').first();
    const duration = await turning.evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
    await context.close();
    return duration;
  };
  expect(await seconds('no-preference')).toBeGreaterThan(0.05);
  expect(await seconds('reduce')).toBeLessThan(0.001);
});
