// Recording on a phone with Chromium's fake microphone (a spoken WAV made by espeak-ng): the
// take is uploaded in chunks while recording, pauses (the clock stands still) and resumes, and
// after Stop is listened back to before anything is added. "Record again" deletes it; the
// second take survives a dropped connection and one failed attempt to finish, and becomes a
// ready track once kept, leaving an empty title field for the next one.
import { type Locator } from '@playwright/test';

import { expect, screenshot, test, chooseAddWay } from './fixtures';
import { newCard, phoneWithMicrophone, trackCount } from './recorder';

/** A control a thumb can hit: at least 44 × 44 CSS pixels. */
async function bigEnough(control: Locator): Promise<void> {
  const box = await control.boundingBox();
  expect(box, 'the control is on screen').not.toBeNull();
  expect(box!.height, 'at least 44 px high').toBeGreaterThanOrEqual(44);
  expect(box!.width, 'at least 44 px wide').toBeGreaterThanOrEqual(44);
}

test('a parent records a story on a phone, pauses, listens back, records again and keeps it', async ({ baseURL }) => {
  const { browser, context, page, pageErrors } = await phoneWithMicrophone(
    baseURL!,
    'Once upon a time a little bear went looking for the moon.',
  );
  const slug = await newCard(page, 'Bear');
  const tracksOnServer = () => trackCount(page, slug);

  await page.goto(`/cards/${slug}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await chooseAddWay(page, 'Record');
  const title = page.getByLabel('Title of the recording');
  const clock = page.getByTestId('record-clock');
  const state = page.getByTestId('record-upload-state');
  await title.fill('The little bear');

  // --- First take: record, pause, resume, stop, listen, record again ---
  await page.getByRole('button', { name: '● Start recording' }).click();
  await expect(page.getByTestId('record-state')).toHaveText('Recording', { timeout: 20_000 });
  await expect(clock).toHaveText('0:03', { timeout: 20_000 });
  const pause = page.getByRole('button', { name: 'Pause', exact: true });
  const stop = page.getByRole('button', { name: 'Stop', exact: true });
  await expect(pause).toHaveAttribute('aria-pressed', 'false');
  await bigEnough(pause);
  await bigEnough(stop);
  await expect(page.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
  // never "0 saved, 0 waiting": words, and the counts for machines
  await expect(state).not.toHaveText(/\d+ saved/);
  await expect(state).toHaveAttribute('data-saved', /^[1-9]\d*$/, { timeout: 20_000 });
  await expect(state).toHaveText(/Everything is saved on the server|Saving…/);
  await screenshot(page, 'phone-recording.png', { fullPage: false });

  await pause.click();
  const toggle = page.getByRole('button', { name: 'Resume', exact: true });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('record-state')).toHaveText('Paused');
  await expect(page.getByRole('meter', { name: 'Microphone level' })).toHaveAttribute('aria-valuetext', 'Paused');
  // pausing hands over what was recorded: it is all saved while paused
  await expect(state).toHaveText('Everything is saved on the server', { timeout: 15_000 });
  const pausedAt = await clock.textContent();
  await page.waitForTimeout(1_500);
  await expect(clock, 'the clock stands still while paused').toHaveText(pausedAt!);
  await screenshot(page, 'phone-recording-paused.png', { fullPage: false });
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(clock).not.toHaveText(pausedAt!, { timeout: 5_000 });
  await stop.click();

  // Listen back: the whole take, from the chunks the phone holds; nothing is a track yet.
  const review = page.getByRole('region', { name: 'Listen before keeping' });
  await expect(review).toBeVisible();
  const audio = page.getByTestId('record-review');
  await expect(audio).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : -1)), { timeout: 15_000 })
    .toBeGreaterThan(2);
  await expect(title, 'the title can still be changed before keeping').toBeEnabled();
  await bigEnough(page.getByRole('button', { name: 'Keep', exact: true }));
  await screenshot(page, 'phone-recording-review.png', { fullPage: false });
  expect(await tracksOnServer()).toBe(0);

  await page.getByRole('button', { name: 'Record again' }).click();
  await page.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(page.getByText('The take was deleted. Ready to record again when you are.')).toBeVisible();
  await expect(title, 'the same title is ready for the new take').toHaveValue('The little bear');
  await expect(review).toHaveCount(0);
  expect(await tracksOnServer(), 'a take recorded again is not a track').toBe(0);

  // --- Second take: through a dropped connection and a failed finish, then kept ---
  await page.getByRole('button', { name: '● Start recording' }).click();
  await expect(clock).toHaveText('0:03', { timeout: 20_000 });
  await expect(state).toHaveAttribute('data-saved', /^[1-9]\d*$/, { timeout: 20_000 });
  // The connection drops for a few seconds: chunks wait on the phone and are sent afterwards.
  await context.setOffline(true);
  await expect(state).toHaveText(/^[1-9]\d* parts? waiting for signal — keep recording, they will follow$/, { timeout: 15_000 });
  await expect(state).toHaveAttribute('data-offline', 'true');
  await context.setOffline(false);
  await expect(clock).toHaveText('0:12', { timeout: 20_000 });
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
  await stop.click();
  await expect(audio).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Keep', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('kept on the server', { timeout: 30_000 });
  await page.getByRole('button', { name: '↻ Try saving again' }).click();
  await expect(page.getByText('Saved: the recording is now a track of this card.')).toBeVisible({ timeout: 30_000 });

  const list = page.getByRole('list', { name: 'Tracks in play order' });
  await expect(list.getByText('The little bear', { exact: true })).toBeVisible();
  // a fresh title field for the next take, ready for typing
  await expect(title).toHaveValue('');
  await expect(title).toBeFocused();
  const detail = await (await page.request.get(`/api/cards/${slug}/tracks/the-little-bear`)).json();
  expect(detail.source_type).toBe('recording');
  expect(detail.transcode_status).toBe('ready');
  expect(detail.original_format).toBe('flac');
  expect(await tracksOnServer(), 'only the kept take is a track').toBe(1);
  // nothing was lost to the dropped connection: the take is as long as the recording ran
  expect(detail.duration_ms).toBeGreaterThan(11_000);
  expect(detail.duration_ms).toBeLessThan(15_000);
  expect(pageErrors).toEqual([]);
  await browser.close();
});
