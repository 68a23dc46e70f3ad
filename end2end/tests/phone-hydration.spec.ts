// A measurement, not a check: how long each page takes to become interactive on a phone
// (390 × 844, Chromium's CPU throttled 4× as a mid-range phone), from navigation start to the
// app's hydrated marker (<html data-hydrated="true">), on a warm cache as a returning parent
// has it. The card page has ten chapters and a cover. Prints the figures (median of RUNS
// loads per page) and writes them to end2end/results/phone-hydration.json; asserts nothing
// about time. Meant for the release build:
//   scripts/build --release && CARDSMITH_E2E_MEASURE=1 node end2end/run.mjs --release phone-hydration
import fs from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { CDPSession, Page } from '@playwright/test';

import { expect, gotoHydrated, noteHydrationTime, signInAsAdmin, test, tone } from './fixtures';
import { SIGNED_IN } from './pages';

const RUNS = 5;
const PHONE = { width: 390, height: 844 };

test.skip(!process.env.CARDSMITH_E2E_MEASURE, 'a measurement: set CARDSMITH_E2E_MEASURE=1 to run it');
test.setTimeout(600_000);

/** Loads `address` and answers when the page said it was hydrated, in its own clock.
 *
 * The wait asks the page over the DevTools protocol (`Runtime.evaluate` of one variable) and
 * nothing else: Playwright's own waits (`waitForFunction`, locators) first evaluate its
 * injected script of a few hundred KB in the page, which at 4x throttling took 40–330 ms of
 * the very main thread the page hydrates on, work no phone in a parent's hand does. */
async function timeLoad(page: Page, cdp: CDPSession, address: string) {
  await page.goto(address, { waitUntil: 'commit' });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'window.__hydratedAt', returnByValue: true });
    if (result.value !== undefined) break;
    if (Date.now() > deadline) throw new Error(`${address} did not hydrate within 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const wasm = performance
      .getEntriesByType('resource')
      .filter((r) => r.name.endsWith('.wasm'))
      .map((r) => r as PerformanceResourceTiming);
    return {
      hydrated_ms: Math.round((window as unknown as { __hydratedAt: number }).__hydratedAt),
      response_end_ms: Math.round(nav.responseEnd),
      dom_content_loaded_ms: Math.round(nav.domContentLoadedEventEnd),
      wasm_files: wasm.length,
      last_wasm_end_ms: Math.round(Math.max(0, ...wasm.map((r) => r.responseEnd))),
      // the loader's phases (app/src/islands.rs): when each ended
      phases: Object.fromEntries(
        performance
          .getEntriesByType('mark')
          .filter((m) => m.name.startsWith('cardsmith:'))
          .map((m) => [m.name.slice('cardsmith:'.length), Math.round(m.startTime)]),
      ),
    };
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

test('hydration time of every page on a phone at 4x CPU throttling', async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cardsmith-e2e-'));
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  const collection = await (await page.request.post('/api/collections', { data: { name: `Phone ${stamp}`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `Ten tales ${stamp}`, description: 'Ten short tales.' } })).json();
  for (let i = 1; i <= 10; i++) {
    const upload = await page.request.post(`/api/cards/${card.slug}/tracks`, { multipart: { file: tone(dir, `Tale ${i}.wav`, 1, 300 + i * 40) } });
    expect(upload.status()).toBe(201);
  }
  const ready = async () =>
    ((await (await page.request.get(`/api/cards/${card.slug}`)).json()).tracks as { transcode_status: string }[]).filter((t) => t.transcode_status === 'ready').length;
  await expect.poll(ready, { timeout: 90_000 }).toBe(10);

  await page.setViewportSize(PHONE);
  await noteHydrationTime(page);
  const addresses = [`/cards/${card.slug}`, `/collections/${collection.slug}`, ...SIGNED_IN];
  // a first visit fills the cache (and the compiled-code cache) as a returning parent has it
  for (const address of addresses) await gotoHydrated(page, address);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const figures: Record<string, unknown>[] = [];
  for (const address of addresses) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await timeLoad(page, cdp, address));
    const figure = {
      address: address.replace(card.slug, '<card with ten chapters>').replace(collection.slug, '<collection>'),
      hydrated_ms: median(runs.map((r) => r.hydrated_ms)),
      response_end_ms: median(runs.map((r) => r.response_end_ms)),
      dom_content_loaded_ms: median(runs.map((r) => r.dom_content_loaded_ms)),
      last_wasm_end_ms: median(runs.map((r) => r.last_wasm_end_ms)),
      wasm_files: runs[0].wasm_files,
      phases: runs[Math.floor(RUNS / 2)].phases,
      all_runs_ms: runs.map((r) => r.hydrated_ms),
    };
    console.log(`phone-hydration: ${JSON.stringify(figure)}`);
    figures.push(figure);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const resultsDir = process.env.CARDSMITH_E2E_RESULTS_DIR ?? path.join(__dirname, '..', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'phone-hydration.json'), JSON.stringify({ cpu_throttling: 4, viewport: PHONE, runs: RUNS, figures }, null, 2));
});
