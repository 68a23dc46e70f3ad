// Example content on the admin health page: one button makes three spoken cards with drawn
// covers and icons; the section shows the counts, follows the conversions and links to the
// collection. Laptop and phone sizes.
import { expect, gotoHydrated, screenshot, signInAsAdmin, test } from './fixtures';

test.describe('example content', () => {
  test('an admin adds the example cards once and opens them, on a laptop and a phone', async ({ page }) => {
    test.setTimeout(400_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin(page);
    await gotoHydrated(page, '/admin/health');
    const section = page.getByTestId('example-content');
    await expect(section.getByRole('heading', { name: 'Example content' })).toBeVisible();
    const add = section.getByRole('button', { name: 'Add example cards' });
    await expect(add).toBeEnabled();
    await screenshot(page, 'examples-before.png');

    await add.click();
    await expect(section.getByTestId('example-counts')).toHaveText('Made 3 cards with 8 tracks.', { timeout: 240_000 });
    // the tracks are converted by the job queue; the section follows them to the end
    await expect(section.getByText('All 8 tracks are ready to play.')).toBeVisible({ timeout: 120_000 });
    await expect(section.getByRole('button', { name: 'Add example cards' })).toHaveCount(0);
    await screenshot(page, 'examples-done.png');

    // seeding again through the API adds nothing
    const again = await page.request.post('/api/admin/seed-examples');
    expect(again.status()).toBe(201);
    expect(await again.json()).toEqual({ cards_created: 0, tracks_created: 0 });

    await section.getByRole('link', { name: 'Open the Examples collection' }).click();
    await expect(page.getByRole('heading', { name: 'Examples' }).first()).toBeVisible();
    for (const title of ['The Lighthouse Cat', 'Pip and the Paper Boat', 'The Moon Garden']) {
      await expect(page.getByText(title).first()).toBeVisible();
    }
    await screenshot(page, 'examples-collection.png');

    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, '/admin/health');
    await expect(section.getByText('This instance has its example cards.')).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'examples-phone.png');

    // leave the shared instance as other specs expect it: no extra collection
    const status = await (await page.request.get('/api/admin/seed-status')).json();
    expect(status.seeded).toBe(true);
    const deleted = await page.request.delete(`/api/collections/${status.collection_id}?cascade=true`);
    expect(deleted.status()).toBe(204);
  });
});
