import type { AnalysisInputName, AnalysisInputs } from '../../../core/analysis/analysis-types.ts';
import type { SectorTable } from '../../../core/analysis/fundamentals/sector-grades.ts';
import { analysisBuilders, analysisRequirements, checkAvailability } from '../../../core/analysis/runs/index.ts';
import { BACKTEST_RUNS, type BacktestMonth, STALE_BAR_DAYS } from '../../../core/analysis/track-record/backtest-months.ts';
import { addDays, computeRunOutcome, findCloseOnOrBefore } from '../../../core/analysis/track-record/outcomes.ts';
import { buildSectorTableAsOf } from '../../../core/analysis/track-record/point-in-time-sector-table.ts';
import { extractVerdicts } from '../../../core/analysis/track-record/verdicts.ts';
import type { PriceHistory, Profile } from '../../../core/market/types.ts';
import { AppError } from '../../lib/errors.ts';
import { BENCHMARK_SYMBOL, findDataDay, loadAnalysisInputs, loadPriceHistory } from '../analyses/index.ts';
import type { MarketService } from '../market/index.ts';
import type { NewRun } from './track-record-store.ts';

/** One symbol the backtest re-runs, with the kinds that apply to it and its whole price history. */
interface BacktestCompany {
  symbol: string;
  profile: Profile;
  history: PriceHistory;
  runs: typeof BACKTEST_RUNS;
}

export interface BacktestUniverse {
  companies: BacktestCompany[];
  benchmark: PriceHistory;
  /** The benchmark's last bar: the data day every stored outcome is scored on. */
  dataDay: string;
}

/** Every covered symbol with prices and at least one backtested kind that can run on it (availability as a user's run checks it). */
export async function loadBacktestUniverse(market: MarketService): Promise<BacktestUniverse> {
  const benchmark = await loadPriceHistory(market, BENCHMARK_SYMBOL);
  if (!benchmark || benchmark.bars.length === 0) throw new Error(`the backtest needs ${BENCHMARK_SYMBOL}'s prices`);
  const companies: BacktestCompany[] = [];
  for (const listing of await market.listUniverse()) {
    if (!listing.coverage.history) continue;
    const profile = await market.getProfile(listing.symbol);
    const runs = BACKTEST_RUNS.filter((r) => checkAvailability(r.kind, { profile, coverage: listing.coverage }) === null);
    if (runs.length === 0) continue;
    const history = await loadPriceHistory(market, listing.symbol);
    if (history && history.bars.length > 0) companies.push({ symbol: listing.symbol, profile, history, runs });
  }
  return { companies, benchmark, dataDay: benchmark.bars.at(-1)!.date };
}

/** A history cut to the bars on or before `day`: what was known that day. */
function cutHistory(h: PriceHistory, day: string): PriceHistory {
  const last = findCloseOnOrBefore(h.bars, day);
  return { ...h, bars: last ? h.bars.slice(0, h.bars.indexOf(last) + 1) : [] };
}

/**
 * The market service as it stood on `day`: histories end on it, the sector table is the one built from
 * that day's companies, and no quote exists (a quote is today's price). Statements and dividends pass
 * through whole: `loadAnalysisInputs` and the builders cut them to what was filed or paid by the data day.
 */
function viewMarketOn(market: MarketService, universe: BacktestUniverse, day: string, sectorTable: () => SectorTable | null): MarketService {
  const cuts = new Map<string, PriceHistory>();
  const known = new Map(universe.companies.map((c) => [c.symbol, c.history]));
  known.set(BENCHMARK_SYMBOL, universe.benchmark);
  return {
    ...market,
    async getHistory(symbol) {
      let cut = cuts.get(symbol);
      if (!cut) {
        const whole = known.get(symbol) ?? (await market.getHistory(symbol, 'max'));
        cut = cutHistory(whole, day);
        cuts.set(symbol, cut);
      }
      if (cut.bars.length === 0) throw new AppError('NO_DATA', `No prices for ${symbol} on or before ${day}.`);
      return { ...cut, served_by: 'bundled', provider: 'bundled' };
    },
    getQuote: async (symbol) => {
      throw new AppError('NO_DATA', `No point-in-time quote for ${symbol}.`);
    },
    getSectorTable: async () => sectorTable(),
  };
}

const runKeyOf = (kind: string, symbol: string, month: BacktestMonth) => `backtest:${kind}:${symbol}:${month.day}`;

/**
 * Re-runs the backtested kinds on every symbol as of one month-end, through the same input loader and
 * builders as a user's run, and scores each run on the whole history. Runs are dated at the month-end:
 * their base close is the last close on or before it.
 */
export async function computeBacktestMonth(market: MarketService, universe: BacktestUniverse, month: BacktestMonth): Promise<NewRun[]> {
  let table: SectorTable | null = null;
  const asOf = viewMarketOn(market, universe, month.day, () => table);
  const oldestBar = addDays(month.day, -STALE_BAR_DAYS);
  const loaded: Array<{ company: BacktestCompany; inputs: AnalysisInputs }> = [];
  for (const company of universe.companies) {
    const history = cutHistory(company.history, month.day);
    if (history.bars.length === 0 || findDataDay(asOf, history) < oldestBar) continue;
    // The sector table comes from this month's companies: it is filled in below, once all are loaded.
    const names = [...new Set(company.runs.flatMap((r) => analysisRequirements[r.kind]))].filter((n): n is AnalysisInputName => n !== 'sectorTable');
    loaded.push({ company, inputs: await loadAnalysisInputs(asOf, { symbol: company.symbol, profile: company.profile, history, names }) });
  }
  table = buildSectorTableAsOf(loaded.map((l) => l.inputs));
  const out: NewRun[] = [];
  for (const { company, inputs } of loaded) {
    const outcome = computeRunOutcome(company.history.bars, universe.benchmark.bars, month.day);
    if (!outcome) continue;
    for (const { kind, subtype } of company.runs) {
      const built = analysisBuilders[kind]({ ...inputs, sectorTable: analysisRequirements[kind].includes('sectorTable') ? table : null }, subtype);
      if (!built.ok) continue;
      const verdicts = extractVerdicts(built.value.facts);
      if (Object.keys(verdicts).length === 0) continue;
      out.push({
        runKey: runKeyOf(kind, company.symbol, month),
        source: 'backtest',
        analysisId: null,
        kind,
        symbol: company.symbol,
        asOf: month.day,
        verdicts,
        outcome,
        scoredThrough: universe.dataDay,
        final: outcome.final,
      });
    }
  }
  return out;
}
