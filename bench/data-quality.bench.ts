/**
 * Data-quality budgets: the universe checks and a point-in-time selection must stay cheap enough to run
 * on every request path that needs them. Budgets: all fundamentals checks for one company ≤ 1 ms p50;
 * one company's statements as of a day ≤ 1 ms p50; the whole universe (every company, every daily bar,
 * every listing name) ≤ 2 s, so the universe test stays a plain unit test.
 * Standalone: `npx tsx bench/data-quality.bench.ts`.
 */
import { join } from 'node:path';
import { selectFundamentalsAsOf } from '../core/market/point-in-time.ts';
import { checkFundamentals, checkListingNames, checkOhlc } from '../core/market/quality-checks.ts';
import type { Fundamentals, Split } from '../core/market/types.ts';
import { createBundledProvider } from '../server/adapters/market-data/bundled/index.ts';
import { median, report } from './support.ts';

const bundled = createBundledProvider(join(import.meta.dirname, '..', 'data'));
await bundled.store.preload();
const companies: Array<[Fundamentals, Split[]]> = [];
for (const s of Object.keys((await bundled.store.fundamentals()).fundamentals)) {
  companies.push([(await bundled.getFundamentals!(s))!, (await bundled.getSplits!(s)) ?? []]);
}
const histories = [];
for (const s of Object.keys((await bundled.store.prices()).daily)) histories.push((await bundled.getHistory!(s, 'max'))!);
const l = await bundled.listings();
const names = l.file.symbol.map((symbol, i) => ({ symbol, name: l.file.name[i]! }));

for (const [f, splits] of companies) checkFundamentals(f, splits); // warm-up (JIT)

const perCompany = (fn: (f: Fundamentals, splits: Split[]) => unknown) =>
  median(
    companies.map(([f, splits]) => {
      const t = performance.now();
      fn(f, splits);
      return performance.now() - t;
    }),
  );
const checksMs = perCompany((f, splits) => checkFundamentals(f, splits));
report('fundamentals checks per company, p50', checksMs * 1000, 'µs', `${companies.length} companies; budget ≤ 1 ms`);
report('  ratio to budget', checksMs / 1, 'x');
const asOfMs = perCompany((f) => selectFundamentalsAsOf(f, '2024-06-30'));
report('statements as of a day per company, p50', asOfMs * 1000, 'µs', 'budget ≤ 1 ms');
report('  ratio to budget', asOfMs / 1, 'x');

const t = performance.now();
let violations = 0;
for (const [f, splits] of companies) violations += checkFundamentals(f, splits).length;
for (const h of histories) violations += checkOhlc(h.symbol, h.bars).length;
violations += checkListingNames(names).length;
const universeMs = performance.now() - t;
const bars = histories.reduce((n, h) => n + h.bars.length, 0);
report(
  'whole universe through every check',
  universeMs,
  'ms',
  `${companies.length} companies, ${bars} bars, ${names.length} names, ${violations} violations; budget ≤ 2000`,
);
report('  ratio to budget', universeMs / 2000, 'x');
