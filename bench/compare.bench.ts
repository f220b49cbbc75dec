/**
 * /compare (issue 19 part 5): what GET /api/compare spends on five symbols after the request is parsed,
 * with the bundled snapshot loaded (warm), median of 30 runs after warm-up:
 * - "service": the symbols checked and resolved, then per symbol the history, profile, coverage and
 *   quote, the screener's engines on the analyses' inputs (statements, dividends, SPY for beta, the
 *   sector table) and the weekly chart closes; the saved-analyses list is stubbed (no database), so
 *   this is the compute and market-data part;
 * - "one row": computeScreenerRow alone for one symbol (AAPL), inputs in memory.
 * Target (ours, no budget in the issue): five symbols ≤ 150 ms, so the page answers like the others.
 * Standalone: `npx tsx bench/compare.bench.ts`.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { computeScreenerRow, SCREENER_REQUIREMENTS } from '../core/screener/row-values.ts';
import { createBundledProvider } from '../server/adapters/market-data/bundled/index.ts';
import { loadAnalysisInputs, loadPriceHistory } from '../server/features/analyses/index.ts';
import { createCompareService } from '../server/features/compare/compare-service.ts';
import { createSymbolFactsService } from '../server/features/symbol-facts/symbol-facts-service.ts';
import { createMarketService } from '../server/features/market/market-service.ts';
import { createLogger } from '../server/lib/logger.ts';
import { median, report } from './support.ts';

const TARGET_MS = 150;
const SYMBOLS = 'AAPL,MSFT,GOOGL,AMZN,NVDA';

const provider = createBundledProvider(join(import.meta.dirname, '..', 'data'));
await provider.preload();
const market = createMarketService({ bundled: provider, live: [], cache: null, logger: createLogger('silent') });
const analyses = { listAnalyses: async () => ({ analyses: [], nextBefore: null, dataDay: null }) };

async function measure(run: () => Promise<unknown>, n = 30): Promise<number> {
  for (let i = 0; i < 5; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return median(times);
}

// The symbol facts are cached per data day, as in the app: after the warm-up a comparison reads them from memory.
const compare = createCompareService({ market, analyses, symbolFacts: createSymbolFactsService({ market }) });
const service = await measure(() => compare.compareSymbolsOrThrow('bench-user', SYMBOLS));
const history = await loadPriceHistory(market, 'AAPL');
const inputs = await loadAnalysisInputs(market, { symbol: 'AAPL', profile: await market.getProfile('AAPL'), history, names: SCREENER_REQUIREMENTS });
const oneRow = await measure(async () => computeScreenerRow(inputs), 100);

report('compare service, 5 symbols (median)', service, 'ms', `target ≤ ${TARGET_MS} ms; load average ${loadavg()[0]!.toFixed(2)}`);
report('screener row, one symbol (median)', oneRow, 'ms');
if (service > TARGET_MS) {
  console.log(`over target: ${service.toFixed(1)} ms > ${TARGET_MS} ms`);
  process.exitCode = 1;
}
