// A spoken track on a card: an editor types a story, picks an offline voice from the picker
// (grouped by language, the browser's first, labelled in words, never wider than its panel),
// previews it (the audio plays in the page), adds the track and sees it converted into the
// track list with its duration; on a laptop and a phone. A card of a French collection lists
// French first, starts with the collection's voice and narrows the list by a typed word.
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, noSideScroll, screenshot, signInAsAdmin, test, chooseAddWay } from './fixtures';
import { groupLabels, insidePanel, previewPlays } from './voices';

const STORY = 'Once upon a time, a little fox curled up under the moon. The stars blinked, and the fox fell asleep.';

/** A new empty card, made over the API, in a new collection whose child profile has
 * `voice` (its language is the collection's); answers the card's slug. */
async function emptyCard(page: Page, label: string, voice = ''): Promise<string> {
  const stamp = Date.now().toString(36);
  const collection = await (await page.request.post('/api/collections', { data: { name: `Spoken ${label} ${stamp}`, description: '' } })).json();
  if (voice) {
    const profile = { child_name: '', child_age: null, friends: '', interests: '', notes: '', pets: '', avoid_themes: '', prompt_template: '', vocab_level: '', voice_id: voice, duration_min: 10 };
    expect((await page.request.patch(`/api/collections/${collection.id}/profile`, { data: profile })).status()).toBe(204);
  }
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `Fox ${label} ${stamp}`, description: '' } })).json();
  return card.slug;
}

