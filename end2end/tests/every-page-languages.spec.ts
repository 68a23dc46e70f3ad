// Every page in German, French and Spanish, on a phone: no English sentence of Cardsmith's own
// left on it (compared against the English messages), no message key shown in place of a
// translation, nothing running off the side of the screen, and the page hydrating with the
// words the server drew. Values people typed or the platform sent are not Cardsmith's words:
// the pages mark them `translate="no"`, and this check skips them as translators do.
// One size is enough for the words: a page's markup does not depend on the screen (nothing in
// app/ reads the viewport; the stylesheet alone decides what a phone shows), and the words
// are read from every text node, shown or hidden, so a laptop pass read the same words again
// (folded sections, which draw their bodies when first opened, are opened first).
// Layout at laptop size in every language is checked by the accessibility sweep (German) and
// by languages.spec.ts.
import type { Browser, Page } from '@playwright/test';
import { expect, gotoHydrated, noSideScroll, openEverySection, screenshot, signInAsAdmin, submitLogin, test, waitForPath } from './fixtures';
import { leftovers, stringsFor } from './strings';
import { SIGNED_IN, SIGNED_OUT } from './pages';

const PASSWORD = 'a long polyglot passphrase';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const LOCALES = ['de', 'fr', 'es'] as const;

/** `/admin/ai-providers` → `admin_ai-providers`; a page of one card, collection or mail by
 * what it is, not its address. */
function shotName(path: string): string {
  const [, kind] = /^\/(cards|collections|admin\/mail)\/./.exec(path) ?? [];
  const named = kind ? { cards: 'card', collections: 'collection', 'admin/mail': 'mail' }[kind] : path;
  return named!.replace(/^\//, '').replace(/\//g, '_');
}

/** The words of the page a person reads: its text (outside `translate="no"`), the labels
 * screen readers say, placeholders, tooltips and the title. */
async function wordsOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const skip = (node: Node | null) => {
      for (let el = node instanceof Element ? node : node?.parentElement; el; el = el.parentElement) {
        if (['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName) || el.getAttribute('translate') === 'no') return true;
      }
      return false;
    };
    const parts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!skip(node)) parts.push(node.textContent ?? '');
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      if (skip(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) parts.push(el.getAttribute(name) ?? '');
    }
    return parts.join('\n');
  });
}

/** A new admin (admin pages included) whose account speaks `locale`, with a collection and a
 * card of their own; answers the pages to visit. */
async function polyglot(browser: Browser, admin: Page, locale: string): Promise<{ email: string; pages: string[] }> {
  const email = `polyglot-${locale}-${Date.now().toString(36)}@example.com`;
  expect((await admin.request.post('/api/admin/users', { data: { email, password: PASSWORD, role: 'admin' } })).status()).toBe(201);
  const context = await browser.newContext();
  const page = await context.newPage();
  await gotoHydrated(page, '/login');
  await submitLogin(page, email, PASSWORD);
  await waitForPath(page, '/cards');
  expect((await page.request.patch('/api/auth/profile', { data: { display_name: 'Polyglot', locale } })).status()).toBe(200);
  const shelf = await (await page.request.post('/api/collections', { data: { name: 'Zz 1', description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${shelf.id}/cards`, { data: { title: 'Qq 1', description: '' } })).json();
  const mail = (await (await page.request.get('/api/admin/mail?limit=1')).json()).messages[0];
  await context.close();
  return { email, pages: [...SIGNED_IN, `/collections/${shelf.slug}`, `/cards/${card.slug}`, `/admin/mail/${mail.id}`] };
}

for (const locale of LOCALES) {
  test(`every page in ${locale}, on a phone, shows no English and no key`, async ({ page, browser }) => {
    test.setTimeout(600_000);
    const strings = stringsFor(locale);
    await signInAsAdmin(page);
    const { email, pages } = await polyglot(browser, page, locale);
    const found: string[] = [];
    // signed out: the browser's language chooses
    const visitor = await browser.newContext({ ...PHONE, locale });
    const out = await visitor.newPage();
    for (const path of SIGNED_OUT) {
      await gotoHydrated(out, path);
      await expect(out.locator('html')).toHaveAttribute('lang', locale);
      for (const piece of leftovers(await wordsOf(out), strings)) found.push(`${path}: ${piece}`);
      await noSideScroll(out);
    }
    await visitor.close();
    // signed in: the account's language, whatever the browser says
    const context = await browser.newContext({ ...PHONE, locale: 'en-GB' });
    const mine = await context.newPage();
    await gotoHydrated(mine, '/login');
    await submitLogin(mine, email, PASSWORD);
    await waitForPath(mine, '/cards');
    for (const path of pages) {
      await gotoHydrated(mine, path);
      await expect(mine.locator('html')).toHaveAttribute('lang', locale);
      // a folded section draws its body when opened: open them all, so their words are read
      await openEverySection(mine);
      for (const piece of leftovers(await wordsOf(mine), strings)) found.push(`${path}: ${piece}`);
      await noSideScroll(mine);
      await screenshot(mine, `languages/${locale}-phone-${shotName(path)}.png`);
    }
    await context.close();
    expect(found, `English or keys left on ${locale} pages`).toEqual([]);
  });
}
