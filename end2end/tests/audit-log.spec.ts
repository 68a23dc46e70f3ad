// The admin's audit log: reached from the admin navigation, filtered by action and user,
// paged, and readable on a phone as stacked rows.
import { expect, followAdminLink, gotoHydrated, mainNav, screenshot, signInAsAdmin, test } from './fixtures';

test.describe('audit log', () => {
  test('an admin filters the log by action and user, on a laptop and a phone', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin(page);
    // activity to read: an account made by the admin, a collection and two cards
    const email = `audited-${Date.now().toString(36)}@example.com`;
    const api = page.request;
    expect((await api.post('/api/admin/users', { data: { email, password: 'a-long-enough-password', role: 'user' } })).status()).toBe(201);
    const collection = await (await api.post('/api/collections', { data: { name: 'Audited stories', description: 'd' } })).json();
    for (const title of ['Audited moon', 'Audited owl']) {
      expect((await api.post(`/api/collections/${collection.id}/cards`, { data: { title, description: 'A story' } })).status()).toBe(201);
    }

    await followAdminLink(page, 'Audit log');
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    const rows = page.getByTestId('audit-entry');
    await expect(rows.first()).toContainText('card.created');
    await expect(rows.first()).toContainText('audited-owl');
    await screenshot(page, 'audit-log.png');

    await page.getByLabel('Action').fill('card.created');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(rows.filter({ hasText: 'audited-' })).toHaveCount(2);
    await expect(rows.filter({ hasNotText: 'card.created' })).toHaveCount(0);

    await page.getByLabel('Action').fill('');
    await page.getByLabel('User').selectOption({ label: `${email.split('@')[0]} (${email})` });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('admin.user_created');
    await expect(page.getByRole('button', { name: 'Older' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Newer' })).toBeDisabled();

    // a phone loads the page afresh: every entry is a stacked block with its labels
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, '/admin/audit-log');
    await expect(page.getByRole('columnheader', { name: 'Action' })).toBeHidden();
    await expect(rows.first().getByText('Action', { exact: true })).toBeVisible();
    await screenshot(page, 'audit-log-phone.png');
  });

  test('the log is not offered to, nor shown to, other users', async ({ page, browser }) => {
    await signInAsAdmin(page);
    const email = `plain-${Date.now().toString(36)}@example.com`;
    expect((await page.request.post('/api/admin/users', { data: { email, password: 'a-long-enough-password', role: 'user' } })).status()).toBe(201);
    const context = await browser.newContext();
    const other = await context.newPage();
    await gotoHydrated(other, '/login');
    await other.getByLabel('Email', { exact: true }).fill(email);
    await other.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.waitForURL('**/cards');
    await expect(mainNav(other).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
    await gotoHydrated(other, '/admin/audit-log');
    await expect(other.getByText('Only admins can read the audit log.')).toBeVisible();
    await context.close();
  });
});
