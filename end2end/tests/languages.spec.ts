// The interface speaks the browser's language until a person picks one: signed out through
// the language menu (remembered on the device), signed in under Settings (kept on the account,
// so another browser follows it). Each page hydrates with the words the server rendered.
import { Browser } from '@playwright/test';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  expect,
  gotoHydrated,
  noSideScroll,
  screenshot,
  signInAsAdmin,
  test,
  waitForPath,
  waitHydrated,
} from './fixtures';

const PASSWORD = 'a long family passphrase';
const PHONE = { width: 390, height: 844 };

async function browserIn(browser: Browser, locale: string, phone = false) {
  const context = await browser.newContext({ locale, ...(phone ? { viewport: PHONE, hasTouch: true, isMobile: true } : {}) });
  return { context, page: await context.newPage() };
}

test('a German browser gets German pages, and the language menu switches them', async ({ browser }) => {
  const { context, page } = await browserIn(browser, 'de-DE', true);
  await gotoHydrated(page, '/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByLabel('Passwort', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toBeVisible();
  await noSideScroll(page);
  await screenshot(page, 'phone-login-de.png');

  // the menu names each language in itself; the choice stays on this device
  const menu = page.getByLabel('Sprache');
  await expect(menu.locator('option')).toHaveText(['Deutsch', 'English', 'Español', 'Français']);
  await menu.selectOption('fr');
  await page.getByRole('button', { name: 'Wechseln' }).click();
  await waitForPath(page, '/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await gotoHydrated(page, '/forgot-password');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await context.close();
});

test('a parent picks Spanish in Settings, and another browser follows the account', async ({ page, browser }) => {
  const email = `idioma-${Date.now()}@example.com`;
  await signInAsAdmin(page);
  expect((await page.request.post('/api/admin/users', { data: { email, password: PASSWORD, role: 'user' } })).status()).toBe(201);

  const laptop = await browserIn(browser, 'en-GB');
  const mine = laptop.page;
  await gotoHydrated(mine, '/login');
  await mine.getByLabel('Email', { exact: true }).fill(email);
  await mine.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await mine.getByRole('button', { name: 'Sign in', exact: true }).click();
  await waitForPath(mine, '/cards');
  await gotoHydrated(mine, '/settings');
  const language = mine.getByLabel('Language of Cardsmith');
  await expect(language).toHaveValue('');
  await language.selectOption('es');
  await mine.getByRole('button', { name: 'Save language' }).click();
  await expect(mine.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
  await waitHydrated(mine);
  await expect(mine.locator('html')).toHaveAttribute('lang', 'es');
  const nav = mine.getByRole('navigation', { name: 'Menú principal' });
  await expect(nav.getByRole('link', { name: 'Tarjetas' })).toBeVisible();
  await expect(mine.getByLabel('Idioma de Cardsmith')).toHaveValue('es');
  await screenshot(mine, 'settings-es.png');

  // a phone with a French browser, same account: Spanish
  const phone = await browserIn(browser, 'fr-FR', true);
  await gotoHydrated(phone.page, '/login');
  await expect(phone.page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await phone.page.getByLabel('Adresse e-mail', { exact: true }).fill(email);
  await phone.page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await phone.page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await waitForPath(phone.page, '/cards');
  await expect(phone.page.locator('html')).toHaveAttribute('lang', 'es');
  await gotoHydrated(phone.page, '/settings');
  await noSideScroll(phone.page);
  await screenshot(phone.page, 'phone-settings-es.png');

  // back to the browser's language
  await mine.getByLabel('Idioma de Cardsmith').selectOption('');
  await mine.getByRole('button', { name: 'Guardar idioma' }).click();
  await expect(mine.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(mine.locator('html')).toHaveAttribute('lang', 'en');
  await laptop.context.close();
  await phone.context.close();
});

test('a German parent on a phone: the library, a collection and a card fit the screen in German', async ({ browser }) => {
  const { context, page } = await browserIn(browser, 'de-DE', true);
  await gotoHydrated(page, '/login');
  await page.getByLabel('E-Mail', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Passwort', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await waitForPath(page, '/cards');
  const shelf = await (await page.request.post('/api/collections', { data: { name: 'Gutenachtgeschichten', description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${shelf.id}/cards`, { data: { title: 'Der kleine Drache', description: '' } })).json();
  for (const [path, shot] of [
    ['/cards', 'phone-library-de.png'],
    [`/collections/${shelf.slug}`, 'phone-collection-de.png'],
    [`/cards/${card.slug}`, 'phone-card-de.png'],
    ['/settings', 'phone-settings-de.png'],
  ]) {
    await gotoHydrated(page, path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: 'Menü' })).toBeVisible();
    await noSideScroll(page);
    await screenshot(page, shot);
  }
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
  await context.close();
});
