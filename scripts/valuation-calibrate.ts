/**
 * `npm run valuation:calibrate`: values every covered company on the snapshot's data day with the DCF
 * analysis users run (the same builder, the same inputs), and writes docs/valuation-calibration.md: the
 * distribution of price ÷ fair value, WACC and beta by sector, the largest outliers with the input that
 * drives each, the 30 largest companies, why companies were refused, and the point-in-time backtest's DCF
 * hit rate over 6 and 12 months (the track record's machinery, re-run here). `--check` (CI) runs it on a
 * sample and writes nothing.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnalysisInputs } from '../core/analysis/analysis-types.ts';
import { analysisBuilders, analysisRequirements, checkAvailability, type DcfSections } from '../core/analysis/runs/index.ts';
import { listBacktestMonths } from '../core/analysis/track-record/backtest-months.ts';
import { classifyCall, judgeCall } from '../core/analysis/track-record/verdicts.ts';
import {
  type CalibrationRefusal,
  type CalibrationRow,
  CALIBRATION_TARGETS,
  type Distribution,
  summariseCalibration,
} from '../core/analysis/valuation/calibration.ts';
import { createBundledProvider } from '../server/adapters/market-data/bundled/index.ts';
import { BENCHMARK_SYMBOL, loadAnalysisInputs, loadPriceHistory } from '../server/features/analyses/index.ts';
import { createMarketService } from '../server/features/market/market-service.ts';
import { computeBacktestMonth, loadBacktestUniverse } from '../server/features/track-record/backtest-month.ts';
import { createLogger } from '../server/lib/logger.ts';

const check = process.argv.includes('--check');
const started = performance.now();
const provider = createBundledProvider(join(import.meta.dirname, '..', 'data'));
await provider.preload();
const market = createMarketService({ bundled: provider, live: [], cache: null, logger: createLogger('silent') });

const rows: CalibrationRow[] = [];
const refusals: CalibrationRefusal[] = [];
let valuationMs = 0;
const universe = await market.listUniverse();
for (const listing of check ? universe.slice(0, 400) : universe) {
  if (!listing.coverage.history) continue;
  const profile = await market.getProfile(listing.symbol);
  const unavailable = checkAvailability('dcf', { profile, coverage: listing.coverage });
  if (unavailable) {
    if (profile.type === 'stock') refusals.push({ symbol: listing.symbol, reason: `not available: ${unavailable.reason}` });
    continue;
  }
  const history = await loadPriceHistory(market, listing.symbol);
  const inputs: AnalysisInputs = await loadAnalysisInputs(market, { symbol: listing.symbol, profile, history, names: analysisRequirements.dcf });
  const t0 = performance.now();
  const built = analysisBuilders.dcf(inputs, null);
  valuationMs += performance.now() - t0;
  if (!built.ok) {
    refusals.push({ symbol: listing.symbol, reason: built.error.message.replace(listing.symbol, '{symbol}') });
    continue;
  }
  const s = built.value.sections as DcfSections;
  const fact = (key: string) => built.value.facts.find((f) => f.key === key)?.value;
  const financial = s.valuation !== null && s.valuation.model !== 'fcff';
  rows.push({
    symbol: listing.symbol,
    sector: profile.sector,
    marketCapUsd: s.wacc.marketCapUsd,
    priceUsd: s.price,
    fairValueUsd: s.fair_value_per_share,
    wacc: financial ? null : s.wacc.wacc,
    beta: typeof fact('beta') === 'number' ? (fact('beta') as number) : null,
    financial,
    flag: s.sanity[0] ? { code: s.sanity[0].code, input: s.sanity[0].input } : null,
    method: s.valuation?.model ?? 'studio',
  });
}
const summary = summariseCalibration(rows, refusals);
const universeSeconds = (performance.now() - started) / 1000;

// The backtest: DCF calls made at past month-ends on what was known then, judged 6 and 12 months later.
const backtestStarted = performance.now();
const backtest = { 6: { n: 0, hits: 0 }, 12: { n: 0, hits: 0 } } as Record<6 | 12, { n: number; hits: number }>;
if (!check) {
  const btUniverse = await loadBacktestUniverse(market);
  btUniverse.companies = btUniverse.companies.flatMap((c) => {
    const runs = c.runs.filter((r) => r.kind === 'dcf');
    return runs.length ? [{ ...c, runs }] : [];
  });
  const spy = await loadPriceHistory(market, BENCHMARK_SYMBOL);
  // Every sixth month-end of the last five years: 10 months of calls (the 12-month horizon matures for most), so the
  // whole calibration stays within issue 30's 30 s.
  const months = listBacktestMonths(spy!.bars.map((b) => b.date)).filter((_, i) => i % 6 === 0);
  for (const month of months) {
    for (const run of await computeBacktestMonth(market, btUniverse, month)) {
      const upside = run.verdicts.dcf_upside;
      if (upside === undefined) continue;
      const call = classifyCall('dcf_upside', upside);
      for (const h of run.outcome?.horizons ?? []) {
        if ((h.months !== 6 && h.months !== 12) || h.status !== 'matured') continue;
        const held = judgeCall(call.expects, h.change_percent!, h.spy_change_percent!);
        if (held === null) continue;
        backtest[h.months].n++;
        if (held) backtest[h.months].hits++;
      }
    }
  }
}
const backtestSeconds = (performance.now() - backtestStarted) / 1000;

const pct = (v: number, d = 1) => `${(v * 100).toFixed(d)} %`;
const x = (v: number) => `${v.toFixed(2)}×`;
const dist = (d: Distribution, f: (v: number) => string) => (d.n ? `${f(d.p25)} · ${f(d.median)} · ${f(d.p75)} (n = ${d.n})` : '—');
const yes = (b: boolean) => (b ? 'met' : '**not met**');
const t = CALIBRATION_TARGETS;
const lines = [
  '# Valuation calibration',
  '',
  `Generated by \`npm run valuation:calibrate\` (scripts/valuation-calibrate.ts) on the snapshot's data day. Every`,
  'covered company is valued by the DCF analysis users run; nothing here is tuned per company.',
  '',
  '## Summary',
  '',
  `- Valued: ${summary.valued} companies; refused with a reason: ${summary.refused}.`,
  `- Price ÷ fair value, quartiles and median: ${dist(summary.priceToValue, x)}. Target median ${t.medianPriceToValue.min}–${t.medianPriceToValue.max}: ${yes(summary.targets.median)}.`,
  `- Beyond ±${t.farBand * 100} % (price ÷ value under ${1 - t.farBand} or over ${1 + t.farBand}): ${pct(summary.farShare)}. Target at most ${pct(t.farShareMax, 0)}: ${yes(summary.targets.farShare)}.`,
  `- The ${t.largestCount} largest companies within ${t.largestBand.low}×–${t.largestBand.high}× of the price, or flagged with a named reason: ${yes(summary.targets.largest)}.`,
  `- Non-financial WACC within ${pct(t.waccRange.min, 0)}–${pct(t.waccRange.max, 0)}: ${yes(summary.targets.wacc)} (${summary.waccOutOfRange.length} outside).`,
  `- DCF calls in the point-in-time backtest (every sixth month-end of five years, call = upside beyond ±15 %): 6 months ${backtest[6].n ? `${pct(backtest[6].hits / backtest[6].n)} held (n = ${backtest[6].n})` : '—'}, 12 months ${backtest[12].n ? `${pct(backtest[12].hits / backtest[12].n)} held (n = ${backtest[12].n})` : '—'}.`,
  `- Time: the universe in ${universeSeconds.toFixed(1)} s (valuations alone ${(valuationMs / 1000).toFixed(2)} s, ${(valuationMs / Math.max(1, rows.length + refusals.length)).toFixed(2)} ms each); the backtest in ${backtestSeconds.toFixed(1)} s.`,
  '',
  '## Before this change',
  '',
  'The same report on the valuation before issue 30 (one year of FCF as the base, a one-year daily beta, one model for',
  'every company; commit b67bf4f, every third month-end for the backtest):',
  '',
  `- Valued 384 companies, refused 119; price ÷ fair value quartiles 0.57× · 1.06× · 2.02×; beyond ±60 %: 49.0 %; 11`,
  '  non-financial WACCs outside 5–15 % (XOM 4.84 %); AMZN $3.68, TSLA $47.48, KO $21.77.',
  '- Backtest DCF calls: 6 months 49.4 % held (n = 5,825), 12 months 49.5 % held (n = 5,162).',
  '',
  '## WACC and beta by sector (25th · median · 75th percentile)',
  '',
  '| Sector | WACC | Beta |',
  '|---|---|---|',
  ...summary.waccBySector.map((s) => `| ${s.sector} | ${dist(s.wacc, (v) => pct(v))} | ${dist(s.beta, (v) => v.toFixed(2))} |`),
  '',
  '## The 20 largest outliers',
  '',
  '| Symbol | Sector | Method | Price | Fair value | Price ÷ value | Flag (driving input) |',
  '|---|---|---|---:|---:|---:|---|',
  ...summary.outliers.map(
    (r) =>
      `| ${r.symbol} | ${r.sector ?? '—'} | ${r.method} | ${r.priceUsd.toFixed(2)} | ${r.fairValueUsd.toFixed(2)} | ${x(r.priceToValue)} | ${r.flag ? `${r.flag.code} (${r.flag.input})` : '—'} |`,
  ),
  '',
  `## The ${t.largestCount} largest companies`,
  '',
  '| Symbol | Method | Price | Fair value | Value ÷ price | Within band | Flag (driving input) |',
  '|---|---|---:|---:|---:|---|---|',
  ...summary.largest.map(
    (r) =>
      `| ${r.symbol} | ${r.method} | ${r.priceUsd.toFixed(2)} | ${r.fairValueUsd.toFixed(2)} | ${x(1 / r.priceToValue)} | ${r.withinBand ? 'yes' : 'no'} | ${r.flag ? `${r.flag.code} (${r.flag.input})` : '—'} |`,
  ),
  '',
  '## Refusals, by reason',
  '',
  '| Reason | Companies | Examples |',
  '|---|---:|---|',
  ...summary.refusalsByReason.map((r) => `| ${r.reason.replace(/\|/g, '/')} | ${r.count} | ${r.symbols.slice(0, 8).join(', ')} |`),
  '',
];
if (check) {
  if (summary.valued === 0) throw new Error('valuation:calibrate --check valued no company');
  console.log(
    `valuation:calibrate --check: ${summary.valued} valued, ${summary.refused} refused, median price ÷ value ${summary.priceToValue.median.toFixed(2)}`,
  );
} else {
  writeFileSync(join(import.meta.dirname, '..', 'docs', 'valuation-calibration.md'), lines.join('\n'));
  console.log(lines.slice(6, 14).join('\n'));
}
