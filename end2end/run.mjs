#!/usr/bin/env node
// Browser tests for Cardsmith: starts the server on a free port with a fresh data dir,
// waits for /health, runs the Playwright specs in Debian's Chromium, stops the server.
//
//   node end2end/run.mjs [--release] [playwright test args...]   e.g. -g "sign in"
//   node end2end/run.mjs [--release] --lanes N [spec names...]   N servers side by side (lanes.mjs)
//
// Server: $CARDSMITH_BIN, else $CARGO_TARGET_DIR/{debug|release}/cardsmith
// (CARGO_TARGET_DIR defaults to ~/.cache/cardsmith/target), started from the repo root.
// Against a server you already run: CARDSMITH_E2E_BASE_URL=http://127.0.0.1:3000 (its
// admin must be admin@example.com / correct-horse-battery, or set CARDSMITH_E2E_ADMIN_*).
// Output: end2end/screenshots/*.png, end2end/results/{server.log,report.json,artifacts/}.
// Exit status: Playwright's (non-zero on any failure), 1 if no test ran.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { failedTitles } from './report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// CARDSMITH_E2E_RESULTS_DIR / CARDSMITH_E2E_SCREENSHOT_DIR: private output, for runs side by side.
const resultsDir = process.env.CARDSMITH_E2E_RESULTS_DIR ?? path.join(root, 'end2end', 'results');
const screenshotDir = process.env.CARDSMITH_E2E_SCREENSHOT_DIR ?? path.join(root, 'end2end', 'screenshots');
const reportFile = path.join(resultsDir, 'report.json');
const serverLog = path.join(resultsDir, 'server.log');

const ADMIN_EMAIL = process.env.CARDSMITH_E2E_ADMIN_EMAIL ?? 'admin@example.com';
const ADMIN_PASSWORD = process.env.CARDSMITH_E2E_ADMIN_PASSWORD ?? 'correct-horse-battery';
const STARTUP_TIMEOUT_MS = Number(process.env.CARDSMITH_E2E_STARTUP_TIMEOUT_MS ?? 60_000);

const log = (msg) => console.error(`[e2e ${new Date().toTimeString().slice(0, 8)}] ${msg}`);

let args = process.argv.slice(2);
const profile = args.includes('--release') ? 'release' : 'debug';
args = args.filter((a) => a !== '--release');

fs.mkdirSync(resultsDir, { recursive: true });
fs.mkdirSync(screenshotDir, { recursive: true });

const lanesAt = args.indexOf('--lanes');
if (lanesAt >= 0) {
  const lanes = Number(args[lanesAt + 1]);
  const filters = args.filter((_, i) => i !== lanesAt && i !== lanesAt + 1);
  if (!Number.isInteger(lanes) || lanes < 1 || filters.some((a) => a.startsWith('-'))) {
    log('usage: node end2end/run.mjs [--release] --lanes N [spec names...] (no other Playwright arguments)');
    process.exit(2);
  }
  const { runLanes } = await import('./lanes.mjs');
  process.exit(await runLanes({ root, lanes, filters, release: profile === 'release', resultsDir, log }));
}
fs.rmSync(reportFile, { force: true });

let server = null;
let dataDir = null;
let failed = true;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function tail(file, lines = 80) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  const signal = (sig) => {
    try {
      process.kill(-server.pid, sig); // the whole process group (server + any children)
    } catch {
      try { server.kill(sig); } catch { /* already gone */ }
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

async function cleanup() {
  await stopServer();
  if (provider && provider.exitCode === null) provider.kill('SIGTERM');
  if (dataDir) {
    if (failed && !process.env.CI) log(`kept the server's data dir for inspection: ${dataDir}`);
    else {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(`${dataDir}-backups`, { recursive: true, force: true });
    }
  }
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    log(`${sig}: stopping`);
    await cleanup();
    process.exit(130);
  });
}

