// Playwright config for Cardsmith's browser tests. Normally run through
// `node end2end/run.mjs`, which starts the server and sets CARDSMITH_E2E_BASE_URL.
// Browser: Debian's Chromium (/usr/bin/chromium, or $CHROMIUM_PATH); Playwright never
// downloads one here.
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const baseURL = process.env.CARDSMITH_E2E_BASE_URL;
if (!baseURL) {
  throw new Error('CARDSMITH_E2E_BASE_URL is not set: run `node end2end/run.mjs` (it starts the server)');
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: path.join(__dirname, 'tests'),
  // Per results dir, so lanes side by side (run.mjs --lanes) never clean each other's output.
  outputDir: path.join(process.env.CARDSMITH_E2E_RESULTS_DIR ?? path.join(__dirname, 'results'), 'artifacts'),
  // One server, one database per run: its specs one after another (`run.mjs --lanes N` runs
  // N servers side by side, each with its share of the spec files).
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // The dev WASM is a few MB; its first compile can take seconds on a busy machine.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.CARDSMITH_E2E_REPORT ?? path.join(__dirname, 'results', 'report.json') }],
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
