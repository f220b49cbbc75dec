/**
 * Writes the independent market-cap reference the shipped share counts are checked against
 * (server/test/fixtures/constituents-market-cap-snapshot.json): per symbol, the price and market cap of
 * ../shared/data/constituents/sp500_constituents_financials.csv (Yahoo, about 2026-08-22), as they are.
 * A plain copy, no pipeline code, so the universe test checks the pipeline rather than itself.
 * Run by hand: `npx tsx scripts/extract-market-cap-snapshot.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseCsv } from '../core/text/csv.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = resolve(process.env.SHARED_DATA_DIR ?? join(ROOT, '../shared/data'));
const OUTPUT = join(ROOT, 'server/test/fixtures/constituents-market-cap-snapshot.json');

const [columns, ...records] = parseCsv(readFileSync(join(SRC, 'constituents/sp500_constituents_financials.csv'), 'utf8'));
const col = (name: string) => columns!.indexOf(name);
const out: Record<string, [number, number]> = {};
for (const cells of records) {
  const [symbol, price, cap] = [cells[col('Symbol')]!, Number(cells[col('Price')]), Number(cells[col('Market Cap')])];
  if (symbol && price > 0 && cap > 0) out[symbol] = [price, cap];
}
const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(
  OUTPUT,
  `${JSON.stringify({ source: 'constituents/sp500_constituents_financials.csv', as_of: '2026-08-22', columns: ['price', 'market_cap'], rows: sorted })}\n`,
);
console.log(`${Object.keys(sorted).length} symbols → ${OUTPUT}`);
