/**
 * Writes the independent SEC reference the bundle is compared with (server/test/fixtures/sec-xbrl-reference.json.gz):
 * from the raw SEC XBRL subset in ../shared/data, per ticker and fiscal year end, the 10-K value of every
 * tag in the subset, latest filing wins. A plain filter on purpose, sharing no code with the data pipeline,
 * so the comparison test checks the pipeline rather than itself. Run by hand: `npx tsx scripts/extract-xbrl-reference.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseCsv } from '../core/text/csv.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = resolve(process.env.SHARED_DATA_DIR ?? join(ROOT, '../shared/data'));
const INPUT = 'fundamentals/detail/sec_xbrl_facts_subset_long.csv';
const OUTPUT = join(ROOT, 'server/test/fixtures/sec-xbrl-reference.json.gz');

interface Fact {
  ticker: string;
  tag: string;
  end: string;
  instant: boolean;
  days: number;
  value: number;
  form: string;
  filed: string;
  accn: string;
}

// The CSV reader is the shared one (a library, core/text/csv.ts): what this script keeps apart from the pipeline is the
// choice of facts, not the reading of cells.
const [columns, ...records] = parseCsv(readFileSync(join(SRC, INPUT), 'utf8'));
const facts: Fact[] = records.map((cells) => {
  const field = (name: string) => cells[columns!.indexOf(name)] ?? '';
  return {
    ticker: field('ticker'),
    tag: field('tag'),
    end: field('end'),
    instant: field('start') === '',
    days: Number(field('duration_days')),
    value: Number(field('val')),
    form: field('form'),
    filed: field('filed'),
    accn: field('accn'),
  };
});

// Annual reports only; a flow counts when it spans a (52/53-week) year, an instant when it falls on a year end.
const annual = facts.filter((f) => f.form === '10-K' || f.form === '10-K/A');
const yearEnds = new Map<string, Set<string>>();
for (const f of annual) if (!f.instant && f.days >= 350 && f.days <= 380) yearEnds.set(f.ticker, (yearEnds.get(f.ticker) ?? new Set()).add(f.end));

/** ticker → fiscal year end → tag → [value, filed, accession]. */
const reference: Record<string, Record<string, Record<string, [number, string, string]>>> = {};
for (const f of annual) {
  if (!yearEnds.get(f.ticker)?.has(f.end)) continue;
  if (!f.instant && (f.days < 350 || f.days > 380)) continue;
  const byEnd = reference[f.ticker] ?? {};
  reference[f.ticker] = byEnd;
  const byTag = byEnd[f.end] ?? {};
  byEnd[f.end] = byTag;
  const prev = byTag[f.tag];
  if (!prev || f.filed > prev[1] || (f.filed === prev[1] && f.accn > prev[2])) byTag[f.tag] = [f.value, f.filed, f.accn];
}

const sorted = Object.fromEntries(
  Object.keys(reference)
    .sort()
    .map((t) => [
      t,
      Object.fromEntries(
        Object.keys(reference[t]!)
          .sort()
          .map((e) => [e, reference[t]![e]!]),
      ),
    ]),
);
const body = {
  source: `../shared/data/${INPUT} (SEC XBRL companyfacts subset, 10-K and 10-K/A facts, latest filing per tag and year end)`,
  tickers: sorted,
};
writeFileSync(OUTPUT, gzipSync(JSON.stringify(body), { level: 9 }));
const n = Object.values(sorted).reduce((a, ends) => a + Object.values(ends).reduce((b, tags) => b + Object.keys(tags).length, 0), 0);
console.log(`${OUTPUT}: ${Object.keys(sorted).length} tickers, ${n} values`);
