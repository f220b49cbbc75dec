import type { Fact } from '../../../core/analysis/analysis-types.ts';
import { GRADE_CATEGORIES, type GradeCategory } from '../../../core/analysis/fundamentals/grade-metrics.ts';
import { analysisRequirements } from '../../../core/analysis/runs/index.ts';
import { buildDcf } from '../../../core/analysis/runs/dcf.ts';
import { buildOverview } from '../../../core/analysis/runs/overview.ts';
import type { SymbolPoint } from '../../../core/watchlist/alert-rules.ts';
import { computeSymbolSignals, type SymbolSignals } from '../../../core/watchlist/symbol-signals.ts';
import { isAppError } from '../../lib/errors.ts';
import { findDataDay, loadAnalysisInputs, loadPriceHistory } from '../analyses/index.ts';
import type { MarketService, PriceHistory, Profile } from '../market/index.ts';

/** A watchlist row's figures: computed once per symbol and data day with the analyses' engines, free to read. */
export interface SymbolFigures {
  symbol: string;
  name: string;
  type: 'stock' | 'etf';
  /** The data day: the last price bar's date (the snapshot's date without prices). */
  asOf: string;
  signals: SymbolSignals | null;
  /** DCF fair value per share and the upside to it, in percent (null with the reason in `missing`). */
  fairValue: number | null;
  upsidePercent: number | null;
  /** The valuation's verdict from its bear–bull range ("Undervalued", "About fair", "Overvalued"); null without one. */
  verdict: string | null;
  grades: Record<GradeCategory, string | null> | null;
  /** What could not be computed, in words ("No daily prices", "DCF: negative free cash flow"). */
  missing: string[];
}

const FUNDAMENTAL_INPUTS = [...new Set([...analysisRequirements.overview, ...analysisRequirements.dcf])];
/** Entries kept per cache; a data day has at most a few hundred watched symbols. */
const CACHE_LIMIT = 5000;

async function loadProfile(market: MarketService, symbol: string): Promise<Profile | null> {
  try {
    return await market.getProfile(symbol);
  } catch (e) {
    if (isAppError(e) && e.code === 'NO_DATA') return null;
    throw e;
  }
}

const factNumber = (facts: Fact[], key: string): number | null => {
  const f = facts.find((x) => x.key === key);
  return f && typeof f.value === 'number' ? f.value : null;
};

async function computeFigures(market: MarketService, symbol: string, history: PriceHistory | null, asOf: string): Promise<SymbolFigures> {
  const [profile, coverage] = await Promise.all([loadProfile(market, symbol), market.coverage(symbol)]);
  const signals = history ? computeSymbolSignals(history, asOf) : null;
  const missing: string[] = [];
  if (!signals) missing.push('No price data in the snapshot');
  else if (signals.changePeriod === 'month') missing.push('Month-end prices only: no RSI, moving averages or rating');
  const figures: SymbolFigures = {
    symbol,
    name: profile?.name ?? symbol,
    type: profile?.type ?? 'stock',
    asOf,
    signals,
    fairValue: null,
    upsidePercent: null,
    verdict: null,
    grades: null,
    missing,
  };
  if (!profile || profile.type === 'etf' || !coverage.fundamentals) {
    if (profile?.type !== 'etf') missing.push('No fundamentals: no fair value or grades');
    return figures;
  }
  const inputs = await loadAnalysisInputs(market, { symbol, profile, history, names: FUNDAMENTAL_INPUTS });
  const dcf = buildDcf(inputs);
  if (dcf.ok) {
    figures.fairValue = factNumber(dcf.value.facts, 'fair_value_per_share');
    figures.upsidePercent = factNumber(dcf.value.facts, 'upside_percent');
    const verdict = dcf.value.facts.find((x) => x.key === 'valuation_verdict')?.value;
    figures.verdict = typeof verdict === 'string' ? verdict : null;
  } else missing.push(`DCF: ${dcf.error.message}`);
  const overview = buildOverview(inputs);
  if (overview.ok) {
    const facts = overview.value.facts;
    figures.grades = Object.fromEntries(
      GRADE_CATEGORIES.map((c) => {
        const f = facts.find((x) => x.key === `grade_${c}`);
        return [c, f && typeof f.value === 'string' ? f.value : null];
      }),
    ) as Record<GradeCategory, string | null>;
  } else missing.push(`Grades: ${overview.error.message}`);
  return figures;
}

function remember<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit) return hit;
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  const p = make();
  cache.set(key, p);
  // A failure is not remembered: the next request tries again.
  p.catch(() => cache.delete(key));
  return p;
}

/** The figures of watched symbols, cached per symbol and data day (a new data day is a new key: a refresh recomputes). */
export function createSymbolFigures(market: MarketService) {
  const figures = new Map<string, Promise<SymbolFigures>>();
  const points = new Map<string, Promise<SymbolPoint | null>>();

  async function getFigures(symbol: string): Promise<SymbolFigures> {
    const history = await loadPriceHistory(market, symbol);
    const asOf = findDataDay(market, history);
    return remember(figures, `${symbol}|${asOf}`, () => computeFigures(market, symbol, history, asOf));
  }

  /** What alerts read: the symbol's point on its current data day (null without prices). */
  async function getPoint(symbol: string): Promise<SymbolPoint | null> {
    const history = await loadPriceHistory(market, symbol);
    if (!history) return null;
    const asOf = findDataDay(market, history);
    return remember(points, `${symbol}|${asOf}`, async () => computeSymbolSignals(history, asOf)?.point ?? null);
  }

  return { getFigures, getPoint };
}

export type SymbolFiguresSource = ReturnType<typeof createSymbolFigures>;
