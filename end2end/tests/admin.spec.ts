// The admin's user list, browser-side validation, and the offline API docs.
import { expect, followAdminLink, gotoHydrated, mainNav, screenshot, signInAsAdmin, submitLogin, test, waitForPath } from './fixtures';

test.describe('administration', () => {
  test('forms check input in the browser before sending it', async ({ page }) => {
    await gotoHydrated(page, '/login');
    const sent: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/rpc/')) sent.push(r.url()); });
    await submitLogin(page, 'not-an-email', '');
    await expect(page.getByText('is not an email address')).toBeVisible();
    await expect(page.getByText('is required')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(sent, 'nothing reaches the server').toEqual([]);
  });

  test('an admin creates a user, edits them, and the user can sign in', async ({ page, browser }) => {
    await signInAsAdmin(page);
    await followAdminLink(page, 'Users');
    await waitForPath(page, '/admin/users');
    const users = page.getByRole('list', { name: 'Users' });
    await expect(users.getByText('admin@example.com')).toBeVisible();

    const email = `parent-${Date.now().toString(36)}@example.com`;
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create user', exact: true }).click();
    await expect(page.getByText('must be at least 10 characters')).toBeVisible();

    await page.getByLabel('Display name', { exact: true }).fill('Parent One');
    await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await page.getByRole('button', { name: 'Create user', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: `Created ${email}` })).toBeVisible();
    await expect(users.getByText(email)).toBeVisible();

    await page.getByRole('button', { name: `Edit: ${email}` }).click();
    await page.getByLabel('Display name', { exact: true }).first().fill('Parent Renamed');
    await page.getByRole('button', { name: 'Save user', exact: true }).click();
    await expect(users.getByText('Parent Renamed')).toBeVisible();
    await screenshot(page, 'admin-users.png');

    const context = await browser.newContext();
    const other = await context.newPage();
    await gotoHydrated(other, '/login');
    await submitLogin(other, email, 'a-long-enough-password');
    await waitForPath(other, '/cards');
    await expect(other.getByTestId('user-name')).toHaveText('Parent Renamed');
    await expect(mainNav(other).getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);
    await context.close();
  });

  test('the API docs load with no internet', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto('/api/docs/');
    await expect(page.getByText('Cardsmith API').first()).toBeVisible();
    await expect(page.getByText('/auth/login').first()).toBeVisible();
    await screenshot(page, 'api-docs.png');
    const origin = new URL(page.url()).origin;
    const outside = requested.filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'));
    expect(outside, 'every docs asset comes from this server').toEqual([]);
  });
});
