// AI providers: a user adds two providers under Settings (spend bars, key badge, the cascade
// in words), edits one keeping its stored key, tests it, reorders them with the keyboard-usable
// Up button and back by dragging a row's handle, turns one off and deletes it, on a laptop and a phone. An admin manages the
// instance's providers on /admin/ai-providers and tests a key before saving; other users are
// neither offered nor shown that page.
import type { Browser, Page } from '@playwright/test';
import { expect, followAdminLink, gotoHydrated, mainNav, noSideScroll, screenshot, signInAsAdmin, submitLogin, test, waitForPath } from './fixtures';

const PASSWORD = 'a-long-enough-password';

/** A fresh user, signed in on a page of its own. */
async function freshUser(admin: Page, browser: Browser, name: string): Promise<Page> {
  const email = `${name}-${Date.now().toString(36)}@example.com`;
  expect((await admin.request.post('/api/admin/users', { data: { email, password: PASSWORD, role: 'user' } })).status()).toBe(201);
  const page = await (await browser.newContext()).newPage();
  await gotoHydrated(page, '/login');
  await submitLogin(page, email, PASSWORD);
  await waitForPath(page, '/cards');
  return page;
}

function section(page: Page) {
  return page.getByRole('region', { name: 'AI providers', exact: true });
}

function rows(page: Page) {
  return page.getByRole('list', { name: 'Providers in the order they are tried' }).getByTestId('provider-row');
}

