// Reading Playwright's JSON report (one per run or lane) for the closing lines CI shows.

/** "file › title" of every test that failed: printed last, so a red run names what to look at
 * even when the log above it is cut. */
export function failedTitles(suites, trail = []) {
  const names = [];
  for (const suite of suites ?? []) {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((t) => t.status === 'unexpected')) names.push([...here, spec.title].join(' › '));
    }
    names.push(...failedTitles(suite.suites, here));
  }
  return names;
}
