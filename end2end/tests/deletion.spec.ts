// Account deletion as people live it: a user asks in Settings, an admin approves with a
// reassignment (the heir owns the shared collection), assigns the orphaned one, deletes
// another user directly from the Users page; owners see and revoke invitations. At laptop
// and phone sizes.
import type { Browser, Page } from '@playwright/test';
import { expect, followAdminLink, gotoHydrated, screenshot, signInAsAdmin, submitLogin, test, waitForPath, openSection } from './fixtures';

const PASSWORD = 'a-long-enough-password';

/** A user made through the admin API, signed in in a browser context of their own. */
async function userPage(admin: Page, browser: Browser, email: string, name: string): Promise<{ page: Page; id: string }> {
  const r = await admin.request.post('/api/admin/users', { data: { email, password: PASSWORD, role: 'user', display_name: name } });
  expect(r.status()).toBe(201);
  const id = (await r.json()).id as string;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize(admin.viewportSize() ?? { width: 1280, height: 800 });
  await gotoHydrated(page, '/login');
  await submitLogin(page, email, PASSWORD);
  await waitForPath(page, '/cards');
  return { page, id };
}

async function collection(user: Page, name: string): Promise<string> {
  const r = await user.request.post('/api/collections', { data: { name, description: 'ours' } });
  expect(r.status()).toBe(201);
  return (await r.json()).id as string;
}

/** The user asks for deletion in Settings (the first press only asks). */
async function requestDeletion(user: Page, reason: string): Promise<void> {
  await gotoHydrated(user, '/settings');
  const section = user.getByRole('region', { name: 'Delete my account' });
  await section.getByLabel('Reason (optional)').fill(reason);
  await section.getByRole('button', { name: 'Request deletion', exact: true }).click();
  await expect(section.getByText('Ask the administrators to delete your account?')).toBeVisible();
  await section.getByRole('button', { name: 'Yes, request deletion' }).click();
  await expect(section.getByTestId('deletion-status')).toContainText('Deletion requested on');
  await expect(section.getByRole('button', { name: 'Request deletion', exact: true })).toHaveCount(0);
}

for (const [size, viewport] of [
  ['laptop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`account deletion (${size})`, () => {
    test.use({ viewport });

    test('a request is approved with a reassignment, the orphan is assigned, another user is deleted', async ({ page, browser }) => {
      const tag = `${size}-${Date.now().toString(36)}`;
      await signInAsAdmin(page);
      const leaving = await userPage(page, browser, `leaving-${tag}@example.com`, `Leaving ${tag}`);
      const heir = await userPage(page, browser, `heir-${tag}@example.com`, `Heir ${tag}`);
      const shared = await collection(leaving.page, `Shared ${tag}`);
      await collection(leaving.page, `Solo ${tag}`);
      expect((await leaving.page.request.post(`/api/collections/${shared}/members`, { data: { user_id: `heir-${tag}@example.com`, role: 'viewer' } })).status()).toBe(204);

      await requestDeletion(leaving.page, 'We are moving to another server');
      await screenshot(leaving.page, `deletion-settings-${size}.png`);

      // the admin finds it under Admin → Deletions (behind the phone menu on phones)
      if (size === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
      await followAdminLink(page, 'Deletions');
      await waitForPath(page, '/admin/deletion-requests');
      const card = page.getByRole('list', { name: 'Pending deletion requests' }).getByRole('listitem').filter({ hasText: `leaving-${tag}@example.com` });
      await expect(card.getByText('We are moving to another server')).toBeVisible();
      await card.getByLabel(`Shared ${tag}`).selectOption({ label: `Heir ${tag} (heir-${tag}@example.com)` });
      await expect(card.getByLabel(`Solo ${tag}`)).toHaveValue('');
      await screenshot(page, `deletion-requests-${size}.png`);
      await card.getByRole('button', { name: 'Approve and delete' }).click();
      await expect(card.getByText(`Delete the account of Leaving ${tag}`)).toBeVisible();
      await card.getByRole('button', { name: 'Yes, delete the account' }).click();
      await expect(card).toHaveCount(0);

      // the deleted user's open page loses its session
      await leaving.page.goto('/cards');
      await waitForPath(leaving.page, '/login');

      // the heir owns the shared collection now
      const seen = await heir.page.request.get(`/api/collections/${shared}`);
      expect((await seen.json()).viewer_role).toBe('owner');

      // the solo one waits for an owner
      await page.getByRole('navigation', { name: 'Account deletion' }).getByRole('link', { name: 'Orphaned collections' }).click();
      await waitForPath(page, '/admin/orphaned-collections');
      const orphan = page.getByRole('list', { name: 'Orphaned collections' }).getByRole('listitem').filter({ hasText: `Solo ${tag}` });
      await expect(orphan).toBeVisible();
      await orphan.getByLabel('New owner').selectOption({ label: `Heir ${tag} (heir-${tag}@example.com)` });
      await screenshot(page, `orphaned-collections-${size}.png`);
      await orphan.getByRole('button', { name: 'Assign' }).click();
      await expect(orphan).toHaveCount(0);
      const collections = await (await heir.page.request.get('/api/collections')).json();
      expect(JSON.stringify(collections)).toContain(`Solo ${tag}`);

      // a direct deletion from the Users page, confirmed
      const other = await userPage(page, browser, `other-${tag}@example.com`, `Other ${tag}`);
      await collection(other.page, `Theirs ${tag}`);
      await gotoHydrated(page, '/admin/users');
      const row = page.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ hasText: `other-${tag}@example.com` });
      await row.getByRole('button', { name: `Delete user…: other-${tag}@example.com` }).click();
      await expect(row.getByLabel(`Theirs ${tag}`)).toBeVisible();
      await row.getByRole('button', { name: 'Delete user', exact: true }).click();
      await expect(row.getByText(`Delete other-${tag}@example.com for good?`)).toBeVisible();
      await screenshot(page, `delete-user-${size}.png`);
      await row.getByRole('button', { name: 'Yes, delete user' }).click();
      await expect(row).toHaveCount(0);
      await other.page.goto('/cards');
      await waitForPath(other.page, '/login');
    });

    test('owners see an invitation for an address without an account and can revoke it', async ({ page, browser }) => {
      const tag = `${size}-${Date.now().toString(36)}`;
      await signInAsAdmin(page);
      const owner = await userPage(page, browser, `owner-${tag}@example.com`, `Owner ${tag}`);
      const r = await owner.page.request.post('/api/collections', { data: { name: `Family ${tag}`, description: '' } });
      const slug = (await r.json()).slug as string;
      await gotoHydrated(owner.page, `/collections/${slug}`);
      const invitee = `invitee-${tag}@example.com`;
      await openSection(owner.page, 'collection-sharing');
      await owner.page.getByLabel('Member email').fill(invitee);
      await owner.page.getByRole('button', { name: 'Invite', exact: true }).click();
      await expect(owner.page.getByRole('status').filter({ hasText: `Invited ${invitee}` })).toBeVisible();
      const invited = owner.page.getByRole('list', { name: 'Invited' }).getByRole('listitem').filter({ hasText: invitee });
      await expect(invited.getByText('invited', { exact: true })).toBeVisible();
      await invited.scrollIntoViewIfNeeded();
      await screenshot(owner.page, `invitation-${size}.png`);
      await invited.getByRole('button', { name: `Revoke the invitation of ${invitee}` }).click();
      await expect(invited).toHaveCount(0);
    });
  });
}
