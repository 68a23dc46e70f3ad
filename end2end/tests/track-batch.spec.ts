// Many tracks at once, at laptop and phone sizes: select a run with a shift-click, rename
// by a regular expression with the live preview, undo from the toast; on a phone, select
// all and sort by title.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { expect, gotoHydrated, screenshot, signInAsAdmin, test, tone } from './fixtures';

/** A card with ready tracks titled `titles`, made over REST; answers its slug. */
async function cardWith(page: Page, name: string, titles: string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-e2e-'));
  const stamp = Date.now().toString(36);
  const collection = await (await page.request.post('/api/collections', { data: { name: `${name} ${stamp}`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `${name} ${stamp}`, description: '' } })).json();
  for (const [i, title] of titles.entries()) {
    const upload = await page.request.post(`/api/cards/${card.slug}/tracks`, { multipart: { file: tone(dir, `t${i}.wav`, 1, 300 + i * 40), title } });
    expect(upload.status()).toBe(201);
  }
  await expect
    .poll(async () => ((await (await page.request.get(`/api/cards/${card.slug}`)).json()).tracks as { transcode_status: string }[]).every((t) => t.transcode_status === 'ready'), { timeout: 60_000 })
    .toBe(true);
  return card.slug;
}

const titlesOf = async (page: Page, slug: string) =>
  ((await (await page.request.get(`/api/cards/${slug}`)).json()).tracks as { title: string }[]).map((t) => t.title);

test('a parent renames five tracks by a pattern and undoes it', async ({ page }) => {
  await signInAsAdmin(page);
  const titles = ['01 - Owl', '02 - Bat', '03 - Moth', '04 - Fox', '05 - Hare', 'Afterword'];
  const slug = await cardWith(page, 'Batch', titles);
  await gotoHydrated(page, `/cards/${slug}`);
  const list = page.getByRole('list', { name: 'Tracks in play order' });

  await page.getByRole('button', { name: 'Select tracks' }).click();
  await list.getByLabel('Select “01 - Owl”').click();
  await list.getByLabel('Select “05 - Hare”').click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('batch-count')).toHaveText('5 tracks selected');
  await expect(list.getByLabel('Select “Afterword”')).not.toBeChecked();

  await page.getByRole('button', { name: 'Rename…' }).click();
  await page.getByLabel('Find', { exact: true }).fill('^(\\d+) - (.*)$');
  await page.getByLabel('Replace with', { exact: true }).fill('$2 (part $1)');
  await page.getByLabel('Regular expression', { exact: true }).check();
  const preview = page.getByTestId('rename-preview');
  await expect(preview).toContainText('Owl (part 01)');
  await expect(preview.locator('li')).toHaveCount(5);
  await screenshot(page, 'track-batch-rename.png');
  // nothing changed yet
  expect(await titlesOf(page, slug)).toEqual(titles);
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Renamed: 5 tracks');
  await expect(list.getByText('Hare (part 05)', { exact: true })).toBeVisible();
  expect(await titlesOf(page, slug)).toEqual(['Owl (part 01)', 'Bat (part 02)', 'Moth (part 03)', 'Fox (part 04)', 'Hare (part 05)', 'Afterword']);

  await expect(toast.getByRole('button', { name: 'Undo', exact: true })).toBeVisible();

  // the card keeps its last batch: after a reload, Undo is still there
  await gotoHydrated(page, `/cards/${slug}`);
  const undoLast = page.getByRole('button', { name: 'Undo “Renamed” (5 tracks)' });
  await expect(undoLast).toBeVisible();
  await undoLast.click();
  await expect(page.getByTestId('toast')).toContainText('The last batch was undone.');
  await expect(list.getByText('05 - Hare', { exact: true })).toBeVisible();
  await expect(undoLast).toBeHidden();
  expect(await titlesOf(page, slug)).toEqual(titles);
});

test('on a phone, a parent selects every track and sorts them by title', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  const slug = await cardWith(page, 'Phone batch', ['10 - Bats', '2 - Owls', '1 - Intro']);
  await gotoHydrated(page, `/cards/${slug}`);
  await page.getByRole('button', { name: 'Select tracks' }).click();
  await page.getByRole('button', { name: 'Select all' }).click();
  await expect(page.getByTestId('batch-count')).toHaveText('3 tracks selected');
  // the boxes are thumb-sized
  const box = await page.getByRole('list', { name: 'Tracks in play order' }).locator('label:has([data-testid="track-pick"])').first().boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await screenshot(page, 'phone-track-batch.png');
  await page.getByLabel('More actions for the selected tracks').selectOption('sort-by-title');
  await expect(page.getByTestId('toast')).toContainText('Reordered: 3 tracks');
  await expect.poll(() => titlesOf(page, slug)).toEqual(['1 - Intro', '2 - Owls', '10 - Bats']);
  const rows = page.getByRole('list', { name: 'Tracks in play order' }).locator('li[data-track-id]');
  await expect(rows.first()).toContainText('1 - Intro');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Select tracks' })).toBeVisible();
});
