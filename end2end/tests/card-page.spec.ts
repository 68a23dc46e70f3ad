// The card page, phone first: ten chapters fit in three phone screens before any section is
// opened, with no control under 44 px; "Add to this card" opens each way in one tap; one
// shared player plays a chapter and the next; folded sections open and stay open after a
// reload; the keyboard opens a chapter's actions and Escape closes them. On a laptop the
// sections stand beside the chapters. A folded section draws its editor when first opened.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { expect, gotoHydrated, noSideScroll, screenshot, setSystemProviders, signInAsAdmin, test, tone } from './fixtures';

const PHONE = { width: 390, height: 844 };

/** The visible controls of the page's main part smaller than 44 × 44 px (inline text links
 * excepted, as WCAG 2.5.8 does), as "tag name: w×h". */
async function smallTargets(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const small: string[] = [];
    for (const el of Array.from(main.querySelectorAll('button, summary, select, input:not([type=hidden]), [role=img][aria-label^="Drag"]'))) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || !el.checkVisibility()) continue; // folded away
      const checkbox = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
      if (checkbox || el instanceof HTMLInputElement && el.type === 'file') continue; // their label is the target
      const tooSmall = box.height < 43.5 || (el.tagName !== 'INPUT' && el.tagName !== 'SELECT' && box.width < 31.5);
      if (tooSmall) small.push(`${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)}: ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return small;
  });
}

test('the card page fits a phone with ten chapters', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-e2e-'));
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  const collection = await (await page.request.post('/api/collections', { data: { name: `Page ${stamp}`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `Ten tales ${stamp}`, description: 'Ten short tales for bedtime.' } })).json();
  for (let i = 1; i <= 10; i++) {
    const upload = await page.request.post(`/api/cards/${card.slug}/tracks`, { multipart: { file: tone(dir, `Tale number ${i}.wav`, 1, 300 + i * 40) } });
    expect(upload.status()).toBe(201);
  }
  const ready = async () =>
    ((await (await page.request.get(`/api/cards/${card.slug}`)).json()).tracks as { transcode_status: string }[]).filter((t) => t.transcode_status === 'ready').length;
  await expect.poll(ready, { timeout: 90_000 }).toBe(10);
  // a drawn cover (the offline painter: the simulator would answer with a plain picture)
  const turnedOff = await setSystemProviders(page, false);
  try {
    const drawn = await page.request.post(`/api/cards/${card.slug}/cover/generate`, { data: { prompt: 'a fox asleep under the moon', side: 'front' } });
    expect(drawn.status()).toBe(200);
    expect((await page.request.post(`/api/cards/${card.slug}/cover/accept-preview`, { data: { side: 'front' } })).status()).toBe(200);
  } finally {
    await setSystemProviders(page, true, turnedOff);
  }

  await page.setViewportSize(PHONE);
  await page.evaluate(() => localStorage.clear());
  await gotoHydrated(page, `/cards/${card.slug}`);
  const list = page.getByRole('list', { name: 'Tracks in play order' });
  await expect(list.locator('li[data-track-id]')).toHaveCount(10);
  await expect(page.locator('header').getByRole('img', { name: 'Front cover' })).toBeVisible();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, 'ten chapters in at most three phone screens').toBeLessThanOrEqual(3 * PHONE.height);
  await noSideScroll(page);
  expect(await smallTargets(page)).toEqual([]);
  await screenshot(page, 'card-phone.png');

  // Record is one tap away; so is every other way of adding.
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByRole('button', { name: /Start recording/ })).toBeVisible();
  await page.getByRole('button', { name: 'Type a story', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Add a spoken track' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Start recording/ })).toBeHidden();
  await page.getByRole('button', { name: 'Stream link', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Add a stream' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload files', exact: true }).click();
  await expect(page.getByText('Drop audio files here or choose files')).toBeVisible();
  await page.getByRole('button', { name: 'Upload files', exact: true }).click();
  await expect(page.getByText('Drop audio files here or choose files')).toBeHidden();

  // One player for the card: the first chapter plays, then the third takes its place.
  await list.getByRole('button', { name: 'Play Tale number 1', exact: true }).click();
  const bar = page.getByTestId('player-bar');
  await expect(bar).toBeInViewport();
  await expect(bar).toContainText('1. Tale number 1');
  await expect(list.getByRole('button', { name: 'Pause Tale number 1', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await list.getByRole('button', { name: 'Play Tale number 3' }).click();
  await expect(bar).toContainText('3. Tale number 3');
  await expect(page.locator('audio')).toHaveCount(1);
  // it plays on to the next chapter, as the player does
  await expect(bar).toContainText('4. Tale number 4', { timeout: 10_000 });
  await screenshot(page, 'card-phone-player.png', { fullPage: false });
  await bar.getByRole('button', { name: 'Close the player' }).click();
  await expect(bar).toHaveCount(0);

  // A chapter's actions by keyboard: ⋯ opens them with the focus on the first, Escape closes
  // them with the focus back on ⋯.
  const more = list.getByRole('button', { name: 'Actions for Tale number 2' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(list.getByRole('button', { name: 'Rename Tale number 2' })).toBeFocused();
  expect(await smallTargets(page)).toEqual([]);
  await screenshot(page, 'card-phone-actions.png', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(list.getByRole('group', { name: 'Actions for Tale number 2' })).toHaveCount(0);
  await expect(more).toBeFocused();
  // "Icon" opens the icon section at that chapter
  await more.click();
  await list.getByRole('button', { name: 'Change the icon of Tale number 2' }).click();
  await expect(page.locator('#variation-prompt-2')).toBeFocused();
  await expect(page.locator('#variation-prompt-2')).toBeInViewport();

  // Sections are remembered on this device.
  const art = page.locator('#section-card-art');
  await expect(art).toHaveJSProperty('open', true);
  await page.locator('#section-card-playback > summary').click();
  await expect(page.getByRole('region', { name: 'Playback' })).toBeVisible();
  await gotoHydrated(page, `/cards/${card.slug}`);
  await expect(page.getByRole('region', { name: 'Playback' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Covers' })).toBeVisible();
  await page.locator('#section-card-art > summary').click();
  await page.locator('#section-card-playback > summary').click();
  await gotoHydrated(page, `/cards/${card.slug}`);
  await expect(page.getByRole('region', { name: 'Playback' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Covers' })).toBeHidden();

  // On a laptop the sections stand beside the chapters.
  await page.setViewportSize({ width: 1280, height: 800 });
  const tracksBox = (await page.getByRole('region', { name: 'Tracks' }).boundingBox())!;
  const detailsBox = (await page.locator('#section-card-details').boundingBox())!;
  expect(detailsBox.x).toBeGreaterThan(tracksBox.x + tracksBox.width - 1);
  expect(detailsBox.y).toBeLessThan(tracksBox.y + 100);
  await screenshot(page, 'card-laptop.png');
});

test('a folded section draws its editor when first opened, and keeps what was typed', async ({ page }) => {
  await signInAsAdmin(page);
  const stamp = Date.now().toString(36);
  const collection = await (await page.request.post('/api/collections', { data: { name: `Folded ${stamp}`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `Folded ${stamp}`, description: 'Words to edit.' } })).json();
  await page.evaluate(() => localStorage.clear());

  // Folded, a section's body is not on the page at all (the server draws none, and the page
  // hydrates without it); opened, the editor is drawn.
  const answer = await page.request.get(`/collections/${collection.slug}`);
  expect(await answer.text()).not.toContain('profile_child_name');
  await gotoHydrated(page, `/collections/${collection.slug}`);
  await expect(page.locator('#section-collection-profile')).toBeVisible();
  await expect(page.getByLabel("Child's name")).toHaveCount(0);
  await page.locator('#section-collection-profile > summary').click();
  await expect(page.getByLabel("Child's name")).toBeVisible();
  // closing and opening again keeps the editor, and what was typed in it
  await page.getByLabel("Child's name").fill('Ada');
  await page.locator('#section-collection-profile > summary').click();
  await expect(page.getByLabel("Child's name")).toBeHidden();
  await page.locator('#section-collection-profile > summary').click();
  await expect(page.getByLabel("Child's name")).toHaveValue('Ada');

  // A remembered section is drawn open after a reload.
  await gotoHydrated(page, `/cards/${card.slug}`);
  await expect(page.locator('#card_description')).toHaveCount(0);
  await page.locator('#section-card-details > summary').click();
  await expect(page.locator('#card_description')).toHaveValue('Words to edit.');
  await gotoHydrated(page, `/cards/${card.slug}`);
  await expect(page.locator('#card_description')).toHaveValue('Words to edit.');
  // the form warns of a title longer than players take
  await page.locator('#card_title').fill('A'.repeat(120));
  await expect(page.getByText('Players take titles of up to 100 characters and this one has 120')).toBeVisible();
});
