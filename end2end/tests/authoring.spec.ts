// Authoring: a collection, a card with a cover, sharing read-only, a PDF label and its
// public link opened signed out.
import { expect, gotoHydrated, screenshot, signInAsAdmin, submitLogin, test, waitForPath, waitHydrated, openSection } from './fixtures';
import { gradientPng } from './png';

const READER_PASSWORD = 'a-long-enough-password';

test('a parent authors a card, shares the collection read-only and prints a label', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const collection = `Bedtime ${stamp}`;
  const cardTitle = `Moon Story ${stamp}`;
  const readerEmail = `reader-${stamp}@example.com`;

  await signInAsAdmin(page);
  // A second family member to share with (the admin API is the quickest way to make one).
  const created = await page.request.post('/api/admin/users', {
    data: { email: readerEmail, password: READER_PASSWORD, role: 'user', display_name: 'Grandma' },
  });
  expect(created.status()).toBe(201);

  // Create the collection.
  await gotoHydrated(page, '/collections');
  await page.getByLabel('Name', { exact: true }).fill(collection);
  await page.getByLabel('Description', { exact: true }).fill('Stories for sleepy evenings');
  // creating it opens it
  await page.getByRole('button', { name: 'Create collection', exact: true }).click();
  await page.waitForURL(/\/collections\/[^/]+$/);
  await expect(page.getByRole('heading', { name: collection })).toBeVisible();
  await waitHydrated(page);
  const collectionPath = new URL(page.url()).pathname;

  // Add a card, then its cover.
  await page.getByLabel('Title', { exact: true }).fill(cardTitle);
  await page.getByLabel('Description', { exact: true }).last().fill('The moon says goodnight');
  await page.getByLabel('Author', { exact: true }).fill('Mum');
  await page.getByRole('button', { name: 'Create card', exact: true }).click();
  await page.waitForURL(/\/cards\/[^/]+$/);
  await expect(page.getByRole('heading', { name: cardTitle })).toBeVisible();
  await waitHydrated(page);
  const cardPath = new URL(page.url()).pathname;
  await openSection(page, 'card-art');
  const front = page.getByLabel('Front cover').locator('input[type=file]');
  await front.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: gradientPng(320, 320) });
  const cover = page.locator('img[src*="/cover"]').first();
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await screenshot(page, 'card.png');

  // Share the collection with the reader as a viewer.
  await page.getByRole('link', { name: collection }).first().click();
  await expect(page.getByRole('heading', { name: collection })).toBeVisible();
  await waitHydrated(page);
  await openSection(page, 'collection-sharing');
  await page.getByLabel('Member email').fill(readerEmail);
  await page.getByLabel('Role', { exact: true }).last().selectOption('viewer');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const invited = page.getByRole('list', { name: 'Invited' }).getByRole('listitem').filter({ hasText: readerEmail });
  await expect(invited.getByText('invited', { exact: true })).toBeVisible();
  await screenshot(page, 'collection.png');

  // The reader accepts the invitation, then sees the collection, read-only.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await gotoHydrated(reader, '/login');
  await submitLogin(reader, readerEmail, READER_PASSWORD);
  await waitForPath(reader, '/cards');
  await gotoHydrated(reader, '/collections');
  await expect(reader.getByRole('link', { name: new RegExp(collection) })).toHaveCount(0);
  const invitation = reader.getByRole('list', { name: 'Invitations for you' }).getByRole('listitem').filter({ hasText: collection });
  await expect(invitation).toContainText('invited you as viewer');
  await screenshot(reader, 'invitation-for-you.png');
  // on a phone too, and answered from the keyboard
  await reader.setViewportSize({ width: 390, height: 844 });
  const overflow = await reader.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the invitations scroll sideways on a phone').toBeLessThanOrEqual(0);
  await screenshot(reader, 'phone-invitation-for-you.png');
  await invitation.getByRole('button', { name: `Accept the invitation to ${collection}` }).focus();
  await reader.keyboard.press('Enter');
  await expect(invitation).toHaveCount(0);
  await reader.setViewportSize({ width: 1280, height: 800 });
  await reader.getByRole('link', { name: new RegExp(collection) }).first().click();
  await expect(reader.getByRole('heading', { name: collection })).toBeVisible();
  await waitHydrated(reader);
  await expect(reader.getByText(cardTitle).first()).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Create card' })).toHaveCount(0);
  await expect(reader.getByRole('button', { name: 'Invite', exact: true })).toHaveCount(0);
  await reader.getByRole('link', { name: new RegExp(cardTitle) }).first().click();
  await expect(reader.getByRole('heading', { name: cardTitle })).toBeVisible();
  await waitHydrated(reader);
  await expect(reader.locator('input[type=file]')).toHaveCount(0);
  await screenshot(reader, 'card-read-only.png');
  await readerContext.close();

  // Generate a PDF label and share it.
  await gotoHydrated(page, '/labels');
  await page.getByLabel(cardTitle).check();
  await page.getByLabel('Format').selectOption('pdf');
  await page.getByLabel('Page size').selectOption('a4');
  await page.getByRole('button', { name: 'Generate labels', exact: true }).click();
  const download = page.getByRole('link', { name: 'Download' });
  await expect(download).toBeVisible();
  const file = await page.request.get((await download.getAttribute('href'))!);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect((await file.body()).subarray(0, 4).toString()).toBe('%PDF');
  await page.getByRole('button', { name: 'Create share link', exact: true }).click();
  const shareUrl = (await page.getByTestId('share-url').textContent())!.trim();
  expect(shareUrl).toContain('/shared/labels/');
  await screenshot(page, 'labels.png');

  // Anybody with the link, signed out, gets the PDF.
  const anonymous = await browser.newContext();
  const opened = await anonymous.request.get(shareUrl);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  await anonymous.close();

  // The card shown in a second collection too: its owner sees where, and takes it out of
  // there again from the keyboard (the card stays in its home).
  const shelfName = `Shelf ${stamp}`;
  const shelf = await page.request.post('/api/collections', { data: { name: shelfName, description: '' } });
  expect(shelf.status()).toBe(201);
  const shelfId = (await shelf.json()).id;
  const cardSlug = cardPath.split('/').pop();
  const linked = await page.request.post(`/api/collections/${shelfId}/cards/link`, { data: { card_id: cardSlug } });
  expect(linked.status()).toBe(204);
  await gotoHydrated(page, cardPath);
  await openSection(page, 'card-manage');
  const shownIn = page.getByRole('list', { name: 'Collections this card is linked into' });
  await expect(shownIn.getByRole('listitem').filter({ hasText: shelfName })).toContainText('linked by');
  await shownIn.scrollIntoViewIfNeeded();
  await screenshot(page, 'card-also-shown-in.png', { fullPage: false });
  await shownIn.getByRole('button', { name: `Remove from ${shelfName}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('This card is in its own collection only.')).toBeVisible();
  await gotoHydrated(page, cardPath);
  await expect(page.getByText('This card is in its own collection only.')).toBeVisible();
  const shelfCards = await (await page.request.get(`/api/collections/${shelfId}/cards`)).json();
  expect(shelfCards).toHaveLength(0);

  // Every authoring page on a phone, each loaded afresh (server-rendered, then hydrated):
  // nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const pages = [['collections', '/collections'], ['collection', collectionPath], ['card', cardPath], ['labels', '/labels']];
  for (const [name, path] of pages) {
    await gotoHydrated(page, path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways on a phone`).toBeLessThanOrEqual(0);
    await screenshot(page, `phone-${name}.png`);
  }

  // A reloaded card page is live: saving the details works and survives another reload.
  await gotoHydrated(page, cardPath);
  await openSection(page, 'card-details');
  await page.getByLabel('Author', { exact: true }).fill('Dad');
  await page.getByRole('button', { name: 'Save card', exact: true }).click();
  await expect(page.getByText('Card saved')).toBeVisible();
  await gotoHydrated(page, cardPath);
  await expect(page.getByLabel('Author', { exact: true })).toHaveValue('Dad');

  // A reloaded collection page shows its members and stats from the one page load.
  await gotoHydrated(page, collectionPath);
  await expect(page.getByRole('list', { name: 'Members' }).getByText(readerEmail, { exact: true })).toBeVisible();
  await expect(page.getByText('Disk use')).toBeVisible();
});
