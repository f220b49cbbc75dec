/**
 * Normaliser budget (issue 12): one company's live companyfacts through the normaliser (flatten, map,
 * every pass, statement sets) ≤ 20 ms. The document is AAPL's, built in the companyfacts shape from the
 * SEC XBRL subset in ../shared/data: each fact repeated in the two later filings that carry it as a
 * comparative (as EDGAR lists it), the EPS, equity and liability facts of the recorded AAPL fixture,
 * and 450 unmapped tags of 100 facts each, so the document has the size of a real one (~50,000 facts).
 * Standalone: `npx tsx bench/normalizer.bench.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CompanyFactsJson } from '../core/market/sec-facts.ts';
import { parseCsv } from '../core/text/csv.ts';
import { buildLiveFundamentals } from '../server/adapters/market-data/sec-edgar/index.ts';
import { median, percentile, report } from './support.ts';

const ROOT = join(import.meta.dirname, '..');
const BUDGET_MS = 20;
const fixture = JSON.parse(readFileSync(join(ROOT, 'server/test/fixtures/sec-edgar/companyfacts-CIK0000320193.json'), 'utf8')) as CompanyFactsJson;

type Fact = { start?: string; end: string; val: number; form: string; fp: string; filed: string; accn: string; fy: number };
function buildAppleCompanyFacts(): CompanyFactsJson {
  const usGaap: Record<string, { units: Record<string, Fact[]> }> = {};
  const add = (tag: string, unit: string, f: Fact) => {
    const body = usGaap[tag] ?? { units: {} };
    usGaap[tag] = body;
    body.units[unit] = [...(body.units[unit] ?? []), f];
  };
  const csvPath = join(resolve(process.env.SHARED_DATA_DIR ?? join(ROOT, '../shared/data')), 'fundamentals/detail/sec_xbrl_facts_subset_long.csv');
  const rows = existsSync(csvPath) ? parseCsv(readFileSync(csvPath, 'utf8')).filter((r) => r[0] === 'AAPL') : [];
  for (const r of rows) {
    const [, , , tag, unit, start, end, , val, accn, fy, fp, form, filed] = r as string[];
    for (let k = 0; k < 3; k++) {
      const refiled = `${Number(filed!.slice(0, 4)) + k}${filed!.slice(4)}`;
      add(tag!, unit!, { ...(start ? { start } : {}), end: end!, val: Number(val), accn: accn!, fy: Number(fy) + k, fp: fp!, form: form!, filed: refiled });
    }
  }
  for (const [tag, body] of Object.entries(fixture.facts?.['us-gaap'] ?? {})) {
    if (usGaap[tag]) continue;
    for (const [unit, list] of Object.entries(body.units ?? {})) for (const f of list) add(tag, unit, f as Fact);
  }
  for (let t = 0; t < 450; t++) {
    for (let i = 0; i < 100; i++) {
      const y = 2010 + (i % 16);
      add(`UnmappedDisclosureTag${t}`, 'USD', {
        start: `${y}-01-01`,
        end: `${y}-12-31`,
        val: i * 1000 + t,
        accn: 'x',
        fy: y,
        fp: 'FY',
        form: '10-K',
        filed: `${y + 1}-02-01`,
      });
    }
  }
  return { cik: 320193, entityName: 'Apple Inc.', facts: { 'us-gaap': usGaap } };
}

const text = JSON.stringify(buildAppleCompanyFacts());
const factCount = (JSON.parse(text) as CompanyFactsJson).facts!['us-gaap']!;
const nFacts = Object.values(factCount).reduce((n, b) => n + Object.values(b.units ?? {}).reduce((m, l) => m + l.length, 0), 0);
const splits = [
  { date: '2014-06-09', ratio: 7 },
  { date: '2020-08-31', ratio: 4 },
];

// The document is parsed once (fetch's res.json(), outside the budget) and not mutated by the normaliser.
let t = performance.now();
const doc = JSON.parse(text) as CompanyFactsJson;
const parseMs = performance.now() - t;
t = performance.now();
buildLiveFundamentals('AAPL', doc, splits);
const coldMs = performance.now() - t;
for (let i = 0; i < 10; i++) buildLiveFundamentals('AAPL', doc, splits); // warm-up (JIT)
const times: number[] = [];
let periods = 0;
for (let i = 0; i < 50; i++) {
  t = performance.now();
  const f = buildLiveFundamentals('AAPL', doc, splits);
  times.push(performance.now() - t);
  periods = (f?.annual.periods.length ?? 0) + (f?.quarterly.periods.length ?? 0);
}
const p50 = median(times);
report(
  'normaliser: AAPL live companyfacts p50',
  p50,
  'ms',
  `${nFacts} facts, ${(text.length / 1e6).toFixed(1)} MB JSON, ${periods} periods served; budget ≤ ${BUDGET_MS}`,
);
report('normaliser: AAPL live companyfacts p95', percentile(times, 95), 'ms');
report('normaliser: AAPL live companyfacts min', Math.min(...times), 'ms', 'the run least disturbed by other processes on a shared machine');
report('normaliser: p50 / budget', p50 / BUDGET_MS, 'x', 'below 1 is within budget');
report('normaliser: min / budget', Math.min(...times) / BUDGET_MS, 'x');
report('normaliser: first (cold) run', coldMs, 'ms', `JSON.parse of the document, outside the budget: ${parseMs.toFixed(1)} ms`);
