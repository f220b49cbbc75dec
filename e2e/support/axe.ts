import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

// Evaluated through the DevTools protocol: the app's CSP (script-src 'self') would block an injected <script>.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const failingImpacts = new Set(['serious', 'critical']);

/** The violations that fail a test: serious and critical ones. */
export const selectFailing = (violations: AxeViolation[]) => violations.filter((v) => failingImpacts.has(v.impact ?? ''));

interface AxeNode {
  target: unknown[];
}
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

/** axe-core's WCAG 2.2 A/AA rules on the page as it is now. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Once per document: a walk that navigates inside the app keeps the document, and axe with it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, wcagTags);
}

/** One line per offending node: rule, impact, target selector and where to read about the fix. */
export const describeNodes = (violations: AxeViolation[]) =>
  violations.flatMap((v) => v.nodes.map((n) => `${v.id} [${v.impact}] ${n.target.map(String).join(' >> ')} — ${v.help} (${v.helpUrl})`));

/** The failing violations on the page as it is now, one line per node. */
export const findFailingAxeViolations = async (page: Page) => describeNodes(selectFailing(await runAxe(page)));
