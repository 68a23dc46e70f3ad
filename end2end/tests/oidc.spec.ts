// Single sign-on through a real OpenID provider (npm oidc-provider, end2end/oidc/op.mjs,
// started by run.mjs as "Test ID"): sign in by redirect, link and unlink from Settings, and
// the admin's association, at laptop and phone sizes.
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, screenshot, signInAsAdmin, test, waitForPath, waitHydrated } from './fixtures';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** At the provider's own pages: its login form (any password), then its consent page (it
 * asks every time of a client registered as native, which lets the test server's loopback
 * callback use any port); it then sends the browser back to Cardsmith. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.locator('button[type="submit"]').click();
  await page.locator('input[name="prompt"][value="consent"]').waitFor({ state: 'attached' });
  await page.locator('button[type="submit"]').click();
}

for (const [size, viewport] of [['laptop', LAPTOP], ['phone', PHONE]] as const) {
  test(`a new person signs in with the provider by redirect (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, '/login');
    const button = page.getByRole('link', { name: 'Sign in with Test ID' });
    await expect(button).toBeVisible();
    await screenshot(page, `oidc-login-${size}.png`);

    await button.click();
    await page.locator('input[name="login"]').waitFor();
    const login = `pat-${size}-${Date.now().toString(36)}`;
    await signInAtProvider(page, login);
    await waitForPath(page, '/cards');
    await waitHydrated(page);

    await gotoHydrated(page, '/settings');
    const section = page.getByRole('region', { name: 'Sign-in method' });
    await expect(section).toContainText('You sign in with Test ID only.');
    await expect(page.getByText(`Signed in as ${login}@example.com`)).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `oidc-settings-provider-only-${size}.png`);
  });
}

test('a provider refusal brings the person back to the sign-in page with our words for it, never the address\'s', async ({ page }) => {
  await gotoHydrated(page, '/login?oidc_error=denied');
  await expect(page.getByRole('alert')).toContainText('The sign-in provider did not sign you in');
  await gotoHydrated(page, '/login?oidc_error=Your%20account%20is%20locked%3A%20call%20555-0100');
  await expect(page.getByRole('alert')).toContainText('Signing in with the provider did not work');
  await expect(page.getByRole('alert')).not.toContainText('555-0100');
});

test('a signed-in user links the provider in Settings, signs in with it, then unlinks it', async ({ page, browser }) => {
  await page.setViewportSize(LAPTOP);
  await signInAsAdmin(page);
  const email = `linker-${Date.now().toString(36)}@example.com`;
  expect((await page.request.post('/api/admin/users', { data: { email, password: 'a-long-enough-password', role: 'user' } })).status()).toBe(201);
  const context = await browser.newContext({ viewport: PHONE });
  const user = await context.newPage();
  await gotoHydrated(user, '/login');
  await user.getByLabel('Email', { exact: true }).fill(email);
  await user.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
  await user.getByRole('button', { name: 'Sign in', exact: true }).click();
  await waitForPath(user, '/cards');

  await gotoHydrated(user, '/settings');
  const section = user.getByRole('region', { name: 'Sign-in method' });
  await expect(section).toContainText('You sign in with your password.');
  await section.getByRole('link', { name: 'Link sign-in provider' }).click();
  const idpLogin = `linked-${Date.now().toString(36)}`;
  await signInAtProvider(user, idpLogin);
  await waitForPath(user, '/settings');
  await waitHydrated(user);
  await expect(section).toContainText('Sign-in provider linked');
  await expect(section).toContainText('You sign in with your password or with Test ID.');
  await section.scrollIntoViewIfNeeded();
  await screenshot(user, 'oidc-settings-linked-phone.png');

  // Another browser signs in to the same account through the provider.
  const other = await browser.newContext();
  const viaProvider = await other.newPage();
  await gotoHydrated(viaProvider, '/login');
  await viaProvider.getByRole('link', { name: 'Sign in with Test ID' }).click();
  await signInAtProvider(viaProvider, idpLogin);
  await waitForPath(viaProvider, '/cards');
  await gotoHydrated(viaProvider, '/settings');
  await expect(viaProvider.getByText(`Signed in as ${email}`)).toBeVisible();
  await other.close();

  await section.getByRole('button', { name: 'Unlink sign-in provider' }).click();
  await section.getByRole('button', { name: 'Yes, unlink' }).click();
  await expect(section).toContainText('Unlinked: you sign in with your password.');
  await expect(section.getByRole('link', { name: 'Link sign-in provider' })).toBeVisible();
  await context.close();
});

for (const [size, viewport] of [['laptop', LAPTOP], ['phone', PHONE]] as const) {
  test(`an admin associates an account with a provider identity (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAsAdmin(page);
    const email = `assoc-${size}-${Date.now().toString(36)}@example.com`;
    expect((await page.request.post('/api/admin/users', { data: { email, password: 'a-long-enough-password', role: 'user' } })).status()).toBe(201);
    await gotoHydrated(page, '/admin/users');
    const open = page.getByRole('button', { name: `Associate sign-in identity: ${email} (Test ID)` });
    await open.click();
    const row = page.locator('li').filter({ has: page.getByText(email, { exact: true }) });
    await row.getByRole('button', { name: 'Associate', exact: true }).click();
    await expect(row.getByText('is required')).toBeVisible();
    await row.getByLabel('Subject at the provider').fill(`idp-${size}-${Date.now().toString(36)}`);
    await screenshot(page, `oidc-admin-associate-${size}.png`);
    await row.getByRole('button', { name: 'Associate', exact: true }).click();
    await expect(row.getByText('password or Test ID')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Remove sign-in identity' })).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, `oidc-admin-associated-${size}.png`, { fullPage: false });
  });
}
