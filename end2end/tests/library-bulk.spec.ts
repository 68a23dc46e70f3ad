// Many cards at once in the library, at laptop and phone sizes: select cards from two
// collections, publish them with one plan, move one, then delete two after a confirmation that
// counts their tracks; on a phone, select a page of cards and export them as one ZIP.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { expect, gotoHydrated, screenshot, signInAsAdmin, test, tone, waitForPath } from './fixtures';

/** A collection named `name` with cards titled `titles`, each with one ready track. */
async function shelf(page: Page, name: string, titles: string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-e2e-'));
  const collection = await (await page.request.post('/api/collections', { data: { name, description: '' } })).json();
  for (const [i, title] of titles.entries()) {
    const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title, description: '' } })).json();
    const upload = await page.request.post(`/api/cards/${card.slug}/tracks`, { multipart: { file: tone(dir, `t${i}.wav`, 1, 330 + i * 50) } });
    expect(upload.status()).toBe(201);
  }
  return collection.id;
}

const titlesIn = async (page: Page, id: string) =>
  ((await (await page.request.get(`/api/collections/${id}/cards`)).json()) as { title: string }[]).map((c) => c.title).sort();

test('a parent publishes, moves and deletes cards of two collections at once', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  await page.goto('/api/player-accounts/link');
  await waitForPath(page, '/accounts');
  const first = await shelf(page, `Shelf ${stamp}`, [`Owl ${stamp}`, `Bat ${stamp}`]);
  const second = await shelf(page, `Other ${stamp}`, [`Fox ${stamp}`]);
  await gotoHydrated(page, `/cards?q=${stamp}`);

  await page.getByRole('button', { name: 'Select cards' }).click();
  const bar = page.getByTestId('bulk-bar');
  await page.getByLabel(`Select “Owl ${stamp}”`).check();
  await page.getByLabel(`Select “Fox ${stamp}”`).check();
  await expect(page.getByTestId('bulk-count')).toHaveText('2 cards selected (2 tracks)');

  // one plan for cards of two collections
  await bar.getByRole('button', { name: 'Publish…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to player' });
  await dialog.getByRole('button', { name: 'Check what will change' }).click();
  const plan = dialog.getByRole('list', { name: 'Publish plan' });
  await expect(plan.getByRole('listitem')).toHaveCount(2);
  await expect(dialog.getByTestId('plan-summary')).toContainText('2 to create');
  await screenshot(page, 'library-bulk-publish.png', { fullPage: false });
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(plan.getByRole('status')).toHaveText(['Published', 'Published'], { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // move Fox into the first collection
  await page.getByLabel(`Select “Owl ${stamp}”`).uncheck();
  await expect(page.getByTestId('bulk-count')).toHaveText('1 card selected (1 track)');
  await bar.getByRole('button', { name: 'Move to…' }).click();
  await bar.getByLabel('Move the cards to').selectOption({ label: `Shelf ${stamp}` });
  await bar.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 card moved.' })).toBeVisible();
  expect(await titlesIn(page, first)).toEqual([`Bat ${stamp}`, `Fox ${stamp}`, `Owl ${stamp}`].sort());
  expect(await titlesIn(page, second)).toEqual([]);

  // delete two, after the count of what goes with them
  await page.getByLabel(`Select “Owl ${stamp}”`).check();
  await page.getByLabel(`Select “Bat ${stamp}”`).check();
  await bar.getByRole('button', { name: 'Delete…' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Delete 2 cards and their 2 tracks? This cannot be undone.');
  await screenshot(page, 'library-bulk-delete.png', { fullPage: false });
  await question.getByRole('button', { name: 'Delete 2 cards' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 cards deleted, with 2 tracks.' })).toBeVisible();
  expect(await titlesIn(page, first)).toEqual([`Fox ${stamp}`]);
  await expect(page.getByLabel(`Select “Owl ${stamp}”`)).toHaveCount(0);
});

test('on a phone, a parent selects a page of cards and exports them as one ZIP', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  await shelf(page, `Phone ${stamp}`, [`Moon ${stamp}`, `Sun ${stamp}`, `Star ${stamp}`]);
  await gotoHydrated(page, `/cards?q=${stamp}`);
  await page.getByRole('button', { name: 'Select cards' }).click();
  await page.getByRole('button', { name: 'Select this page' }).click();
  await expect(page.getByTestId('bulk-count')).toHaveText('3 cards selected (3 tracks)');
  await screenshot(page, 'phone-library-bulk.png', { fullPage: false });
  const bar = page.getByTestId('bulk-bar');
  await bar.getByRole('button', { name: 'Export as ZIP' }).click();
  const link = bar.getByRole('link', { name: 'Download the ZIP' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const zip = await page.request.get((await link.getAttribute('href'))!);
  expect(zip.status()).toBe(200);
  expect((await zip.body()).length).toBeGreaterThan(1000);
  // Done unticks and hides the boxes
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByLabel(`Select “Moon ${stamp}”`)).toBeHidden();
});
