// The first run: a library with no card offers the ways to start instead of a search over
// nothing; each start leads straight to where the work happens. Laptop and phone sizes.
import type { Browser, Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, gotoHydrated, screenshot, signInAsAdmin, submitLogin, test, tone, waitForPath } from './fixtures';

const PASSWORD = 'a-long-enough-password';

/** A new account with `role`, signed in from a fresh browser of `viewport` size. */
async function newcomer(browser: Browser, admin: Page, role: string, viewport: { width: number; height: number }): Promise<Page> {
  const email = `new-${role}-${Date.now().toString(36)}@example.com`;
  expect((await admin.request.post('/api/admin/users', { data: { email, password: PASSWORD, role } })).status()).toBe(201);
  const context = await browser.newContext({ viewport, hasTouch: viewport.width < 500 });
  const page = await context.newPage();
  await gotoHydrated(page, '/login');
  await submitLogin(page, email, PASSWORD);
  await waitForPath(page, '/cards');
  return page;
}

test('an empty library leads to uploading, recording and linking the player', async ({ page, browser }) => {
  await signInAsAdmin(page);
  const parent = await newcomer(browser, page, 'user', { width: 1280, height: 800 });
  const starts = parent.getByRole('region', { name: 'Make your first card' });
  await expect(starts).toBeVisible();
  await expect(parent.getByLabel('Search cards')).toHaveCount(0);
  await expect(starts.getByRole('button', { name: /Try the example cards/ }), 'only admins make examples').toHaveCount(0);
  await expect(starts.getByRole('link', { name: 'link your player account' })).toHaveAttribute('href', '/accounts');
  await screenshot(parent, 'first-run.png');

  // "Upload audio" makes a card and opens it at the drop zone.
  await starts.getByRole('button', { name: /Upload audio/ }).click();
  await parent.waitForURL(/\/cards\/[^/#]+#add-upload$/);
  await expect(parent.getByText('Drop audio files here or choose files')).toBeInViewport();
  await expect(parent.getByRole('heading', { name: 'My first story' })).toBeVisible();
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-e2e-'));
  await parent.getByLabel('Choose audio files').setInputFiles([tone(dir, '01 Hello.wav', 2, 440)]);
  await expect(parent.getByText('Added as “Hello”')).toBeVisible({ timeout: 30_000 });

  // With a card, the library is the library again.
  await gotoHydrated(parent, '/cards');
  await expect(parent.getByRole('region', { name: 'Make your first card' })).toHaveCount(0);
  await expect(parent.getByText('My first story').first()).toBeVisible();
  await parent.context().close();

  // On a phone, "Record a story" opens the new card at the recorder.
  const phone = await newcomer(browser, page, 'user', { width: 390, height: 844 });
  await screenshot(phone, 'first-run-phone.png');
  await phone.getByRole('button', { name: /Record a story/ }).click();
  await phone.waitForURL(/\/cards\/[^/#]+#add-record$/);
  await expect(phone.getByRole('heading', { name: 'Record', exact: true })).toBeInViewport();
  await phone.context().close();

  // An admin on an instance without the examples is offered them too.
  const seeded = (await (await page.request.get('/api/admin/seed-status')).json()).seeded as boolean;
  const admin = await newcomer(browser, page, 'admin', { width: 1280, height: 800 });
  await expect(admin.getByRole('button', { name: /Try the example cards/ })).toHaveCount(seeded ? 0 : 1);
  await admin.context().close();
});
