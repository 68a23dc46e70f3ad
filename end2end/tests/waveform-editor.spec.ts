// The trim editor by pointer and keyboard: drag each handle (they stop at the minimum gap),
// zoom, Home/End, split into three (a repeated click adds no cut), a refused and a real fade.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, gotoHydrated, signInAsAdmin, test, tone } from './fixtures';

test('waveform: drag, zoom, keys, split, fade', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-e2e-'));
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  const collection = await (await page.request.post('/api/collections', { data: { name: `W ${stamp}`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `W ${stamp}`, description: '' } })).json();
  await gotoHydrated(page, `/cards/${card.slug}`);
  await page.getByLabel('Choose audio files').setInputFiles([tone(dir, 'aaa.wav', 6, 440), tone(dir, 'bbb.wav', 3, 660)]);
  const list = page.getByRole('list', { name: 'Tracks in play order' });
  await expect(list.getByRole('button', { name: /^Play / })).toHaveCount(2, { timeout: 60_000 });

  await list.getByRole('button', { name: 'Actions for aaa' }).click();
  await list.getByRole('button', { name: 'Edit aaa' }).click();
  const canvas = page.getByTestId('waveform');
  await expect(page.getByLabel('End (s)')).toHaveValue(/^6\.0/);
  const box = (await canvas.boundingBox())!;
  const at = (f: number) => [box.x + box.width * f, box.y + box.height / 2] as const;
  const value = async (label: string) => Number(await page.getByLabel(label).inputValue());

  // drag the start handle from the middle (a tie goes to the start) to a quarter
  await page.mouse.move(...at(0.5));
  await page.mouse.down();
  await page.mouse.move(...at(0.25), { steps: 5 });
  await page.mouse.up();
  expect(Math.abs((await value('Start (s)')) - 1.5)).toBeLessThan(0.03);
  // the end handle, then past the start: it stops the minimum gap after it
  await page.mouse.move(...at(0.9));
  await page.mouse.down();
  await page.mouse.move(...at(0.75), { steps: 5 });
  expect(Math.abs((await value('End (s)')) - 4.5)).toBeLessThan(0.03);
  await page.mouse.move(...at(0.0), { steps: 5 });
  await page.mouse.up();
  const start = await value('Start (s)');
  expect(Math.abs((await value('End (s)')) - (start + 0.05))).toBeLessThan(0.011);
  // moving without a held handle changes nothing
  await page.mouse.move(...at(0.6), { steps: 3 });
  expect(Math.abs((await value('End (s)')) - (start + 0.05))).toBeLessThan(0.011);

  // End key on the end handle goes to the end of the track; zoom puts the start a tenth in
  await page.getByRole('slider', { name: 'End handle' }).focus();
  await page.keyboard.press('End');
  await expect(page.getByLabel('End (s)')).toHaveValue(/^6\.0/);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  const left = await page.getByRole('slider', { name: 'Start handle' }).evaluate((e) => (e as HTMLElement).style.left);
  expect(Number(left.replace('%', ''))).toBeCloseTo(10, 2);
  await page.getByRole('button', { name: 'Zoom out' }).click();
  const left1 = await page.getByRole('slider', { name: 'Start handle' }).evaluate((e) => (e as HTMLElement).style.left);
  expect(Number(left1.replace('%', ''))).toBeCloseTo(25, 0);
  await page.getByRole('slider', { name: 'Start handle' }).focus();
  await page.keyboard.press('Shift+ArrowRight');
  expect(Math.abs((await value('Start (s)')) - 2.5)).toBeLessThan(0.03);
  await page.keyboard.press('Home');
  await expect(page.getByLabel('Start (s)')).toHaveValue('0.00');

  // split in three
  await page.getByLabel('Split mode: click the waveform to place cuts').check();
  const cut = async (f: number) => canvas.click({ position: { x: box.width * f, y: box.height / 2 } });
  await cut(1 / 3);
  await cut(2 / 3);
  await cut(2 / 3);
  await expect(page.getByText(/^Cuts at 2\.\d\d s, 4\.\d\d s$/)).toBeVisible();
  await page.getByRole('button', { name: 'Split', exact: true }).click();
  await expect(page.getByText('Split into 3 tracks')).toBeVisible({ timeout: 60_000 });

  // fades: refused with a readable alert, then done
  await list.getByRole('button', { name: 'Actions for bbb' }).click();
  await list.getByRole('button', { name: 'Edit bbb' }).click();
  await page.getByLabel('Fade in (ms)').fill('0');
  await page.getByLabel('Fade out (ms)').fill('0');
  await page.getByRole('button', { name: 'Apply fades' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /fade/i })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Fade in (ms)').fill('300');
  await page.getByLabel('Fade out (ms)').fill('800');
  await page.getByRole('button', { name: 'Apply fades' }).click();
  await expect(page.getByText('Faded')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('alert').filter({ hasText: /fade/i })).toHaveCount(0);
});
