// Publishing in demo mode (the server runs the player platform's simulator; linking is
// approved at once). On a card: the dialog's plan says Create with one audio file, publishing
// fills a progress bar to "Published" and the card wears "On player"; publishing again would
// send nothing; renaming a track turns the badge to "Changed since publishing" and the plan to
// an Update with no audio. On the collection: cards are picked with checkboxes and published
// together, and the tiles follow. A link the platform dropped is offered disabled, with the
// way to link it again. Finally the cards go onto a player's shortcuts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { expect, gotoHydrated, screenshot, signInAsAdmin, test, tone, waitForPath } from './fixtures';

type Card = { slug: string; title: string };

/** A new card in `collectionId`, with one converted track when `seconds` is given. */
async function newCard(page: Page, collectionId: string, title: string, dir: string, seconds?: number): Promise<Card> {
  const card = await (await page.request.post(`/api/collections/${collectionId}/cards`, { data: { title, description: '' } })).json();
  if (seconds) {
    const upload = await page.request.post(`/api/cards/${card.slug}/tracks`, { multipart: { file: tone(dir, `${card.slug}.wav`, seconds, 523) } });
    expect(upload.status()).toBe(201);
    const track = await upload.json();
    await expect
      .poll(async () => (await (await page.request.get(`/api/cards/${card.slug}/tracks/${track.slug}`)).json()).transcode_status, { timeout: 30_000 })
      .toBe('ready');
  }
  return card;
}

/** Links the simulator's family account: the platform approves at once and sends us back. */
async function linkAccount(page: Page): Promise<void> {
  await page.goto('/api/player-accounts/link');
  await waitForPath(page, '/accounts');
}

/** How far the element (or the page) is wider than its box: > 0 means sideways scrolling. */
async function overflow(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((el) => el.scrollWidth - el.clientWidth);
}

