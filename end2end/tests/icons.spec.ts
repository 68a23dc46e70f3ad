// Chapter icons on a card: an editor asks for a theme, approves a palette, generates icons for
// every chapter, asks for variations of one chapter (free and offline here, and said so
// before drawing), picks one, and the track list's icon changes; on a laptop and a phone.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from '@playwright/test';
import { expect, gotoHydrated, noSideScroll, screenshot, signInAsAdmin, test, tone, setSystemProviders, openSection } from './fixtures';

/** A card with two ready chapters, made over the API. */
async function cardWithChapters(page: Page): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-e2e-'));
  const stamp = Date.now().toString(36);
  const collection = await (await page.request.post('/api/collections', { data: { name: `Icons ${stamp}`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `Moon and stars ${stamp}`, description: 'A bedtime story about the moon, the stars and a sleepy owl' } })).json();
  for (const [name, hz] of [['The moon rises', 440], ['The owl sleeps', 660]] as const) {
    const upload = await page.request.post(`/api/cards/${card.slug}/tracks`, { multipart: { file: tone(dir, `${name}.wav`, 2, hz) } });
    expect(upload.ok()).toBeTruthy();
  }
  return card.slug;
}

/** The first track row's icon address. */
async function trackIcon(page: Page): Promise<string> {
  return (await page.getByRole('list', { name: 'Tracks in play order' }).getByTestId('track-icon').first().getAttribute('src')) ?? '';
}

test('an editor approves a theme, generates icons, picks a variation and the track icon changes, on a laptop and a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  // offline drawing: free, and said so before any call
  const turnedOff = await setSystemProviders(page, false);
  try {
    await iconsFlow(page);
  } finally {
    await setSystemProviders(page, true, turnedOff);
  }
});

async function iconsFlow(page: Page) {
  const slug = await cardWithChapters(page);
  await gotoHydrated(page, `/cards/${slug}`);
  await openSection(page, 'card-art');
  const panel = page.getByRole('region', { name: 'Icons' });
  await expect(panel).toBeVisible();
  const chapters = panel.getByRole('list', { name: 'Chapter icons' }).getByTestId('chapter-icon');
  await expect(chapters).toHaveCount(2);

  // theme: palettes as swatches with names, one approved
  await panel.getByRole('button', { name: 'Suggest a theme' }).click();
  const palettes = panel.getByTestId('palette');
  await expect(palettes.first()).toBeVisible({ timeout: 60_000 });
  const firstName = (await palettes.first().locator('p').first().textContent())!.trim();
  await palettes.first().getByRole('button', { name: `Approve ${firstName}` }).click();
  await expect(panel.getByTestId('icon-theme-approved')).toHaveText(`Approved theme: ${firstName}`);
  // after a reload the approved theme is still shown, with its swatches
  await gotoHydrated(page, `/cards/${slug}`);
  await expect(panel.getByTestId('icon-theme-approved')).toHaveText(`Approved theme: ${firstName}`);
  await expect(panel.getByRole('button', { name: `Approve ${firstName}` })).toHaveAttribute('aria-pressed', 'true');

  // who draws, said before any call
  await expect(panel.getByTestId('icon-drawer')).toHaveText('Drawn by the built-in offline generators: free, offline.');
  const drawer = (await panel.getByTestId('icon-drawer').textContent())!;
  const paid = drawer.includes('(paid)');
  const free = drawer.includes('free, offline') ? 'free, offline' : 'free';
  const confirmIfPaid = async () => {
    if (paid) {
      await expect(panel.getByTestId('icon-cost')).toContainText('Estimated cost: about $');
      await panel.getByRole('button', { name: 'Yes, draw' }).click();
    }
  };

  // generate all: a busy state, then the outcome
  const before = await trackIcon(page);
  await panel.getByRole('button', { name: 'Generate all' }).click();
  await confirmIfPaid();
  await expect(panel.getByRole('status').filter({ hasText: /icon/i }).first()).toBeVisible({ timeout: 90_000 });
  await expect(panel.getByRole('button', { name: 'Generate all' })).toBeEnabled({ timeout: 90_000 });
  await expect.poll(() => trackIcon(page), { timeout: 30_000 }).not.toBe(before);

  // variations of the second chapter: six, at 16x16 and enlarged
  const second = chapters.nth(1);
  await second.getByLabel('How many variations of The owl sleeps').selectOption('6');
  await second.getByRole('button', { name: 'Variations of The owl sleeps' }).click();
  await confirmIfPaid();
  const grid = second.getByRole('list', { name: 'Variations of The owl sleeps' });
  await expect(grid.getByTestId('variation')).toHaveCount(6, { timeout: 90_000 });
  if (!paid) await expect(second.getByText(`6 variations · ${free}`, { exact: true })).toBeVisible();
  const previews = grid.locator('img');
  await expect(previews.first()).toHaveJSProperty('naturalWidth', 16);
  await expect(previews.first()).toHaveJSProperty('width', 16);
  await expect(previews.nth(1)).toHaveCSS('image-rendering', 'pixelated');
  await screenshot(page, 'icons.png');

  // pick a variation unlike the current icon: it is chosen, and the second track's icon in
  // the list changes to it
  const current = await (await page.request.get(`/api/cards/${slug}/icons/2`)).body();
  let pick = -1;
  for (let i = 0; i < 6 && pick < 0; i++) {
    const preview = await (await page.request.get(`/api/cards/${slug}/icons/2/preview/${i}`)).body();
    if (!preview.equals(current)) pick = i;
  }
  expect(pick, 'a variation differs from the current icon').toBeGreaterThanOrEqual(0);
  const list = page.getByRole('list', { name: 'Tracks in play order' });
  const secondIcon = () => list.getByTestId('track-icon').nth(1).getAttribute('src');
  const was = await secondIcon();
  const use = grid.getByRole('button', { name: `Use variation ${pick + 1} for The owl sleeps` });
  await use.click();
  await expect(use).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(secondIcon, { timeout: 30_000 }).not.toBe(was);
  const chosen = await (await page.request.get(`/api/cards/${slug}/icons/2`)).body();
  const preview = await (await page.request.get(`/api/cards/${slug}/icons/2/preview/${pick}`)).body();
  expect(chosen.equals(preview)).toBeTruthy();

  // a phone: the panel and its grid fit
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, `/cards/${slug}`);
  await expect(panel).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await panel.getByRole('list', { name: 'Chapter icons' }).getByTestId('chapter-icon').first()
    .getByRole('button', { name: 'Variations of The moon rises' }).click();
  await confirmIfPaid();
  await expect(panel.getByRole('list', { name: 'Variations of The moon rises' }).getByTestId('variation')).toHaveCount(4, { timeout: 90_000 });
  await noSideScroll(page);
  await screenshot(page, 'icons-phone.png');
}
