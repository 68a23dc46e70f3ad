// Helpers for the specs that use a voice picker (spoken-track, story-panel).
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The `label`s of a voice list's groups, in order. */
export async function groupLabels(select: Locator): Promise<string[]> {
  await expect(select.locator('optgroup').first()).toBeAttached({ timeout: 30_000 });
  return select.locator('optgroup').evaluateAll((els) => els.map((e) => e.getAttribute('label') ?? ''));
}

/** The list sits inside its panel: a long voice label must not widen it. */
export async function insidePanel(select: Locator, panel: Locator): Promise<void> {
  const [inner, outer] = [await select.boundingBox(), await panel.boundingBox()];
  expect(inner && outer).toBeTruthy();
  expect(inner!.x + inner!.width, 'the voice list ends inside its panel').toBeLessThanOrEqual(outer!.x + outer!.width + 0.5);
}

/** Preview plays: the answer is audio and the page's player has it as a blob with a length. */
export async function previewPlays(page: Page, scope: Locator): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/tts/preview'));
  await scope.getByRole('button', { name: '▶ Preview' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('audio/wav');
  const audio = scope.getByTestId('voice-preview');
  await expect(audio).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : 0)), { timeout: 15_000 }).toBeGreaterThan(0.5);
}
