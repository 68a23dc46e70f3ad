// The main journeys with the keyboard alone: sign in, make a collection and a card, upload a
// file, trim it in the waveform editor, record a take, publish. Every control is reached with
// Tab (never clicked, never focused by the test), shows where the focus is, and a dialog keeps
// the focus inside while open and gives it back to what opened it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { phoneWithMicrophone, newCard } from './recorder';
import { expect, signInAsAdmin, test, tone, waitForPath, waitHydrated } from './fixtures';

const PASSWORD = 'a keyboard family passphrase';

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max`. */
async function tabTo(page: Page, target: Locator, { max = 120, back = false } = {}): Promise<void> {
  const handle = await target.elementHandle();
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((el) => el === document.activeElement, handle)) {
      await expectFocusShown(target);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The focused control is drawn differently: an outline or a ring (box shadow). */
async function expectFocusShown(target: Locator): Promise<void> {
  const shown = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  });
  expect(shown, 'the focused control shows its focus').toBe(true);
}

test('sign in, make a card, upload, trim and publish with the keyboard alone', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const email = `keys-${stamp}@example.com`;
  await signInAsAdmin(page);
  expect((await page.request.post('/api/admin/users', { data: { email, password: PASSWORD, role: 'user' } })).status()).toBe(201);
  const context = await browser.newContext();
  const me = await context.newPage();

  // sign in
  await me.goto('/login');
  await waitHydrated(me);
  await tabTo(me, me.getByLabel('Email', { exact: true }));
  await me.keyboard.type(email);
  await tabTo(me, me.getByLabel('Password', { exact: true }));
  await me.keyboard.type(PASSWORD);
  await me.keyboard.press('Enter');
  await waitForPath(me, '/cards');

  // a collection, then a card in it
  await me.goto('/collections');
  await waitHydrated(me);
  await tabTo(me, me.getByLabel('Name', { exact: true }));
  await me.keyboard.type(`Keys ${stamp}`);
  await tabTo(me, me.getByRole('button', { name: 'Create collection', exact: true }));
  await me.keyboard.press('Enter');
  await me.waitForURL(/\/collections\/[^/]+$/);
  await waitHydrated(me);
  await tabTo(me, me.getByLabel('Title', { exact: true }));
  await me.keyboard.type(`Owl ${stamp}`);
  await tabTo(me, me.getByRole('button', { name: 'Create card', exact: true }));
  await me.keyboard.press('Enter');
  await me.waitForURL(/\/cards\/[^/]+$/);
  await waitHydrated(me);
  await expect(me.getByRole('heading', { name: `Owl ${stamp}` })).toBeVisible();
  const cardPath = new URL(me.url()).pathname;

  // upload: the file picker opens from the keyboard
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-keys-'));
  await tabTo(me, me.getByLabel('Choose audio files'));
  const chooser = me.waitForEvent('filechooser');
  await me.keyboard.press('Enter');
  await (await chooser).setFiles(tone(dir, 'owl-song.wav', 4, 440));
  const list = me.getByRole('list', { name: 'Tracks in play order' });
  await expect(list.getByRole('button', { name: /^Play / })).toHaveCount(1, { timeout: 60_000 });

  // trim: the track's actions, the editor, the handles, the button
  await tabTo(me, list.getByRole('button', { name: 'Actions for owl song' }));
  await me.keyboard.press('Enter');
  await expect(list.getByRole('button', { name: 'Rename owl song' })).toBeFocused();
  await tabTo(me, list.getByRole('button', { name: 'Edit owl song' }));
  await me.keyboard.press('Enter');
  await expect(me.getByTestId('waveform')).toBeVisible();
  await tabTo(me, me.getByRole('slider', { name: 'Start handle' }));
  for (let i = 0; i < 5; i++) await me.keyboard.press('ArrowRight');
  await expect(me.getByLabel('Start (s)')).toHaveValue('0.50');
  await tabTo(me, me.getByRole('button', { name: 'Trim to selection' }));
  await me.keyboard.press('Enter');
  await expect(me.getByText(/Trimmed to 0\.50–/)).toBeVisible({ timeout: 60_000 });

  // publish: the dialog takes the focus, keeps it, and gives it back
  await me.goto('/api/player-accounts/link');
  await waitForPath(me, '/accounts');
  await me.goto(cardPath);
  await waitHydrated(me);
  const open = me.getByRole('button', { name: 'Publish to player' });
  await tabTo(me, open);
  await me.keyboard.press('Enter');
  const dialog = me.getByRole('dialog', { name: 'Publish to player' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  for (let i = 0; i < 25; i++) {
    await me.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), 'Tab stays in the dialog').toBe(true);
  }
  await tabTo(me, dialog.getByRole('button', { name: 'Check what will change' }));
  await me.keyboard.press('Enter');
  await expect(dialog.getByTestId('plan-summary')).toContainText('1 to create');
  await tabTo(me, dialog.getByRole('button', { name: 'Publish', exact: true }));
  await me.keyboard.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Publish plan' }).getByRole('status')).toHaveText('Published', { timeout: 30_000 });
  await me.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
  await context.close();
});

test('record a take with the keyboard alone, its state announced', async ({ baseURL }) => {
  test.setTimeout(120_000);
  const { browser, page, pageErrors } = await phoneWithMicrophone(baseURL!, 'The owl sings to the moon.');
  try {
    const slug = await newCard(page, 'Owl take');
    await page.goto(`/cards/${slug}`);
    await waitHydrated(page);
    const record = page.getByRole('button', { name: 'Record', exact: true });
    await tabTo(page, record);
    await page.keyboard.press('Enter');
    await expect(record).toHaveAttribute('aria-expanded', 'true');
    await tabTo(page, page.getByLabel('Title of the recording'));
    await page.keyboard.type('Owl take');
    await tabTo(page, page.getByRole('button', { name: '● Start recording' }));
    await page.keyboard.press('Enter');
    // the level is a meter with words, the clock a timer screen readers can read
    await expect(page.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
    await page.waitForTimeout(2_000);
    await tabTo(page, page.getByRole('button', { name: 'Stop', exact: true }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Keep', exact: true }));
    await page.keyboard.press('Enter');
    const list = page.getByRole('list', { name: 'Tracks in play order' });
    await expect(list.getByText('Owl take', { exact: true })).toBeVisible({ timeout: 30_000 });
    expect(pageErrors).toEqual([]);
  } finally {
    await browser.close();
  }
});
