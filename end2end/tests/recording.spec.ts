// Recording on a phone with Chromium's fake microphone (a spoken WAV made by espeak-ng):
// the take is uploaded in chunks while recording and becomes a ready track on Stop & save
// (after one failed attempt to finish, retried from the phone).
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from '@playwright/test';

import { CHROMIUM_ARGS } from '../playwright.config';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, screenshot, test, chooseAddWay } from './fixtures';

test('a parent records a story on a phone and it becomes a track', async ({ baseURL }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-mic-'));
  const wav = join(dir, 'story.wav');
  execFileSync('espeak-ng', ['-w', wav, 'Once upon a time a little bear went looking for the moon.']);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`],
  });
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, permissions: ['microphone'] });
  const page = await context.newPage();
  const login = await page.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  const stamp = Date.now().toString(36);
  const collection = await (await page.request.post('/api/collections', { data: { name: `Recorded ${stamp}`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `Bear ${stamp}`, description: '' } })).json();

  await page.goto(`/cards/${card.slug}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await chooseAddWay(page, 'Record');
  await page.getByLabel('Title of the recording').fill('The little bear');
  await page.getByRole('button', { name: '● Start recording' }).click();
  await expect(page.getByTestId('record-clock')).toHaveText('0:03', { timeout: 20_000 });
  await expect(page.getByText(/^[1-9]\d* saved, \d+ waiting$/)).toBeVisible();
  await screenshot(page, 'phone-recording.png');
  // The connection drops for a few seconds: chunks wait on the phone and are sent afterwards.
  await context.setOffline(true);
  await expect(page.getByText('Connection lost: chunks are kept and sent when it is back.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/[1-9]\d* waiting/)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('record-clock')).toHaveText('0:12', { timeout: 20_000 });
  // The first attempt to finish the take fails (a server restarting): the take is kept and
  // the phone offers to try again.
  await page.route(
    '**/api/recording/*/finish',
    (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'The server is restarting.' }),
      }),
    { times: 1 },
  );
  await page.getByRole('button', { name: '■ Stop & save' }).click();
  await expect(page.getByRole('alert')).toContainText('kept on the server', { timeout: 30_000 });
  await page.getByRole('button', { name: '↻ Try saving again' }).click();
  await expect(page.getByText('Saved: the recording is now a track of this card.')).toBeVisible({ timeout: 30_000 });

  const list = page.getByRole('list', { name: 'Tracks in play order' });
  await expect(list.getByText('The little bear', { exact: true })).toBeVisible();
  const detail = await (await page.request.get(`/api/cards/${card.slug}/tracks/the-little-bear`)).json();
  expect(detail.source_type).toBe('recording');
  expect(detail.transcode_status).toBe('ready');
  expect(detail.original_format).toBe('flac');
  // nothing was lost to the dropped connection: the take is as long as the recording ran
  expect(detail.duration_ms).toBeGreaterThan(11_000);
  expect(detail.duration_ms).toBeLessThan(15_000);
  await browser.close();
});
