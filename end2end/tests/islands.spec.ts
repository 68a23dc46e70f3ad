// Islands (issue 14): pages render on the server, and only their interactive parts (the
// `#[island]` components) load WASM and hydrate, each group's island in a module of its own
// (`split_<island>_loader_….wasm`, from `scripts/build`; the groups are in
// app/src/pages/groups.rs, the library pages' islands in app/src/pages/library.rs). A page loaded directly hydrates its islands and answers its
// controls; it loads its own group's module and no other's; a page without islands loads no
// WASM at all.
// (The publish, recording-reload and waveform specs load the card page directly too and use
// its dialog, recorder and editor.)
import type { Page } from '@playwright/test';

import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, gotoHydrated, signInAsAdmin, test, waitForPath, waitHydrated, openSection } from './fixtures';

/** The WASM files (`*.wasm`) the page fetched since `watchWasm` was called. */
function watchWasm(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (name.endsWith('.wasm')) files.push(name);
  });
  return files;
}

/** Whether the server's bundle is split (`scripts/build`, as `make test` and
 * `make run` build it): its JS glue imports the split loader. (A build without `--split` does
 * not load at all: its glue imports `__wasm_split_placeholder__`, which no browser resolves;
 * this only keeps the module checks from failing against a server built elsewhere.) */
async function splitBuild(page: Page): Promise<boolean> {
  const script = await page.locator('script[type="module"]').first().textContent();
  const glue = /"([^"]+\.js)"/.exec(script ?? '')?.[1];
  expect(glue, 'the page names its JS glue').toBeTruthy();
  return (await (await page.request.get(glue!)).text()).includes('__wasm_split');
}

// [address, heading, the module of the page's group]; the card and collection pages are
// added with their slugs.
const PAGES: [string, string, string][] = [
  ['/cards', 'Cards', 'split_all_cards_loader_'],
  ['/collections', 'Collections', 'split_all_collections_loader_'],
  ['/labels', 'Labels', 'split_household_loader_'],
  ['/devices', 'Devices', 'split_household_loader_'],
  ['/accounts', 'Player accounts', 'split_household_loader_'],
  ['/import', 'Import from a player account', 'split_household_loader_'],
  ['/settings', 'Settings', 'split_household_loader_'],
  ['/admin/users', 'Users', 'split_admin_loader_'],
  ['/admin/audit-log', 'Audit log', 'split_admin_loader_'],
  ['/admin/health', 'Health', 'split_admin_loader_'],
  ['/admin/ai-providers', 'AI providers', 'split_admin_loader_'],
  ['/admin/mail', 'Mail outbox', 'split_admin_loader_'],
];

test('every page hydrates its own islands when loaded directly, and their controls answer', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const wasm = watchWasm(page);
  await signInAsAdmin(page);
  const split = await splitBuild(page);
  const collection = await (await page.request.post('/api/collections', { data: { name: `Islands ${stamp}`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `Island card ${stamp}`, description: '' } })).json();
  const pages: [string, string, string][] = [
    ...PAGES,
    [`/collections/${collection.slug}`, `Islands ${stamp}`, 'split_collection_view_loader_'],
    [`/cards/${card.slug}`, `Island card ${stamp}`, 'split_card_view_loader_'],
  ];

  for (const [address, heading, module] of pages) {
    wasm.length = 0;
    await gotoHydrated(page, address);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    if (split) {
      const islands = wasm.filter((f) => f.startsWith('split_'));
      expect(islands.some((f) => f.startsWith(module)), `${address} loaded ${module}: ${islands.join(', ')}`).toBe(true);
      // the page's own islands only: never the card editor's code on another page
      const foreign = islands.filter((f) => !f.startsWith(module));
      expect(foreign, `${address} loaded another page's islands`).toEqual([]);
    }
  }

  // Controls that only a hydrated island answers, after a full load.
  await gotoHydrated(page, '/collections');
  await page.getByLabel('Name', { exact: true }).fill('Bedtime stories');
  await expect(page.getByTestId('slug-preview')).toHaveText('Address: /collections/bedtime-stories');

  await gotoHydrated(page, `/collections/${collection.slug}`);
  await openSection(page, 'collection-presets');
  await page.getByRole('button', { name: 'Add preset' }).click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  // Escape in the form backs out of it, as Cancel does
  await page.getByLabel('Preset name').press('Escape');
  await expect(page.getByRole('form', { name: 'New preset' })).toHaveCount(0);

  // The card's title renders on the server; renaming the card in its island keeps the
  // browser tab's title on the new one.
  await gotoHydrated(page, `/cards/${card.slug}`);
  await expect(page).toHaveTitle(`Island card ${stamp} · Cardsmith`);
  await openSection(page, 'card-details');
  await page.getByLabel('Title', { exact: true }).fill(`Renamed ${stamp}`);
  await page.getByRole('button', { name: 'Save card', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Renamed ${stamp}` })).toBeVisible();
  await expect(page).toHaveTitle(`Renamed ${stamp} · Cardsmith`);

  // A page with no island (the signed-out "not found") loads no WASM at all.
  await page.context().clearCookies();
  wasm.length = 0;
  await gotoHydrated(page, `/no-such-page-${stamp}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  expect(wasm, 'a page without islands loaded WASM').toEqual([]);
});

/** Holds back the WASM modules whose names start with `module` until the returned function is
 * called: the page's server HTML is live meanwhile, its island not yet awake. */
async function holdBack(page: Page, module: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/${module}*.wasm`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('words typed and an order picked in the library before its island wakes are kept and asked', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  const collection = await (await page.request.post('/api/collections', { data: { name: `Early ${stamp}`, description: '' } })).json();
  const made = await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `Early bird ${stamp}`, description: '' } });
  expect(made.status()).toBe(201);

  // the library's module waits until the words are typed into the server's search box and
  // an order picked
  const release = await holdBack(page, 'split_all_cards_loader_');
  await page.goto('/cards');
  const search = page.getByLabel('Search cards', { exact: true });
  await search.fill(`bird ${stamp}`);
  await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Recently created' });
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();

  await expect(page.getByTestId('result-count')).toHaveText('Showing 1–1 of 1 card');
  await expect(page.getByRole('list', { name: 'Cards' }).getByRole('listitem')).toContainText(`Early bird ${stamp}`);
  await expect(search).toHaveValue(`bird ${stamp}`);
  await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('created');
  await expect(page).toHaveURL(new RegExp(`\\?q=bird%20${stamp}&sort=created$`));
});

test('an email and password typed on /login before its island wakes still sign in', async ({ page }) => {
  // the sign-in form's module waits until both fields are filled in the server's form
  const release = await holdBack(page, 'split_signed_out_loader_');
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();

  await waitHydrated(page);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(ADMIN_EMAIL);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await waitForPath(page, '/cards');
});
