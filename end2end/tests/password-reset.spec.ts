// Password reset and email verification as people live them: "Forgot password?" from the
// sign-in page, the mail's link (read from the admin's outbox: this server has no SMTP), a new
// password, signing in with it; the admin's reset link with its Copy button; verifying an
// email from its link; the badges and actions on the Users page. At laptop and phone sizes.
import type { APIRequestContext } from '@playwright/test';
import { canSignIn, expect, gotoHydrated, noSideScroll, screenshot, signInAsAdmin, submitLogin, test, userRow, waitForPath } from './fixtures';

const PASSWORD = 'a-long-enough-password';

function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}@example.com`;
}

/** Creates a user through the admin API of `admin` (a signed-in page's request context). */
async function createUser(admin: APIRequestContext, email: string): Promise<string> {
  const r = await admin.post('/api/admin/users', { data: { email, password: PASSWORD, role: 'user' } });
  expect(r.status()).toBe(201);
  return (await r.json()).id;
}

/** The path and query of the newest link to `page` mailed to `email`, from the admin's outbox. */
async function mailedLink(admin: APIRequestContext, email: string, page: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const list = await (await admin.get('/api/admin/mail?limit=100')).json();
      const mine = list.messages.filter((m: { recipient: string; subject: string }) => m.recipient === email);
      for (const m of mine) {
        const detail = await (await admin.get(`/api/admin/mail/${m.id}`)).json();
        const match = String(detail.text).match(new RegExp(`https?://[^\\s/]+(${page}\\?token=[A-Za-z0-9_-]{43})`));
        if (match) {
          found = match[1];
          return true;
        }
      }
      return false;
    }, { timeout: 15_000 })
    .toBe(true);
  return found!;
}

