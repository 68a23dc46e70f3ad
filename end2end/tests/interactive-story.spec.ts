// Interactive cards: a parent turns a card of four chapters into a story the child steers,
// wires the left and right buttons in the passage list, sees the story on its map, plays it
// in the preview (left, then right, then the ending) with the mouse and with the keyboard
// alone, and saves it; at laptop and phone sizes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { expect, gotoHydrated, noSideScroll, openSection, screenshot, signInAsAdmin, test, tone } from './fixtures';

const PASSAGES = ['Start', 'The cave', 'The river', 'Home'] as const;

/** A card whose chapters are the four passages, made over the API; answers its slug. */
async function storyCard(page: Page): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-e2e-'));
  const stamp = Date.now().toString(36);
  const collection = await (await page.request.post('/api/collections', { data: { name: `Stories ${stamp}`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `The cave ${stamp}`, description: '' } })).json();
  for (const [i, name] of PASSAGES.entries()) {
    const upload = await page.request.post(`/api/cards/${card.slug}/tracks`, { multipart: { file: tone(dir, `${name}.wav`, 2, 300 + i * 90) } });
    expect(upload.ok()).toBeTruthy();
  }
  return card.slug;
}

/** The passage's editor in the list. */
function passage(page: Page, name: string) {
  return page.getByRole('listitem', { name: new RegExp(`^\\d+\\. ${name}$`) });
}

async function buildAndPlay(page: Page, size: 'laptop' | 'phone'): Promise<void> {
  const slug = await storyCard(page);
  await gotoHydrated(page, `/cards/${slug}`);
  await openSection(page, 'card-story');
  const panel = page.getByTestId('story-panel');
  await panel.getByLabel('Play as an interactive story').check();
  await expect(passage(page, 'Start')).toBeVisible();

  // Start: left → the cave, right → home; it waits for a choice
  const start = passage(page, 'Start');
  await start.getByLabel('Where the Left button leads').selectOption({ label: '→ The cave' });
  await start.getByLabel('What the audio calls this choice').first().fill('Go into the cave');
  await start.getByLabel('Where the Right button leads').selectOption({ label: '→ Home' });
  await start.getByLabel('When it ends with no button pressed').selectOption({ label: 'Play it again (wait for a choice)' });
  // the cave: right → the river, waiting; the river goes home by itself; home ends it
  const cave = passage(page, 'The cave');
  await cave.getByLabel('Where the Right button leads').selectOption({ label: '→ The river' });
  await cave.getByLabel('When it ends with no button pressed').selectOption({ label: 'Play it again (wait for a choice)' });
  await passage(page, 'The river').getByLabel('When it ends with no button pressed').selectOption({ label: 'Go on to “Home”' });
  await passage(page, 'Home').getByLabel('When it ends with no button pressed').selectOption({ label: 'The story ends' });

  // the map shows every passage, the start marked; a box opens its passage
  const map = page.getByTestId('story-map');
  for (const name of PASSAGES) await expect(map.getByRole('link', { name: `Open “${name}”` })).toBeVisible();
  await expect(map.getByText('▶ Start')).toBeVisible();
  await map.getByRole('link', { name: 'Open “The river”' }).click();
  await expect(passage(page, 'The river')).toBeFocused();
  // and from the keyboard: a box takes the focus, Enter opens its passage
  await map.getByRole('link', { name: 'Open “Home”' }).focus();
  await page.keyboard.press('Enter');
  await expect(passage(page, 'Home')).toBeFocused();

  // the preview: left, then right, then the river goes home by itself, and the story ends
  const preview = page.getByTestId('story-preview');
  await preview.getByRole('button', { name: '▶ Play the story' }).click();
  await expect(preview.getByRole('status')).toHaveText('Playing “Start”');
  await preview.getByRole('button', { name: /Go into the cave/ }).click();
  await expect(preview.getByRole('status')).toHaveText('Playing “The cave”');
  await expect(preview.getByRole('button', { name: /Left button/ })).toBeDisabled();
  await preview.getByRole('button', { name: /The river/ }).click();
  await expect(preview.getByRole('status')).toHaveText(/Playing “(The river|Home)”|The end\./);
  await expect(preview.getByRole('status')).toHaveText('The end.', { timeout: 20_000 });
  await expect(preview.getByTestId('story-path')).toHaveText(/Start.*The cave.*The river.*Home/);
  await expect(preview.getByTestId('story-unheard')).toHaveText('');
  await screenshot(page, `${size}-interactive-story.png`);
  if (size === 'phone') await noSideScroll(page);

  // keyboard alone: the arrow keys are the buttons
  await preview.getByRole('button', { name: 'Start again' }).focus();
  await page.keyboard.press('Enter');
  await expect(preview.getByRole('status')).toHaveText('Playing “Start”');
  await page.keyboard.press('ArrowRight');
  await expect(preview.getByRole('status')).toHaveText(/Playing “Home”|The end\./);
  await expect(preview.getByTestId('story-unheard')).toContainText('The cave');

  // saved, and there after a reload
  await panel.getByRole('button', { name: 'Save the story' }).click();
  await expect(panel.getByText('Story saved.')).toBeVisible();
  const saved = await (await page.request.get(`/api/cards/${slug}/story`)).json();
  expect(saved.playback_type).toBe('interactive');
  expect(saved.problems.filter((p: { severity: string }) => p.severity === 'error')).toEqual([]);
  await gotoHydrated(page, `/cards/${slug}`);
  await expect(passage(page, 'Start').getByLabel('Where the Left button leads')).toHaveValue(saved.story.passages[1].track_id);

  // the start passage gets the parent's own audio, in its place, its choices kept
  if (size === 'laptop') {
    const dir = mkdtempSync(join(tmpdir(), 'cardsmith-e2e-'));
    await passage(page, 'Start').getByLabel('Replace the audio').setInputFiles(tone(dir, 'my-start.wav', 3, 520));
    await expect(page.getByTestId('story-notice')).toContainText('New audio in place', { timeout: 30_000 });
    await expect(passage(page, 'Start').getByLabel('Where the Left button leads')).toHaveValue(saved.story.passages[1].track_id);
    const after = await (await page.request.get(`/api/cards/${slug}/story`)).json();
    expect(after.story.start).not.toBe(saved.story.start);
    expect(after.story.passages[0].left.target).toBe(saved.story.passages[1].track_id);
  }
}

