import type { Fact } from '../../../core/analysis/analysis-types.ts';
import { checkAvailability } from '../../../core/analysis/runs/index.ts';
import { COMPARE_KINDS, type CompareFigureId, type CompareKind, FIGURE_IDS, factKeysOf } from '../../../core/compare/compare-rows.ts';
import { MAX_COMPARE_SYMBOLS, parseSymbolList } from '../../../core/compare/compare-symbols.ts';
import type { SymbolFacts } from '../../../core/facts/symbol-facts.ts';
import { sampleWeeklyCloses } from '../../../core/screener/row-values.ts';
import { AppError, isAppError } from '../../lib/errors.ts';
import type { AnalysesService, StoredAnalysis } from '../analyses/index.ts';
import { type MarketService, orNull, type Profile, type Quote, type WithServed } from '../market/index.ts';
import type { SymbolFactsService } from '../symbol-facts/index.ts';

/*
 * /compare: per symbol the free market figures (the screener's engines on the analyses' inputs, so a
 * figure reads as on the analysis pages) and the user's newest saved analysis of each kind, read
 * through the analyses service's list (free). Nothing here charges or stores.
 */

interface CompareContext {
  market: MarketService;
  /** The symbol's catalogue facts, computed once per data day (the symbol page reads the same). */
  symbolFacts: Pick<SymbolFactsService, 'getSymbolFactsOrThrow'>;
  analyses: Pick<AnalysesService, 'listAnalyses'>;
}

interface SavedSummary {
  id: string;
  asOf: string;
  createdAt: string;
  current: boolean;
  headline: string;
  verdict: string;
  facts: Record<string, number | string | null>;
}

interface ComparedKind {
  kind: CompareKind;
  unavailable: string | null;
  saved: SavedSummary | null;
}

export interface ComparedSymbol {
  symbol: string;
  profile: Profile;
  dataDay: string;
  quote: WithServed<Quote> | null;
  figures: Record<CompareFigureId, number | null>;
  /** Why a figure is null, by figure id (the symbol facts' reason: never a 0 or another page's fallback). */
  missing: Partial<Record<CompareFigureId, string>>;
  performance: { dates: string[]; closes: number[] };
  analyses: ComparedKind[];
}

/** The canonical, listed symbols of `raw`, or the error naming `symbols` (syntax and limit checked before any lookup). */
async function resolveCompareSymbolsOrThrow(market: MarketService, raw: string | undefined): Promise<string[]> {
  const parsed = parseSymbolList(raw);
  if (!parsed.ok) {
    const { problem } = parsed;
    if (problem.code === 'empty') throw new AppError('VALIDATION_FAILED', problem.message, { field: 'symbols' });
    if (problem.code === 'invalid') throw new AppError('INVALID_SYMBOL', problem.message, { field: 'symbols', details: { symbol: problem.symbol } });
    throw new AppError('TOO_MANY_SYMBOLS', problem.message, { field: 'symbols', details: { limit: MAX_COMPARE_SYMBOLS, count: problem.count } });
  }
  for (const symbol of parsed.symbols) {
    try {
      await market.resolveSymbol(symbol);
    } catch (e) {
      if (isAppError(e)) throw new AppError(e.code, e.message, { field: 'symbols', details: { symbol } });
      throw e;
    }
  }
  return parsed.symbols;
}

const pickFacts = (facts: Fact[], keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, facts.find((f) => f.key === k)?.value ?? null]));

function toSavedSummary(a: StoredAnalysis, dataDay: string): SavedSummary {
  return {
    id: a.id,
    asOf: a.asOf,
    createdAt: a.createdAt,
    current: a.asOf === dataDay,
    headline: a.body.note.headline.text,
    verdict: a.body.note.verdict.text,
    facts: pickFacts(a.body.facts, factKeysOf(a.kind as CompareKind)),
  };
}

/** The year chart: weekly closes of the series the symbol's facts were computed on (no second history read). */
function toPerformance(facts: SymbolFacts) {
  if (!facts.series || !facts.interval || facts.series.close.length === 0) return { dates: [], closes: [] };
  return sampleWeeklyCloses(facts.series, facts.interval);
}

async function compareOne(ctx: CompareContext, userId: string, symbol: string): Promise<ComparedSymbol> {
  const { market } = ctx;
  const [profile, coverage, quote, facts] = await Promise.all([
    market.getProfile(symbol),
    market.coverage(symbol),
    orNull(() => market.getQuote(symbol)),
    ctx.symbolFacts.getSymbolFactsOrThrow(symbol),
  ]);
  // The facts' price day is the data day (the last bar on or before the snapshot's, else the snapshot's).
  const dataDay = facts.asOf;
  const values = new Map(facts.facts.map((f) => [f.key, f.value]));
  const figures = Object.fromEntries(FIGURE_IDS.map((id) => [id, typeof values.get(id) === 'number' ? values.get(id) : null])) as ComparedSymbol['figures'];
  const reasons = new Map(facts.missing.map((m) => [m.key, m.reason]));
  const missing: ComparedSymbol['missing'] = {};
  for (const id of FIGURE_IDS)
    if (figures[id] === null) missing[id] = reasons.get(id) ?? (profile.type === 'etf' ? 'not a figure of a fund' : 'not in the data for this symbol');
  const analyses = await Promise.all(
    COMPARE_KINDS.map(async (kind): Promise<ComparedKind> => {
      const { analyses: newest } = await ctx.analyses.listAnalyses(userId, { symbol, kind, limit: 1 });
      return {
        kind,
        unavailable: checkAvailability(kind, { profile, coverage })?.reason ?? null,
        saved: newest[0] ? toSavedSummary(newest[0], dataDay) : null,
      };
    }),
  );
  return { symbol, profile, dataDay, quote, figures, missing, performance: toPerformance(facts), analyses };
}

/** The comparison of `raw` (the query's `symbols`) for this user: figures for each, their own saved analyses only. */
async function compareSymbolsOrThrow(ctx: CompareContext, userId: string, raw: string | undefined): Promise<ComparedSymbol[]> {
  const symbols = await resolveCompareSymbolsOrThrow(ctx.market, raw);
  return Promise.all(symbols.map((s) => compareOne(ctx, userId, s)));
}

/** The comparison behind /compare; deps are the market and the user's saved analyses (read, never charged). */
export function createCompareService(deps: CompareContext) {
  return {
    compareSymbolsOrThrow: (userId: string, raw: string | undefined) => compareSymbolsOrThrow(deps, userId, raw),
  };
}
export type CompareService = ReturnType<typeof createCompareService>;
