// The admin's Jobs page. Jobs come from real actions on the demo player platform: an import,
// a seed of players that fails (the simulator refuses the player's shortcuts once) and a seed
// set for tomorrow (queued until then). The admin filters the list (the address keeps the
// filter over a reload), retries the failed seed (the new job succeeds while the list
// refreshes itself) and cancels the waiting one, on a laptop; then on a phone.
import type { Page } from '@playwright/test';
import {
  expect,
  followAdminLink,
  gotoHydrated,
  noSideScroll,
  playerCardId,
  screenshot,
  signInAsAdmin,
  simulatorOrigin,
  test,
  waitForPath,
} from './fixtures';

type Job = { status: string; error: string | null };

async function jobOf(page: Page, id: string): Promise<Job> {
  return (await page.request.get(`/api/jobs/${id}`)).json();
}

/** Waits until job `id` (the admin's) has ended; answers it. */
async function ended(page: Page, id: string): Promise<Job> {
  await expect
    .poll(async () => (await jobOf(page, id)).status, { timeout: 30_000 })
    .toMatch(/^(succeeded|failed|cancelled)$/);
  return jobOf(page, id);
}

/** Links the family account, imports one of its cards and answers what a seed of the
 * "Bedroom player" needs. */
async function seedable(page: Page) {
  await page.goto('/api/player-accounts/link');
  await waitForPath(page, '/accounts');
  const account = (await (await page.request.get('/api/player-accounts')).json()).accounts[0].id;
  const imported = await page.request.post('/api/cards/import-from-player', {
    data: { account_id: account, player_card_id: await playerCardId(page, 'Bedtime stories') },
  });
  expect(imported.status()).toBe(202);
  const { card_slug: slug, job_id: importJob } = await imported.json();
  expect((await ended(page, importJob)).status).toBe('succeeded');
  const card = await (await page.request.get(`/api/cards/${slug}`)).json();
  const devices = (await (await page.request.get('/api/devices')).json()).devices;
  const bedroom = devices.find((d: { name: string }) => d.name === 'Bedroom player');
  return { account_id: account, collection_id: card.collection_id, card_ids: [slug], device_ids: [bedroom.device_id] };
}

async function seed(page: Page, body: object): Promise<string> {
  const r = await page.request.post('/api/seed', { data: body });
  expect(r.status()).toBe(202);
  return (await r.json()).job_ids[0];
}

function row(page: Page, id: string) {
  return page.locator(`[data-job-id="${id}"]`);
}

test('an admin filters, retries and cancels jobs, on a laptop and a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  const body = await seedable(page);
  // the player refuses its shortcuts once: the seed fails (a refusal is not retried by itself)
  const sim = await simulatorOrigin(page);
  const fault = {
    kind: { kind: 'error', status: 400, message: 'shortcuts are switched off on this player' },
    times: 1,
    pathPrefix: `/device-v2/${body.device_ids[0]}/shortcuts`,
  };
  expect((await page.request.post(`${sim}/__sim/faults`, { data: fault })).status()).toBe(204);
  const failed = await seed(page, body);
  expect((await ended(page, failed)).status).toBe('failed');
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  const waiting = await seed(page, { ...body, schedule_at: tomorrow });

  await followAdminLink(page, 'Jobs');
  await waitForPath(page, '/admin/jobs');
  await expect(page.getByRole('heading', { name: 'Jobs', exact: true })).toBeVisible();
  const jobs = page.getByRole('list', { name: 'Jobs' });
  await expect(row(page, failed)).toContainText('Put on players');
  await expect(row(page, failed)).toContainText('Failed');
  await expect(row(page, failed).getByTestId('job-error')).toContainText('shortcuts are switched off');
  await expect(row(page, failed)).toContainText('admin@example.com');
  await expect(row(page, waiting)).toContainText('Queued');
  await expect(jobs.getByTestId('job-row').filter({ hasText: 'Import' }).first()).toContainText('Succeeded');
  await screenshot(page, 'admin-jobs.png');

  // the status filter is in the address: a reload keeps it
  await page.getByLabel('Status').selectOption({ label: 'Failed' });
  await expect(page).toHaveURL(/\/admin\/jobs\?status=failed$/);
  await expect(row(page, waiting)).toHaveCount(0);
  await expect(row(page, failed)).toBeVisible();
  await gotoHydrated(page, page.url());
  await expect(page.getByLabel('Status').locator('option:checked')).toHaveText('Failed');
  await expect(jobs.locator('[data-status]:not([data-status="failed"])')).toHaveCount(0);
  await expect(row(page, failed)).toBeVisible();

  // seeds only, every status: retry the failed one; the new job runs and the list follows it
  await page.getByLabel('Status').selectOption({ label: 'All' });
  await page.getByLabel('Kind').selectOption({ label: 'Put on players' });
  await expect(page).toHaveURL(/\/admin\/jobs\?kind=seed$/);
  await expect(row(page, waiting)).toBeVisible();
  const before = await jobs.getByTestId('job-row').count();
  await row(page, failed).getByRole('button', { name: /^Retry/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Queued again as a new job.' })).toBeVisible();
  await expect(jobs.getByTestId('job-row')).toHaveCount(before + 1);
  await expect(jobs.getByTestId('job-row').first()).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
  await expect(row(page, failed)).toHaveAttribute('data-status', 'failed');

  // cancelling asks first; the waiting seed is cancelled and could then be retried
  await row(page, waiting).getByRole('button', { name: /^Cancel job/ }).click();
  await expect(row(page, waiting).getByText('Cancel this “Put on players” job for Admin (admin@example.com)? It will not run.')).toBeVisible();
  await screenshot(page, 'admin-jobs-cancel.png', { fullPage: false });
  await row(page, waiting).getByRole('button', { name: 'Yes, cancel job' }).click();
  await expect(row(page, waiting)).toHaveAttribute('data-status', 'cancelled');
  await expect(row(page, waiting).getByRole('button', { name: /^Retry/ })).toBeVisible();
  expect((await jobOf(page, waiting)).status).toBe('cancelled');

  // a phone: through the menu, rows stacked, nothing off the side, buttons large enough
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, '/cards');
  await page.getByRole('button', { name: 'Menu' }).click();
  await followAdminLink(page, 'Jobs');
  await waitForPath(page, '/admin/jobs');
  await page.getByLabel('Kind').selectOption({ label: 'Put on players' });
  await expect(row(page, waiting)).toBeVisible();
  await noSideScroll(page);
  const retryButton = await row(page, waiting).getByRole('button', { name: /^Retry/ }).boundingBox();
  expect(retryButton!.height).toBeGreaterThanOrEqual(44);
  const select = await page.getByLabel('Kind').boundingBox();
  expect(select!.height).toBeGreaterThanOrEqual(44);
  const kind = await row(page, failed).getByText('Put on players').boundingBox();
  const status = await row(page, failed).getByText('Failed', { exact: true }).boundingBox();
  expect(status!.y, 'the status sits under the kind').toBeGreaterThan(kind!.y + kind!.height - 1);
  await screenshot(page, 'admin-jobs-phone.png');
  // the account goes, as the other specs expect to find none linked
  expect((await page.request.delete(`/api/player-accounts/${body.account_id}`)).status()).toBe(204);
});
