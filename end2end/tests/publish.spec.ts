// Publishing in demo mode: the dialog on a card shows the plan, publishes with a progress bar
// and the card wears "On player"; publishing again sends nothing; after an edit the badge
// says so and the plan is an update with no audio to upload; the collection publishes too,
// and puts its cards on a player's shortcuts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { expect, gotoHydrated, screenshot, signInAsAdmin, test, tone, waitForPath } from './fixtures';

/** A card with one ready track in a new collection; answers `[collection, card]`. */
async function cardWithTrack(page: Page, dir: string, stamp: string): Promise<[{ id: string; slug: string }, { slug: string }]> {
  const collection = await (await page.request.post('/api/collections', { data: { name: `Publish ${stamp}`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `Moon ${stamp}`, description: '' } })).json();
  const upload = await page.request.post(`/api/cards/${card.slug}/tracks`, { multipart: { file: tone(dir, 'moon.wav', 2, 523) } });
  expect(upload.status()).toBe(201);
  const track = await upload.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/cards/${card.slug}/tracks/${track.slug}`)).json()).transcode_status, { timeout: 30_000 })
    .toBe('ready');
  return [collection, card];
}

test('a parent publishes a card, re-publishes nothing, and sees what an edit changes', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-e2e-'));
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  await page.goto('/api/player-accounts/link');
  await waitForPath(page, '/accounts');
  const [collection, card] = await cardWithTrack(page, dir, stamp);

  await gotoHydrated(page, `/cards/${card.slug}`);
  await expect(page.getByTestId('publish-badge')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish to player' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to player' });
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(dialog.getByRole('checkbox')).toBeChecked();
  await dialog.getByRole('button', { name: 'Check what will change' }).click();
  const plan = dialog.getByRole('list', { name: 'Publish plan' });
  await expect(plan).toContainText('New on the player · 1 audio file');
  await expect(plan).toContainText('1 icon');
  await screenshot(page, 'publish-plan.png');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(plan.getByRole('status')).toHaveText('Published', { timeout: 30_000 });
  await expect(plan.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(dialog.getByText('1 published')).toBeVisible();
  await expect(page.getByTestId('publish-badge')).toHaveText('On player');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);

  // after a reload the badge stays; publishing again would send nothing
  await gotoHydrated(page, `/cards/${card.slug}`);
  await expect(page.getByTestId('publish-badge')).toHaveText('On player');
  await page.getByRole('button', { name: 'Publish to player' }).click();
  await dialog.getByRole('button', { name: 'Check what will change' }).click();
  await expect(plan).toContainText('Unchanged: nothing to send');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // an edit: the badge says so and the plan updates without uploading audio again
  const edited = await page.request.put(`/api/cards/${card.slug}`, { data: { title: `Moon ${stamp}`, description: 'Now with a description' } });
  expect(edited.status()).toBe(204);
  await gotoHydrated(page, `/cards/${card.slug}`);
  await expect(page.getByTestId('publish-badge')).toHaveText('Changed since publishing');
  await page.getByRole('button', { name: 'Publish to player' }).click();
  await dialog.getByRole('button', { name: 'Compare with the player' }).click();
  await expect(dialog.getByRole('list', { name: 'Compared with the player' })).toContainText('changed here since publishing');
  await dialog.getByRole('button', { name: 'Check what will change' }).click();
  await expect(plan).toContainText('Update · no audio to upload');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'phone-publish.png');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('Escape');

  // the collection publishes its cards; its tiles wear the badges
  await gotoHydrated(page, `/collections/${collection.slug}`);
  const tiles = page.getByRole('list', { name: 'Cards in this collection' });
  await expect(tiles.getByTestId('publish-badge')).toHaveText('Changed since publishing');
  await page.getByRole('button', { name: 'Publish cards to player' }).click();
  await dialog.getByRole('button', { name: 'Check what will change' }).click();
  await expect(plan).toContainText('Update');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(plan.getByRole('status')).toHaveText('Published', { timeout: 30_000 });
  await expect(tiles.getByTestId('publish-badge')).toHaveText('On player');

  await dialog.getByRole('button', { name: 'Done' }).click();

  // the collection's cards go onto a player's shortcut buttons, now
  await page.getByRole('button', { name: 'Put on players…' }).click();
  const seed = page.getByRole('dialog', { name: 'Put on players' });
  await seed.getByLabel(/Bedroom player/).check();
  await seed.getByRole('button', { name: 'Put on players', exact: true }).click();
  await expect(seed.getByRole('status')).toContainText('the cards are on 1 player(s)', { timeout: 30_000 });
  await screenshot(page, 'seed.png');
});
