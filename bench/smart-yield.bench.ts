/**
 * Smart yield budget (issue 17): 100 holdings ≤ 20 ms. Two figures, both with the bundled snapshot
 * loaded (warm), median of 50 runs after warm-up:
 * - "core": buildSmartYield alone — per holding the trailing year's payments projected into the
 *   12-month calendar, yield, yield on cost, complete-year sums, growth streak, 5-year CAGR, payout and
 *   the dividend safety score — on inputs already in memory;
 * - "request path": what POST /api/smart-yield does after the body is parsed — the CSV parsed and
 *   checked, lots merged, 100 symbols resolved, each holding's profile, quote, dividends and
 *   statements read through the market service (statements converted once per data day and kept),
 *   then the core.
 * Standalone: `npx tsx bench/smart-yield.bench.ts`.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { toCompanyFinancials } from '../core/analysis/financials.ts';
import { selectFundamentalsAsOf } from '../core/market/point-in-time.ts';
import { type Holding, mergeHoldings, parseHoldingsCsv } from '../core/portfolio/holdings-input.ts';
import { buildSmartYield, type HoldingData } from '../core/portfolio/smart-yield.ts';
import { createBundledProvider } from '../server/adapters/market-data/bundled/index.ts';
import { createMarketService } from '../server/features/market/market-service.ts';
import { createSmartYieldService } from '../server/features/smart-yield/smart-yield-service.ts';
import { createLogger } from '../server/lib/logger.ts';
import { median, report } from './support.ts';

const BUDGET_MS = 20;
const HOLDINGS = 100;

const provider = createBundledProvider(join(import.meta.dirname, '..', 'data'));
await provider.preload();
const market = createMarketService({ bundled: provider, live: [], cache: null, logger: createLogger('silent') });

// Every payer with a payment history, topped up to 100 with other S&P 500 names (non-payers and names without history).
const payers = Object.keys((await provider.store.companies()).dividends);
const others = (await provider.getUniverse()).map((c) => c.profile.symbol).filter((s) => !payers.includes(s));
const symbols = [...payers, ...others].slice(0, HOLDINGS);
const csv = `symbol,shares,cost_per_share\n${symbols.map((s, i) => `${s},${10 + (i % 7) * 5},${(20 + i).toFixed(2)}`).join('\n')}`;

const dataDay = market.dataAsOf();
const historyEnd = market.datasetsAsOf()?.dividends ?? dataDay;
const parsed = parseHoldingsCsv(csv);
if (!parsed.ok) throw new Error(parsed.problems[0]!.message);
const holdings: Holding[] = mergeHoldings(parsed.holdings);
const data = new Map<string, HoldingData>();
for (const s of symbols) {
  const quote = await provider.getQuote!(s);
  const f = await provider.getFundamentals!(s);
  data.set(s, {
    name: s,
    price: quote?.price ?? null,
    dividends: (await provider.getDividends!(s)) ?? null,
    financials: f ? toCompanyFinancials(selectFundamentalsAsOf(f, dataDay)) : null,
  });
}

async function measure(run: () => unknown): Promise<number> {
  for (let i = 0; i < 20; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return median(times);
}

const core = await measure(() => buildSmartYield({ holdings, data, startDay: dataDay, historyEnd }));
const smartYield = createSmartYieldService({ market, now: () => new Date() });
const full = await measure(() => smartYield.analyseHoldings({ csv }));
const sample = buildSmartYield({ holdings, data, startDay: dataDay, historyEnd });

report(`Smart yield core, ${HOLDINGS} holdings (median of 50)`, core, 'ms', `budget ≤ ${BUDGET_MS}`);
report('  ratio to budget', core / BUDGET_MS, 'x', 'below 1 is within budget');
report(
  `Smart yield request path, ${HOLDINGS} holdings from CSV (median of 50)`,
  full,
  'ms',
  `parse, merge, resolve, load from the warm snapshot, core; budget ≤ ${BUDGET_MS}`,
);
report('  ratio to budget', full / BUDGET_MS, 'x', `1-minute load average ${loadavg()[0]!.toFixed(1)} while measuring`);
report('  holdings counted in the income', sample.totals.counted, 'holdings', `${sample.holdings.filter((h) => h.safety).length} with a safety score`);