test('a parent builds a four-passage story, maps it and plays it before publishing, on a laptop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await buildAndPlay(page, 'laptop');
});

test('the same story on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  await buildAndPlay(page, 'phone');
});

test('a parent imports a Twine story from the collection page and finds it on the card, mapped', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const stamp = Date.now().toString(36);
  const collection = await (await page.request.post('/api/collections', { data: { name: `Twine ${stamp}`, description: '' } })).json();
  await gotoHydrated(page, `/collections/${collection.slug}`);
  await openSection(page, 'collection-interactive');
  const twee = [
    ':: StoryTitle', `The lighthouse ${stamp}`, '',
    ':: Start', 'The lighthouse keeper waves. Climb the stairs, or walk on the beach? [[Climb the stairs->Top]] [[Walk on the beach->Beach]]', '',
    ':: Top', 'From the top you can see the whole sea. The end.', '',
    ':: Beach', 'Shells everywhere! [[Nowhere]] The end.', '',
  ].join('\n');
  await page.getByLabel('Story file').setInputFiles({ name: 'lighthouse.twee', mimeType: 'text/plain', buffer: Buffer.from(twee) });
  await page.getByRole('button', { name: 'Import the story' }).click();
  const made = page.getByRole('status').filter({ hasText: 'Open the story card' });
  await expect(made).toBeVisible({ timeout: 60_000 });
  await expect(made).toContainText('links to “Nowhere”');
  await made.getByRole('link', { name: 'Open the story card' }).click();
  await openSection(page, 'card-story');
  await expect(page.getByLabel('Play as an interactive story')).toBeChecked();
  const map = page.getByTestId('story-map');
  for (const name of ['Start', 'Top', 'Beach']) await expect(map.getByRole('link', { name: `Open “${name}”` })).toBeVisible();
  await expect(passage(page, 'Start').getByLabel('Where the Left button leads')).toHaveValue(/.+/);
});
