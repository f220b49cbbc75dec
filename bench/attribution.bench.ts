/**
 * Attribution budget (issue 19, part 4): splitting an analysis' grades and ratings into contributions
 * must cost little next to building it. Measures, on AAPL's bundled data, the overview build (which has
 * the most attributions: the technical rating, five grades, Piotroski, Altman) and the attribution step
 * alone on the same engine outputs; budget ≤ 1 ms an analysis and ≤ 10 % of the build.
 * Standalone: `npx tsx bench/attribution.bench.ts`.
 */
import { loadavg } from 'node:os';
import { attributeCompany } from '../core/analysis/attribution/company-attribution.ts';
import { attributeTechnicalRating } from '../core/analysis/attribution/technical-rating-attribution.ts';
import { GRADE_CATEGORIES } from '../core/analysis/fundamentals/grade-metrics.ts';
import { toOhlcvSeries } from '../core/analysis/indicators/series.ts';
import { buildCompanyView } from '../core/analysis/runs/company.ts';
import { buildOverview } from '../core/analysis/runs/overview.ts';
import { computeTechnicalRating } from '../core/analysis/technical-rating.ts';
import { openBundledAnalysisData } from '../server/adapters/market-data/bundled/analysis-inputs.ts';
import { median, report } from './support.ts';

const BUDGET_MS = 1;
const BUDGET_SHARE = 0.1;
const inputs = await openBundledAnalysisData().load('AAPL');
const view = buildCompanyView(inputs);
const series = toOhlcvSeries(inputs.daily!.bars);
if (!view.ok || !series.ok) throw new Error('no AAPL data');
const rating = computeTechnicalRating(series.value);
if (!rating.ok) throw new Error(rating.error.message);

const attribute = () => [attributeTechnicalRating(rating.value, 'Buy'), ...attributeCompany(view.value, GRADE_CATEGORIES)];

function time(f: () => unknown, rounds: number): number[] {
  for (let i = 0; i < 50; i++) f(); // warm-up (JIT)
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    f();
    out.push(performance.now() - t);
  }
  return out;
}

const attribution = median(time(attribute, 2000));
const build = median(time(() => buildOverview(inputs), 200));
const n = attribute().reduce((s, a) => s + a.contributions.length, 0);
report('attribution of an overview (8 scores)', attribution * 1000, 'µs', `${n} contributions, median of 2000`);
report('overview build, attribution included', build, 'ms', 'median of 200');
report('attribution share of the build', (attribution / build) * 100, '%', `budget ≤ ${BUDGET_SHARE * 100} %`);
report('load average (1 min)', loadavg()[0]!, '', 'shared machine: read ratios, not absolutes');
if (attribution > BUDGET_MS || attribution / build > BUDGET_SHARE) {
  console.log(`OVER BUDGET: ${attribution.toFixed(3)} ms (≤ ${BUDGET_MS} ms, ≤ ${BUDGET_SHARE * 100} % of the build)`);
  process.exit(1);
}