for (const size of [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`an editor previews a voice and adds a spoken track, on a ${size.name}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signInAsAdmin(page);
    const slug = await emptyCard(page, size.name);
    await gotoHydrated(page, `/cards/${slug}`);
    await chooseAddWay(page, 'Type a story');
    const panel = page.getByRole('region', { name: 'Add a spoken track' });
    await expect(panel).toBeVisible();

    // the text and its counter
    const text = panel.getByLabel('Text to speak');
    await text.fill(STORY);
    await expect(panel.getByText(`${STORY.length} / 5000 characters`)).toBeVisible();

    // voices grouped by language, the browser's (en-US) first; flite's clear voice chosen
    const voice = panel.getByLabel('Voice', { exact: true });
    const groups = await groupLabels(voice);
    expect(groups[0]).toBe('English (US)');
    expect(groups.slice(1, 3)).toEqual(['English (Caribbean)', 'English (UK)']);
    expect(groups).toContain('Deutsch');
    const hasFlite = (await voice.locator('option[value="flite:slt"]').count()) > 0;
    await expect(voice).toHaveValue(hasFlite ? 'flite:slt' : 'espeak:en-us');
    if (hasFlite) await expect(voice.locator('option:checked')).toHaveText('Female, clear — flite');
    // espeak-ng's robotic voices come after flite's within the language
    const english = await voice.locator('optgroup').first().locator('option').allTextContents();
    expect(english.findIndex((l) => l.includes('espeak-ng'))).toBeGreaterThan(english.findLastIndex((l) => l.endsWith('— flite')));
    await expect(panel.locator('#spoken_voice-about')).toContainText('English');
    // offline voices follow no instructions: the field is not offered
    await expect(panel.getByLabel('How to speak (optional)')).toHaveCount(0);
    await insidePanel(voice, panel);

    // preview: real audio in the page, with a length
    await previewPlays(page, panel);

    // another voice, then add with a title
    await voice.selectOption('espeak:en-gb');
    await expect(panel.locator('#spoken_voice-about')).toContainText('English');
    await voice.selectOption(hasFlite ? 'flite:slt' : 'espeak:en-us');
    await panel.getByLabel('Title (optional)').fill('The sleepy fox');
    await screenshot(page, `spoken-track-${size.name}.png`);
    await noSideScroll(page);
    await panel.getByRole('button', { name: 'Add spoken track' }).click();

    // progress, then ready; the track is in the list
    await expect(panel.getByRole('status').filter({ hasText: 'is ready to play' })).toBeVisible({ timeout: 90_000 });
    const list = page.getByRole('list', { name: 'Tracks in play order' });
    await expect(list.getByText('The sleepy fox')).toBeVisible();
    await expect(text).toHaveValue('');
    await screenshot(page, `spoken-track-added-${size.name}.png`);

    const detail = await (await page.request.get(`/api/cards/${slug}/tracks/the-sleepy-fox`)).json();
    expect(detail.source_type).toBe('tts');
    expect(detail.transcode_status).toBe('ready');
    expect(detail.tts_text).toBe(STORY);
    expect(detail.duration_ms).toBeGreaterThan(2000);

    // a second one, placed before the first chapter
    await text.fill('The end. Sleep well, little fox.');
    await panel.getByLabel('Title (optional)').fill('A prologue');
    const where = panel.getByLabel('Where it goes');
    await expect(where.locator('option')).toHaveCount(2);
    await where.selectOption({ label: 'Before 1. The sleepy fox' });
    await panel.getByRole('button', { name: 'Add spoken track' }).click();
    await expect(panel.getByRole('status').filter({ hasText: '“A prologue” is ready to play' })).toBeVisible({ timeout: 90_000 });
    const card = await (await page.request.get(`/api/cards/${slug}`)).json();
    expect(card.tracks.map((t: { title: string }) => t.title)).toEqual(['A prologue', 'The sleepy fox']);
    await expect(where).toHaveValue('');
  });
}

test('a text over the limit is refused before anything is sent', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  const slug = await emptyCard(page, 'long');
  await gotoHydrated(page, `/cards/${slug}`);
  await chooseAddWay(page, 'Type a story');
  const panel = page.getByRole('region', { name: 'Add a spoken track' });
  await panel.getByLabel('Text to speak').fill('a'.repeat(5001));
  await expect(panel.getByText('5001 / 5000 characters')).toBeVisible();
  await expect(panel.getByLabel('Text to speak')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByRole('button', { name: 'Add spoken track' })).toBeDisabled();
});

test.describe('a card of a French collection', () => {
  test.use({ locale: 'en-GB' });
  for (const size of [
    { name: 'laptop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`lists French first, then the browser's English, and starts with the collection's voice, on a ${size.name}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await signInAsAdmin(page);
      const slug = await emptyCard(page, `fr-${size.name}`, 'espeak:fr-fr');
      await gotoHydrated(page, `/cards/${slug}`);
      await chooseAddWay(page, 'Type a story');
      const panel = page.getByRole('region', { name: 'Add a spoken track' });
      const voice = panel.getByLabel('Voice', { exact: true });
      const groups = await groupLabels(voice);
      // the collection's language, its other places, then the browser's (en-GB), then English elsewhere
      expect(groups.slice(0, 6)).toEqual(['Français (France)', 'Français (Belgique)', 'Français (Suisse)', 'English (UK)', 'English (Caribbean)', 'English (US)']);
      // then every other language by its name, accents ignored
      const rest = groups.slice(6).filter((g) => /^[A-Za-zÀ-ž]/.test(g));
      const key = (g: string) => g.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
      expect(rest.map(key)).toEqual([...rest.map(key)].sort());
      expect(rest.indexOf('Deutsch')).toBeLessThan(rest.indexOf('Italiano'));
      await expect(voice).toHaveValue('espeak:fr-fr');
      await expect(voice.locator('option:checked')).toHaveText('Default voice — espeak-ng, robotic');
      await expect(panel.getByTestId('voice-language')).toContainText('Français (France) is listed first');
      await insidePanel(voice, panel);
      await noSideScroll(page);

      await panel.getByLabel('Text to speak').fill('Il était une fois un petit renard qui dormait sous la lune.');
      await previewPlays(page, panel);

      // a word narrows the list; the chosen voice stays in it
      await panel.getByLabel('Find a voice').fill('deutsch');
      await expect.poll(() => groupLabels(voice)).toEqual(['Français (France)', 'Deutsch']);
      await expect(voice).toHaveValue('espeak:fr-fr');
      await voice.selectOption('espeak:de');
      await panel.getByLabel('Find a voice').fill('');
      await expect.poll(async () => (await groupLabels(voice)).length).toBeGreaterThan(50);
      await expect(voice).toHaveValue('espeak:de');
      await insidePanel(voice, panel);
      await noSideScroll(page);
      await screenshot(page, `spoken-track-french-${size.name}.png`);
    });
  }
});
