// Tracks: several uploads with progress, transcoding to "Ready", a trim through the waveform
// editor, and Undo from the kept original.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, gotoHydrated, screenshot, signInAsAdmin, test } from './fixtures';

/** `seconds` of a tone made by ffmpeg, as the named file. */
function tone(dir: string, name: string, seconds: number, hz: number): { name: string; mimeType: string; buffer: Buffer } {
  const path = join(dir, name);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${seconds}`, path]);
  return { name, mimeType: name.endsWith('.mp3') ? 'audio/mpeg' : 'audio/wav', buffer: readFileSync(path) };
}

test('a parent uploads chapters, trims one in the waveform editor and undoes it', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-e2e-'));
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  const collection = await (await page.request.post('/api/collections', { data: { name: `Tracks ${stamp}`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `Songs ${stamp}`, description: '' } })).json();

  await gotoHydrated(page, `/cards/${card.slug}`);
  await expect(page.getByText(/No tracks yet/)).toBeVisible();
  await page.getByLabel('Choose audio files').setInputFiles([tone(dir, 'first-song.mp3', 4, 440), tone(dir, 'second-song.wav', 3, 660)]);
  await expect(page.getByRole('progressbar', { name: 'Upload of first-song.mp3' })).toBeAttached();
  const list = page.getByRole('list', { name: 'Tracks in play order' });
  await expect(list.getByText('first song', { exact: true })).toBeVisible();
  await expect(list.getByText('second song', { exact: true })).toBeVisible();
  await expect(list.getByText('Ready')).toHaveCount(2, { timeout: 60_000 });
  await screenshot(page, 'tracks.png');

  // Trim the first track to 0.5–2.5 s in the editor.
  await list.getByRole('button', { name: 'Edit' }).first().click();
  await expect(page.getByTestId('waveform')).toBeVisible();
  await expect(page.getByLabel('End (s)')).not.toHaveValue('0.00');
  await page.getByLabel('Start (s)').fill('0.5');
  await page.getByLabel('Start (s)').press('Tab');
  await page.getByLabel('End (s)').fill('2.5');
  await page.getByLabel('End (s)').press('Tab');
  await expect(page.getByText('Selection 2.00 s')).toBeVisible();
  await screenshot(page, 'waveform-editor.png');
  await page.getByRole('button', { name: 'Trim to selection' }).click();
  await expect(page.getByText('Trimmed to 0.50–2.50 s')).toBeVisible({ timeout: 60_000 });
  await expect(list.getByText(/first-song · 0:02/)).toBeVisible();

  // Undo brings the original back.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(list.getByText(/first-song · 0:04/)).toBeVisible({ timeout: 30_000 });

  // After a full reload the list is the same.
  await gotoHydrated(page, `/cards/${card.slug}`);
  await expect(list.getByText(/first-song · 0:04/)).toBeVisible();
  await expect(list.getByText(/second-song · 0:03/)).toBeVisible();
});
