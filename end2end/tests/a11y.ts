// axe-core (Deque's accessibility engine, from npm) run inside a page, to WCAG 2.2 AA.
import fs from 'node:fs';
import type { Page } from '@playwright/test';

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.0–2.2 A and AA rules. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type Finding = { rule: string; impact: string; help: string; where: string[] };

/** What axe finds wrong on the page as it is now (dialogs open included). The script is
 * evaluated through the browser's debugging protocol, so the page's CSP (script nonces) does
 * not stop it, and it is only in the pages the test checks. */
export async function axe(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      where: v.nodes.slice(0, 4).map((n) => n.target.join(' ')),
    }));
  }, TAGS);
}
