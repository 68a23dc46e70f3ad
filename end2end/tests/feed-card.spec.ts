// A podcast made into a card, at laptop and phone sizes, against a podcast host on 127.0.0.1
// (the one private address the server may read feeds from: end2end/run.mjs allows its port):
// the collection's form reads the feed and brings in the latest episodes under a progress
// bar, the card plays them newest first, "Check for new episodes now" adds the new one and
// drops the oldest; on a phone, a feed that disappeared is said plainly and the card stays
// as it was, and keeping fewer episodes, oldest first, is applied at once.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { axe } from './a11y';
import { expect, gotoHydrated, screenshot, signInAsAdmin, test } from './fixtures';

const PORT = Number(process.env.CARDSMITH_E2E_FEED_PORT ?? 0);

/** What the host serves now. */
const show = { episodes: [1, 2, 3], gone: false };
let host: Server | null = null;
const audio = new Map<string, Buffer>();

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

function feed(): string {
  const items = show.episodes
    .map((n) => `<item><title>Night Walk, part ${n}</title><guid>night-${n}</guid>`
      + `<pubDate>Mon, 0${n} Jun 2025 08:00:00 GMT</pubDate>`
      + `<enclosure url="/ep/${n}.mp3" length="20000" type="audio/mpeg"/></item>`)
    .join('');
  return '<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">'
    + '<channel><title>Owl Radio</title><itunes:image href="/art.png"/>' + items + '</channel></rss>';
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.skip(!PORT, 'end2end/run.mjs gives the podcast host its port');
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-feed-'));
  for (const n of [1, 2, 3, 4]) {
    const file = join(dir, `${n}.mp3`);
    ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=${300 + n * 50}:duration=2`, file]);
    audio.set(`/ep/${n}.mp3`, readFileSync(file));
  }
  ffmpeg(['-f', 'lavfi', '-i', 'color=c=darkorange:s=128x128', '-frames:v', '1', join(dir, 'art.png')]);
  audio.set('/art.png', readFileSync(join(dir, 'art.png')));
  host = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/feed.xml') {
      if (show.gone) { res.writeHead(404).end(); return; }
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feed());
      return;
    }
    const body = audio.get(url);
    if (!body) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': url.endsWith('.png') ? 'image/png' : 'audio/mpeg' }).end(body);
  });
  await new Promise<void>((resolve) => host!.listen(PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (host ? host.close(() => resolve()) : resolve()));
});

async function newCollection(page: Page, name: string): Promise<string> {
  const made = await page.request.post('/api/collections', { data: { name: `${name} ${Date.now().toString(36)}`, description: '' } });
  return (await made.json()).slug;
}

function chapters(page: Page) {
  return page.getByRole('list', { name: 'Tracks in play order' });
}

let cardPath = '';

test('a parent makes a card of a podcast and checks it for new episodes', async ({ page }) => {
  await signInAsAdmin(page);
  const collection = await newCollection(page, 'Podcasts');
  await gotoHydrated(page, `/collections/${collection}`);
  await page.getByText('Make a card from a podcast').click();
  const form = page.getByTestId('feed-card-form');
  await form.getByLabel('Feed address').fill(`http://127.0.0.1:${PORT}/feed.xml`);
  await form.getByLabel('Episodes to keep').fill('2');
  await form.getByRole('button', { name: 'Make the card' }).click();
  await expect(form.getByRole('status')).toContainText('“Owl Radio” is ready with 2 episodes.', { timeout: 60_000 });
  await screenshot(page, 'feed-form.png');
  // the new card is in the collection's list at once
  await expect(page.getByRole('link', { name: /Owl Radio/ }).first()).toBeVisible();
  expect((await axe(page)).filter((f) => ['serious', 'critical'].includes(f.impact))).toEqual([]);

  await form.getByRole('link', { name: 'Open the card' }).click();
  await page.waitForSelector('html[data-hydrated="true"]');
  cardPath = new URL(page.url()).pathname;
  await expect(chapters(page)).toContainText('Night Walk, part 3');
  await expect(page.getByRole('img', { name: 'Front cover' })).toBeVisible();
  const rows = chapters(page).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Night Walk, part 3');
  await expect(rows.nth(1)).toContainText('Night Walk, part 2');

  // a new episode: checking now adds it and lets the oldest go
  show.episodes = [1, 2, 3, 4];
  await page.getByText('Podcast feed', { exact: true }).click();
  const panel = page.getByTestId('card-feed');
  await expect(panel).toContainText('Episodes come from Owl Radio');
  await panel.getByRole('button', { name: 'Check for new episodes now' }).click();
  await expect(rows.nth(0)).toContainText('Night Walk, part 4', { timeout: 60_000 });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Night Walk, part 3');
  await expect(panel).toContainText('Last checked');
  await screenshot(page, 'card-feed.png');
});

test('on a phone, a feed that disappeared leaves the card as it was', async ({ page }) => {
  test.skip(!cardPath, 'the first test makes the card');
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  await gotoHydrated(page, cardPath);
  const rows = chapters(page).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await page.getByText('Podcast feed', { exact: true }).click();
  const panel = page.getByTestId('card-feed');

  show.gone = true;
  await panel.getByRole('button', { name: 'Check for new episodes now' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'The last check could not read the feed (answered 404); the card was left as it was.',
    { timeout: 60_000 },
  );
  await expect(rows).toHaveCount(2);
  await screenshot(page, 'phone-card-feed.png');
  expect((await axe(page)).filter((f) => ['serious', 'critical'].includes(f.impact))).toEqual([]);

  // back again, one episode kept, oldest first: applied at once
  show.gone = false;
  await panel.getByLabel('Episodes to keep').fill('1');
  await panel.getByLabel('Chapter order').selectOption('oldest-first');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(rows).toHaveCount(1, { timeout: 60_000 });
  await expect(rows.nth(0)).toContainText('Night Walk, part 4');
  await expect(panel.getByRole('alert')).toHaveCount(0);
});