for (const [size, viewport] of [
  ['laptop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`forgot password, the mailed link, a new password and signing in with it (${size})`, async ({ page, browser }) => {
    await page.setViewportSize(viewport);
    await signInAsAdmin(page);
    const email = uniqueEmail(`forgot-${size}`);
    await createUser(page.request, email);

    const context = await browser.newContext({ viewport });
    const visitor = await context.newPage();
    await gotoHydrated(visitor, '/login');
    await visitor.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(visitor, '/forgot-password');
    await expect(visitor.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await screenshot(visitor, `password-forgot-${size}.png`);
    await visitor.getByLabel('Email', { exact: true }).fill('not an email');
    await visitor.getByRole('button', { name: 'Send reset link' }).click();
    await expect(visitor.getByText('is not an email address')).toBeVisible();
    await visitor.getByLabel('Email', { exact: true }).fill(email);
    await visitor.getByRole('button', { name: 'Send reset link' }).click();
    await expect(visitor.getByRole('heading', { name: 'Check your mail' })).toBeVisible();
    await expect(visitor.getByRole('status')).toContainText('If an account has this email');
    await screenshot(visitor, `password-forgot-sent-${size}.png`);

    const link = await mailedLink(page.request, email, '/reset-password');
    await gotoHydrated(visitor, link);
    await expect(visitor.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const newPassword = `new-${size}-passphrase`;
    await visitor.getByLabel('New password', { exact: true }).fill(newPassword);
    await visitor.getByLabel('New password again').fill('something-else-entirely');
    await visitor.getByRole('button', { name: 'Set new password' }).click();
    await expect(visitor.getByText('does not match the new password')).toBeVisible();
    await screenshot(visitor, `password-reset-mismatch-${size}.png`);
    await visitor.getByLabel('New password again').fill(newPassword);
    await visitor.getByRole('button', { name: 'Set new password' }).click();
    await expect(visitor.getByRole('heading', { name: 'Password changed' })).toBeVisible();
    await noSideScroll(visitor);
    await screenshot(visitor, `password-reset-done-${size}.png`);

    await visitor.getByRole('link', { name: 'Sign in', exact: true }).click();
    await waitForPath(visitor, '/login');
    await gotoHydrated(visitor, '/login');
    await submitLogin(visitor, email, newPassword);
    await waitForPath(visitor, '/cards');
    expect(await canSignIn(browser, email, PASSWORD)).toBe(false);

    // The link worked once: opened again, it says so and offers a new one.
    await gotoHydrated(visitor, link);
    await visitor.getByLabel('New password', { exact: true }).fill('third-passphrase-x');
    await visitor.getByLabel('New password again').fill('third-passphrase-x');
    await visitor.getByRole('button', { name: 'Set new password' }).click();
    const alert = visitor.getByRole('alert').filter({ hasText: 'already been used' });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    await screenshot(visitor, `password-reset-used-${size}.png`);
    await context.close();
  });

  test(`an admin hands over a reset link and marks an email verified; a verification link confirms once (${size})`, async ({ page, browser }) => {
    await page.setViewportSize(viewport);
    await signInAsAdmin(page);
    const email = uniqueEmail(`handover-${size}`);
    await createUser(page.request, email);

    await gotoHydrated(page, '/admin/users');
    const row = userRow(page, email);
    await expect(row.getByText('email not verified')).toBeVisible();
    // Reset password asks first; Cancel makes nothing.
    await row.getByRole('button', { name: 'Reset password', exact: true }).click();
    await expect(row.getByText(`Make a password reset link for ${email}?`)).toBeVisible();
    await row.getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('button', { name: 'Reset password', exact: true }).click();
    await row.getByRole('button', { name: 'Yes, make a reset link' }).click();
    const linkField = row.getByLabel('Reset link', { exact: true });
    await expect(linkField).toBeVisible();
    const resetLink = await linkField.inputValue();
    expect(resetLink).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    await row.getByRole('button', { name: 'Copy reset link' }).click();
    await expect(row.getByText(/Copied|Copy the link by hand/)).toBeVisible();
    await noSideScroll(page);
    await screenshot(page, `admin-reset-link-${size}.png`);

    // The user follows the handed-over link.
    const context = await browser.newContext({ viewport });
    const user = await context.newPage();
    await gotoHydrated(user, new URL(resetLink).pathname + new URL(resetLink).search);
    const newPassword = `handed-${size}-passphrase`;
    await user.getByLabel('New password', { exact: true }).fill(newPassword);
    await user.getByLabel('New password again').fill(newPassword);
    await user.getByRole('button', { name: 'Set new password' }).click();
    await expect(user.getByRole('heading', { name: 'Password changed' })).toBeVisible();
    expect(await canSignIn(browser, email, newPassword)).toBe(true);

    // The verification mail of the new account: its link confirms the email once.
    await row.getByRole('button', { name: `Resend verification: ${email}` }).click();
    await expect(row.getByRole('status').filter({ hasText: 'outbox' })).toBeVisible();
    const verifyLink = await mailedLink(page.request, email, '/verify-email');
    await gotoHydrated(user, verifyLink);
    await expect(user.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
    await screenshot(user, `verify-email-${size}.png`);
    await user.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(user.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
    await screenshot(user, `verify-email-done-${size}.png`);
    await gotoHydrated(page, '/admin/users');
    await expect(userRow(page, email).getByText('email verified', { exact: true })).toBeVisible();
    await gotoHydrated(user, verifyLink);
    await user.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(user.getByRole('alert').filter({ hasText: 'already been used' })).toBeVisible();
    await context.close();

    // Mark email verified, for another new user.
    const other = uniqueEmail(`mark-${size}`);
    await createUser(page.request, other);
    await gotoHydrated(page, '/admin/users');
    await userRow(page, other).getByRole('button', { name: `Mark email verified: ${other}` }).click();
    await expect(userRow(page, other).getByText('email verified', { exact: true })).toBeVisible();
    await expect(userRow(page, other).getByRole('button', { name: `Resend verification: ${other}` })).toHaveCount(0);
    await screenshot(page, `admin-users-email-badges-${size}.png`);
  });
}
