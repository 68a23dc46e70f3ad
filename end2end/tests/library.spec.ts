// The card library with 120 cards (a parent of their own, so other specs' cards stay out):
// search by a track's name, filter by collection and tracks, the list view, paging, and a
// reload that shows the same state; on a laptop and on a phone. The collection page's list
// answers the same way.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { expect, gotoHydrated, noSideScroll, screenshot, signInAsAdmin, submitLogin, test, tone, waitForPath } from './fixtures';

const PASSWORD = 'a-long-enough-password';

/** Creates `titles` in the collection, ten requests at a time. */
async function createCards(page: Page, collectionId: string, titles: string[]): Promise<{ slug: string; title: string }[]> {
  const made: { slug: string; title: string }[] = [];
  for (let i = 0; i < titles.length; i += 10) {
    const batch = titles.slice(i, i + 10).map(async (title) => {
      const r = await page.request.post(`/api/collections/${collectionId}/cards`, { data: { title, description: '' } });
      expect(r.status()).toBe(201);
      return r.json();
    });
    made.push(...(await Promise.all(batch)));
  }
  return made;
}

const pad = (n: number) => String(n).padStart(3, '0');

/** Marks the loaded document; `stillLoaded` says whether it is still the one shown (a page
 * load replaces it, an answer in place does not). */
async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => ((window as unknown as { __marked?: boolean }).__marked = true));
  return () => page.evaluate(() => (window as unknown as { __marked?: boolean }).__marked === true);
}

