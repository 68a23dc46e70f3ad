// The admin's user lifecycle (deactivate with confirmation, reactivate, unlock after a
// lockout) as the other user lives it, and the health dashboard, at laptop and phone sizes.
import { canSignIn, expect, gotoHydrated, noSideScroll, screenshot, signInAsAdmin, test, userRow, waitForPath } from './fixtures';

const PASSWORD = 'a-long-enough-password';

test.describe('user lifecycle', () => {
  test('an admin deactivates, reactivates and unlocks a user, who feels each change', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin(page);
    const email = `lifecycle-${Date.now().toString(36)}@example.com`;
    expect((await page.request.post('/api/admin/users', { data: { email, password: PASSWORD, role: 'user' } })).status()).toBe(201);
    expect(await canSignIn(browser, email, PASSWORD)).toBe(true);

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
    expect(await canSignIn(browser, email, PASSWORD)).toBe(false);

    await row.getByRole('button', { name: 'Reactivate', exact: true }).click();
    await expect(row.getByText('active', { exact: true })).toBeVisible();
    expect(await canSignIn(browser, email, PASSWORD)).toBe(true);

    // five wrong passwords lock the account; the admin's Unlock lets the right one in again
    for (let i = 0; i < 5; i++) {
      const wrong = await page.request.post('/api/auth/login', { data: { email, password: 'not-the-password' }, headers: { Cookie: '' } });
      expect(wrong.status()).toBeGreaterThanOrEqual(400);
    }
    expect(await canSignIn(browser, email, PASSWORD)).toBe(false);
    await gotoHydrated(page, '/admin/users');
    await expect(row.getByText('locked', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Unlock: ${email}` }).click();
    await expect(row.getByText('active', { exact: true })).toBeVisible();
    expect(await canSignIn(browser, email, PASSWORD)).toBe(true);

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
    await noSideScroll(page);
    await screenshot(page, 'admin-health-phone.png');
  });
});
