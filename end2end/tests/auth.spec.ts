// Sign-in, profile and sign-out flows, desktop and phone.
import {
  ADMIN_EMAIL,
  NAV_LINKS,
  currentPath,
  expect,
  gotoHydrated,
  mainNav,
  screenshot,
  signInAsAdmin,
  submitLogin,
  test,
  waitForPath,
  waitHydrated,
} from './fixtures';

test.describe('authentication', () => {
  test('a wrong password shows an error and stays on /login', async ({ page }) => {
    await gotoHydrated(page, '/login');
    const alerts = page.getByRole('alert').filter({ hasText: /\S/ });
    await expect(alerts, 'no error is shown before submitting').toHaveCount(0);
    await screenshot(page, 'login.png');

    await submitLogin(page, ADMIN_EMAIL, 'definitely-not-the-password');

    await expect(alerts.first()).toBeVisible();
    expect(currentPath(page)).toBe('/login');
    // The form is still usable: the email is kept or can be typed again, and no session exists.
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await screenshot(page, 'login-error.png');

    await page.goto('/cards');
    await waitForPath(page, '/login');
  });

  test('the admin signs in, edits the profile, and signs out', async ({ page }) => {
    await signInAsAdmin(page);

    const nav = mainNav(page);
    await expect(nav).toBeVisible();
    for (const name of NAV_LINKS) {
      await expect(nav.getByRole('link', { name, exact: true }), `nav link "${name}"`).toBeVisible();
    }
    await screenshot(page, 'cards.png');

    // The administrators' pages wait in one Admin menu; Escape closes it, back on its button.
    const admin = nav.getByRole('button', { name: 'Admin', exact: true });
    await expect(nav.getByRole('link', { name: 'Audit log', exact: true })).toBeHidden();
    await admin.click();
    await expect(admin).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Users', 'Audit log', 'Health', 'Jobs', 'Deletions', 'Mail', 'AI providers']) {
      await expect(nav.getByRole('link', { name, exact: true }), `admin link "${name}"`).toBeVisible();
    }
    await screenshot(page, 'admin-menu.png', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(admin).toHaveAttribute('aria-expanded', 'false');
    await expect(admin).toBeFocused();

    // The first Tab reaches a skip link, which takes the keyboard past the navigation.
    await gotoHydrated(page, '/cards');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content', exact: true });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();

    // Settings: change the display name.
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await waitForPath(page, '/settings');
    await waitHydrated(page);

    const displayName = page.getByLabel('Display name', { exact: true });
    await expect(displayName).toBeEditable();
    const newName = `Ada Admin ${Date.now().toString(36).slice(-5)}`;
    await displayName.fill(newName);
    await page.getByRole('button', { name: 'Save profile', exact: true }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible();
    await expect(page.getByTestId('user-name')).toHaveText(newName);
    await screenshot(page, 'settings.png');

    // It persists across a full reload.
    await page.reload();
    await waitHydrated(page);
    await expect(page.getByLabel('Display name', { exact: true })).toHaveValue(newName);
    await expect(page.getByTestId('user-name')).toHaveText(newName);

    // Sign out: back to /login, and /cards is closed again.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await waitForPath(page, '/login');
    await waitHydrated(page);
    await page.goto('/cards');
    await waitForPath(page, '/login');
    await waitHydrated(page);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });
});

test.describe('phone layout', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the navigation opens from the Menu button', async ({ page }) => {
    await signInAsAdmin(page);

    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    const settingsLink = mainNav(page).getByRole('link', { name: 'Settings', exact: true });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(settingsLink, 'the nav is collapsed on a phone').toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    for (const name of NAV_LINKS) {
      await expect(mainNav(page).getByRole('link', { name, exact: true }), `nav link "${name}"`).toBeVisible();
    }
    await screenshot(page, 'phone-menu.png');

    // Every entry is big enough for a thumb (44 px), and Escape closes the menu too.
    for (const target of [menu, mainNav(page).getByRole('link', { name: 'Settings', exact: true }), mainNav(page).getByRole('button', { name: 'Admin', exact: true })]) {
      const box = await target.boundingBox();
      expect(box?.height ?? 0, 'a touch target').toBeGreaterThanOrEqual(44);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');

    // It toggles closed again...
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(settingsLink).toBeHidden();

    // ...and its links work.
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await settingsLink.click();
    await waitForPath(page, '/settings');
    await waitHydrated(page);
    await expect(page.getByLabel('Display name', { exact: true })).toBeVisible();
  });
});
