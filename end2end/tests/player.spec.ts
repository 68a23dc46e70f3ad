// The player platform in demo mode (the server runs its simulator): a parent links the
// family account, sees and controls the players, changes a setting, imports a card of their
// own with its cover into a collection made on the import page (offered first next time),
// sees the account flagged when the platform drops the link, links it again and finally
// unlinks it. A card published from here is shown as made here, with the way to it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import {
  expect,
  gotoHydrated,
  playerCardId,
  screenshot,
  signInAsAdmin,
  simulatorOrigin,
  test,
  tone,
  waitForPath,
  waitHydrated,
} from './fixtures';

/** Links the simulator's family account through the real redirect flow. */
async function linkAccount(page: Page): Promise<void> {
  await gotoHydrated(page, '/accounts');
  await page.getByRole('link', { name: 'Link a player account' }).click();
  await waitForPath(page, '/accounts');
  await waitHydrated(page);
  await expect(page.getByText('Player account linked.')).toBeVisible();
}

/** Whether the page scrolls sideways at the current width. */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

test('a parent links the family account, controls a player and imports a card', async ({ page }) => {
  await signInAsAdmin(page);
  // a first link: an account another spec of this lane linked (publishing, the library's
  // bulk publish) is unlinked first
  const linked = (await (await page.request.get('/api/player-accounts')).json()).accounts as { id: string }[];
  for (const account of linked) {
    expect((await page.request.delete(`/api/player-accounts/${account.id}`)).status()).toBe(204);
  }
  await gotoHydrated(page, '/accounts');
  await expect(page.getByText('No player account linked')).toBeVisible();
  await linkAccount(page);
  const accounts = page.getByRole('list', { name: 'Linked accounts' });
  await expect(accounts.getByRole('listitem')).toHaveCount(1);
  await expect(accounts.getByText('Linked', { exact: true })).toBeVisible();
  await expect(accounts.getByText(/@/)).toBeVisible();
  await screenshot(page, 'accounts.png');

  // the players, under their account, with their battery and controls
  await gotoHydrated(page, '/devices');
  const family = page.getByRole('region', { name: 'parent@example.com' });
  await expect(family.getByText('2 players')).toBeVisible();
  const bedroom = page.getByRole('listitem', { name: 'Player Bedroom player' });
  await expect(bedroom.getByText('76%')).toBeVisible();
  await expect(bedroom.getByText('Online', { exact: true })).toBeVisible();
  const mini = page.getByRole('listitem', { name: 'Player Travel mini' });
  await expect(mini.getByText('18%')).toBeVisible();
  await expect(mini.getByText('charging')).toBeVisible();
  // the player's live panel follows the player over the platform's broker: a living family,
  // the bedroom player already plays Grandma's songs, the mini nothing
  const now = bedroom.getByTestId('now-playing');
  await expect(now.getByText('Live', { exact: true })).toBeVisible();
  await expect(now.getByTestId('now-playing-title')).toHaveText("Grandma's songs");
  await expect(now).toContainText('· Playing');
  await expect(mini.getByTestId('now-playing').getByText('Nothing playing')).toBeVisible();
  // nothing is published yet: a card of the account is played by its id
  await bedroom.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(bedroom.getByRole('alert')).toContainText('Choose the card to play first');
  await bedroom.getByLabel('Card to play').fill(await playerCardId(page, 'Bedtime stories'));
  await bedroom.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(bedroom.getByRole('status').first()).toContainText('Sent play to the player');
  // the panel updates by itself: the card plays, its position moves on
  await expect(now.getByTestId('now-playing-title')).toHaveText('Bedtime stories');
  await expect(now).toContainText('· Playing');
  const progress = now.getByRole('progressbar');
  const before = Number(await progress.getAttribute('aria-valuenow'));
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(before);
  await screenshot(page, 'devices.png');
  await now.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(now.getByRole('status')).toContainText('Sent pause to the player');
  await expect(now).toContainText('· Paused');
  // the volume slider moves the player, up to its limit
  await now.getByLabel('Volume').fill('12');
  await expect(now.getByText('12 / 16')).toBeVisible();

  // a setting is changed and still shown after a reload (the others are kept by the server)
  const settings = bedroom.getByRole('form', { name: 'Player settings' });
  await bedroom.getByText('Settings', { exact: true }).click();
  await expect(settings.getByLabel('Day maximum volume')).toHaveValue('16');
  await settings.getByLabel('Day maximum volume').fill('17'); // refused beside the field, nothing sent
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByText('must be 0 to 16')).toBeVisible();
  await expect(settings.getByLabel('Day maximum volume')).toHaveAttribute('aria-invalid', 'true');
  await settings.getByLabel('Day maximum volume').fill('12');
  await settings.getByLabel('Night maximum volume').fill('5');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByRole('status')).toContainText('2 settings saved on the player');
  await settings.getByLabel('Night starts at').fill('19:00'); // a second save sends only the newer edit
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByRole('status')).toContainText('1 setting saved on the player');
  await gotoHydrated(page, '/devices');
  await bedroom.getByText('Settings', { exact: true }).click();
  await expect(settings.getByLabel('Day maximum volume')).toHaveValue('12');
  await expect(settings.getByLabel('Night maximum volume')).toHaveValue('5');
  await expect(settings.getByLabel('Night starts at')).toHaveValue('19:00');
  await expect(settings.getByLabel('Time zone')).toHaveValue(''); // untouched settings are kept

  // shortcuts cannot be read back: the form says so and saves the list it is given
  await bedroom.getByText('Shortcuts', { exact: true }).click();
  await expect(bedroom.getByText('does not let apps read the current shortcuts')).toBeVisible();
  await bedroom.getByRole('button', { name: 'Add shortcut' }).click();
  const shortcut = bedroom.getByRole('listitem', { name: 'Shortcut 1' });
  await shortcut.getByLabel('Mode').selectOption('night');
  await shortcut.getByLabel('Card').fill(await playerCardId(page, "Grandma's songs"));
  await shortcut.getByLabel('Chapter (optional)').fill('02');
  await bedroom.getByRole('button', { name: 'Save shortcuts' }).click();
  await expect(bedroom.getByRole('status').last()).toContainText('1 shortcut saved on the player');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'phone-devices.png');
  expect(await scrollsSideways(page)).toBe(false);
  for (const path of ['/accounts', '/import']) {
    await gotoHydrated(page, path);
    expect(await scrollsSideways(page), path).toBe(false);
    await screenshot(page, `phone-${path.slice(1)}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // the import browser lists the family's own cards with covers (not the bought card or the
  // podcast; other specs may have published more to this shared demo account)
  await gotoHydrated(page, '/import');
  const library = page.getByRole('list', { name: 'Cards on the account' });
  await expect(library.getByRole('listitem', { name: "Grandma's songs" })).toBeVisible();
  const cover = library.getByRole('img', { name: "Cover of Grandma's songs" });
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(library.getByText('The Gruffalo')).toHaveCount(0);
  // the form asks where the cards go: here a new collection, named on the spot
  const into = page.getByLabel('Import into');
  await into.selectOption({ label: 'A new collection…' });
  const shelf = `Family imports ${Date.now().toString(36)}`;
  await page.getByLabel('Name of the new collection').fill(shelf);
  await screenshot(page, 'import.png');
  const grandma = library.getByRole('listitem', { name: "Grandma's songs" });
  await grandma.getByRole('button', { name: 'Import' }).click();
  await expect(grandma.getByRole('status')).toContainText('Imported', { timeout: 30_000 });
  await expect(grandma.getByText('Already imported')).toBeVisible();
  // the new collection is made once and chosen for the next card
  await expect(into.locator('option:checked')).toHaveText(shelf);
  await expect(page.getByLabel('Name of the new collection')).toHaveCount(0);
  await grandma.getByRole('link', { name: 'open the card' }).click();
  await waitForPath(page, '/cards/grandma-s-songs');
  expect((await (await page.request.get('/api/cards/grandma-s-songs')).json()).collection_name).toBe(shelf);
  const tracks = page.getByRole('list', { name: 'Tracks in play order' });
  await expect(tracks.getByRole('listitem')).toHaveCount(3);
  // imported audio is kept as already transcoded: every chapter plays at once
  await expect(tracks.getByRole('button', { name: /^Play / })).toHaveCount(3);
  // back on the import page the last choice is offered first, here or on another device
  await gotoHydrated(page, '/import');
  await expect(library.getByRole('listitem', { name: "Grandma's songs" }).getByText('Already imported')).toBeVisible();
  await expect(page.getByLabel('Import into').locator('option:checked')).toHaveText(shelf);

  // the platform drops the link (tokens expired and refused): the account says so
  const sim = await simulatorOrigin(page);
  expect((await page.request.post(`${sim}/__sim/expire-access-tokens`)).status()).toBe(204);
  expect((await page.request.post(`${sim}/__sim/revoke-refresh-tokens`)).status()).toBe(204);
  await gotoHydrated(page, '/devices');
  await expect(bedroom.getByText(/Cached snapshot from/)).toBeVisible();
  await gotoHydrated(page, '/accounts');
  await expect(accounts.getByText('Needs linking again')).toBeVisible();
  await expect(accounts.getByRole('alert')).toContainText('link it again');
  await screenshot(page, 'accounts-relink.png');
  await accounts.getByRole('link', { name: 'Link again' }).click();
  await waitForPath(page, '/accounts');
  await waitHydrated(page);
  await expect(accounts.getByText('Linked', { exact: true })).toBeVisible();

  // unlinking asks first, then forgets the account
  await accounts.getByRole('button', { name: 'Unlink' }).click();
  await accounts.getByRole('button', { name: 'Yes, unlink' }).click();
  await expect(page.getByText('No player account linked')).toBeVisible();
  await expect(page.getByText('Player account linked.')).toHaveCount(0);
  await gotoHydrated(page, '/devices');
  await expect(page.getByRole('link', { name: 'Link a player account' })).toBeVisible();
});

test('a card published to the account is played by its title, any other by its id', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/api/player-accounts/link');
  await waitForPath(page, '/accounts');
  const account = (await (await page.request.get('/api/player-accounts')).json()).accounts[0].id;
  // one of the family's cards comes in, then goes back out as a card Cardsmith published
  const imported = await page.request.post('/api/cards/import-from-player', {
    data: { account_id: account, player_card_id: await playerCardId(page, 'Bedtime stories') },
  });
  expect(imported.status()).toBe(202);
  const { card_slug: slug, job_id: job } = await imported.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/jobs/${job}`)).json()).status, { timeout: 30_000 })
    .toBe('succeeded');
  const card = await (await page.request.get(`/api/cards/${slug}`)).json();
  const publish = await page.request.post('/api/publish', {
    data: { account_ids: [account], card_slugs: [slug], collection_id: card.collection_id },
  });
  expect(publish.status()).toBe(202);
  await expect
    .poll(async () => (await (await page.request.get(`/api/cards/${slug}/publish-status`)).json()).map((r: { status: string }) => r.status).join(), {
      timeout: 30_000,
    })
    .toBe('published');

  await gotoHydrated(page, '/devices');
  const bedroom = page.getByRole('listitem', { name: 'Player Bedroom player' });
  const picker = bedroom.getByLabel('Card to play');
  await expect(picker.locator('option:checked')).toHaveText('Bedtime stories');
  await expect(bedroom.getByLabel('Card id')).toHaveCount(0);
  await bedroom.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(bedroom.getByRole('status')).toContainText('Sent play to the player');

  await picker.selectOption({ label: 'Another card, by its id…' });
  await bedroom.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(bedroom.getByRole('alert')).toContainText('Choose the card to play first');
  await bedroom.getByLabel('Card id').fill(await playerCardId(page, "Grandma's songs"));
  await bedroom.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(bedroom.getByRole('status')).toContainText('Sent play to the player');

  // shortcut rows offer the published card too
  await bedroom.getByText('Shortcuts', { exact: true }).click();
  await bedroom.getByRole('button', { name: 'Add shortcut' }).click();
  await bedroom.getByRole('button', { name: 'Add shortcut' }).click();
  const second = bedroom.getByRole('listitem', { name: 'Shortcut 2' });
  await expect(second.getByLabel('Card', { exact: true }).locator('option:checked')).toHaveText('Bedtime stories');
  await bedroom.getByRole('button', { name: 'Remove shortcut 1' }).click();
  await expect(bedroom.getByRole('listitem', { name: /^Shortcut/ })).toHaveCount(1);
  await bedroom.getByRole('button', { name: 'Save shortcuts' }).click();
  await expect(bedroom.getByRole('status').last()).toContainText('1 shortcut saved on the player');

  // the card's page plays it on a player and says where it plays, on a laptop and a phone
  for (const [width, height, name] of [
    [1280, 800, 'card-on-players.png'],
    [390, 844, 'phone-card-on-players.png'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await gotoHydrated(page, `/cards/${slug}`);
    const players = page.getByTestId('card-on-players');
    await players.getByRole('button', { name: '▶ Play on Bedroom player' }).click();
    await expect(players.getByTestId('card-playing-on')).toContainText('Playing on Bedroom player');
    await players.getByRole('button', { name: 'Pause' }).click();
    await expect(players.getByTestId('card-playing-on')).toContainText('Paused on Bedroom player');
    await screenshot(page, name);
    expect(await scrollsSideways(page)).toBe(false);
    await players.getByRole('button', { name: 'Stop' }).click();
    await expect(players.getByTestId('card-playing-on')).toHaveCount(0);
    // the icon of its first chapter shows on the player
    await players.getByRole('button', { name: 'Show the icon on Bedroom player' }).click();
    await expect(players.getByRole('status')).toContainText('The icon shows on the player');
  }

  // the players page follows by itself on a phone too: what the card page started shows
  await gotoHydrated(page, `/cards/${slug}`);
  await page.getByTestId('card-on-players').getByRole('button', { name: '▶ Play on Bedroom player' }).click();
  await gotoHydrated(page, '/devices');
  const now = bedroom.getByTestId('now-playing');
  await expect(now.getByTestId('now-playing-title')).toHaveText('Bedtime stories');
  const progress = now.getByRole('progressbar');
  const before = Number(await progress.getAttribute('aria-valuenow'));
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(before);
  await screenshot(page, 'phone-devices-live.png');
  // a chapter ends on the player: the page moves to the next one by itself
  const devices = (await (await page.request.get('/api/devices')).json()).devices;
  const bedroomId = devices.find((d: { name: string }) => d.name === 'Bedroom player').device_id;
  const play = await page.request.post(`/api/devices/${account}/${bedroomId}/command`, {
    data: { command: 'play', card_id: await playerCardId(page, "Grandma's songs"), chapter_key: '02', seconds: 57 },
  });
  expect(play.status()).toBe(200);
  await expect(now).toContainText('Chapter 2 · Playing');
  await expect(now).toContainText('Chapter 3 · Playing', { timeout: 10_000 });
  // and the panel's chapter buttons move the player
  await now.getByRole('button', { name: 'Previous chapter' }).click();
  await expect(now).toContainText('Chapter 2 · Playing');
  await expect(now.getByRole('status')).toContainText('Went back a chapter');

  // a second tab and an app on the same account share the page's one connection, and all
  // three see the player move on
  const live = async () => (await (await page.request.get('/api/metrics')).json()).live;
  const opened = (await live()).connections_opened;
  const tab = await page.context().newPage();
  await gotoHydrated(tab, '/devices');
  const nowThere = tab.getByRole('listitem', { name: 'Player Bedroom player' }).getByTestId('now-playing');
  await expect(nowThere).toContainText('Chapter 2 · Playing');
  await nowThere.getByRole('button', { name: 'Next chapter' }).click();
  await expect(nowThere).toContainText('Chapter 3 · Playing');
  await expect(now).toContainText('Chapter 3 · Playing');
  const state = await (await page.request.get(`/api/devices/${account}/${bedroomId}/live`)).json();
  expect(state.chapter_key).toBe('03');
  const figures = await live();
  expect(figures.connections_opened).toBe(opened);
  expect(figures.connections).toBe(1);
  expect(figures.watchers).toBeGreaterThanOrEqual(2);
  await tab.close();
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('an app links a player account: the sign-in happens on a phone, which asks for the code the app shows', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  // the app (a client of the API, with no browser of its own) starts a handed-off link
  const started = await page.request.get('/api/player-accounts/link?handoff=code');
  expect(started.status()).toBe(200);
  const handoff = await started.json();
  expect(handoff.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);

  // the platform's sign-in happens in a phone browser that is not signed in to Cardsmith
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await phoneContext.newPage();
  await phone.goto(handoff.authorize_url);
  await waitForPath(phone, '/link-player');
  await expect(phone.getByRole('heading', { name: 'Link your player account' })).toBeVisible();
  expect(await scrollsSideways(phone)).toBe(false);
  await screenshot(phone, 'phone-link-player.png');

  // a wrong code is refused with the tries left; the right one links, typed from the keyboard
  const field = phone.getByLabel('Code from your app');
  const wrong = (handoff.user_code[0] === 'B' ? 'C' : 'B') + handoff.user_code.slice(1);
  await field.fill(wrong);
  await field.press('Enter');
  await expect(phone.getByText(/is not the code your app shows \(4 tries left\)/)).toBeVisible();
  await field.fill(handoff.user_code.toLowerCase());
  await field.press('Enter');
  await expect(phone.getByRole('heading', { name: 'Player account linked' })).toBeVisible();
  await screenshot(phone, 'phone-link-player-done.png');
  await phoneContext.close();

  // the app sees the link done, and the account is the app's user's
  const status = await (await page.request.get(`/api/player-accounts/link/${handoff.link_id}`)).json();
  expect(status.status).toBe('linked');
  const accounts = await (await page.request.get('/api/player-accounts')).json();
  expect(accounts.accounts).toHaveLength(1);
  expect((await page.request.delete(`/api/player-accounts/${accounts.accounts[0].id}`)).status()).toBe(204);
});

test('a card made here is recognised on the import page, with the way to it instead of Import', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-e2e-'));
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  await page.goto('/api/player-accounts/link');
  await waitForPath(page, '/accounts');
  const account = (await (await page.request.get('/api/player-accounts')).json()).accounts[0].id;
  const collection = await (await page.request.post('/api/collections', { data: { name: `Our stories ${stamp}`, description: '' } })).json();
  const title = `Moonlight ${stamp}`;
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title, description: '' } })).json();
  const upload = await page.request.post(`/api/cards/${card.slug}/tracks`, { multipart: { file: tone(dir, 'moonlight.wav', 1, 440) } });
  expect(upload.status()).toBe(201);
  const track = await upload.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/cards/${card.slug}/tracks/${track.slug}`)).json()).transcode_status, { timeout: 30_000 })
    .toBe('ready');
  const publish = await page.request.post('/api/publish', {
    data: { account_ids: [account], card_slugs: [card.slug], collection_id: collection.id },
  });
  expect(publish.status()).toBe(202);
  await expect
    .poll(async () => (await (await page.request.get(`/api/cards/${card.slug}/publish-status`)).json()).map((r: { status: string }) => r.status).join(), {
      timeout: 30_000,
    })
    .toBe('published');

  await gotoHydrated(page, '/import');
  const tile = page.getByRole('list', { name: 'Cards on the account' }).getByRole('listitem', { name: title });
  await expect(tile.getByTestId('made-here')).toHaveText(`Made here — already in Our stories ${stamp}`);
  await expect(tile.getByRole('button')).toHaveCount(0);
  await expect(tile.getByText('Already imported')).toHaveCount(0);
  await tile.scrollIntoViewIfNeeded();
  await screenshot(page, 'import-made-here.png', { fullPage: false });
  await tile.getByRole('link', { name: `Open the card ${title}` }).click();
  await waitForPath(page, `/cards/${card.slug}`);
});
