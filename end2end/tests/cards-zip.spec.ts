// A parent's cards as a ZIP: downloaded from one collection's page (with its progress, then a
// link), imported into another collection from its page (the cards come back with their
// chapters, a second import makes nothing twice), and everything the parent sees downloaded
// from Settings; at laptop and phone sizes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, gotoHydrated, noSideScroll, openSection, screenshot, signInAsAdmin, test, tone } from './fixtures';

test('a parent downloads a collection as a ZIP and imports it into another, on a laptop and a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-e2e-'));
  const stamp = Date.now().toString(36);
  const from = await (await page.request.post('/api/collections', { data: { name: `Bedtime ${stamp}`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${from.id}/cards`, { data: { title: `Owls ${stamp}`, description: '' } })).json();
  for (const [i, name] of ['Dusk', 'Night'].entries()) {
    const upload = await page.request.post(`/api/cards/${card.slug}/tracks`, { multipart: { file: tone(dir, `${name}.wav`, 2, 300 + i * 90) } });
    expect(upload.ok()).toBeTruthy();
  }

  await gotoHydrated(page, `/collections/${from.slug}`);
  await openSection(page, 'collection-zip');
  const section = page.getByTestId('download-cards');
  await section.getByRole('button', { name: 'Download as a ZIP' }).click();
  const link = section.getByRole('link', { name: 'Download the ZIP' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'cards-zip.png');
  const download = page.waitForEvent('download');
  await link.click();
  const zipPath = await (await download).path();
  expect(zipPath).toBeTruthy();

  // into another collection, on a phone
  await page.setViewportSize({ width: 390, height: 844 });
  const to = await (await page.request.post('/api/collections', { data: { name: `Copies ${stamp}`, description: '' } })).json();
  await gotoHydrated(page, `/collections/${to.slug}`);
  await openSection(page, 'collection-zip');
  await page.getByLabel('ZIP file').setInputFiles(zipPath!);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 card made, 2 tracks being converted.' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: /^Open owls-/ })).toBeVisible();
  await noSideScroll(page);
  await screenshot(page, 'phone-cards-zip.png');
  const cards = await (await page.request.get(`/api/collections/${to.id}/cards`)).json();
  expect(cards.map((c: { title: string }) => c.title)).toEqual([`Owls ${stamp}`]);
  const copy = await (await page.request.get(`/api/cards/${cards[0].slug}`)).json();
  expect(copy.tracks.map((t: { title: string }) => t.title)).toEqual(['Dusk', 'Night']);
  // again: nothing twice
  await page.getByLabel('ZIP file').setInputFiles(zipPath!);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 card was here already.' })).toBeVisible({ timeout: 30_000 });

  // everything the parent sees, from Settings
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, '/settings');
  const mine = page.getByTestId('download-cards');
  await mine.getByRole('button', { name: 'Download as a ZIP' }).click();
  await expect(mine.getByRole('link', { name: 'Download the ZIP' })).toBeVisible({ timeout: 60_000 });
});