test('a parent finds one card among 120: search, filters, list view, pages, reload, phone', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const email = `library-${stamp}@example.com`;
  await signInAsAdmin(page);
  expect((await page.request.post('/api/admin/users', { data: { email, password: PASSWORD, role: 'user' } })).status()).toBe(201);
  await page.context().clearCookies();
  await gotoHydrated(page, '/login');
  await submitLogin(page, email, PASSWORD);
  await waitForPath(page, '/cards');

  // 100 stories at bedtime, 20 songs for the car; one story has a chapter called "Moonlight lullaby"
  const bedtime = await (await page.request.post('/api/collections', { data: { name: 'Bedtime', description: '' } })).json();
  const car = await (await page.request.post('/api/collections', { data: { name: 'Car trips', description: '' } })).json();
  const stories = await createCards(page, bedtime.id, Array.from({ length: 100 }, (_, i) => `Story ${pad(i)}`));
  await createCards(page, car.id, Array.from({ length: 20 }, (_, i) => `Road song ${pad(i)}`));
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-e2e-'));
  const target = stories[42];
  const upload = await page.request.post(`/api/cards/${target.slug}/tracks`, { multipart: { file: tone(dir, 'moonlight-lullaby.wav', 1, 440) } });
  expect(upload.status()).toBe(201);
  const track = await upload.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/cards/${target.slug}/tracks/${track.slug}`)).json()).transcode_status, { timeout: 30_000 })
    .toBe('ready');

  const cards = page.getByRole('list', { name: 'Cards' });
  const count = page.getByTestId('result-count');
  const status = page.getByTestId('result-announcement');

  // The first page: 48 tiles of 120, by title.
  await gotoHydrated(page, '/cards');
  await expect(count).toHaveText('Showing 1–48 of 120 cards');
  await expect(cards.getByRole('listitem')).toHaveCount(48);
  await expect(cards.getByRole('listitem').first()).toContainText('Road song 000');
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 3' })).toBeVisible();
  await screenshot(page, 'library-laptop.png', { fullPage: false });

  // A song's name finds its card; the count is announced.
  await page.getByLabel('Search cards', { exact: true }).fill('lullaby');
  await expect(page).toHaveURL(/[?&]q=lullaby/);
  await expect(count).toHaveText('Showing 1–1 of 1 card');
  await expect(status).toHaveText('Showing 1–1 of 1 card');
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards.getByRole('listitem')).toContainText(target.title);
  await expect(page.getByLabel('Search cards', { exact: true }), 'typing is not interrupted').toBeFocused();
  await screenshot(page, 'library-search.png', { fullPage: false });

  // Nothing matches: said so, and one link clears it, in place (the box keeps no words).
  await page.getByLabel('Search cards', { exact: true }).fill('no such thing anywhere');
  await expect(page.getByRole('heading', { name: 'No cards match' })).toBeVisible();
  await expect(status).toHaveText('No cards match');
  const stillLoaded = await markDocument(page);
  await page.getByRole('link', { name: 'Clear search and filters' }).click();
  await expect(count).toHaveText('Showing 1–48 of 120 cards');
  await expect(page).toHaveURL(/\/cards$/);
  await expect(page.getByLabel('Search cards', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Search cards', { exact: true }), 'the focus left the link the answer replaced').toBeFocused();
  expect(await stillLoaded(), 'cleared in place, not by loading the page').toBe(true);

  // Filters: one collection, then only cards with tracks in it.
  await page.getByLabel('Collection', { exact: true }).selectOption({ label: 'Bedtime' });
  await expect(count).toHaveText('Showing 1–48 of 100 cards');
  await page.getByLabel('Tracks', { exact: true }).selectOption({ label: 'Has tracks' });
  await expect(count).toHaveText('Showing 1–1 of 1 card');
  await page.getByLabel('Tracks', { exact: true }).selectOption({ label: 'No tracks yet' });
  await expect(count).toHaveText('Showing 1–48 of 99 cards');
  await page.getByLabel('Tracks', { exact: true }).selectOption({ label: 'Any' });
  await page.getByLabel('Collection', { exact: true }).selectOption({ label: 'All collections' });
  await expect(count).toHaveText('Showing 1–48 of 120 cards');

  // The list view: 100 rows a page; page 2 holds the rest; sorted by newest.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(count).toHaveText('Showing 1–100 of 120 cards');
  await expect(cards.getByRole('listitem')).toHaveCount(100);
  await expect(cards.getByRole('listitem').filter({ hasText: target.title })).toContainText('1 track');
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(count).toHaveText('Showing 101–120 of 120 cards');
  await page.goBack();
  await expect(count).toHaveText('Showing 1–100 of 120 cards');
  await page.goForward();
  await expect(count).toHaveText('Showing 101–120 of 120 cards');
  await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Recently created' });
  await expect(count).toHaveText('Showing 1–100 of 120 cards');
  await expect(cards.getByRole('listitem').first()).toContainText(/Road song 01\d/); // the last batch
  // every word counts, anywhere: Story 040–049, and 004
  await page.getByLabel('Search cards', { exact: true }).fill('story 04');
  await expect(count).toHaveText('Showing 1–11 of 11 cards');
  await screenshot(page, 'library-list-laptop.png', { fullPage: false });

  // A reload shows the same state, rendered by the server already answered.
  const address = page.url();
  expect(address).toMatch(/q=story%2004/);
  const html = await (await page.request.get(address)).text();
  expect(html).toContain('Showing 1–11 of 11 cards');
  expect(html).not.toContain('Road song');
  await gotoHydrated(page, address);
  await expect(count).toHaveText('Showing 1–11 of 11 cards');
  await expect(page.getByLabel('Search cards', { exact: true })).toHaveValue('story 04');
  await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('created');
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.getByRole('listitem')).toHaveCount(11);
  await expect(cards.getByRole('listitem').first()).toContainText(/Story 0\d\d/);

  // A phone: the controls wrap, the rows stay readable, nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Search cards', { exact: true }).fill('');
  await expect(count).toHaveText('Showing 1–100 of 120 cards');
  await noSideScroll(page);
  await screenshot(page, 'library-list-phone.png', { fullPage: false });
  await page.getByRole('button', { name: 'Tiles' }).click();
  await expect(count).toHaveText('Showing 1–48 of 120 cards');
  await noSideScroll(page);
  await screenshot(page, 'library-phone.png', { fullPage: false });
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).scrollIntoViewIfNeeded();
  await noSideScroll(page);
  await screenshot(page, 'library-phone-pager.png', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A collection's own list answers the same way, without a collection filter.
  await gotoHydrated(page, `/collections/${bedtime.slug}?view=list`);
  const inCollection = page.getByRole('list', { name: 'Cards in this collection' });
  await expect(page.getByTestId('result-count')).toHaveText('Showing 1–100 of 100 cards');
  await expect(page.getByLabel('Collection', { exact: true })).toHaveCount(0);
  await page.getByLabel('Search cards', { exact: true }).fill('lullaby');
  await expect(page.getByTestId('result-count')).toHaveText('Showing 1–1 of 1 card');
  await expect(inCollection.getByRole('listitem')).toContainText(target.title);
  await expect(page).toHaveURL(new RegExp(`/collections/${bedtime.slug}\\?q=lullaby&view=list$`));
  await screenshot(page, 'library-collection.png', { fullPage: false });
});
