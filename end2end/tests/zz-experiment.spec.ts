import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, signInAsAdmin, test, tone } from './fixtures';
test.setTimeout(900_000);

const EARLY = `(async (js, wasm) => {
  const done = () => { document.documentElement.dataset.hydrated = 'true'; };
  const islands = [...document.querySelectorAll('leptos-island')];
  if (islands.length === 0) { done(); return; }
  const hash = /\\.([^.]+)\\.js$/.exec(js)[1];
  const pkg = js.slice(0, js.lastIndexOf('/') + 1);
  const lazy = islands.map((i) => i.dataset.component.replace(/_\\d+$/, '') + '_loader_');
  const early = fetch(pkg + '__wasm_split_manifest.' + hash + '.json').then((r) => r.json()).then((manifest) => {
    const files = new Set();
    for (const prefix of lazy) {
      const key = Object.keys(manifest).find((k) => k.startsWith(prefix));
      if (!key) continue;
      for (const chunk of manifest[key]) files.add(chunk + '.wasm');
      files.add('split_' + key + '.' + hash + '.wasm');
    }
    window.__early = [...files].map((f) => WebAssembly.compileStreaming(fetch(pkg + f)).catch(() => null));
  }).catch(() => {});
  const mod = await import(js);
  await mod.default({ module_or_path: wasm });
  mod.hydrate();
  for (const island of islands) {
    const hydrate = mod[island.dataset.component];
    if (hydrate) { await hydrate(island); }
  }
  done();
})`;

async function timeLoad(page: Page, address: string) {
  await page.goto(address);
  await page.waitForFunction(() => (window as any).__hydratedAt !== undefined, null, { timeout: 120_000 });
  return page.evaluate(() => Math.round((window as any).__hydratedAt));
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

test('experiment', async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cardsmith-e2e-'));
  await signInAsAdmin(page);
  const collection = await (await page.request.post('/api/collections', { data: { name: `P`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `Ten`, description: 'x' } })).json();
  for (let i = 1; i <= 10; i++) await page.request.post(`/api/cards/${card.slug}/tracks`, { multipart: { file: tone(dir, `T ${i}.wav`, 1, 300 + i * 40) } });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    new MutationObserver((_, o) => { if (document.documentElement?.dataset.hydrated === 'true') { (window as any).__hydratedAt = performance.now(); o.disconnect(); } })
      .observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  });
  let variant = 'original';
  await page.route(`**/cards/${card.slug}`, async (route) => {
    const response = await route.fetch();
    let html = await response.text();
    if (variant !== 'original') {
      const m = /\("(\/pkg\/[^"]+\.js)", "(\/pkg\/[^"]+\.wasm)"\)/.exec(html)!;
      const [js, wasm] = [m[1], m[2]];
      const split = js.replace(/cardsmith\.([^.]+)\.js$/, '__wasm_split.$1.js');
      const links = `<link rel="modulepreload" href="${js}"><link rel="modulepreload" href="${split}"><link rel="preload" href="${wasm}" as="fetch" type="application/wasm" crossorigin>`;
      if (variant.includes('preload')) html = html.replace('<link rel="stylesheet"', links + '<link rel="stylesheet"');
      if (variant.includes('early')) html = html.replace(/\(async \(js, wasm\) => \{[\s\S]*?\}\)\(/, EARLY + '(');
    }
    await route.fulfill({ response, body: html });
  });
  const address = `/cards/${card.slug}`;
  const cdp = await page.context().newCDPSession(page);
  for (const v of ['original', 'preload', 'early', 'preload+early', 'original', 'preload+early']) {
    variant = v;
    await gotoHydrated(page, address);
    await gotoHydrated(page, address);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const runs = [];
    for (let r = 0; r < 7; r++) runs.push(await timeLoad(page, address));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    console.log(`experiment ${v}: median ${median(runs)} ms, runs ${runs.join(' ')}`);
  }
});
