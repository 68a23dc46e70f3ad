// Helpers of the recording specs: a phone with a fake microphone, a fresh card, and the
// recorder's upload state as numbers.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium, type Page } from '@playwright/test';

import { CHROMIUM_ARGS } from '../playwright.config';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expect } from './fixtures';

/** Chromium at phone size (390×844) whose fake microphone speaks `sentence` (a WAV made by
 * espeak-ng, looped), signed in as the admin. Its own browser, so uncaught page errors are
 * collected here (`pageErrors`): the spec checks them at its end. */
export async function phoneWithMicrophone(baseURL: string, sentence: string) {
  const dir = mkdtempSync(join(tmpdir(), 'cardsmith-mic-'));
  const wav = join(dir, 'story.wav');
  execFileSync('espeak-ng', ['-w', wav, sentence]);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`],
  });
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, permissions: ['microphone'] });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(`${err.name}: ${err.message}`));
  const login = await page.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  return { browser, context, page, pageErrors };
}

/** A new collection with one card; answers the card's slug. */
export async function newCard(page: Page, name: string): Promise<string> {
  const stamp = Date.now().toString(36);
  const collection = await (await page.request.post('/api/collections', { data: { name: `${name} ${stamp}`, description: '' } })).json();
  const card = await (await page.request.post(`/api/collections/${collection.id}/cards`, { data: { title: `${name} ${stamp}`, description: '' } })).json();
  return card.slug;
}

/** How many chunks the server stored and how many wait on the phone, from the upload state
 * beside the clock (its words are for parents, its data attributes for tests). */
export async function uploadState(page: Page): Promise<{ saved: number; waiting: number }> {
  const state = page.getByTestId('record-upload-state');
  return { saved: Number(await state.getAttribute('data-saved')), waiting: Number(await state.getAttribute('data-waiting')) };
}

/** How many tracks the card has on the server. */
export async function trackCount(page: Page, slug: string): Promise<number> {
  const card = await (await page.request.get(`/api/cards/${slug}`)).json();
  return (card.tracks ?? []).length;
}
