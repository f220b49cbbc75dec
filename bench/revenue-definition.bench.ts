/**
 * The SEC mapping with the company-wide revenue definition (chooseDefinitionTag, the tags on the
 * definition found by agreement, capex as latest filed) over every company of the SEC XBRL subset in
 * ../shared/data: it runs inside the normaliser's 20 ms per company (issue 12), so the slowest company's
 * mapping is reported against that budget. Standalone: `npx tsx bench/revenue-definition.bench.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { mapSecFacts, type SecFact } from '../core/market/sec-facts.ts';
import { parseCsv } from '../core/text/csv.ts';
import { median, report } from './support.ts';

const ROOT = join(import.meta.dirname, '..');
const BUDGET_MS = 20;
const csvPath = join(resolve(process.env.SHARED_DATA_DIR ?? join(ROOT, '../shared/data')), 'fundamentals/detail/sec_xbrl_facts_subset_long.csv');

if (!existsSync(csvPath)) {
  console.log(`revenue definition: skipped (${csvPath} not found)`);
} else {
  const byTicker = new Map<string, SecFact[]>();
  const [header, ...records] = parseCsv(readFileSync(csvPath, 'utf8'));
  const col = (name: string) => header!.indexOf(name);
  const [iTicker, iTag, iUnit, iStart, iEnd, iVal, iForm, iFp, iFiled] = ['ticker', 'tag', 'unit', 'start', 'end', 'val', 'form', 'fp', 'filed'].map(col);
  for (const c of records) {
    const list = byTicker.get(c[iTicker!]!) ?? [];
    list.push({
      tag: c[iTag!]!,
      unit: c[iUnit!]!,
      start: c[iStart!] || null,
      end: c[iEnd!]!,
      val: Number(c[iVal!]),
      form: c[iForm!],
      fp: c[iFp!],
      filed: c[iFiled!],
    });
    byTicker.set(c[iTicker!]!, list);
  }
  for (const facts of byTicker.values()) mapSecFacts(facts); // warm-up (JIT)
  const perCompany: Array<{ ticker: string; ms: number; facts: number }> = [];
  for (const [ticker, facts] of byTicker) {
    const runs: number[] = [];
    for (let i = 0; i < 15; i++) {
      const t = performance.now();
      mapSecFacts(facts);
      runs.push(performance.now() - t);
    }
    perCompany.push({ ticker, ms: median(runs), facts: facts.length });
  }
  const slowest = perCompany.reduce((a, b) => (b.ms > a.ms ? b : a));
  const p50 = median(perCompany.map((x) => x.ms));
  report('revenue definition: SEC mapping per company, p50', p50, 'ms', `${perCompany.length} companies, ${records.length} facts`);
  report('revenue definition: slowest company', slowest.ms, 'ms', `${slowest.ticker}, ${slowest.facts} facts; budget ≤ ${BUDGET_MS} for the whole normaliser`);
  report('revenue definition: slowest / budget', slowest.ms / BUDGET_MS, 'x', 'below 1 is within budget');
}
