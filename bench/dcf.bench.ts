/**
 * DCF and ETF maths (issue 13): a 10 × 10 WACC × terminal-growth grid ≤ 1 ms; the reverse DCF and the
 * SPY × QQQ overlap are timed for the record. Inputs are AAPL's bundled statements and last close, and
 * the bundled SPY and QQQ holdings. Standalone: `npx tsx bench/dcf.bench.ts`.
 */
import { join } from 'node:path';
import { CAPM_DEFAULTS, DCF_PERIOD_DEFAULTS } from '../core/analysis/dcf/assumptions.ts';
import { extractDcfCompanyData } from '../core/analysis/dcf/company-inputs.ts';
import { buildDcfGrid, buildRateAxis } from '../core/analysis/dcf/grid.ts';
import { solveImpliedGrowth } from '../core/analysis/dcf/reverse-dcf.ts';
import { computeWacc } from '../core/analysis/dcf/wacc.ts';
import { computeConcentration } from '../core/analysis/etf/concentration.ts';
import { computeOverlap } from '../core/analysis/etf/overlap.ts';
import { toCompanyFinancials } from '../core/analysis/financials.ts';
import { createBundledProvider } from '../server/adapters/market-data/bundled/index.ts';
import { median, percentile, report } from './support.ts';

const provider = createBundledProvider(join(import.meta.dirname, '..', 'data'));
await provider.store.preload();

/** Runs `fn` `warmup` times untimed (JIT), then `runs` times, and returns each run's milliseconds. */
function time(fn: () => unknown, runs: number, warmup = 200): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  return ms;
}

const data = extractDcfCompanyData(toCompanyFinancials((await provider.getFundamentals!('AAPL'))!));
if (!data.ok) throw new Error(data.error.message);
const bars = (await provider.store.series('AAPL'))!.series;
const priceUsd = bars.close[bars.close.length - 1]!;
const company = { ...data.value, priceUsd };
const wacc = computeWacc(company, {
  riskFreeRate: CAPM_DEFAULTS.riskFreeRate.value,
  equityRiskPremium: CAPM_DEFAULTS.equityRiskPremium.value,
  beta: CAPM_DEFAULTS.beta.value,
});
if (!wacc.ok) throw new Error(wacc.error.message);
const periods = { explicitYears: DCF_PERIOD_DEFAULTS.explicitYears, fadeYears: DCF_PERIOD_DEFAULTS.fadeYears };
const axes = {
  discountRates: buildRateAxis(wacc.value.wacc, 0.005, 10),
  terminalGrowths: buildRateAxis(DCF_PERIOD_DEFAULTS.terminalGrowth, 0.005, 10),
};

const gridMs = time(() => buildDcfGrid(company, { ...periods, explicitGrowth: 0.06 }, axes), 2000);
report('DCF 10 × 10 grid p50 (AAPL)', median(gridMs) * 1000, 'µs', `${periods.explicitYears} + ${periods.fadeYears} years per cell; budget ≤ 1 ms`);
report('DCF 10 × 10 grid p50 / budget', median(gridMs) / 1, 'x', 'below 1 is within budget');
report('DCF 10 × 10 grid p95', percentile(gridMs, 95) * 1000, 'µs');

const reverseParameters = { ...periods, discountRate: wacc.value.wacc, terminalGrowth: DCF_PERIOD_DEFAULTS.terminalGrowth };
const reverse = solveImpliedGrowth(company, reverseParameters);
const reverseMs = time(() => solveImpliedGrowth(company, reverseParameters), 2000);
const solved =
  reverse.ok && reverse.value.status === 'solved'
    ? `implied growth ${(reverse.value.impliedGrowth * 100).toFixed(2)} % in ${reverse.value.iterations} steps`
    : 'no root';
report('reverse DCF p50 (AAPL)', median(reverseMs) * 1000, 'µs', `${solved}; no budget, ~1/5 of the grid's budget expected`);
report('reverse DCF p50 / grid p50', median(reverseMs) / median(gridMs), 'x', '23 valuations vs 100');

const spy = (await provider.getEtfInfo!('SPY'))!.holdings;
const qqq = (await provider.getEtfInfo!('QQQ'))!.holdings;
const overlapMs = time(() => computeOverlap(spy, qqq), 2000);
report('ETF overlap SPY × QQQ p50', median(overlapMs) * 1000, 'µs', `${spy!.length} × ${qqq!.length} holdings; no budget`);
const concentrationMs = time(() => computeConcentration(spy), 2000);
report('ETF concentration SPY p50', median(concentrationMs) * 1000, 'µs', 'top 10, HHI, effective N');
report('ETF overlap p50 / concentration p50', median(overlapMs) / median(concentrationMs), 'x', 'two funds normalised + a map join vs one fund');
