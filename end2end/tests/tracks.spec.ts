// Tracks: several uploads with progress, transcoding to "Ready", a refused non-audio file, a
// trim through the waveform editor (inputs and keyboard handles), Undo from the kept original,
// then reorder (button and pointer drag) and rename, all surviving a full reload.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, gotoHydrated, screenshot, signInAsAdmin, test, tone } from './fixtures';

test('a parent uploads chapters, trims one in the waveform editor and undoes it', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-e2e-'));
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  const collection = await (await page.request.post('/api/collections', { data: { name: `Tracks ${stamp}`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `Songs ${stamp}`, description: '' } })).json();

  await gotoHydrated(page, `/cards/${card.slug}`);
  await expect(page.getByText(/No tracks yet/)).toBeVisible();
  // Track numbers in the file names are left out of the titles (the box is ticked).
  await expect(page.getByLabel('Leave out track numbers from file names')).toBeChecked();
  await page.getByLabel('Choose audio files').setInputFiles([tone(dir, '01_first-song.mp3', 4, 440), tone(dir, '02 - second-song.wav', 3, 660)]);
  await expect(page.getByRole('progressbar', { name: 'Upload of 01_first-song.mp3' })).toBeAttached();
  await expect(page.getByText('Added as “first song”')).toBeVisible({ timeout: 30_000 });
  const list = page.getByRole('list', { name: 'Tracks in play order' });
  await expect(list.getByText('first song', { exact: true })).toBeVisible();
  await expect(list.getByText('second song', { exact: true })).toBeVisible();
  // ready tracks have a Play button; their length is on the row
  await expect(list.getByRole('button', { name: /^Play / })).toHaveCount(2, { timeout: 60_000 });
  const rows = list.locator('li[data-track-id]');
  const length = (title: string) => rows.filter({ hasText: title }).getByTestId('duration');
  await screenshot(page, 'tracks.png');

  // Trim the first track to 0.5–2.5 s in the editor, from the track's actions.
  await list.getByRole('button', { name: 'Actions for first song' }).click();
  await list.getByRole('button', { name: 'Edit first song' }).click();
  await expect(page.getByTestId('waveform')).toBeVisible();
  await expect(page.getByLabel('End (s)')).not.toHaveValue('0.00');
  await page.getByLabel('Start (s)').fill('0.5');
  await page.getByLabel('Start (s)').press('Tab');
  await page.getByLabel('End (s)').fill('2.5');
  await page.getByLabel('End (s)').press('Tab');
  await expect(page.getByText('Selection 2.00 s')).toBeVisible();
  // The handles answer the arrow keys too.
  await page.getByRole('slider', { name: 'Start handle' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByLabel('Start (s)')).toHaveValue('0.60');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByLabel('Start (s)')).toHaveValue('0.50');
  await screenshot(page, 'waveform-editor.png');
  await page.getByRole('button', { name: 'Trim to selection' }).click();
  await expect(page.getByText('Trimmed to 0.50–2.50 s')).toBeVisible({ timeout: 60_000 });
  await expect(length('first song')).toHaveText('0:02');
  // The outcome shows where the parent is looking, and the keyboard is on Undo.
  const toast = page.getByTestId('toast');
  await expect(toast).toBeInViewport({ ratio: 1 });
  await expect(toast.getByRole('button', { name: 'Undo', exact: true })).toBeFocused();
  await screenshot(page, 'trim-toast.png', { fullPage: false });

  // Undo brings the original back.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(length('first song')).toHaveText('0:04', { timeout: 30_000 });

  // A file that is not audio is refused on its own line; the others are unaffected.
  await page.getByLabel('Choose audio files').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a song') }]);
  await expect(page.getByRole('alert').filter({ hasText: /not MP3/ })).toBeVisible();

  // Reorder with Move up, then rename.
  const order = async () =>
    ((await (await page.request.get(`/api/cards/${card.slug}`)).json()).tracks as { slug: string }[]).map((t) => t.slug);
  await list.getByRole('button', { name: 'Actions for second song' }).click();
  await list.getByRole('button', { name: 'Move second song up' }).click();
  await expect(rows.first()).toContainText('second song');
  // the move is said where the eye is; at the top, the keyboard is on Move down
  await expect(page.getByTestId('toast')).toContainText('“second song” is now chapter 1');
  await expect(list.getByRole('button', { name: 'Move second song down' })).toBeFocused();
  await expect.poll(order).toEqual(['second-song', 'first-song']);
  // Rename by keyboard: ⋯ opens the actions with the focus on Rename; the field takes the
  // focus, Escape leaves it unchanged and the focus back on ⋯; a save does the same.
  const more = list.getByRole('button', { name: 'Actions for first song' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('button', { name: 'Rename first song' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list.getByLabel('New title')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(list.getByLabel('New title')).toHaveCount(0);
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(list.getByLabel('New title')).toBeFocused();
  await page.keyboard.type('Moon song');
  await page.keyboard.press('Enter');
  await expect(length('Moon song')).toHaveText('0:04');
  await expect(list.getByRole('button', { name: 'Actions for Moon song' })).toBeFocused();

  // Drag "Moon song" by its handle back to the top.
  const grip = await list.getByRole('img', { name: 'Drag handle of Moon song' }).boundingBox();
  const top = await rows.first().boundingBox();
  if (!grip || !top) throw new Error('no geometry for the drag');
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2, top.y + 10, { steps: 8 });
  await page.mouse.up();
  await expect(rows.first()).toContainText('Moon song');
  await expect.poll(order).toEqual(['moon-song', 'second-song']);

  // After a full reload the list is the same.
  await gotoHydrated(page, `/cards/${card.slug}`);
  await expect(rows.first()).toContainText('Moon song');
  await expect(length('Moon song')).toHaveText('0:04');
  await expect(length('second song')).toHaveText('0:03');
  await screenshot(page, 'tracks-reordered.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'phone-tracks.png');

  // Delete by keyboard: asking puts the focus on Cancel, Escape closes the question with the
  // focus back on Delete; deleting leaves the focus on the toast that says so.
  await page.setViewportSize({ width: 1280, height: 800 });
  const second = rows.filter({ hasText: 'second song' });
  await second.getByRole('button', { name: 'Actions for second song' }).click();
  const remove = second.getByRole('button', { name: 'Delete', exact: true });
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(second.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await second.getByRole('button', { name: 'Yes, delete track' }).click();
  await expect(rows).toHaveCount(1);
  await expect(toast).toContainText('Deleted “second song”');
  await expect(toast.getByRole('button', { name: 'Dismiss' })).toBeFocused();
});
