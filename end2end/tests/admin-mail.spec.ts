// The admin's mail outbox. The e2e server has no SMTP server, so mail is kept in the outbox:
// an admin finds a password-reset mail there, opens it, and follows its link, on a laptop and
// on a phone. Other users are neither offered nor shown the outbox.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, followAdminLink, gotoHydrated, mainNav, screenshot, signInAsAdmin, test } from './fixtures';

const PASSWORD = 'a-long-enough-password';
const SUBJECT = 'Reset your Cardsmith password';

/// Creates an account and asks for a reset mail for it; waits until the mail is in the outbox.
async function resetMailFor(api: APIRequestContext, email: string): Promise<string> {
  expect((await api.post('/api/admin/users', { data: { email, password: PASSWORD, role: 'user' } })).status()).toBe(201);
  expect((await api.post('/api/auth/forgot-password', { data: { email } })).status()).toBe(200);
  let id = '';
  await expect
    .poll(async () => {
      const page = await (await api.get('/api/admin/mail?limit=200')).json();
      const message = page.messages.find(
        (m: { recipient: string; subject: string }) => m.recipient === email && m.subject === SUBJECT,
      );
      id = message?.id ?? '';
      return message?.status;
    }, { timeout: 20_000 })
    .toBe('outbox');
  return id;
}

/// The reset mail's row (an account made by an admin may also have been sent other mail).
function rowOf(page: Page, email: string) {
  return page.getByTestId('mail-row').filter({ hasText: email }).filter({ hasText: SUBJECT });
}

test.describe('mail outbox', () => {
  test('an admin reads a reset mail in the outbox and follows its link, on a laptop and a phone', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin(page);
    const email = `mailed-${Date.now().toString(36)}@example.com`;
    const id = await resetMailFor(page.request, email);

    await followAdminLink(page, 'Mail');
    await expect(page.getByRole('heading', { name: 'Mail outbox' })).toBeVisible();
    await expect(page.getByText('No SMTP server is configured')).toBeVisible();
    const row = rowOf(page, email);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('mail-status')).toHaveText('In the outbox');
    await expect(page.getByRole('columnheader', { name: 'Subject' })).toBeVisible();
    await screenshot(page, 'admin-mail.png');

    // the status filter: nothing failed, and the message is back under "All"
    await page.getByLabel('Status').selectOption({ label: 'Failed' });
    await expect(page.getByText('No messages.')).toBeVisible();
    await page.getByLabel('Status').selectOption({ label: 'In the outbox' });
    await expect(rowOf(page, email)).toHaveCount(1);

    await rowOf(page, email).getByRole('link', { name: SUBJECT }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/mail/${id}$`));
    await expect(page.getByTestId('mail-subject')).toHaveText(SUBJECT);
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    const link = page.getByTestId('mail-text').getByRole('link');
    await expect(link).toHaveCount(1);
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]+$/);
    // an outbox message can be sent again once SMTP is configured
    await expect(page.getByRole('button', { name: 'Send again' })).toBeVisible();
    await screenshot(page, 'admin-mail-message.png');

    await link.click();
    await expect(page).toHaveURL(/\/reset-password\?token=/);

    // a phone: stacked rows with their labels, then the message itself
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, '/admin/mail');
    await expect(page.getByRole('columnheader', { name: 'Subject' })).toBeHidden();
    const phoneRow = rowOf(page, email);
    await expect(phoneRow.getByText('Status', { exact: true })).toBeVisible();
    await expect(phoneRow.getByTestId('mail-status')).toBeVisible();
    await screenshot(page, 'admin-mail-phone.png');
    await gotoHydrated(page, `/admin/mail/${id}`);
    await expect(page.getByTestId('mail-text').getByRole('link')).toBeVisible();
    const box = await page.getByTestId('mail-text').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-mail-message-phone.png');
  });

  test('an admin sends an outbox message again and it returns to the outbox', async ({ page }) => {
    await signInAsAdmin(page);
    const email = `again-${Date.now().toString(36)}@example.com`;
    const id = await resetMailFor(page.request, email);
    await gotoHydrated(page, `/admin/mail/${id}`);
    await expect(page.getByText('Attempts', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Send again' }).click();
    // queued again, then written to the outbox once more by the worker
    await expect
      .poll(async () => (await (await page.request.get(`/api/admin/mail/${id}`)).json()).attempts, { timeout: 20_000 })
      .toBe(2);
    await gotoHydrated(page, `/admin/mail/${id}`);
    await expect(page.getByTestId('mail-status')).toHaveText('In the outbox');
  });

  test('the outbox is not offered to, nor shown to, other users', async ({ page, browser }) => {
    await signInAsAdmin(page);
    const email = `plain-mail-${Date.now().toString(36)}@example.com`;
    expect((await page.request.post('/api/admin/users', { data: { email, password: PASSWORD, role: 'user' } })).status()).toBe(201);
    const context = await browser.newContext();
    const other = await context.newPage();
    await gotoHydrated(other, '/login');
    await other.getByLabel('Email', { exact: true }).fill(email);
    await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.waitForURL('**/cards');
    await expect(mainNav(other).getByRole('link', { name: 'Mail', exact: true })).toHaveCount(0);
    await gotoHydrated(other, '/admin/mail');
    await expect(other.getByText('Only admins can read the mail outbox.')).toBeVisible();
    expect((await other.request.get('/api/admin/mail')).status()).toBe(403);
    await context.close();
  });
});
