// Route splitting (issue 14): every page (not the signed-in frame around them) is a lazy
// route, its view code in the WASM module of its group (`split_<group>_….wasm`, from
// `cargo leptos build --split`; the groups are in app/src/routes.rs). A page loaded directly
// (a full reload) must load its module before it hydrates, then answer its own controls; a
// page reached through a link loads its module then, without a reload.
// (The publish, recording-reload and waveform specs load the card page directly too and use
// its dialog, recorder and editor.)
import type { Page } from '@playwright/test';

import { expect, gotoHydrated, signInAsAdmin, test, waitForPath } from './fixtures';

/** The split modules (`split_*.wasm`) the page fetched since `watchChunks` was called. */
function watchChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (name.startsWith('split_') && name.endsWith('.wasm')) chunks.push(name);
  });
  return chunks;
}

/** Whether the server's bundle is split by route (`cargo leptos build --split`, as `make test`
 * and `make run` build it): its JS glue imports the split loader. (A build without `--split`
 * does not load at all: its glue imports `__wasm_split_placeholder__`, which no browser
 * resolves; this only keeps the chunk checks from failing against a server built elsewhere.) */
async function splitBuild(page: Page): Promise<boolean> {
  const glue = await page.locator('link[rel="modulepreload"]').first().getAttribute('href');
  expect(glue, 'the page names its JS glue').toBeTruthy();
  return (await (await page.request.get(glue!)).text()).includes('__wasm_split');
}

/** Marks the current document, so a later check can tell a client-side navigation (the mark
 * stays) from a full page load (a new document, no mark). */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

// [address, heading, module of its group]; the card and collection pages are added with their slugs.
const PAGES: [string, string, string][] = [
  ['/cards', 'Cards', 'split_library_pages_'],
  ['/collections', 'Collections', 'split_library_pages_'],
  ['/labels', 'Labels', 'split_household_pages_'],
  ['/devices', 'Devices', 'split_household_pages_'],
  ['/accounts', 'Player accounts', 'split_household_pages_'],
  ['/import', 'Import from a player account', 'split_household_pages_'],
  ['/settings', 'Settings', 'split_household_pages_'],
  ['/admin/users', 'Users', 'split_admin_pages_'],
  ['/admin/audit-log', 'Audit log', 'split_admin_pages_'],
  ['/admin/health', 'Health', 'split_admin_pages_'],
  ['/admin/ai-providers', 'AI providers', 'split_admin_pages_'],
  ['/admin/mail', 'Mail outbox', 'split_admin_pages_'],
];

test('every lazy page hydrates when loaded directly, and links load the others without a reload', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const chunks = watchChunks(page);
  await signInAsAdmin(page);
  const split = await splitBuild(page);
  if (split) {
    // signing in loaded the login page directly, then went to /cards through the router
    expect(chunks.some((c) => c.startsWith('split_signed_out_pages_')), chunks.join(', ')).toBe(true);
  }
  const collection = await (await page.request.post('/api/collections', { data: { name: `Lazy ${stamp}`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `Lazy card ${stamp}`, description: '' } })).json();
  const pages: [string, string, string][] = [
    ...PAGES,
    [`/collections/${collection.slug}`, `Lazy ${stamp}`, 'split_collection_editor_page_'],
    [`/cards/${card.slug}`, `Lazy card ${stamp}`, 'split_card_editor_page_'],
  ];

  for (const [address, heading, chunk] of pages) {
    chunks.length = 0;
    await gotoHydrated(page, address);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    if (split) {
      expect(chunks.some((c) => c.startsWith(chunk)), `${address} loaded ${chunk}: ${chunks.join(', ')}`).toBe(true);
    }
  }

  // Controls that only the hydrated page answers, after a full load.
  await gotoHydrated(page, '/collections');
  await page.getByLabel('Name', { exact: true }).fill('Bedtime stories');
  await expect(page.getByTestId('slug-preview')).toHaveText('Address: /collections/bedtime-stories');

  await gotoHydrated(page, `/collections/${collection.slug}`);
  await page.getByRole('button', { name: 'Add preset' }).click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();

  // From a directly loaded card page, links move between lazy pages in the same document.
  await gotoHydrated(page, `/cards/${card.slug}`);
  await markDocument(page);
  await page.getByRole('link', { name: '← All cards' }).click();
  await waitForPath(page, '/cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Cards', exact: true })).toBeVisible();
  const nav = page.locator('nav[aria-label="Main"]');
  for (const [name, address, heading] of [
    ['Collections', '/collections', 'Collections'],
    ['Devices', '/devices', 'Devices'],
    ['Settings', '/settings', 'Settings'],
  ]) {
    await nav.getByRole('link', { name, exact: true }).click();
    await waitForPath(page, address);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Collections', exact: true }).first().click();
  await waitForPath(page, '/collections');
  await page.getByRole('link', { name: new RegExp(`Lazy ${stamp}`) }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: `Lazy ${stamp}`, exact: true })).toBeVisible();
  expect(await sameDocument(page), 'the links navigated without reloading the page').toBe(true);
});