// The server gets only the CARDSMITH_* settings below, none from the caller's shell
// (a configured CARDSMITH_DATABASE_URL must never reach a test run).
function inheritedEnvWithoutCardsmith() {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CARDSMITH_')));
}

// A real OpenID provider (npm oidc-provider, end2end/oidc/op.mjs) the server offers single
// sign-on with ("Sign in with Test ID"); it delivers back-channel logouts to the server.
let provider = null;
let feedPort = null;
const OIDC_CLIENT_ID = 'cardsmith';
const OIDC_CLIENT_SECRET = 'cardsmith-test-secret';

async function startProvider(baseURL) {
  const port = await freePort();
  provider = spawn(process.execPath, [path.join(root, 'end2end', 'oidc', 'op.mjs'), String(port), baseURL], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the OpenID provider (end2end/oidc/op.mjs) did not start')), 30_000);
    provider.once('exit', (code) => reject(new Error(`the OpenID provider exited (code ${code})`)));
    provider.stdout.on('data', (chunk) => {
      if (String(chunk).includes('ready at')) { clearTimeout(timer); resolve(); }
    });
  });
  return `http://127.0.0.1:${port}`;
}

async function startServer() {
  const targetDir = process.env.CARGO_TARGET_DIR || path.join(os.homedir(), '.cache', 'cardsmith', 'target');
  const bin = process.env.CARDSMITH_BIN || path.join(targetDir, profile, 'cardsmith');
  if (!fs.existsSync(bin)) {
    throw new Error(`${bin} not found: run \`scripts/build${profile === 'release' ? ' --release' : ''}\` first (make test does)`);
  }
  if (!process.env.CARDSMITH_BIN && !fs.existsSync(path.join(root, 'target', 'site', 'pkg'))) {
    throw new Error('target/site/pkg is missing: run `scripts/build` first');
  }
  const port = await freePort();
  const bind = `127.0.0.1:${port}`;
  const baseURL = `http://${bind}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardsmith-e2e-'));
  const oidcIssuer = await startProvider(baseURL);
  // the port a spec's podcast host listens on (feed-card.spec.ts): the one private address
  // feeds may be read from
  feedPort = await freePort();
  const out = fs.openSync(serverLog, 'w');
  log(`starting ${bin} serve --bind ${bind} --data-dir ${dataDir} (log: ${path.relative(root, serverLog)})`);
  server = spawn(bin, ['serve', '--bind', bind, '--data-dir', dataDir], {
    cwd: root, // reads ./Leptos.toml, serves ./target/site
    detached: true, // own process group, so stopServer() reaches any children too
    stdio: ['ignore', out, out],
    env: {
      ...inheritedEnvWithoutCardsmith(),
      CARDSMITH_BIND: bind,
      CARDSMITH_DATA_DIR: dataDir,
      CARDSMITH_BASE_URL: baseURL,
      CARDSMITH_ADMIN_EMAIL: ADMIN_EMAIL,
      CARDSMITH_ADMIN_PASSWORD: ADMIN_PASSWORD,
      // the built-in player-platform simulator, so the specs can link, publish and import
      CARDSMITH_DEMO_UPSTREAM: 'true',
      // the public AI services are never called from a test: a provider a spec adds without
      // an address of its own answers "cannot be reached" from a closed loopback port
      CARDSMITH_AI_BASE_URLS: ['openai', 'anthropic', 'gemini', 'ideogram', 'elevenlabs']
        .map((kind) => `${kind}=http://127.0.0.1:9`)
        .join(','),
      CARDSMITH_FEED_ALLOW_HOSTS: `127.0.0.1:${feedPort}`,
      CARDSMITH_OIDC_ISSUER: oidcIssuer,
      CARDSMITH_OIDC_CLIENT_ID: OIDC_CLIENT_ID,
      CARDSMITH_OIDC_CLIENT_SECRET: OIDC_CLIENT_SECRET,
      CARDSMITH_OIDC_NAME: 'Test ID',
      // scheduled backups into a folder beside the data (the first is taken at start)
      CARDSMITH_BACKUP_TO: `${dataDir}-backups`,
      // the same values as the leptos metadata; harmless if Leptos.toml already says so
      LEPTOS_SITE_ADDR: bind,
      LEPTOS_OUTPUT_NAME: process.env.LEPTOS_OUTPUT_NAME ?? 'cardsmith',
      LEPTOS_SITE_ROOT: process.env.LEPTOS_SITE_ROOT ?? 'target/site',
      LEPTOS_SITE_PKG_DIR: process.env.LEPTOS_SITE_PKG_DIR ?? 'pkg',
      RUST_LOG: process.env.RUST_LOG ?? 'info',
    },
  });
  fs.closeSync(out);
  let exitInfo = null;
  server.once('exit', (code, sig) => { exitInfo = sig ? `signal ${sig}` : `code ${code}`; });

  const started = Date.now();
  for (;;) {
    if (exitInfo) throw new Error(`server exited during startup (${exitInfo}); last log lines:\n${tail(serverLog)}`);
    try {
      const res = await fetch(`${baseURL}/health`, { signal: AbortSignal.timeout(2_000) });
      const body = await res.text();
      if (res.status === 200 && JSON.parse(body).status === 'ok') break;
    } catch { /* not up yet */ }
    if (Date.now() - started > STARTUP_TIMEOUT_MS) {
      throw new Error(`no 200 {"status":"ok"} from ${baseURL}/health after ${STARTUP_TIMEOUT_MS} ms; last log lines:\n${tail(serverLog)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`server up at ${baseURL} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return baseURL;
}

function runPlaywright(baseURL) {
  const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');
  if (!fs.existsSync(cli)) throw new Error('node_modules/@playwright/test is missing: run scripts/bootstrap (npm ci)');
  const pwArgs = ['test', '--config', path.join(root, 'end2end', 'playwright.config.ts'), ...args];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...pwArgs], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        CARDSMITH_E2E_BASE_URL: baseURL,
        CARDSMITH_E2E_ADMIN_EMAIL: ADMIN_EMAIL,
        CARDSMITH_E2E_ADMIN_PASSWORD: ADMIN_PASSWORD,
        CARDSMITH_E2E_SCREENSHOT_DIR: screenshotDir,
        CARDSMITH_E2E_REPORT: reportFile,
        ...(feedPort ? { CARDSMITH_E2E_FEED_PORT: String(feedPort) } : {}),
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      },
    });
    child.on('exit', (code, sig) => resolve(sig ? 1 : code ?? 1));
  });
}

