// A spoken track on a card: an editor types a story, picks an offline voice from the grouped
// picker, previews it (the audio plays in the page), adds the track and sees it converted
// into the track list with its duration; on a laptop and a phone.
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, noSideScroll, screenshot, signInAsAdmin, test, chooseAddWay } from './fixtures';

const STORY = 'Once upon a time, a little fox curled up under the moon. The stars blinked, and the fox fell asleep.';

/** A new empty card, made over the API; answers its slug. */
async function emptyCard(page: Page, label: string): Promise<string> {
  const stamp = Date.now().toString(36);
  const collection = await (await page.request.post('/api/collections', { data: { name: `Spoken ${label} ${stamp}`, description: '' } })).json();
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

    // voices grouped by provider; the offline default chosen and described
    const voice = panel.getByLabel('Voice', { exact: true });
    await expect(voice.locator('optgroup').first()).toBeAttached({ timeout: 30_000 });
    const groups = await voice.locator('optgroup').evaluateAll((els) => els.map((e) => e.getAttribute('label')));
    expect(groups.some((g) => g?.startsWith('espeak-ng'))).toBeTruthy();
    const hasFlite = groups.some((g) => g?.startsWith('flite'));
    await expect(voice).toHaveValue(hasFlite ? 'flite:slt' : 'espeak:en-us+f3');
    await expect(panel.locator('#spoken_voice-about')).toContainText('English');
    // offline voices follow no instructions: the field is not offered
    await expect(panel.getByLabel('How to speak (optional)')).toHaveCount(0);

    // preview: real audio in the page, with a length
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/tts/preview'));
    await panel.getByRole('button', { name: '▶ Preview' }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('audio/wav');
    const audio = panel.getByTestId('spoken-preview');
    await expect(audio).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : 0)), { timeout: 15_000 }).toBeGreaterThan(1);

    // another voice, then add with a title
    await voice.selectOption('espeak:en-gb');
    await expect(panel.locator('#spoken_voice-about')).toContainText('English');
    await voice.selectOption(hasFlite ? 'flite:slt' : 'espeak:en-us+f3');
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
