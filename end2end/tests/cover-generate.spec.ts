// Generated covers on a card: an editor describes a picture, generates a preview (shown beside
// the current cover, nothing saved yet), regenerates it, uses it, and the card's cover is the
// preview; the back cover has its own prompt and preview. On a laptop and a phone.
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, noSideScroll, screenshot, setSystemProviders, signInAsAdmin, test, openSection } from './fixtures';

/** A fresh card made over the API; answers its slug. */
async function newCard(page: Page, title: string): Promise<string> {
  const stamp = Date.now().toString(36);
  const collection = await (await page.request.post('/api/collections', { data: { name: `Covers ${stamp}`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, {
    data: { title: `${title} ${stamp}`, description: 'Three short stories for bedtime', author: 'Oma Ilse' },
  })).json();
  return card.slug;
}

async function coverHash(page: Page, slug: string, field: 'cover_hash' | 'back_cover_hash'): Promise<string | null> {
  return (await (await page.request.get(`/api/cards/${slug}`)).json())[field];
}

test('an editor generates, regenerates and uses a cover for each side, on a laptop and a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  // the drawn covers: demo mode's simulator would answer the same prompt with the same picture
  const turnedOff = await setSystemProviders(page, false);
  try {
    await coverFlow(page);
  } finally {
    await setSystemProviders(page, true, turnedOff);
  }
});

async function coverFlow(page: Page) {
  const slug = await newCard(page, 'The Sleepy Owl');
  await gotoHydrated(page, `/cards/${slug}`);
  await openSection(page, 'card-art');
  const panel = page.getByRole('region', { name: 'Generate a cover' });
  await expect(panel).toBeVisible();
  const prompt = panel.getByLabel('Describe the front cover');
  await expect(prompt).toHaveValue(/The Sleepy Owl/);
  await expect(panel.getByRole('img', { name: 'Current front cover' })).toHaveCount(0);

  // generate: a busy state, then the preview beside "No cover yet"; nothing saved
  await prompt.fill('an owl under the moon and the stars');
  await panel.getByRole('button', { name: 'Generate', exact: true }).click();
  const preview = panel.getByRole('img', { name: 'Preview of the generated front cover' });
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await expect(preview).toHaveJSProperty('naturalWidth', 638);
  await expect(panel.getByText('No cover yet')).toBeVisible();
  expect(await coverHash(page, slug, 'cover_hash')).toBeNull();
  await screenshot(page, 'cover-generate.png');

  // a pending preview is still there after a reload
  await gotoHydrated(page, `/cards/${slug}`);
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole('button', { name: 'Regenerate' })).toBeVisible();
  // (the box starts from the card's saved prompt again: the typed one was not saved)
  await prompt.fill('an owl under the moon and the stars');

  // regenerate: a new picture
  const first = await preview.getAttribute('src');
  await panel.getByRole('button', { name: 'Regenerate' }).click();
  await expect.poll(() => preview.getAttribute('src'), { timeout: 60_000 }).not.toBe(first);

  // use it: the card's cover is the preview, shown as the current cover
  await panel.getByRole('button', { name: 'Use this cover' }).click();
  await expect(panel.getByText('Front cover saved.')).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole('img', { name: 'Current front cover' })).toBeVisible();
  const accepted = await coverHash(page, slug, 'cover_hash');
  expect(accepted).toBeTruthy();
  expect((await (await page.request.get(`/api/cards/${slug}`)).json()).cover_prompt).toBe('an owl under the moon and the stars');
  expect((await page.request.get(`/api/cards/${slug}/cover/preview`)).status()).toBe(404);
  // the Covers drop zone shows the new cover at once
  const zone = page.getByRole('group', { name: 'Front cover' });
  await expect(zone.getByRole('img', { name: 'Current image' })).toHaveAttribute('src', new RegExp(`v=${accepted}`));

  // a phone: the back side, its own prompt, generated and used; the page fits
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, `/cards/${slug}`);
  await panel.scrollIntoViewIfNeeded();
  await expect(panel.getByLabel('Describe the front cover')).toHaveValue('an owl under the moon and the stars');
  await panel.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(panel.getByRole('button', { name: 'Back', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const back = panel.getByLabel('Describe the back cover');
  await back.fill('stars and a crescent moon');
  await panel.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(panel.getByRole('img', { name: 'Preview of the generated back cover' })).toBeVisible({ timeout: 60_000 });
  await noSideScroll(page);
  await screenshot(page, 'cover-generate-phone.png');
  await panel.getByRole('button', { name: 'Use this cover' }).click();
  await expect(panel.getByText('Back cover saved.')).toBeVisible({ timeout: 30_000 });
  expect(await coverHash(page, slug, 'back_cover_hash')).toBeTruthy();
  expect(await coverHash(page, slug, 'cover_hash')).toBe(accepted);
}

test('an empty description is refused in the page and nothing is generated', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  const slug = await newCard(page, 'Quiet');
  await gotoHydrated(page, `/cards/${slug}`);
  await openSection(page, 'card-art');
  const panel = page.getByRole('region', { name: 'Generate a cover' });
  await panel.getByLabel('Describe the front cover').fill('   ');
  await panel.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(panel.getByRole('alert')).toContainText('Describe the picture first.');
  expect((await page.request.get(`/api/cards/${slug}/cover/preview`)).status()).toBe(404);
});