async function addProvider(page: Page, kind: string, model: string, key: string, budget: string, monthly = '') {
  await page.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an AI provider' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Provider', { exact: true }).selectOption({ label: kind });
  await dialog.getByLabel('Model').fill(model);
  await dialog.getByLabel('API key').fill(key);
  await dialog.getByLabel('Budget (dollars)').fill(budget);
  await dialog.getByLabel('Monthly cap (dollars)').fill(monthly);
  await dialog.getByRole('button', { name: 'Save provider' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('AI providers', () => {
  test('a user adds, edits, tests, reorders, turns off and deletes providers, on a laptop and a phone', async ({ page, browser }) => {
    await signInAsAdmin(page);
    const user = await freshUser(page, browser, 'providers');
    await user.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(user, '/settings');
    await expect(section(user)).toBeVisible();
    await expect(user.getByTestId('no-providers')).toBeVisible();
    await expect(user.getByTestId('cascade-words')).toContainText('built-in offline generators');

    // a key-needing kind without a key is refused in words before anything is sent
    await user.getByRole('button', { name: 'Add provider' }).click();
    let dialog = user.getByRole('dialog', { name: 'Add an AI provider' });
    await dialog.getByLabel('Model').fill('gpt-4o-mini');
    await dialog.getByLabel('Budget (dollars)').fill('lots');
    await dialog.getByRole('button', { name: 'Save provider' }).click();
    await expect(dialog.getByText('is required for openai')).toBeVisible();
    await expect(dialog.getByText('must be an amount in dollars')).toBeVisible();
    await expect(dialog.getByLabel('Server address')).toHaveCount(0);
    await dialog.getByLabel('Provider', { exact: true }).selectOption({ label: 'Ollama' });
    await expect(dialog.getByLabel('Server address')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await addProvider(user, 'OpenAI', 'gpt-4o-mini', 'sk-test-openai-123', '5', '2');
    await expect(rows(user)).toHaveCount(1);
    const openai = rows(user).first();
    await expect(openai.getByTestId('provider-name')).toHaveText('OpenAI');
    await expect(openai.getByTestId('provider-key')).toHaveText('Key stored');
    await expect(openai.getByTestId('provider-spend').first()).toHaveText('$0.00 of $5.00 spent · $5.00 left');
    await expect(openai.getByTestId('provider-spend').nth(1)).toContainText('$0.00 of $2.00 this month · resets');
    await expect(openai.getByRole('progressbar', { name: 'Budget' })).toBeVisible();
    await expect(user.getByTestId('cascade-words')).toHaveText(/^First your OpenAI \(gpt-4o-mini\), then .*the built-in offline generators\.$/);

    await addProvider(user, 'Anthropic', 'claude-haiku-4-5', 'sk-ant-test-456', '1');
    await expect(rows(user)).toHaveCount(2);
    await expect(rows(user).nth(1)).toContainText('Anthropic');
    await screenshot(user, 'ai-providers.png');

    // edit: the key field starts empty and keeps the stored key
    await user.getByRole('button', { name: 'Edit OpenAI (gpt-4o-mini)' }).click();
    dialog = user.getByRole('dialog', { name: 'Edit AI provider' });
    await expect(dialog.getByLabel('API key')).toHaveValue('');
    await expect(dialog.getByText('Leave empty to keep the stored key.')).toBeVisible();
    await expect(dialog.getByLabel('Monthly cap (dollars)')).toHaveValue('2.00');
    await dialog.getByLabel('Model').fill('gpt-4o');
    await dialog.getByRole('button', { name: 'Save provider' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(user).first()).toContainText('gpt-4o');
    await expect(rows(user).first().getByTestId('provider-key')).toHaveText('Key stored');
    await expect(user.getByRole('status').filter({ hasText: 'Saved OpenAI (gpt-4o).' })).toBeVisible();

    // test: one real call; the fake key reaches no real service, and says so in words
    await user.getByRole('button', { name: 'Test OpenAI (gpt-4o)' }).click();
    await expect(rows(user).first().getByTestId('provider-test')).toHaveText(/^Test (passed|failed): \S/, { timeout: 90_000 });

    // reorder from the keyboard: focus Up on the second row and press Enter
    const up = user.getByRole('button', { name: 'Move Anthropic (claude-haiku-4-5) up' });
    await up.focus();
    await user.keyboard.press('Enter');
    await expect(rows(user).first()).toContainText('Anthropic');
    await expect(user.getByTestId('cascade-words')).toHaveText(/^First your Anthropic \(claude-haiku-4-5\), then your OpenAI \(gpt-4o\)/);
    await gotoHydrated(user, '/settings');
    await expect(rows(user).first()).toContainText('Anthropic');
    const saved = await (await user.request.get('/api/settings/llm-providers')).json();
    const byModel = Object.fromEntries(saved.map((p: { model: string; priority: number }) => [p.model, p.priority]));
    expect(byModel['claude-haiku-4-5']).toBeLessThan(byModel['gpt-4o']);

    // and back by dragging OpenAI's handle onto the first row (pointer events: mouse, pen, finger)
    const handle = rows(user).nth(1).getByTestId('drag-handle');
    await handle.hover(); // scrolls the list into view first, so the target's box is current
    const target = await rows(user).first().boundingBox();
    await user.mouse.down();
    await user.mouse.move(target!.x + target!.width / 2, target!.y + 10, { steps: 8 });
    await user.mouse.up();
    await expect(rows(user).first()).toContainText('OpenAI');
    await expect(user.getByRole('status').filter({ hasText: 'is now number 1 in the order' })).toBeVisible();
    const dragged = await (await user.request.get('/api/settings/llm-providers')).json();
    const afterDrag = Object.fromEntries(dragged.map((p: { model: string; priority: number }) => [p.model, p.priority]));
    expect(afterDrag['gpt-4o']).toBeLessThan(afterDrag['claude-haiku-4-5']);

    // off, then deleted after a confirmation
    await user.getByRole('switch', { name: 'Use OpenAI (gpt-4o)' }).click();
    await expect(user.getByRole('switch', { name: 'Use OpenAI (gpt-4o)' })).toHaveAttribute('aria-checked', 'false');
    await expect(user.getByTestId('cascade-words')).not.toContainText('OpenAI (gpt-4o)');
    const openaiRow = rows(user).filter({ hasText: 'gpt-4o' });
    await openaiRow.getByRole('button', { name: 'Delete' }).click();
    await openaiRow.getByRole('button', { name: 'Yes, delete provider' }).click();
    await expect(rows(user)).toHaveCount(1);
    await expect(user.getByRole('status').filter({ hasText: 'Deleted OpenAI (gpt-4o).' })).toBeVisible();

    // a phone: the rows, bars and buttons fit
    await user.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(user, '/settings');
    await expect(rows(user)).toHaveCount(1);
    await section(user).scrollIntoViewIfNeeded();
    await noSideScroll(user);
    await screenshot(user, 'ai-providers-phone.png');
    await user.getByRole('button', { name: 'Add provider' }).click();
    await expect(user.getByRole('dialog', { name: 'Add an AI provider' })).toBeVisible();
    await screenshot(user, 'ai-providers-dialog-phone.png', { fullPage: false });
    await user.context().close();
  });

  test('an admin manages the instance providers and tests a key before saving', async ({ page, browser }) => {
    await signInAsAdmin(page);
    await followAdminLink(page, 'AI providers');
    await waitForPath(page, '/admin/ai-providers');
    const region = page.getByRole('region', { name: 'System AI providers' });
    await expect(region).toBeVisible();
    // the list has loaded (demo mode adds the simulator as a system provider)
    await expect(page.getByTestId('cascade-words')).not.toHaveText('Working out the order…');
    const before = await rows(page).count();

    await page.getByRole('button', { name: 'Add provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an AI provider' });
    await dialog.getByLabel('Provider', { exact: true }).selectOption({ label: 'Anthropic' });
    await dialog.getByLabel('Model').fill('claude-haiku-4-5');
    // Test key waits for a key
    await expect(dialog.getByRole('button', { name: 'Test key' })).toBeDisabled();
    await dialog.getByLabel('API key').fill('sk-ant-admin-test');
    await dialog.getByRole('button', { name: 'Test key' }).click();
    await expect(dialog.getByTestId('provider-test')).toHaveText(/^Test (passed|failed): \S/, { timeout: 90_000 });
    await screenshot(page, 'ai-providers-admin-dialog.png', { fullPage: false });
    await dialog.getByLabel('Budget (dollars)').fill('3');
    await dialog.getByRole('button', { name: 'Save provider' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(page)).toHaveCount(before + 1);
    const added = rows(page).filter({ hasText: 'claude-haiku-4-5' });
    await expect(added.getByTestId('provider-spend')).toHaveText('$0.00 of $3.00 spent · $3.00 left');
    await expect(page.getByTestId('cascade-words')).toContainText("the instance's Anthropic (claude-haiku-4-5)");
    await screenshot(page, 'ai-providers-admin.png');

    // a user's cascade reaches it after the user's own
    const user = await freshUser(page, browser, 'cascade');
    await gotoHydrated(user, '/settings');
    await expect(user.getByTestId('cascade-words')).toContainText("the instance's Anthropic (claude-haiku-4-5)");
    await expect(mainNav(user).getByRole('link', { name: 'AI providers', exact: true })).toHaveCount(0);
    await gotoHydrated(user, '/admin/ai-providers');
    await expect(user.getByText("Only admins can manage the instance's AI providers.")).toBeVisible();
    expect((await user.request.get('/api/admin/llm-providers')).status()).toBe(403);
    await user.context().close();

    await added.getByRole('button', { name: 'Delete' }).click();
    await added.getByRole('button', { name: 'Yes, delete provider' }).click();
    await expect(rows(page)).toHaveCount(before);
  });
});
