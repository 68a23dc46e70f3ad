// The admin's user lifecycle (deactivate with confirmation, reactivate, unlock after a
// lockout) as the other user lives it, and the health dashboard, at laptop and phone sizes.
import type { Browser, Page } from '@playwright/test';
import { expect, gotoHydrated, screenshot, signInAsAdmin, submitLogin, test, waitForPath } from './fixtures';

const PASSWORD = 'a-long-enough-password';

/** Signs `email` in from a fresh browser and says whether it reached the cards page. */
async function canSignIn(browser: Browser, email: string, password = PASSWORD): Promise<boolean> {
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

function userRow(page: Page, email: string) {
  return page.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ hasText: email });
}

test.describe('user lifecycle', () => {
  test('an admin deactivates, reactivates and unlocks a user, who feels each change', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin(page);
    const email = `lifecycle-${Date.now().toString(36)}@example.com`;
    expect((await page.request.post('/api/admin/users', { data: { email, password: PASSWORD, role: 'user' } })).status()).toBe(201);
    expect(await canSignIn(browser, email)).toBe(true);

    await gotoHydrated(page, '/admin/users');
    const row = userRow(page, email);
    await expect(row.getByText('active', { exact: true })).toBeVisible();
    // the first press only asks; Cancel leaves the account alone
    await row.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await expect(row.getByText(`Deactivate ${email}?`)).toBeVisible();
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.getByText('active', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await row.getByRole('button', { name: 'Yes, deactivate' }).click();
    await expect(row.getByText('deactivated', { exact: true })).toBeVisible();
    await screenshot(page, 'admin-lifecycle-deactivated.png');
    expect(await canSignIn(browser, email)).toBe(false);

    await row.getByRole('button', { name: 'Reactivate', exact: true }).click();
    await expect(row.getByText('active', { exact: true })).toBeVisible();
    expect(await canSignIn(browser, email)).toBe(true);

    // five wrong passwords lock the account; the admin's Unlock lets the right one in again
    for (let i = 0; i < 5; i++) {
      const wrong = await page.request.post('/api/auth/login', { data: { email, password: 'not-the-password' }, headers: { Cookie: '' } });
      expect(wrong.status()).toBeGreaterThanOrEqual(400);
    }
    expect(await canSignIn(browser, email)).toBe(false);
    await gotoHydrated(page, '/admin/users');
    await expect(row.getByText('locked', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Unlock ${email}` }).click();
    await expect(row.getByText('active', { exact: true })).toBeVisible();
    expect(await canSignIn(browser, email)).toBe(true);

    // the admin's own row never offers Deactivate
    await expect(userRow(page, 'admin@example.com').getByRole('button', { name: 'Deactivate', exact: true })).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, '/admin/users');
    await expect(userRow(page, email).getByRole('button', { name: 'Deactivate', exact: true })).toBeVisible();
    await screenshot(page, 'admin-lifecycle-phone.png');
  });

  test('the health dashboard shows every check with its figures, on a laptop and a phone', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin(page);
    await gotoHydrated(page, '/admin/health');
    await waitForPath(page, '/admin/health');
    await expect(page.getByRole('heading', { name: 'Health', exact: true })).toBeVisible();
    await expect(page.getByTestId('health-status')).toBeVisible();
    for (const check of ['database', 'disk', 'ffmpeg', 'ffprobe', 'job_queue', 'upstream']) {
      await expect(page.getByTestId(`check-${check}`)).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Counts' })).toBeVisible();
    await screenshot(page, 'admin-health.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, '/admin/health');
    await expect(page.getByTestId('check-database')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'nothing runs off the side of a phone').toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-health-phone.png');
  });
});
