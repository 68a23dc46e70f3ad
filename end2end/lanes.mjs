// Browser tests in N lanes side by side: `node end2end/run.mjs --lanes N [spec names...]`.
//
// One lane is one `run.mjs` of its own: its own server, data dir, OpenID provider and
// player-platform simulator, its own Chromium and its own results dir (results/lane-K/).
// The specs share nothing across lanes, so each spec file runs in exactly one lane, its
// tests in order as before. Why: one lane keeps this 2-core machine about a third busy
// (the browser waits on the page, the server on its jobs), so two lanes take little more
// than half the time.
//
// Spec files are dealt to lanes by their last measured duration (end2end/durations.json,
// seconds per file; a file not listed counts as DEFAULT_SECONDS), longest first, each to the
// lane with the least so far. `CARDSMITH_E2E_SAVE_DURATIONS=1` rewrites that file from the
// run's reports.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { failedTitles } from './report.mjs';

const DEFAULT_SECONDS = 20;

/// Deals `files` to `lanes` lanes by `seconds` (file → seconds): longest first, each to the
/// lane with the least total so far. Lanes left empty are dropped.
export function dealToLanes(files, lanes, seconds) {
  const weight = (f) => seconds[f] ?? DEFAULT_SECONDS;
  const sorted = [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  const dealt = Array.from({ length: lanes }, () => ({ files: [], seconds: 0 }));
  for (const file of sorted) {
    const lightest = dealt.reduce((min, lane) => (lane.seconds < min.seconds ? lane : min));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return dealt.filter((lane) => lane.files.length > 0).map((lane) => ({ ...lane, files: lane.files.sort() }));
}

/// Seconds per spec file in a Playwright JSON report.
function secondsPerFile(report) {
  const totals = {};
  const walk = (suite, file) => {
    const name = file ?? suite.file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) for (const r of test.results) totals[name] = (totals[name] ?? 0) + r.duration / 1000;
    }
    for (const child of suite.suites ?? []) walk(child, name);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return totals;
}

export async function runLanes({ root, lanes, filters, release, resultsDir, log }) {
  const testDir = path.join(root, 'end2end', 'tests');
  const durationsFile = path.join(root, 'end2end', 'durations.json');
  const all = fs.readdirSync(testDir).filter((f) => f.endsWith('.spec.ts')).sort();
  const files = filters.length ? all.filter((f) => filters.some((x) => f.includes(x))) : all;
  if (!files.length) {
    log(`no spec file matches ${filters.join(' ')}`);
    return 1;
  }
  const seconds = fs.existsSync(durationsFile) ? JSON.parse(fs.readFileSync(durationsFile, 'utf8')) : {};
  const dealt = dealToLanes(files, lanes, seconds);

  const runs = dealt.map((lane, i) => {
    const name = `lane-${i + 1}`;
    const laneDir = path.join(resultsDir, name);
    fs.rmSync(laneDir, { recursive: true, force: true });
    log(`${name}: ${lane.files.length} spec files, about ${Math.round(lane.seconds)} s: ${lane.files.join(' ')}`);
    const child = spawn(
      process.execPath,
      [path.join(root, 'end2end', 'run.mjs'), ...(release ? ['--release'] : []), ...lane.files.map((f) => `tests/${f}`)],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CARDSMITH_E2E_RESULTS_DIR: laneDir } },
    );
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
    }
    const done = new Promise((resolve) => child.on('exit', (code, sig) => resolve(sig ? 1 : code ?? 1)));
    return { name, laneDir, done };
  });

  let code = 0;
  const stats = { passed: 0, failed: 0, skipped: 0 };
  const failedNames = [];
  const measured = {};
  for (const run of runs) {
    code = Math.max(code, await run.done);
    const reportFile = path.join(run.laneDir, 'report.json');
    if (!fs.existsSync(reportFile)) {
      log(`${run.name}: no report (see its lines above)`);
      code = code || 1;
      continue;
    }
    const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
    stats.passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
    stats.failed += report.stats.unexpected ?? 0;
    stats.skipped += report.stats.skipped ?? 0;
    failedNames.push(...failedTitles(report.suites));
    Object.assign(measured, secondsPerFile(report));
  }
  console.log(`e2e: ${stats.passed} passed, ${stats.failed} failed, ${stats.skipped} skipped (${runs.length} lanes)`);
  for (const name of failedNames) console.log(`  failed: ${name}`);
  if (stats.passed + stats.failed === 0) code = code || 1;
  if (process.env.CARDSMITH_E2E_SAVE_DURATIONS === '1') {
    const rounded = Object.fromEntries(
      Object.entries({ ...seconds, ...measured })
        .filter(([f]) => all.includes(f))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([f, s]) => [f, Math.round(s)]),
    );
    fs.writeFileSync(durationsFile, `${JSON.stringify(rounded, null, 2)}\n`);
    log(`wrote ${path.relative(root, durationsFile)}`);
  }
  return code;
}
