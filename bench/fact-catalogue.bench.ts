/**
 * The fact catalogue (issue 28 budget): computing every catalogue fact of every covered symbol on one data
 * day ≤ 2 s (`computeSymbolFacts` over the universe, inputs loaded first and not timed), and a page or an
 * answer reading a symbol's facts afterwards ≤ 1 ms (the symbol-facts service's cached read, median).
 * Standalone: `npx tsx bench/fact-catalogue.bench.ts`.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { AnalysisInputs } from '../core/analysis/analysis-types.ts';
import { computeSymbolFacts, SYMBOL_FACT_REQUIREMENTS } from '../core/facts/symbol-facts.ts';
import { createBundledProvider } from '../server/adapters/market-data/bundled/index.ts';
import { loadAnalysisInputs, loadPriceHistory } from '../server/features/analyses/index.ts';
import { createMarketService } from '../server/features/market/market-service.ts';
import { createSymbolFactsService } from '../server/features/symbol-facts/symbol-facts-service.ts';
import { createLogger } from '../server/lib/logger.ts';
import { median, report } from './support.ts';

const UNIVERSE_BUDGET_MS = 2_000;
const READ_BUDGET_MS = 1;

const provider = createBundledProvider(join(import.meta.dirname, '..', 'data'));
await provider.preload();
const market = createMarketService({ bundled: provider, live: [], cache: null, logger: createLogger('silent') });

const listings = await provider.listings();
const inputs: AnalysisInputs[] = [];
for (const symbol of listings.file.symbol) {
  const listing = await provider.getListing(symbol);
  if (!listing?.coverage.history) continue;
  const history = await loadPriceHistory(market, symbol);
  inputs.push(await loadAnalysisInputs(market, { symbol, profile: await market.getProfile(symbol), history, names: SYMBOL_FACT_REQUIREMENTS }));
}

// Warm the engines' code paths once, then time three passes over the universe and keep the median.
for (const i of inputs.slice(0, 20)) computeSymbolFacts(i);
const passes: number[] = [];
let facts = 0;
for (let pass = 0; pass < 3; pass++) {
  const t = performance.now();
  facts = 0;
  for (const i of inputs) facts += computeSymbolFacts(i).facts.length;
  passes.push(performance.now() - t);
}
const universe = median(passes);

const service = createSymbolFactsService({ market });
await service.getSymbolFactsOrThrow('AAPL');
const reads: number[] = [];
for (let n = 0; n < 1000; n++) {
  const t = performance.now();
  await service.getSymbolFactsOrThrow('AAPL');
  reads.push(performance.now() - t);
}
const read = median(reads);

const load = `load average ${loadavg()[0]!.toFixed(2)}`;
report(`whole catalogue, ${inputs.length} symbols, ${facts} facts (median of 3)`, universe, 'ms', `budget ≤ ${UNIVERSE_BUDGET_MS} ms; ${load}`);
report('one symbol read from the per-day cache (median of 1000)', read * 1000, 'µs', `budget ≤ ${READ_BUDGET_MS * 1000} µs`);
if (universe > UNIVERSE_BUDGET_MS) console.log(`over budget: ${universe.toFixed(0)} ms > ${UNIVERSE_BUDGET_MS} ms`);
if (read > READ_BUDGET_MS) console.log(`over budget: ${read.toFixed(3)} ms > ${READ_BUDGET_MS} ms`);
