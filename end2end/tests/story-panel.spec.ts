// A collection's "New story card" on an instance without AI providers: instead of a red error
// after "Write a draft", the panel says calmly what drafting needs (with the admin's link)
// and offers a story template told about the child profile and themed by the preset; the
// voice list puts the collection's language first, starts with its voice, plays a preview and
// stays inside its panel; the child profile and the preset pick voices from the same list.
// On a laptop (where the template becomes a card) and a phone.
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, noSideScroll, openSection, screenshot, setSystemProviders, signInAsAdmin, test } from './fixtures';
import { groupLabels, insidePanel, previewPlays } from './voices';

/** A collection for Mia, German-speaking (its language and its child profile's voice), with
 * a space preset; answers its slug. */
async function miasCollection(page: Page, label: string): Promise<string> {
  const stamp = Date.now().toString(36);
  const collection = await (await page.request.post('/api/collections', { data: { name: `Stories ${label} ${stamp}`, description: '', language: 'de' } })).json();
  const profile = { child_name: 'Mia', child_age: 5, friends: 'Sam', interests: 'Raketen und Züge', notes: '', pets: 'eine Katze namens Tom', avoid_themes: '', prompt_template: '', vocab_level: '', voice_id: 'espeak:de', duration_min: 5 };
  expect((await page.request.patch(`/api/collections/${collection.id}/profile`, { data: profile })).status()).toBe(204);
  const preset = { name: 'Space', emoji: '🚀', prompt_template: 'A calm trip to the stars', vocab_level: '', voice_id: 'espeak:de', duration_min: 5, sort_order: 0 };
  expect((await page.request.post(`/api/collections/${collection.id}/presets`, { data: preset })).status()).toBe(201);
  return collection.slug;
}

for (const size of [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`offline, the story panel offers a template and a voice in the collection's language, on a ${size.name}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signInAsAdmin(page);
    // no provider of the instance may draft (the admin has none of their own)
    const turnedOff = await setSystemProviders(page, false);
    try {
      const slug = await miasCollection(page, size.name);
      await gotoHydrated(page, `/collections/${slug}`);
      await openSection(page, 'collection-story');
      const panel = page.getByRole('region', { name: 'New story card' });

      // said before any click, calmly, with where to add a provider
      const note = panel.getByRole('note');
      await expect(note).toContainText('Writing a draft needs an AI provider');
      await expect(note.getByRole('link', { name: 'Settings → AI providers' })).toHaveAttribute('href', '/settings#ai-providers-heading');
      await expect(note.getByRole('link', { name: 'Admin → AI providers' })).toHaveAttribute('href', '/admin/ai-providers');
      await expect(panel.getByRole('button', { name: 'Write a draft' })).toHaveCount(0);
      await expect(panel.getByRole('alert')).toHaveCount(0);

      // the template: about Mia, themed by the preset, told in the collection's German
      await panel.getByLabel('Preset').selectOption({ label: '🚀 Space' });
      await panel.getByLabel('Story idea').fill('a moon that cannot sleep');
      await panel.getByRole('button', { name: 'Use a story template' }).click();
      await expect(panel.getByLabel('Story title')).toHaveValue('Mia und der schläfrige Mond');
      const story = panel.getByLabel('Story', { exact: true });
      await expect(story).toHaveValue(/^# Die Rakete im Garten\n\nDie Idee zu dieser Geschichte: a moon that cannot sleep\. Es war einmal ein Kind namens Mia, das Raketen liebte\./);
      await expect(story).toHaveValue(/und eine Katze namens Tom kam mit/);
      await expect(story).toHaveValue(/# Das Schlaflied des Mondes/);
      await expect(panel.getByRole('status').filter({ hasText: 'A story template is in' })).toBeVisible();
      await expect(panel.getByRole('alert')).toHaveCount(0);

      // the voices: German (the collection's) first, then the browser's English (US)
      const voice = panel.getByLabel('Voice', { exact: true });
      const groups = await groupLabels(voice);
      expect(groups.slice(0, 4)).toEqual(['Deutsch', 'English (US)', 'English (Caribbean)', 'English (UK)']);
      await expect(voice).toHaveValue('espeak:de');
      await expect(panel.getByTestId('voice-language')).toContainText('Deutsch is listed first');
      await insidePanel(voice, panel);
      await noSideScroll(page);
      await previewPlays(page, panel);
      await screenshot(page, `story-panel-${size.name}.png`);

      // the child profile and a preset choose from the same list
      await openSection(page, 'collection-profile');
      const profileVoice = page.getByRole('region', { name: 'Child profile' }).getByLabel('Voice and language', { exact: true });
      await expect(profileVoice).toHaveValue('espeak:de');
      expect((await groupLabels(profileVoice))[0]).toBe('Deutsch');
      await insidePanel(profileVoice, page.getByRole('region', { name: 'Child profile' }));
      await noSideScroll(page);
      await openSection(page, 'collection-presets');
      const presets = page.getByRole('region', { name: 'Story presets' });
      await expect(presets.getByText('voice: Deutsch, default voice — espeak-ng, robotic')).toBeVisible();
      await presets.getByRole('button', { name: 'Add preset' }).click();
      const presetVoice = presets.getByLabel('Voice', { exact: true });
      await expect(presetVoice).toHaveValue('');
      await expect(presetVoice.locator('option:checked')).toHaveText("The child profile's voice");
      expect((await groupLabels(presetVoice))[0]).toBe('Deutsch');
      await insidePanel(presetVoice, presets);
      await noSideScroll(page);
      await screenshot(page, `story-panel-profile-presets-${size.name}.png`);
      // the collection's settings say which language its cards speak, and change it
      await openSection(page, 'collection-settings');
      const language = page.getByRole('combobox', { name: 'Language of its cards' });
      await expect(language).toHaveValue('de');
      await language.selectOption({ label: 'Italiano' });
      const languageForm = page.getByRole('form', { name: 'Language of its cards' });
      await languageForm.getByRole('button', { name: 'Save language' }).click();
      await expect(languageForm.getByRole('status')).toContainText('Saved');
      const saved = await (await page.request.get(`/api/collections/by-slug/${slug}`)).json();
      expect(saved.language).toBe('it');

      if (size.name === 'laptop') {
        // the template makes a card, read by the offline German voice
        await panel.getByRole('button', { name: 'Make the card' }).click();
        await expect(panel.getByRole('status').filter({ hasText: '“Mia und der schläfrige Mond” is ready: 3 spoken chapters.' })).toBeVisible({ timeout: 120_000 });
        const made = panel.getByRole('link', { name: 'Open “Mia und der schläfrige Mond”' });
        const href = await made.getAttribute('href');
        const card = await (await page.request.get(`/api${href}`)).json();
        expect(card.tracks.map((t: { title: string }) => t.title)).toEqual(['Die Rakete im Garten', 'Zwischen den Sternen', 'Das Schlaflied des Mondes']);
        const first = await (await page.request.get(`/api${href}/tracks/${card.tracks[0].slug}`)).json();
        expect(first.tts_voice).toBe('espeak:de');
      }
    } finally {
      await setSystemProviders(page, true, turnedOff);
    }
  });
}