function summary() {
  // A closing line CI can read: "e2e: N passed, N failed, N skipped"
  try {
    const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
    const { stats } = report;
    const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
    const failedCount = stats.unexpected ?? 0;
    const skipped = stats.skipped ?? 0;
    const names = failedTitles(report.suites);
    const line = [`e2e: ${passed} passed, ${failedCount} failed, ${skipped} skipped`, ...names.map((n) => `  failed: ${n}`)].join('\n');
    return { passed, failed: failedCount, skipped, line };
  } catch {
    return null;
  }
}

let code = 1;
try {
  let baseURL = process.env.CARDSMITH_E2E_BASE_URL;
  if (baseURL) log(`using the server already running at ${baseURL}`);
  else baseURL = await startServer();
  code = await runPlaywright(baseURL);
  const s = summary();
  if (s) {
    if (s.passed + s.failed === 0) {
      log('no test ran');
      code = code || 1;
    }
  } else {
    log(`no report at ${path.relative(root, reportFile)}`);
    code = code || 1;
  }
  if (code !== 0 && server) log(`server log (last lines of ${path.relative(root, serverLog)}):\n${tail(serverLog, 60)}`);
  if (s) console.log(s.line);
  failed = code !== 0;
} catch (err) {
  log(`ERROR: ${err.message}`);
  code = 1;
} finally {
  await cleanup();
}
log(`screenshots in ${path.relative(root, screenshotDir)}/`);
process.exit(code);
