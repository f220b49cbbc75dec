/**
 * The valuation (issue 30 budget): one company's valuation — its model, bear and bull runs, sector
 * multiples, DDM, blend and range (`valueCompany`) — ≤ 5 ms of CPU, measured as the median and 95th
 * percentile over the universe (inputs loaded first, not timed); the whole DCF analysis (facts, grid,
 * note) beside it; and the whole-universe calibration (`npm run valuation:calibrate`'s valuation pass)
 * ≤ 30 s. Standalone: `npx tsx bench/valuation.bench.ts`.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { AnalysisInputs } from '../core/analysis/analysis-types.ts';
import { extractDcfCompanyData } from '../core/analysis/dcf/company-inputs.ts';
import { buildCompanyView } from '../core/analysis/runs/company.ts';
import { buildDcf } from '../core/analysis/runs/dcf.ts';
import { analysisRequirements, checkAvailability } from '../core/analysis/runs/index.ts';
import { toValuationContext } from '../core/analysis/runs/valuation-context.ts';
import { type ValuationContext, valueCompany } from '../core/analysis/valuation/value-company.ts';
import { createBundledProvider } from '../server/adapters/market-data/bundled/index.ts';
import { loadAnalysisInputs, loadPriceHistory } from '../server/features/analyses/index.ts';
import { createMarketService } from '../server/features/market/market-service.ts';
import { createLogger } from '../server/lib/logger.ts';
import { median, percentile, report } from './support.ts';

const ONE_VALUATION_BUDGET_MS = 5;
const UNIVERSE_BUDGET_MS = 30_000;

const provider = createBundledProvider(join(import.meta.dirname, '..', 'data'));
await provider.preload();
const market = createMarketService({ bundled: provider, live: [], cache: null, logger: createLogger('silent') });

const universeStarted = performance.now();
const inputs: AnalysisInputs[] = [];
for (const listing of await market.listUniverse()) {
  if (!listing.coverage.history) continue;
  const profile = await market.getProfile(listing.symbol);
  if (checkAvailability('dcf', { profile, coverage: listing.coverage })) continue;
  const history = await loadPriceHistory(market, listing.symbol);
  inputs.push(await loadAnalysisInputs(market, { symbol: listing.symbol, profile, history, names: analysisRequirements.dcf }));
}
const contexts: ValuationContext[] = [];
for (const i of inputs) {
  const view = buildCompanyView(i);
  if (!view.ok || !view.value.market.ok) continue;
  const company = extractDcfCompanyData(view.value.financials);
  if (company.ok) contexts.push(toValuationContext(i, view.value, company.value, view.value.market.value.priceUsd));
}

// Warm the code paths, then time each valuation (CPU on one thread: nothing here waits).
for (const c of contexts.slice(0, 30)) valueCompany(c);
const each: number[] = [];
for (const c of contexts) {
  const t = performance.now();
  valueCompany(c);
  each.push(performance.now() - t);
}
const analyses: number[] = [];
for (const i of inputs) {
  const t = performance.now();
  buildDcf(i);
  analyses.push(performance.now() - t);
}
const universeMs = performance.now() - universeStarted;

const load = `load average ${loadavg()[0]!.toFixed(2)}`;
report(`one valuation, all methods, range and cross-checks (median of ${each.length})`, median(each), 'ms', `budget ≤ ${ONE_VALUATION_BUDGET_MS} ms; ${load}`);
report('one valuation, 95th percentile', percentile(each, 95), 'ms', `budget ≤ ${ONE_VALUATION_BUDGET_MS} ms`);
report(`the whole DCF analysis (facts, grid, note), median of ${analyses.length}`, median(analyses), 'ms');
report(`the universe: load ${inputs.length} companies and value each, twice`, universeMs, 'ms', `budget ≤ ${UNIVERSE_BUDGET_MS} ms`);
if (median(each) > ONE_VALUATION_BUDGET_MS) console.log(`over budget: ${median(each).toFixed(2)} ms > ${ONE_VALUATION_BUDGET_MS} ms`);
if (universeMs > UNIVERSE_BUDGET_MS) console.log(`over budget: ${universeMs.toFixed(0)} ms > ${UNIVERSE_BUDGET_MS} ms`);