test('a parent publishes a card, re-publishes nothing, sees what an edit changes and publishes a collection', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-e2e-'));
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  await linkAccount(page);
  const collection = await (await page.request.post('/api/collections', { data: { name: `Publish ${stamp}`, description: '' } })).json();
  const moon = await newCard(page, collection.id, `Moon ${stamp}`, dir, 2);

  // The card page: never published, so no badge yet.
  await gotoHydrated(page, `/cards/${moon.slug}`);
  await expect(page.getByRole('list', { name: 'Tracks in play order' }).getByRole('button', { name: /^Play / })).toBeVisible();
  const badge = page.locator('header').getByTestId('publish-badge');
  await expect(badge).toHaveCount(0);
  const open = page.getByRole('button', { name: 'Publish to player' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Publish to player' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(dialog.getByRole('checkbox', { name: 'parent@example.com' })).toBeChecked();

  // The plan: a new card on the player with one audio file to upload.
  await dialog.getByRole('button', { name: 'Check what will change' }).click();
  const plan = dialog.getByRole('list', { name: 'Publish plan' });
  const row = plan.getByRole('listitem', { name: `Moon ${stamp} → parent@example.com` });
  await expect(row.getByText('Create', { exact: true })).toBeVisible();
  await expect(row).toContainText('Uploads 1 audio file (');
  await expect(dialog.getByTestId('plan-summary')).toContainText('1 to create');
  await screenshot(page, 'publish-plan.png', { fullPage: false });

  // Publish: the bar fills, the row says Published, the header badge follows at once.
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(row.getByRole('status')).toHaveText('Published', { timeout: 30_000 });
  await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(dialog.getByText('1 published')).toBeVisible();
  await expect(badge).toHaveText('On player');
  await screenshot(page, 'publish-done.png', { fullPage: false });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();

  // After a reload the badge stays; publishing again would send nothing.
  await gotoHydrated(page, `/cards/${moon.slug}`);
  await expect(badge).toHaveText('On player');
  await open.click();
  await dialog.getByRole('button', { name: 'Check what will change' }).click();
  await expect(row.getByText('Unchanged', { exact: true })).toBeVisible();
  await expect(row).toContainText('nothing will be sent');
  await expect(dialog.getByText('Everything chosen is already on the player.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Renaming the track changes what would be published: the badge says so without a reload.
  const tracks = page.getByRole('list', { name: 'Tracks in play order' });
  await tracks.getByRole('button', { name: /^Actions for / }).click();
  await tracks.getByRole('button', { name: /^Rename / }).click();
  await tracks.getByLabel('New title').fill('Moon song');
  await tracks.getByRole('button', { name: 'Save title' }).click();
  await expect(tracks.getByText('Moon song', { exact: true })).toBeVisible();
  await expect(badge).toHaveText('Changed since publishing');
  await gotoHydrated(page, `/cards/${moon.slug}`);
  await expect(badge).toHaveText('Changed since publishing');

  // Verify says it in words; the plan is an update that uploads no audio.
  await open.click();
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByRole('list', { name: 'Verified on the player' })).toContainText('Changed here since publishing');
  await dialog.getByRole('button', { name: 'Check what will change' }).click();
  await expect(row.getByText('Update', { exact: true })).toBeVisible();
  await expect(row).toContainText('No audio to upload');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflow(page, 'dialog'), 'the dialog scrolls sideways on a phone').toBeLessThanOrEqual(0);
  expect(await overflow(page, 'html'), 'the page scrolls sideways on a phone').toBeLessThanOrEqual(0);
  await screenshot(page, 'phone-publish.png', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The collection: a second card with a track, and one without (shown, not choosable).
  const sun = await newCard(page, collection.id, `Sun ${stamp}`, dir, 1);
  const empty = await newCard(page, collection.id, `Empty ${stamp}`, dir);
  await gotoHydrated(page, `/collections/${collection.slug}`);
  const tiles = page.getByRole('list', { name: 'Cards in this collection' });
  const tile = (card: Card) => tiles.getByRole('listitem').filter({ hasText: card.title });
  await expect(tile(moon).getByTestId('publish-badge')).toHaveText('Changed since publishing');
  await expect(tile(sun).getByTestId('publish-badge')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish to player' }).click();
  await expect(dialog.getByRole('checkbox', { name: new RegExp(moon.title) })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: new RegExp(sun.title) })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: new RegExp(empty.title) })).toBeDisabled();
  await expect(dialog.getByText('2 of 2 cards chosen')).toBeVisible();
  await screenshot(page, 'publish-collection.png', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflow(page, 'dialog'), 'the dialog scrolls sideways on a phone').toBeLessThanOrEqual(0);
  await screenshot(page, 'phone-publish-collection.png', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Select none, then only the new card: the plan has one row.
  await dialog.getByRole('button', { name: 'Select none' }).click();
  await expect(dialog.getByRole('button', { name: 'Check what will change' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: new RegExp(sun.title) }).check();
  await dialog.getByRole('button', { name: 'Check what will change' }).click();
  await expect(plan.getByRole('listitem')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: 'Select all' }).click();
  await dialog.getByRole('button', { name: 'Check what will change' }).click();
  await expect(plan.getByRole('listitem', { name: new RegExp(moon.title) }).getByText('Update', { exact: true })).toBeVisible();
  await expect(plan.getByRole('listitem', { name: new RegExp(sun.title) }).getByText('Create', { exact: true })).toBeVisible();
  await screenshot(page, 'publish-collection-plan.png', { fullPage: false });
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(plan.getByRole('progressbar')).toHaveCount(2);
  // Closing the dialog loses nothing: opened again, it shows the same jobs.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish to player' }).click();
  await expect(plan.getByRole('status')).toHaveText(['Published', 'Published'], { timeout: 30_000 });
  await expect(dialog.getByText('2 published')).toBeVisible();
  await expect(tile(moon).getByTestId('publish-badge')).toHaveText('On player');
  await expect(tile(sun).getByTestId('publish-badge')).toHaveText('On player');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The collection's cards go onto a player's shortcut buttons, now.
  await page.getByRole('button', { name: 'Put on players…' }).click();
  const seed = page.getByRole('dialog', { name: 'Put on players' });
  await seed.getByLabel(/Bedroom player/).check();
  await seed.getByRole('button', { name: 'Put on players', exact: true }).click();
  await expect(seed.getByRole('status')).toContainText('the cards are on 1 player,', { timeout: 30_000 });
  await screenshot(page, 'seed.png', { fullPage: false });
  await seed.getByRole('button', { name: 'Close' }).first().click();

  // The all-cards page wears the same badges.
  await gotoHydrated(page, '/cards');
  await expect(page.getByRole('list', { name: 'Cards' }).getByRole('listitem').filter({ hasText: sun.title }).getByTestId('publish-badge')).toHaveText('On player');

  // The platform drops the link: the account is offered disabled, with the way to link again.
  const sim = new URL((await page.request.get('/api/player-accounts/link', { maxRedirects: 0 })).headers()['location']).origin;
  expect((await page.request.post(`${sim}/__sim/expire-access-tokens`)).status()).toBe(204);
  expect((await page.request.post(`${sim}/__sim/revoke-refresh-tokens`)).status()).toBe(204);
  expect((await page.request.get('/api/devices')).status()).toBe(200); // the next platform call finds out
  await expect
    .poll(async () => (await (await page.request.get('/api/player-accounts')).json()).accounts[0].status)
    .toBe('needs_relink');
  await gotoHydrated(page, `/cards/${moon.slug}`);
  await open.click();
  await expect(dialog.getByRole('checkbox', { name: 'parent@example.com' })).toBeDisabled();
  await expect(dialog.getByRole('link', { name: 'Link again on the Accounts page' })).toHaveAttribute('href', '/accounts');
  await expect(dialog.getByRole('button', { name: 'Check what will change' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
