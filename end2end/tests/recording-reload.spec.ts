// A take survives a reload: chunks the server has not acknowledged are kept in IndexedDB, and
// reopening the card offers to upload them and finish the take (Chromium's fake microphone
// plays a spoken WAV made by espeak-ng, looped).
import { type Page } from '@playwright/test';

import { expect, screenshot, test, waitHydrated, chooseAddWay } from './fixtures';
import { newCard, phoneWithMicrophone, trackCount, uploadState } from './recorder';

/** The server's chunk interval (seconds of audio per chunk; `chunk_interval_s`, default 5). */
const CHUNK_S = 5;
const CHUNKS = '**/api/recording/*/chunk*';
const SENTENCE = 'The moon was round and the little bear was very sleepy.';

/** The first load of a new browser compiles the dev WASM (slow on a busy machine). */
async function firstLoad(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 90_000 });
}

/** Seconds on the recorder's clock ("m:ss"). */
async function clockSeconds(page: Page): Promise<number> {
  const [m, s] = ((await page.getByTestId('record-clock').textContent()) ?? '0:00').split(':').map(Number);
  return m * 60 + s;
}

test('a take cut off by a reload while offline is finished from what the phone kept', async ({ baseURL }) => {
  const { browser, context, page, pageErrors } = await phoneWithMicrophone(baseURL!, SENTENCE);
  const card = { slug: await newCard(page, 'Moon') };

  await firstLoad(page, `/cards/${card.slug}`);
  await expect(page.getByRole('heading', { name: 'Unfinished recording' })).toHaveCount(0);
  await chooseAddWay(page, 'Record');
  await page.getByLabel('Title of the recording').fill('Before the reload');
  await page.getByRole('button', { name: '● Start recording' }).click();
  await expect.poll(async () => { const u = await uploadState(page); return u.saved > 0 && u.waiting === 0; }, { timeout: 20_000 }).toBe(true);

  // The connection drops: chunk uploads get no answer, so the chunks recorded from now on
  // exist only on the phone (in memory and in IndexedDB).
  await page.route(CHUNKS, (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
  const state = page.getByTestId('record-upload-state');
  await expect(state).toHaveAttribute('data-offline', 'true', { timeout: 15_000 });
  await expect.poll(async () => (await uploadState(page)).waiting, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expect(state).toHaveText(/^[2-9]\d* parts waiting for signal — keep recording, they will follow$/);
  // let IndexedDB commit the last chunk's write (a crash in the same instant could lose it)
  await page.waitForTimeout(500);
  const { saved, waiting } = await uploadState(page);
  const recordedS = await clockSeconds(page);

  // The tab is reloaded mid-take. A reload while fully offline cannot load the page at all,
  // so the browser is back online just for the page itself, while the chunk endpoint stays
  // unreachable (the route above still aborts every chunk): at the moment the old page dies,
  // the chunks recorded offline are on the phone only.
  await context.setOffline(false);
  await page.reload();
  await waitHydrated(page);
  const offer = page.getByRole('region', { name: 'Unfinished recording' });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('“Before the reload”');
  await expect(offer).toContainText('cannot be continued');
  await offer.scrollIntoViewIfNeeded();
  await screenshot(page, 'phone-recording-kept.png', { fullPage: false });
  // nothing became a track yet
  expect(await trackCount(page, card.slug)).toBe(0);

  // Back online for good: finishing uploads the kept chunks, then finishes the session.
  await page.unroute(CHUNKS);
  await offer.getByRole('button', { name: 'Finish and save it' }).click();
  await expect(page.getByText('Saved: the recording is now a track of this card.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Tracks in play order' }).getByText('Before the reload', { exact: true })).toBeVisible();

  const detail = await (await page.request.get(`/api/cards/${card.slug}/tracks/before-the-reload`)).json();
  expect(detail.source_type).toBe('recording');
  expect(detail.original_format).toBe('flac');
  // Every chunk recorded before the reload is in the track: the saved ones and the ones kept
  // on the phone, CHUNK_S seconds each. Only the part of a chunk still inside MediaRecorder
  // when the page died (less than one chunk interval) cannot be kept.
  const chunks = saved + waiting;
  expect(saved).toBeGreaterThan(0); // part of the take was on the server before the reload, part only on the phone
  test.info().annotations.push({
    type: 'take',
    description: `${recordedS} s on the clock at the reload, ${saved} chunk(s) saved + ${waiting} kept, track ${detail.duration_ms} ms`,
  });
  expect(Math.abs(detail.duration_ms - chunks * CHUNK_S * 1000)).toBeLessThan(1_500);
  expect(chunks * CHUNK_S).toBeGreaterThan(recordedS - CHUNK_S);

  // The kept copy is gone once the take is finished: no offer after another reload.
  await page.reload();
  await waitHydrated(page);
  await expect(page.getByRole('button', { name: '● Start recording' })).toBeVisible();
  await page.waitForTimeout(1_000); // the page has looked into IndexedDB by now
  await expect(page.getByRole('region', { name: 'Unfinished recording' })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
  await browser.close();
});

test('a take stopped but not kept yet is offered after a reload, and can be discarded', async ({ baseURL }) => {
  const { browser, page, pageErrors } = await phoneWithMicrophone(baseURL!, SENTENCE);
  const slug = await newCard(page, 'Discarded');
  await firstLoad(page, `/cards/${slug}`);
  await chooseAddWay(page, 'Record');
  await page.getByLabel('Title of the recording').fill('Not this one');
  await page.getByRole('button', { name: '● Start recording' }).click();
  await expect(page.getByTestId('record-upload-state')).toHaveAttribute('data-saved', /^[1-9]\d*$/, { timeout: 20_000 });
  // stopped: the parent is listening to it when the page goes away
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Listen before keeping' })).toBeVisible();
  await page.reload();
  await waitHydrated(page);
  const offer = page.getByRole('region', { name: 'Unfinished recording' });
  await expect(offer).toContainText('“Not this one”');
  await offer.getByRole('button', { name: 'Discard it' }).click();
  await offer.getByRole('button', { name: 'Yes, discard' }).click();
  await expect(page.getByText('The unfinished recording was discarded.')).toBeVisible();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await waitHydrated(page);
  await expect(page.getByRole('button', { name: '● Start recording' })).toBeVisible();
  await page.waitForTimeout(1_000); // the page has looked into IndexedDB by now
  await expect(page.getByRole('region', { name: 'Unfinished recording' })).toHaveCount(0);
  expect(await trackCount(page, slug)).toBe(0);
  expect(pageErrors).toEqual([]);
  await browser.close();
});
