// Adding a folder of audio, at laptop and phone sizes: a folder chosen with the browser's
// directory picker becomes a plan (tag order, titles, cover, icons, the damaged file named),
// a reload keeps what was sent (choosing the folder again sends nothing twice), the parent
// edits a title and confirms, and the card plays its chapters in order; on a phone, a ZIP
// becomes one card.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { expect, gotoHydrated, screenshot, signInAsAdmin, test } from './fixtures';

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

/** A chapter: `seconds` of a tone with ID3 tags. */
function chapter(file: string, hz: number, title: string, track: number): void {
  ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=2`, '-metadata', `title=${title}`, '-metadata', `track=${track}/3`, '-metadata', 'album=Night Walk', file]);
}

/** "Night Walk/": three tagged chapters whose numbers run against their names, a cover, a
 * damaged file and notes. */
function nightWalk(): string {
  const root = mkdtempSync(join(tmpdir(), 'cardsmith-drop-'));
  const folder = join(root, 'Night Walk');
  mkdirSync(folder);
  chapter(join(folder, 'a.mp3'), 330, 'The Moon Rises', 3);
  chapter(join(folder, 'b.mp3'), 440, 'An Owl Calls', 2);
  chapter(join(folder, 'c.mp3'), 550, 'Leaving Home', 1);
  ffmpeg(['-f', 'lavfi', '-i', 'color=c=navy:s=96x96', '-frames:v', '1', join(folder, 'cover.jpg')]);
  writeFileSync(join(folder, 'broken.mp3'), 'ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000not audio');
  writeFileSync(join(folder, 'notes.txt'), 'read slowly');
  return folder;
}

async function newCollection(page: Page, name: string): Promise<string> {
  const made = await page.request.post('/api/collections', { data: { name: `${name} ${Date.now().toString(36)}`, description: '' } });
  return (await made.json()).id;
}

test('a parent drops a folder, edits the plan and the card plays in order', async ({ page }) => {
  await signInAsAdmin(page);
  const collection = await newCollection(page, 'Drops');
  const folder = nightWalk();
  await gotoHydrated(page, `/drop?collection=${collection}`);
  await page.locator('#drop-folder').setInputFiles(folder);

  await expect(page.getByTestId('drop-counts')).toHaveText('6 of 6 files sent', { timeout: 30_000 });
  const plan = page.getByRole('list', { name: 'Planned cards' });
  await expect(plan.getByLabel('Card title')).toHaveValue('Night Walk');
  const titles = plan.getByLabel('Chapter title');
  await expect(titles).toHaveCount(3);
  await expect(titles.nth(0)).toHaveValue('Leaving Home');
  await expect(titles.nth(1)).toHaveValue('An Owl Calls');
  await expect(titles.nth(2)).toHaveValue('The Moon Rises');
  await expect(plan).toContainText('cover: cover.jpg');
  await expect(plan).toContainText('icon: owl (100%)');
  await expect(page.getByTestId('drop-refused')).toContainText('Night Walk/broken.mp3');
  await screenshot(page, 'drop-plan.png');

  // a reload keeps the drop: choosing the folder again sends nothing twice
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/files')) sent.push(r.url());
  });
  await page.reload();
  await page.waitForSelector('html[data-hydrated="true"]');
  await expect(plan.getByLabel('Chapter title')).toHaveCount(3);
  await page.locator('#drop-folder').setInputFiles(folder);
  await expect(page.getByTestId('drop-counts')).toHaveText('6 of 6 files sent');
  expect(sent).toEqual([]);

  await titles.nth(0).fill('Out of the Door');
  await titles.nth(0).blur();
  await page.getByRole('button', { name: 'Make 1 card (3 chapters)' }).click();
  await expect(page.getByRole('heading', { name: '1 card made' })).toBeVisible();
  await expect(page.getByTestId('drop-ready')).toHaveText('3 of 3 chapters ready to play', { timeout: 60_000 });
  await page.getByRole('link', { name: 'Night Walk' }).click();
  await page.waitForSelector('html[data-hydrated="true"]');

  const list = page.getByRole('list', { name: 'Tracks in play order' });
  await list.getByRole('button', { name: 'Play Out of the Door', exact: true }).click();
  const bar = page.getByTestId('player-bar');
  await expect(bar).toContainText('1. Out of the Door');
  // it plays on to the next chapter, in the tags' order
  await expect(bar).toContainText('2. An Owl Calls', { timeout: 10_000 });
});

test('on a phone, a parent drops a ZIP and makes one card of it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  const collection = await newCollection(page, 'Phone drops');
  const folder = nightWalk();
  const zip = join(folder, '..', 'Night Walk.zip');
  execFileSync('python3', ['-c', 'import shutil, sys; shutil.make_archive(sys.argv[1], "zip", sys.argv[2], "Night Walk")', zip.slice(0, -4), join(folder, '..')]);
  await gotoHydrated(page, `/drop?collection=${collection}`);
  await page.locator('#drop-files').setInputFiles(zip);

  // the ZIP is one file sent; its six files make the plan
  await expect(page.getByTestId('drop-counts')).toHaveText('1 of 1 file sent', { timeout: 30_000 });
  const plan = page.getByRole('list', { name: 'Planned cards' });
  await expect(plan.getByLabel('Chapter title')).toHaveCount(3);
  await page.getByLabel('One card for everything').check();
  await expect(plan.getByLabel('Card title')).toHaveValue('Night Walk');
  await screenshot(page, 'phone-drop.png');
  await page.getByRole('button', { name: 'Make 1 card (3 chapters)' }).click();
  await expect(page.getByTestId('drop-ready')).toHaveText('3 of 3 chapters ready to play', { timeout: 60_000 });
});
