// Admin → Backups: the server backs up on a schedule (run.mjs gives it a folder), the page
// says where and how often, shows the last backup and verify, takes a backup now with its
// progress, verifies the kept backups, and reads well on a phone. The health page has the
// Backups check.
import { expect, followAdminLink, gotoHydrated, screenshot, signInAsAdmin, test, waitForPath } from './fixtures';

test('an admin sees the scheduled backups, backs up now and verifies them', async ({ page }) => {
  await signInAsAdmin(page);
  await followAdminLink(page, 'Backups');
  await waitForPath(page, '/admin/backups');
  const panel = page.getByTestId('backups');
  // the schedule's first backup was taken when the server started
  await expect(panel.getByText('Backups are running.')).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId('backup-target')).toContainText('-backups');
  await expect(panel).toContainText('every day · keeping last=3,daily=7,weekly=4');
  await expect(panel).toContainText('Not in the backups: keep DATA_DIR/encryption.key apart');
  await expect(panel.getByTestId('last-backup').getByTestId('backup-run-status')).toHaveText('Succeeded');
  const kept = panel.getByTestId('kept-backups').getByRole('listitem');
  const before = await kept.count();
  expect(before).toBeGreaterThan(0);

  await panel.getByRole('button', { name: 'Back up now' }).click();
  await expect(kept).toHaveCount(Math.min(before + 1, 3), { timeout: 30_000 });
  await expect(panel.getByRole('button', { name: 'Back up now' })).toBeEnabled();
  await expect(panel.getByTestId('last-backup')).toContainText('1 object copied');

  await panel.getByRole('button', { name: 'Verify backups' }).click();
  await expect(panel.getByTestId('last-verify').getByTestId('backup-run-status')).toHaveText('Succeeded', { timeout: 30_000 });
  await expect(panel.getByTestId('last-verify')).toContainText('objects re-read');
  await screenshot(page, 'admin-backups.png');

  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, '/admin/backups');
  await expect(panel.getByTestId('last-verify').getByTestId('backup-run-status')).toHaveText('Succeeded');
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
  const button = await panel.getByRole('button', { name: 'Back up now' }).boundingBox();
  expect(button!.height).toBeGreaterThanOrEqual(44);
  await screenshot(page, 'phone-admin-backups.png');
  await page.setViewportSize({ width: 1280, height: 800 });

  await gotoHydrated(page, '/admin/health');
  await expect(page.getByRole('heading', { name: 'Backups', exact: true })).toBeVisible();
});
